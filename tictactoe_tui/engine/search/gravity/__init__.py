"""Gravity's searches (Connect Four and its relatives): alpha-beta, the exact solver, its compiled
kernel, its tables' bounds and the opening values."""

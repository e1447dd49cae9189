"""Searches over boards: the exact solver and its opening book, alpha-beta and MCTS."""

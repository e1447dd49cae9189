"""How the Gravity searches' tables keep what they proved of a position: its lowest and highest
score packed into one integer, ``(low + BOUND_OFFSET) << BOUND_BITS | (high + BOUND_OFFSET)``.

One definition for the three that read or write them: the interpreted search and the compiled
kernel (which take the constants as they are, in their inner loops) and the solver's readers.
"""

from __future__ import annotations

BOUND_BITS = 8
BOUND_OFFSET = 1 << (BOUND_BITS - 1)
BOUND_MASK = (1 << BOUND_BITS) - 1


def lowest(entry: int) -> int:
    """The lowest score ``entry`` proves."""
    return (entry >> BOUND_BITS) - BOUND_OFFSET


def highest(entry: int) -> int:
    """The highest score ``entry`` proves."""
    return (entry & BOUND_MASK) - BOUND_OFFSET

"""How the Gravity searches' tables keep what they proved of a position: its lowest and highest
score packed into one integer, ``(low + BOUND_OFFSET) << BOUND_BITS | (high + BOUND_OFFSET)``.

One definition for the three that read or write them: the interpreted search and the compiled
kernel (which take the constants as they are, in their inner loops) and the solver's readers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

BOUND_BITS = 8
BOUND_OFFSET = 1 << (BOUND_BITS - 1)
BOUND_MASK = (1 << BOUND_BITS) - 1
#: One entry, or an array of them (the table's, read at once).
Entry = TypeVar("Entry", int, "NDArray[np.int64]")


def lowest(entry: Entry) -> Entry:
    """The lowest score ``entry`` proves."""
    return (entry >> BOUND_BITS) - BOUND_OFFSET


def highest(entry: Entry) -> Entry:
    """The highest score ``entry`` proves."""
    return (entry & BOUND_MASK) - BOUND_OFFSET

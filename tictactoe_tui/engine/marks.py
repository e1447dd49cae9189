"""Marks, squares and their names, and the bit tricks every layer of the engine shares.

The lowest layer: it imports nothing of the package. A square is ``(row, col)`` from the top
left; on a bitboard, cell ``(row, col)`` is bit ``row * cols + col``.
"""

from __future__ import annotations

import re
import string
from enum import Enum, StrEnum

Move = tuple[int, int]


class BoardError(ValueError):
    """A board string, size or move that cannot be accepted; the message is one line."""


class Mark(StrEnum):
    """A player's mark; its value is the character used in the text form."""

    X = "x"
    O = "o"  # noqa: E741 - the game's own name for the mark

    @property
    def other(self) -> Mark:
        """The opponent's mark."""
        return Mark.O if self is Mark.X else Mark.X


class Symbols(Enum):
    """The symbols the two sides showed, the first player's (the engine's X) first: the part of
    a game's seating the engine keeps (a puzzle is shown as its game was), and the one way the
    engine's sides become the symbols people saw."""

    AS_PLAYED = ("X", "O")
    SWAPPED = ("O", "X")
    """The first player chose O."""

    @classmethod
    def first_showing(cls, symbol: str) -> Symbols:
        """The symbols of a game whose first player showed ``symbol``."""
        return cls.SWAPPED if symbol == "O" else cls.AS_PLAYED

    @property
    def swapped(self) -> bool:
        """The first player showed O."""
        return self is Symbols.SWAPPED

    @property
    def traded(self) -> Symbols:
        """The symbols when the other player moves first, each showing the same symbol."""
        return Symbols.AS_PLAYED if self.swapped else Symbols.SWAPPED

    def of(self, mark: Mark) -> str:
        """The symbol ``mark``'s side showed."""
        return self.value[0 if mark is Mark.X else 1]

    def shown(self, text: str) -> str:
        """A position's text form with the symbols shown: ``x`` and ``o`` traded when swapped."""
        return text.translate(_SWAP) if self.swapped else text


_SWAP = str.maketrans("xoXO", "oxOX")


def move_name(move: Move) -> str:
    """Human name of a move: column letter then row number from the top, e.g. ``b2``."""
    row, col = move
    return f"{string.ascii_lowercase[col]}{row + 1}"


def parse_move(name: str, rows: int, cols: int) -> Move:
    """Read a move name such as ``b2`` (column letter, row number from the top)."""
    text = name.strip().lower()
    if not re.fullmatch(r"[a-z][0-9]{1,6}", text, re.ASCII):  # isdigit() is true for '²', which int() refuses
        raise BoardError(f"{name!r} is not a square: write a column letter and a row number, like b2")
    row, col = int(text[1:]) - 1, string.ascii_lowercase.find(text[0])
    if not (0 <= row < rows and 0 <= col < cols):
        raise BoardError(f"{name!r} is off the {rows}x{cols} board")
    return (row, col)


def permute_bits(bits: int, perm: tuple[int, ...]) -> int:
    """Apply a cell permutation to a bitboard."""
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << perm[low.bit_length() - 1]
        bits ^= low
    return out


def winning_cells(own: int, other: int, lines: tuple[int, ...]) -> int:
    """Mask of empty cells where ``own`` would complete a line that ``other`` does not block."""
    threats = 0
    for line in lines:
        if not line & other:
            missing = line & ~own
            if missing and not missing & (missing - 1):
                threats |= missing
    return threats


def cells_of(bits: int) -> list[int]:
    """Cell indices of the set bits, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def board_size(rows: int, cols: int) -> str:
    """``a 3×3 board``, ``an 8×8 board``, ``an 11×11 board``: a board's size with its article."""
    spoken_with_a_vowel = str(rows).startswith("8") or rows in (11, 18)
    return f"{'an' if spoken_with_a_vowel else 'a'} {rows}×{cols} board"

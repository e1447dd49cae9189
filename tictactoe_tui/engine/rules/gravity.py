"""Gravity: a mark drops to the lowest free square of its column (Connect Four on 6×7)."""

from __future__ import annotations

import re
from typing import Protocol, TypeVar

from ..marks import BoardError, Move, board_size, parse_move
from .base import MAX_SIDE, BoardLike, Geometry, check_counts, permutation
from .checks import check_lines
from .classic import Classic

#: Connect Four's board: 6 rows, 7 columns, 4 in a row.
CONNECT_FOUR = (6, 7, 4)


class Gravity(Classic):
    """The classic game (k in a row wins, a full board draws) where marks fall to the bottom
    of their column."""

    name = "gravity"
    title = "Gravity"
    help = (
        "Marks fall: choose a column and your mark drops to its lowest free square. The first "
        "to get k in a row — across, down or diagonally — wins; a full board is a draw. "
        "6 rows × 7 columns with 4 in a row is Connect Four, a first-player win with the centre column."
    )
    presets = (CONNECT_FOUR, (4, 4, 4), (5, 5, 4), (6, 6, 4), (7, 7, 4))

    def shape_label(self, rows: int, cols: int, k: int) -> str:
        """Connect Four by its name (short enough for the sidebar: 4 in a row goes without saying)."""
        return "Connect Four, 6×7" if (rows, cols, k) == CONNECT_FOUR else super().shape_label(rows, cols, k)

    def board_name(self, rows: int, cols: int, k: int) -> str:
        """Connect Four by its name alone (not "Gravity Connect Four")."""
        if (rows, cols, k) == CONNECT_FOUR:
            return self.shape_label(rows, cols, k)
        return super().board_name(rows, cols, k)

    def default_k(self, rows: int, cols: int) -> int:
        """Four in a row, as in Connect Four (three on 3×3)."""
        return 3 if (rows, cols) == (3, 3) else 4

    # A Connect Four player plays a column with its number key (1 on the left), and counts rows
    # from the floor, as marks stack: "4-1" is the first mark in the middle column of 6×7.

    def column_label(self, col: int) -> str:
        """A column by the number key that plays it: 1 on the left."""
        return str(col + 1)

    def row_label(self, row: int, rows: int) -> str:
        """A row by its height: 1 at the bottom, where marks land first."""
        return str(rows - row)

    def square_name(self, move: Move, rows: int) -> str:
        """Column number (its key), a dash, row number from the bottom: ``4-1``."""
        row, col = move
        return f"{self.column_label(col)}-{self.row_label(row, rows)}"

    def parse_square(self, name: str, rows: int, cols: int) -> Move:
        """Read ``4-1`` (column, row from the bottom); a name written before columns were numbered
        (``d6``: column letter, row from the top, in older saved games and archives) is still read."""
        found = re.fullmatch(r"([0-9]{1,2})-([0-9]{1,2})", name.strip(), re.ASCII)
        if found is None:
            if re.fullmatch(r"[a-zA-Z][0-9]{1,6}", name.strip(), re.ASCII):
                return parse_move(name, rows, cols)
            raise BoardError(
                f"{name!r} is not a square: write a column number, a dash and a row number from the bottom, like 4-1"
            )
        col, height = int(found[1]) - 1, int(found[2])
        if not (0 <= col < cols and 1 <= height <= rows):
            raise BoardError(f"{name!r} is off the {rows}x{cols} board")
        return (rows - height, col)

    def check_size(self, rows: int, cols: int, k: int) -> None:
        if max(rows, cols) > MAX_SIDE:
            raise BoardError(f"{board_size(rows, cols)} is too big for Gravity: rows and columns must be 3 to 7")
        super().check_size(rows, cols, k)

    def symmetries(self, rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
        """Only the left-right mirror keeps the floor at the bottom."""
        return (permutation(rows, cols, lambda r, c: (r, c)), permutation(rows, cols, lambda r, c: (r, cols - 1 - c)))

    def legal(self, shape: Geometry, me: int, opp: int, state: int) -> int:
        occupied = me | opp
        return shape.full & ~occupied & (occupied >> shape.cols | floor(shape))

    def check_reachable(self, board: BoardLike) -> None:
        check_counts(board)
        occupied = board.x_bits | board.o_bits
        floating = occupied & ~(occupied >> board.cols) & ~floor(board.geometry)
        if floating:
            cell = floating.bit_length() - 1
            raise BoardError(
                f"the mark on {self.square_name(board.move_at(cell), board.rows)} floats: "
                "marks fall to the lowest free square"
            )
        check_lines(board)

    def refusal(self, board: BoardLike, cell: int) -> str:
        column = self.column_label(cell % board.cols)
        landing = self.landing(board, board.move_at(cell))
        if board.at(landing) is not None:
            return f"column {column} is full"
        return f"a mark in column {column} drops to {self.square_name(landing, board.rows)}"

    @staticmethod
    def landing(board: BoardLike, move: Move) -> Move:
        """Where a mark played in ``move``'s column falls: the column's lowest free square
        (its top square when it is full)."""
        _, col = move
        free = [row for row in range(board.rows) if board.at((row, col)) is None]
        return (free[-1] if free else 0, col)


_Dropping = TypeVar("_Dropping", bound="Droppable")


class Droppable(BoardLike, Protocol):
    """A position that can be played on (:class:`~tictactoe_tui.engine.board.Board` is one)."""

    def play(self: _Dropping, move: Move) -> _Dropping: ...


def dropped(board: _Dropping, columns: str) -> _Dropping:
    """``board`` after marks dropped in ``columns``, one digit a mark, numbered from 1 on the
    left (Connect Four's usual notation: ``"4453"``)."""
    for column in columns:
        board = board.play(Gravity.landing(board, (0, int(column) - 1)))
    return board


def floor(shape: Geometry) -> int:
    """Mask of the bottom row."""
    return shape.full >> (shape.cells - shape.cols) << (shape.cells - shape.cols)

"""Exact five: 9×9, and a line of exactly five wins; six or more in a row do not."""

from __future__ import annotations

from typing import ClassVar

from tictactoe_tui.engine.marks import Mark
from tictactoe_tui.engine.rules import Geometry, Rules
from tictactoe_tui.engine.rules.base import DRAW, WIN, BoardLike, Shape, check_counts

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def run_through(bits: int, rows: int, cols: int, cell: int, dr: int, dc: int) -> int:
    """How many of ``bits`` in a row pass through ``cell`` along (dr, dc), both ways."""
    row, col = divmod(cell, cols)
    length = 1
    for sign in (1, -1):
        r, c = row + sign * dr, col + sign * dc
        while 0 <= r < rows and 0 <= c < cols and bits >> (r * cols + c) & 1:
            length += 1
            r, c = r + sign * dr, c + sign * dc
    return length


def makes_exact(bits: int, rows: int, cols: int, k: int, cell: int) -> bool:
    """Whether ``cell`` (in ``bits``) is in a line of exactly ``k``."""
    return any(run_through(bits, rows, cols, cell, dr, dc) == k for dr, dc in DIRECTIONS)


class ExactFive(Rules):
    """Gomoku's exact form: five in a row wins, an overline does not."""

    name = "exact-five"
    title = "Exact five"
    help = "Take turns marking a free square: exactly five in a row wins; six or more in a row do not."
    presets: ClassVar[tuple[Shape, ...]] = ((9, 9, 5),)  # declared here: the default sizes allow 9×9 by it

    def legal(self, shape: Geometry, me: int, opp: int, state: int) -> int:
        return shape.full & ~(me | opp)

    def after(self, shape: Geometry, me: int, opp: int, state: int, cell: int) -> tuple[int, int | None]:
        if makes_exact(me, shape.rows, shape.cols, shape.k, cell):
            return 0, WIN
        return 0, DRAW if me | opp == shape.full else None

    def winner(self, board: BoardLike) -> Mark | None:
        rows, cols, k = board.geometry.rows, board.geometry.cols, board.geometry.k
        for mark in Mark:
            bits = board.bits_of(mark)
            if any(bits >> cell & 1 and makes_exact(bits, rows, cols, k, cell) for cell in range(rows * cols)):
                return mark
        return None

    def deciding_lines(self, board: BoardLike) -> int:
        return 0

    def check_reachable(self, board: BoardLike) -> None:
        check_counts(board)

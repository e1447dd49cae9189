"""The classic game: mark any free square; k in a row wins; a full board is a draw."""

from __future__ import annotations

from typing import ClassVar

from ..marks import Mark
from .base import DRAW, WIN, BoardLike, Geometry, Rules, Shape, check_counts, completed_lines
from .checks import check_lines


class Classic(Rules):
    """Tic-tac-toe and its m×n, k-in-a-row family (gomoku on 15×15)."""

    name = "classic"
    title = "Classic"
    help = (
        "Take turns marking a free square. The first to get k marks in a row — across, down or "
        "diagonally — wins; a full board without a line is a draw."
    )
    presets: ClassVar[tuple[Shape, ...]] = ((3, 3, 3), (4, 4, 4), (5, 5, 4), (6, 6, 5), (7, 7, 5), (15, 15, 5))
    line_wins_game = True
    line_result: ClassVar[int] = WIN
    """What completing a line does for the side that completes it (Misère: :data:`LOSS`)."""

    def legal(self, shape: Geometry, me: int, opp: int, state: int) -> int:
        return shape.full & ~(me | opp)

    def after(self, shape: Geometry, me: int, opp: int, state: int, cell: int) -> tuple[int, int | None]:
        if shape.completes_line(me, cell):
            return 0, self.line_result
        return 0, DRAW if me | opp == shape.full else None

    def winner(self, board: BoardLike) -> Mark | None:
        completer = next((mark for mark in Mark if completed_lines(board.geometry, board.bits_of(mark))), None)
        if completer is None or self.line_result == WIN:
            return completer
        return completer.other

    def check_reachable(self, board: BoardLike) -> None:
        check_counts(board)
        check_lines(board, "won" if self.line_result == WIN else "lost")

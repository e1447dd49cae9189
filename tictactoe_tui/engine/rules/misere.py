"""Misère: the same boards, but whoever completes k in a row loses."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..board import Mark
from .base import DRAW, LOSS, Rules, check_counts, check_lines, completed_lines

if TYPE_CHECKING:
    from ..board import Board, Geometry
    from ..strategies import Strategy


class Misere(Rules):
    """ "Avoid k in a row" on any m×n board."""

    name = "misere"
    title = "Misère"
    help = (
        "Avoid k in a row: take turns marking a free square, and whoever completes a line of k — "
        "across, down or diagonally — loses. A full board without a line is a draw. "
        "On 3×3 the first player holds the draw by taking the centre and then always the square "
        "opposite the second player's."
    )
    presets = ((3, 3, 3), (4, 4, 4), (5, 5, 4), (6, 6, 5), (7, 7, 5))

    def legal(self, shape: Geometry, me: int, opp: int, state: int) -> int:
        return shape.full & ~(me | opp)

    def after(self, shape: Geometry, me: int, opp: int, state: int, cell: int) -> tuple[int, int | None]:
        if shape.completes_line(me, cell):
            return 0, LOSS
        return 0, DRAW if me | opp == shape.full else None

    def winner(self, board: Board) -> Mark | None:
        loser = next((mark for mark in Mark if completed_lines(board.geometry, board.bits_of(mark))), None)
        return None if loser is None else loser.other

    def check_reachable(self, board: Board) -> None:
        check_counts(board)
        check_lines(board, "lost")

    def levels(self) -> dict[str, Strategy]:
        return _players()

    def heuristic_player(self) -> Strategy:
        return _heuristic()


@cache
def _heuristic() -> Strategy:
    from ..strategies import MctsStrategy

    return MctsStrategy(3000)


@cache
def _players() -> dict[str, Strategy]:
    """Random; MCTS with 300 and 1,500 playouts (each avoids a move that loses at once); and
    the solver: exact up to 4×4 (the empty 4×4 board takes it ~1 million nodes, a few
    seconds), where it may take 10 s whatever the think time; MCTS where it cannot finish."""
    from ..strategies import BySize, MctsStrategy, PerfectStrategy, RandomStrategy

    return {
        "easy": RandomStrategy(),
        "medium": MctsStrategy(300),
        "hard": MctsStrategy(1500),
        "impossible": BySize(
            "impossible",
            (
                (16, PerfectStrategy(2_000_000, _heuristic(), min_seconds=10.0)),
                (None, PerfectStrategy(300_000, _heuristic())),
            ),
        ),
    }

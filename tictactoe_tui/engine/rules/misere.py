"""Misère: the same boards, but whoever completes k in a row loses."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .base import LOSS
from .classic import Classic

if TYPE_CHECKING:
    from ..strategies import Strategy


class Misere(Classic):
    """ "Avoid k in a row" on any m×n board: the classic game with a line's result reversed."""

    name = "misere"
    title = "Misère"
    help = (
        "Avoid k in a row: take turns marking a free square, and whoever completes a line of k — "
        "across, down or diagonally — loses. A full board without a line is a draw. "
        "On 3×3 the first player holds the draw by taking the centre and then always the square "
        "opposite the second player's."
    )
    presets = ((3, 3, 3), (4, 4, 4), (5, 5, 4), (6, 6, 5), (7, 7, 5))
    classic_lines = False  # the classic searches assume a line wins
    line_wins_game = False
    line_result = LOSS

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

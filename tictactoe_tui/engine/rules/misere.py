"""Misère: the same boards, but whoever completes k in a row loses."""

from __future__ import annotations

from .base import LOSS
from .classic import Classic


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
    line_wins_game = False
    line_result = LOSS

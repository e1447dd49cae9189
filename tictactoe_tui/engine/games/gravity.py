"""Gravity's levels, and how people point at a column."""

from __future__ import annotations

from collections.abc import Callable

from ..board import Board, Move
from ..players import GravityAlphaBetaStrategy, PerfectStrategy, RandomStrategy, RulesStrategy
from ..rules import RULES
from ..rules.gravity import Gravity
from .base import Game, Presentation


class GravityPresentation(Presentation):
    """A mark goes where it would fall; number keys name columns."""

    def aim(self, board: Board, move: Move) -> Move:
        """The lowest free square of ``move``'s column (the top square when it is full)."""
        return Gravity.landing(board, move)

    def digit_square(self, board: Board, digit: int, keypad: Callable[[int], Move]) -> Move | None:
        """Digits 1 to the number of columns pick a column."""
        return self.aim(board, (0, digit - 1)) if digit <= board.cols else None


_HEURISTIC = GravityAlphaBetaStrategy(30_000, proof_nodes=200_000)

#: Random; the seeds' rules among the squares a mark can drop to; a shallow alpha-beta;
#: and the solver where it finishes, a deeper alpha-beta before that.
GAME = Game(
    RULES["gravity"],
    {
        "easy": RandomStrategy(),
        "medium": RulesStrategy(),
        "hard": GravityAlphaBetaStrategy(1_500),
        "impossible": PerfectStrategy(5_000, _HEURISTIC),
    },
    _HEURISTIC,
    GravityPresentation(),
)

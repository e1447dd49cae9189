"""Gravity's levels, its exact solver, and how people point at a column."""

from __future__ import annotations

from collections.abc import Callable

from ..board import Board, Move
from ..players import GravityAlphaBetaStrategy, PerfectStrategy, RandomStrategy, RulesStrategy
from ..rules import RULES
from ..rules.gravity import Gravity
from ..search.gravity_solver import GravitySolver
from ..search.kit import SearchKit
from .base import DigitAnswer, Game, Presentation


class GravityPresentation(Presentation):
    """A mark goes where it would fall; number keys name columns."""

    def aim(self, board: Board, move: Move) -> Move:
        """The lowest free square of ``move``'s column (the top square when it is full)."""
        return Gravity.landing(board, move)

    def digit_square(self, board: Board, digits: tuple[int, ...], keypad: Callable[[int], Move]) -> DigitAnswer:
        """Digits 1 to the number of columns pick a column."""
        if digits[-1] > board.cols:
            return DigitAnswer(prompt=f"Number keys 1–{board.cols} pick a column here")
        return DigitAnswer(self.aim(board, (0, digits[-1] - 1)))


_RULES = RULES["gravity"]
#: Gravity's searches: its own exact solver on column bitboards; playouts through the rules.
SEARCHES = SearchKit(exact=GravitySolver)
_HEURISTIC = GravityAlphaBetaStrategy(30_000, rules=_RULES, proof_nodes=200_000)

#: Random; the seeds' rules among the squares a mark can drop to; a shallow alpha-beta;
#: and the solver where it finishes, a deeper alpha-beta before that.
GAME = Game(
    _RULES,
    {
        "easy": RandomStrategy(),
        "medium": RulesStrategy(),
        "hard": GravityAlphaBetaStrategy(1_500, rules=_RULES),
        "impossible": PerfectStrategy(5_000, _HEURISTIC, searches=SEARCHES),
    },
    _HEURISTIC,
    GravityPresentation(),
    searches=SEARCHES,
    players=(GravityAlphaBetaStrategy(rules=_RULES),),
)

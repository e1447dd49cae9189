"""Gravity's levels, its own player (its alpha-beta, with the exact solver's proofs) and its exact
solver (how people point at a column: :mod:`.presentations`)."""

from __future__ import annotations

import random

from ..board import Board
from ..players import Decision, PerfectStrategy, RandomStrategy, RulesStrategy, Strategy, proven_value
from ..players.base import require_moves
from ..rules import RULES, Rules
from ..search.budget import UNLIMITED, Budget
from ..search.gravity.solver import GravitySolver
from ..search.kit import SearchKit, books
from .base import Game
from .presentations import OWN_PRESENTATIONS


class GravityAlphaBetaStrategy(Strategy):
    """Gravity's alpha-beta with its threat rules (:mod:`..search.gravity`): odd and even
    threats, forced blocks, deepening until ``max_nodes`` nodes or the caller's deadline.

    With ``proof_nodes`` it then spends up to that many nodes and the rest of the budget in the
    exact solver (:mod:`..search.gravity.solver`) proving a move that wins against any defence,
    the search's choice first, and plays it when there is one: wins twenty plies deep that no
    evaluation sees.
    """

    name = "gravity-alphabeta"

    def __init__(self, max_nodes: int | None = 20_000, *, rules: Rules, proof_nodes: int = 0) -> None:
        self.max_nodes = max_nodes
        self.rules = rules
        """The game it plays, as its registration hands it in."""
        self.proof_nodes = proof_nodes

    def supports(self, board: Board) -> bool:
        return board.rules is self.rules

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        require_moves(board)
        from ..search.gravity import alphabeta as gravity

        outcome = gravity.search_and_prove(board, budget, self.max_nodes, self.proof_nodes, SEARCHES.solver)
        return Decision(board.move_at(outcome.cell), value=proven_value(outcome), depth=outcome.depth)


_RULES = RULES["gravity"]
#: Gravity's searches: its own exact solver on column bitboards, with Connect Four's book of
#: proven wins; playouts through the rules.
SEARCHES = SearchKit(exact=GravitySolver, win_book=books("win book", {"6x7k4": "wins-gravity-6x7k4.bin"}))
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
    OWN_PRESENTATIONS[_RULES.name],
    searches=SEARCHES,
    players=(GravityAlphaBetaStrategy(rules=_RULES),),
)

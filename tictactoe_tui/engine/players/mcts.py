"""Monte Carlo players: UCT for any game and the outside yardsticks."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..board import Board, cells_of
from ..search.budget import UNLIMITED, Budget
from ..search.kit import ANY_GAME, SearchesFor
from .base import Decision, Strategy, pick, require_moves

if TYPE_CHECKING:
    from ..search.rules_mcts import SearchResult, SearchTree


class MctsStrategy(Strategy):
    """Monte Carlo tree search (UCT) with random playouts, for boards too big to solve.

    Stops after ``playouts`` playouts or when the budget ends, whichever comes first; with
    no deadline the result depends only on the random generator. Where the game hands in a UCT
    of its own (its ``searches``' ``uct``, the classic game's on bitboards), that one with its
    tactics. Elsewhere it runs MCTS through the rules (:mod:`..search.rules_mcts`, with the
    playouts of the game's ``searches``): it takes a move that wins at once, keeps away from
    moves that let the opponent win at once, and reuses its tree between moves.
    """

    name = "mcts"

    def __init__(self, playouts: int = 2000, *, searches: SearchesFor = ANY_GAME) -> None:
        self.playouts = playouts
        self.searches = searches
        self._tree: SearchTree | None = None

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        legal = require_moves(board)
        uct = self.searches.of(board).uct
        if uct is None:
            return self._decide_by_rules(board, legal, rng, budget)
        result = uct(board, rng, self.playouts, budget)
        return Decision(board.move_at(result.cell), estimate=result.win_rate)

    def _decide_by_rules(self, board: Board, legal: int, rng: random.Random, budget: Budget) -> Decision:
        from ..search import rules_mcts

        if self._tree is None:
            self._tree = rules_mcts.SearchTree()
        tree = self._tree
        return unless_won_at_once(
            board,
            legal,
            rng,
            lambda allowed: self.searches.of(board).estimate(
                board, rng, self.playouts, budget, tree=tree, allowed=allowed
            ),
        )

    def __getstate__(self) -> dict[str, object]:
        """Pickled (to a search process) without its tree."""
        return {**self.__dict__, "_tree": None}


def immediate_outcomes(board: Board, legal: int) -> tuple[int, int]:
    """Of the ``legal`` cells: those that win at once, and those after which the opponent
    cannot win at once (in any game, asking its rules)."""
    rules, shape = board.rules, board.geometry
    me, opp = board.sides()
    wins = safe = 0
    for cell in cells_of(legal):
        mine = me | 1 << cell
        state, result = rules.after(shape, mine, opp, board.state, cell)
        if result is not None:
            if result > 0:
                wins |= 1 << cell
            elif result == 0:
                safe |= 1 << cell
            continue
        replies = rules.legal(shape, opp, mine, state)
        if not any(rules.after(shape, opp | 1 << reply, mine, state, reply)[1] == 1 for reply in cells_of(replies)):
            safe |= 1 << cell
    return wins, safe


def unless_won_at_once(board: Board, legal: int, rng: random.Random, search: Callable[[int], SearchResult]) -> Decision:
    """A move that wins at once, if there is one; else ``search``'s answer, given the moves
    after which the opponent cannot win at once (all of them when every move lets it)."""
    wins, safe = immediate_outcomes(board, legal)
    if wins:
        return Decision(pick(board, wins, rng), estimate=1.0)
    result = search(safe or legal)
    return Decision(board.move_at(result.cell), estimate=result.win_rate)


class ReferenceMctsStrategy(Strategy):
    """``mcts-1000``: a plain outside yardstick, the UCT bot as OpenSpiel's ``MCTSBot`` defaults
    set it up — 1,000 simulations, one uniformly random rollout each, exploration c = 2 on
    results of -1/0/+1 (the same as 1.0 on this module's 0-to-1 scale), the most visited move,
    and no tactics of its own (unlike ``mcts``, it does not look for wins or blocks first).
    Levels are calibrated against it. It plays every game: with the game's own UCT where its
    ``searches`` have one, else through the rules with the game's playouts."""

    name = "mcts-1000"
    SIMULATIONS = 1000
    EXPLORATION = 1.0  # c = 2 on rewards of -1..1, rescaled to 0..1

    def __init__(self, *, searches: SearchesFor = ANY_GAME) -> None:
        self.searches = searches

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        require_moves(board)
        searches = self.searches.of(board)
        if searches.uct is None:
            found = searches.estimate(board, rng, self.SIMULATIONS, budget, exploration=self.EXPLORATION)
            return Decision(board.move_at(found.cell), estimate=found.win_rate)
        own = searches.uct(board, rng, self.SIMULATIONS, budget, exploration=self.EXPLORATION, tactics=False)
        return Decision(board.move_at(own.cell), estimate=own.win_rate)


class ReferenceSolverStrategy(Strategy):
    """``mcts-solver-1000``: the yardstick as common MCTS libraries ship it — ``mcts-1000``'s
    1,000 simulations, one random rollout each, c = 2 and the most visited move, plus the
    MCTS-Solver step they run by default: proven wins and losses are backed up, a proven win is
    played at once and a proven loss avoided. It plays every game, through the rules (with the
    playouts of the game's ``searches``).
    ``ReferenceSolverStrategy(10_000)`` is the same bot with ten times the simulations."""

    EXPLORATION = ReferenceMctsStrategy.EXPLORATION

    def __init__(
        self, simulations: int = ReferenceMctsStrategy.SIMULATIONS, *, searches: SearchesFor = ANY_GAME
    ) -> None:
        self.simulations = simulations
        self.searches = searches
        self.name = f"mcts-solver-{simulations}"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        require_moves(board)
        found = self.searches.of(board).estimate(
            board, rng, self.simulations, budget, exploration=self.EXPLORATION, solve=True
        )
        return Decision(board.move_at(found.cell), estimate=found.win_rate)

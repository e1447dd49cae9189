"""A position's evaluation in every game: exact where the solver finishes in time, else the
search's winning chances, labelled an estimate. The one owner of what the evaluation bar, the
overlay's squares and the hints' estimate are drawn from; it runs in the search process
(:class:`~tictactoe_tui.search_process.AnalysisRequest`).

Each move's chance: the MCTS tree's (Ultimate, Connect Four past the solver, plug-in games: every
move is played out, by :func:`~.estimates.estimate`, the search with the seed the review judges a
move by), or, on the k-in-a-row boards (15×15 included), the kit's alpha-beta score of each
promising move. The position's chance is its best square's, so the bar, the overlay and the hint
give one figure for one square; only where no move has an estimate is it the position's own
estimate (on 15×15 the threat search's, which the review judges by).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .board import Board, Move
from .estimates import estimate, seeded
from .games import game_of
from .players.base import Decision
from .search.budget import Budget, CancelFlag

if TYPE_CHECKING:  # the solver loads with the first search
    from .search.solver import Analysis

#: The solver's share of an evaluation's time: nearly all of it on a shape whose positions it
#: answers throughout (one with an opening book), else the larger part, leaving the estimate time.
SOLVER_SHARE, BOOK_SOLVER_SHARE = 0.6, 0.9
#: The share of the estimate's time the position's chance gets (the moves' scores the rest, where
#: the search behind the chance gives none).
POSITION_SHARE = 0.5
#: The least time the estimates get, however long the solver took (a loaded machine).
LEAST_ESTIMATE_SECONDS = 0.2
#: The solver's allowance for the outlook of a move a strategy chose by its chances: asked only
#: with at most this many empty squares (every 3×3 and 4×4 position; the end of bigger games:
#: on 15×15 early its setting up alone took 70 ms a move, beyond the move's time), in nodes
#: (any 3×3 position after its first move from a fresh solver: 172 at most), and seconds at most.
OUTLOOK_EMPTY, OUTLOOK_NODES, OUTLOOK_SECONDS = 16, 512, 0.05
#: The alpha-beta score at which a move's chance is about 73% (the logistic curve's unit).
SCORE_SCALE = 3000.0


@dataclass(frozen=True)
class MoveChance:
    """One move's estimated chance for the side playing it."""

    move: Move
    chance: float
    """The mover's chance after this move (draws count half): 1.0 or 0.0 where the search proved it."""


@dataclass(frozen=True)
class Evaluation:
    """A position's evaluation for its side to move: the solver's values (complete when exact)
    and, where they are not, the search's estimate of every move it looked at, best first."""

    analysis: Analysis
    estimates: tuple[MoveChance, ...] = ()
    position: float | None = None
    """The side to move's estimated chance, where not exact (None: no time for an estimate)."""

    @property
    def board(self) -> Board:
        return self.analysis.board

    @property
    def exact(self) -> bool:
        """Whether the solver finished: the values are exact."""
        return self.analysis.complete

    @property
    def chance(self) -> float | None:
        """The side to move's chance (draws half): 1, ½ or 0 when exact; else its best square's
        estimate (what the overlay shows there), or the position's where no move has one (None:
        the search had no time)."""
        value = self.analysis.value
        if value is not None:
            return (value + 1) / 2
        return self.estimates[0].chance if self.estimates else self.position

    def chance_of(self, move: Move) -> float | None:
        """The mover's chance with ``move``: the overlay's estimate on its square, or, where the
        search gave that square none, the position's :attr:`chance`."""
        return next((found.chance for found in self.estimates if found.move == move), self.chance)

    @property
    def shows_values(self) -> bool:
        """Whether it has a value for any move (exact or estimated) to show."""
        return self.exact or bool(self.estimates or self.analysis.moves)

    @property
    def choice(self) -> Move | None:
        """The move the estimate prefers (None when exact or not estimated)."""
        return None if self.exact or not self.estimates else self.estimates[0].move


def evaluate(board: Board, budget: Budget) -> Evaluation:
    """The evaluation of the unfinished ``board`` within ``budget``: the exact solver first, and
    the search's estimates in the time left where it does not finish."""
    analysis = game_of(board).searches.analyze(board, budget.share(solver_share(board)))
    if analysis.complete or (budget.cancel is not None and budget.cancel.is_set()):
        return Evaluation(analysis)
    budget = budget.at_least(LEAST_ESTIMATE_SECONDS)  # a solver that overran its share leaves no "no values"
    position = estimate(board, budget.share(POSITION_SHARE), seeded(board))
    moves = tuple(MoveChance(move, chance) for move, chance in position.moves) or scored_moves(board, budget)
    return Evaluation(analysis, moves, position.rate)


def solver_share(board: Board) -> float:
    """The exact solver's share of an evaluation's time on ``board`` (see :data:`SOLVER_SHARE`)."""
    return BOOK_SOLVER_SHARE if game_of(board).searches.ships_book(board.geometry) else SOLVER_SHARE


def scored_moves(board: Board, budget: Budget) -> tuple[MoveChance, ...]:
    """Each promising move's chance by the kit's alpha-beta, best first (none without one)."""
    search = game_of(board).searches.alphabeta
    if search is None:
        return ()
    outcome = search(board, budget, every_score=True)
    ranked = sorted(outcome.scores.items(), key=lambda item: -item[1])
    return tuple(MoveChance(board.move_at(cell), score_chance(score, outcome.proven(score))) for cell, score in ranked)


def score_chance(score: int, proven: float | None) -> float:
    """An alpha-beta score as a chance: the ``proven`` result where the search found one, else
    a logistic curve."""
    return proven if proven is not None else 1 / (1 + math.exp(-score / SCORE_SCALE))


def exact_outlook(board: Board, decision: Decision, cancel: CancelFlag | None = None) -> Decision:
    """``decision``, chosen on ``board`` by its chances, with the exact outcome for the mover
    where the solver finds it at once (:data:`OUTLOOK_EMPTY`, :data:`OUTLOOK_NODES`): after the
    computer's move the status then says the result the bar and the overlay show ("O wins with
    best play"), not a chance ("O's chances 51%" on a 3×3 board solved exactly). A decision
    already exact, or with no chance to replace, is as it was."""
    if decision.value is not None or decision.estimate is None:
        return decision
    after = board.play(decision.move)
    if after.geometry.cells - after.move_count > OUTLOOK_EMPTY:
        return decision
    if after.is_over:
        winner = after.winner
        return replace(decision, value=0 if winner is None else 1 if winner is board.to_move else -1, plies=1)
    budget = Budget.seconds(OUTLOOK_SECONDS, cancel).with_max_nodes(OUTLOOK_NODES)
    analysis = game_of(after).searches.analyze(after, budget)
    if not analysis.complete or analysis.value is None or analysis.plies is None:
        return decision
    return replace(decision, value=-analysis.value, plies=analysis.plies + 1)

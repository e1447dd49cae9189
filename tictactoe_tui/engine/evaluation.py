"""A position's evaluation in every game: exact where the solver finishes in time, else the
search's winning chances for each move, labelled an estimate. The one owner of what the
evaluation bar, the overlay's squares and the hints' estimate are drawn from; it runs in the
search process (:class:`~tictactoe_tui.search_process.AnalysisRequest`).

Where the game's kit has a heuristic alpha-beta (the k-in-a-row boards, 15×15 included), its
score of each promising move, as a chance; elsewhere (Ultimate, Connect Four past the solver,
plug-in games) MCTS-Solver through the game's rules, each move played out at least once: each
move's share of games won. The position's chance is the chance of the search's best move.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .board import Board, Move
from .games import game_of
from .search.book import has_book
from .search.budget import Budget

if TYPE_CHECKING:  # the solver loads with the first search
    from .search.solver import Analysis

#: The solver's share of an evaluation's time: nearly all of it on a shape whose positions it
#: answers throughout (one with an opening book), else the larger part, leaving the estimate time.
SOLVER_SHARE, BOOK_SOLVER_SHARE = 0.6, 0.9
#: Playouts at most behind the MCTS estimates (the time usually ends them first).
PLAYOUTS = 3000
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
    games_played: int = 0
    """Games the MCTS estimate played out (0: none, or the alpha-beta's estimate)."""

    @property
    def board(self) -> Board:
        return self.analysis.board

    @property
    def exact(self) -> bool:
        """Whether the solver finished: the values are exact."""
        return self.analysis.complete

    @property
    def chance(self) -> float | None:
        """The side to move's chance (draws half): 1, ½ or 0 when exact; the best move's
        estimate otherwise (None: the search had no time for any move)."""
        value = self.analysis.value
        if value is not None:
            return (value + 1) / 2
        return self.estimates[0].chance if self.estimates else None

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
    if analysis.complete or budget.exhausted():
        return Evaluation(analysis)
    estimates, played = estimate_moves(board, budget, random.Random(position_seed(board)))
    return Evaluation(analysis, estimates, played)


def solver_share(board: Board) -> float:
    """The exact solver's share of an evaluation's time on ``board`` (see :data:`SOLVER_SHARE`)."""
    return BOOK_SOLVER_SHARE if has_book(board.geometry) else SOLVER_SHARE


def estimate_moves(board: Board, budget: Budget, rng: random.Random) -> tuple[tuple[MoveChance, ...], int]:
    """Each move's estimated chance on ``board``, best first, and the games played out for it."""
    searches = game_of(board).searches
    if searches.alphabeta is not None:
        outcome = searches.alphabeta(board, budget, every_score=True)
        ranked = sorted(outcome.scores.items(), key=lambda item: -item[1])
        return tuple(
            MoveChance(board.move_at(cell), score_chance(score, outcome.proven(score))) for cell, score in ranked
        ), 0
    found = searches.estimate(board, rng, PLAYOUTS, budget, solve=True)
    ranked_moves = sorted(found.moves, key=lambda move: (move[0] != found.cell, -move[2]))
    chances = tuple(
        MoveChance(board.move_at(cell), _proven_or(found.proven, rate, cell == found.cell))
        for cell, rate, _visits in ranked_moves
    )
    return chances, found.playouts


def _proven_or(proven: float | None, rate: float, chosen: bool) -> float:
    """The chosen move's chance where the search proved the position, else its win rate."""
    return proven if chosen and proven is not None else rate


def score_chance(score: int, proven: float | None) -> float:
    """An alpha-beta score as a chance: the ``proven`` result where the search found one, else
    a logistic curve."""
    return proven if proven is not None else 1 / (1 + math.exp(-score / SCORE_SCALE))


def position_seed(board: Board) -> int:
    """The seed of a search about ``board``: the position's own, so the same position asked
    about again is answered the same way (a hint, the bar, the overlay)."""
    return zlib.crc32(f"{board.x_bits}/{board.o_bits}/{board.state}".encode())

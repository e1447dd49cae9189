"""What a game hands its players, the review and the analysis: its exact solver, its MCTS
playouts, and the searches of its own the players use where it has them (its UCT, its
alpha-beta, its threat-space search), as OpenSpiel's MCTS is handed its evaluator.

Each game's registry entry (:mod:`tictactoe_tui.engine.games`) holds one; the players take
what they are handed and never ask which game they play. The defaults serve any game through
its rules; a search the game has none of is None, and the players that need it do not play it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ...registry import Registry
from ..board import Board, Geometry
from .budget import UNLIMITED, Budget
from .exact import SolverKind, any_game_solver, solver_for
from .playouts import Playout, rules_playout

if TYPE_CHECKING:  # the searches load when one first runs, not when a game registers its kit
    from .alphabeta import SearchOutcome
    from .rules_mcts import SearchResult, SearchTree
    from .solver import Analysis, ExactSolver
    from .threats import ThreatOutcome


class UctAnswer(Protocol):
    """What a game's own UCT answers: the move (a board cell) and its win rate for the mover
    (None where a tactic chose it without a search)."""

    @property
    def cell(self) -> int: ...

    @property
    def win_rate(self) -> float | None: ...


class Uct(Protocol):
    """A game's own UCT with random playouts, on its own form of the board. With ``tactics`` it
    first takes what the search would see only dimly (for the classic game: a winning square,
    and the one square that blocks a single threat); ``exploration`` None is the search's own."""

    def __call__(
        self,
        board: Board,
        rng: random.Random,
        playouts: int,
        budget: Budget,
        *,
        exploration: float | None = None,
        tactics: bool = True,
    ) -> UctAnswer: ...


class AlphaBeta(Protocol):
    """A game's heuristic alpha-beta: deepens until the budget ends; with ``every_score`` each
    root move's score is exact at the depth reached (for the analysis), not a bound."""

    def __call__(self, board: Board, budget: Budget, *, every_score: bool = False) -> SearchOutcome: ...


class ThreatSpace(Protocol):
    """A game's threat-space search for big boards (line shapes, wins by fours)."""

    def __call__(self, board: Board, budget: Budget) -> ThreatOutcome: ...


class SearchesFor(Protocol):
    """Where a player finds the searches of the board in front of it: a game's own
    :class:`SearchKit`, or the registry's look-up for players that play every game."""

    def of(self, board: Board) -> SearchKit:
        """The searches of ``board``'s game."""
        ...


def shape_key(shape: Geometry) -> str:
    """A shape's name in a kit's books: ``5x5k4``."""
    return f"{shape.rows}x{shape.cols}k{shape.k}"


def books(kind: str, files: dict[str, str] | None = None) -> Registry[str]:
    """A kit's books of one ``kind``: the files in ``engine/search/data/`` by shape (``5x5k4``)."""
    return Registry(kind, files)


@dataclass(frozen=True)
class SearchKit:
    """One game's searches (the defaults play any game through its rules; None: it has none)."""

    exact: SolverKind = any_game_solver
    """Makes the game's exact solver for a shape (one per shape, kept for the process)."""
    playout: Playout = rules_playout
    """Plays a random game on from a position, for the Monte Carlo searches."""
    uct: Uct | None = None
    """Its own UCT, which the MCTS players run where it has one (else :meth:`estimate`)."""
    alphabeta: AlphaBeta | None = None
    """Its heuristic alpha-beta: the ``alphabeta`` player's, and ``analyze``'s estimates."""
    threat_space: ThreatSpace | None = None
    """Its threat-space search: the ``threat-space`` player's, and the estimates' on big boards."""
    book: Registry[str] = field(default_factory=lambda: books("opening book"))
    """The opening books it ships (every move's exact score in the opening), by shape: its
    exact solver is handed the one of its shape (``book=``)."""
    win_book: Registry[str] = field(default_factory=lambda: books("win book"))
    """The books of proven wins it ships, by shape: its exact solver is handed the one of its
    shape (``win_book=``)."""

    def of(self, board: Board) -> SearchKit:
        """Itself: a game's players are handed their game's searches."""
        return self

    def ships_book(self, shape: Geometry) -> bool:
        """Whether the game ships a book for ``shape``, an opening book or a win book (without
        loading it): its exact values come sooner there."""
        return shape_key(shape) in self.book or shape_key(shape) in self.win_book

    def solver(self, shape: Geometry) -> ExactSolver:
        """The process-wide exact solver for ``shape``, handed the books the game ships for it."""
        key = shape_key(shape)
        shelved = {
            kind: shelf[key] for kind, shelf in (("book", self.book), ("win_book", self.win_book)) if key in shelf
        }
        return solver_for(shape, self.exact, **shelved)

    def analyze(self, board: Board, budget: Budget = UNLIMITED) -> Analysis:
        """Exact values of every legal move of ``board`` (see :class:`~.solver.Analysis`)."""
        return self.solver(board.geometry).analyze(board, budget)

    def estimate(
        self,
        board: Board,
        rng: random.Random,
        playouts: int,
        budget: Budget,
        *,
        exploration: float | None = None,
        tree: SearchTree | None = None,
        allowed: int | None = None,
        solve: bool = False,
        each_move_once: bool = True,
    ) -> SearchResult:
        """MCTS from ``board`` with the game's playouts (see :func:`.rules_mcts.search`;
        ``exploration`` None: its default)."""
        from . import mcts, rules_mcts

        return rules_mcts.search(
            board,
            rng,
            playouts,
            budget,
            mcts.EXPLORATION if exploration is None else exploration,
            tree,
            allowed,
            solve=solve,
            each_move_once=each_move_once,
            playout=self.playout,
        )


#: The searches of a game that hands in none of its own: they play any game through its rules.
ANY_GAME = SearchKit()

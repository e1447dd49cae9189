"""``perfect``: the exact solver's moves, with a fallback where it cannot finish."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..board import Board
from ..search.budget import UNLIMITED, Budget
from ..search.kit import ANY_GAME, SearchesFor
from .base import Decision, Strategy, require_moves
from .mcts import MctsStrategy

if TYPE_CHECKING:  # the solvers load when this player first searches
    from ..search.solver import ExactSolver, MoveValue


@dataclass(frozen=True)
class Choices:
    """Moves of equal exact value that a player picks among."""

    moves: tuple[MoveValue, ...]
    from_book: bool = False


#: Playouts of the fallback that plays any game (see :class:`PerfectStrategy`).
ANY_GAME_PLAYOUTS = 3000


class PerfectStrategy(Strategy):
    """Seeds 000 and 004: full minimax, choosing at random among the equally best moves.

    Seed 000 shuffles the moves before sorting them by minimax value, so among equal values
    it picks at random; seed 004 runs the same minimax on n×n boards. Here the values come
    from the game's exact solver (``searches``; by default :mod:`..search.solver`, or
    :mod:`..search.rules_solver` in the other games) on any m×n×k board, and "equally best"
    also counts the plies: a faster win, or a slower loss, is better. When the board cannot be
    solved within ``max_nodes`` search nodes or half the caller's time, the rest of the budget
    goes to ``fallback`` (the decision then has no exact value); where ``fallback`` is None or
    does not play the board, to MCTS with :data:`ANY_GAME_PLAYOUTS` playouts, which plays every
    game (each game's levels name a stronger fallback of their own:
    :mod:`tictactoe_tui.engine.games`).

    With ``set_traps`` (not in the seeds) it narrows equally drawn moves down to those that
    leave the opponent the largest share of losing replies, so a fallible opponent errs
    more often; it still never gives up the draw.

    Where the shape has an opening book (5×5, 4 in a row) and the position is in it, it plays
    the book's move, so the next position it meets is in the book too. ``min_seconds`` gives
    the solver at least that long whatever the caller's budget, for a level that would rather
    think longer than guess (5×5 with its book, 4×4 Misère).
    """

    name = "perfect"
    #: Boards of at most this many squares keep each finished choice (3×3 has 5,478 positions),
    #: so a position seen before is answered from that table in a dictionary look-up.
    TABLE_CELLS = 9

    def __init__(
        self,
        max_nodes: int | None = 300_000,
        fallback: Strategy | None = None,
        *,
        set_traps: bool = False,
        min_seconds: float = 0.0,
        searches: SearchesFor = ANY_GAME,
    ) -> None:
        self.max_nodes = max_nodes
        self.searches = searches
        """The game's searches: its exact solver, and the playouts of the last fallback."""
        self.min_seconds = min_seconds
        self.fallback = fallback
        """Who plays an unsolved position (None: the game's own heuristic player)."""
        self.set_traps = set_traps
        self._table: dict[tuple[object, int, int, int], Choices] = {}

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        choices = self.choices(board, budget)
        if choices is None:
            fallback = self.fallback
            if fallback is None or not fallback.supports(board):
                fallback = MctsStrategy(ANY_GAME_PLAYOUTS, searches=self.searches)
            return fallback.decide(board, rng, budget)
        chosen = rng.choice(choices.moves)
        return Decision(chosen.move, chosen.value, chosen.plies, from_book=choices.from_book)

    def choices(self, board: Board, budget: Budget = UNLIMITED) -> Choices | None:
        """The exactly valued moves this player picks among at random (one, on a book line),
        or None when the position cannot be solved in the budget."""
        key = (board.geometry, board.x_bits, board.o_bits, board.state)
        found = self._table.get(key)
        if found is not None:
            return found
        require_moves(board)
        solver = self.searches.of(board).solver(board.geometry)
        search_budget = budget.share(0.5).with_max_nodes(self.max_nodes)
        search_budget = search_budget.at_least(self.min_seconds)
        analysis = solver.analyze(board, search_budget)
        if analysis.book_move is not None:
            return Choices(tuple(mv for mv in analysis.moves if mv.move == analysis.book_move), from_book=True)
        best = analysis.best_moves
        if not best:
            return None
        complete = True
        if self.set_traps and len(best) > 1 and best[0].value == 0:
            best, complete = self._traps(solver, board, best, search_budget)
        found = Choices(best)
        if complete and board.geometry.cells <= self.TABLE_CELLS:
            self._table[key] = found
        return found

    @staticmethod
    def _traps(
        solver: ExactSolver, board: Board, drawn: tuple[MoveValue, ...], budget: Budget
    ) -> tuple[tuple[MoveValue, ...], bool]:
        """The drawn moves leaving the most losing replies, and whether every reply was solved
        (all the drawn moves, and False, if the budget ends first)."""
        shares: list[float] = []
        for candidate in drawn:
            after = board.play(candidate.move)
            if after.is_over:
                shares.append(0.0)
                continue
            replies = solver.analyze(after, budget)
            if not replies.complete:
                return drawn, False
            shares.append(sum(reply.value < 0 for reply in replies.moves) / len(replies.moves))
        most = max(shares)
        return tuple(candidate for candidate, share in zip(drawn, shares, strict=True) if share == most), True

    def __getstate__(self) -> dict[str, object]:
        """Pickled (to a search process) without its table, which the copy rebuilds as it plays."""
        return {**self.__dict__, "_table": {}}

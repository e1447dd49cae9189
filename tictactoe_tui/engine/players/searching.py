"""Players that search a game tree with an evaluation: alpha-beta, threat space."""

from __future__ import annotations

import random
from typing import Protocol

from ..board import Board
from ..search.budget import UNLIMITED, Budget
from .base import Decision, Strategy, require_moves


class _Proving(Protocol):
    """What a heuristic search tells of a result it proved by force."""

    @property
    def forced_win(self) -> bool: ...

    @property
    def forced_loss(self) -> bool: ...


def proven_value(outcome: _Proving) -> int | None:
    """+1 or -1 where a heuristic search proved the mover wins or loses by force, else None."""
    return 1 if outcome.forced_win else (-1 if outcome.forced_loss else None)


class AlphaBetaStrategy(Strategy):
    """Iterative-deepening alpha-beta with threat detection (:mod:`..search.alphabeta`).

    Exact about immediate wins, forced blocks and double threats, heuristic beyond; it
    deepens until ``max_nodes`` nodes or the caller's deadline, and plays the best move of
    the deepest search it finished (at random among equal scores).
    """

    name = "alphabeta"

    def __init__(self, max_nodes: int | None = 20_000) -> None:
        self.max_nodes = max_nodes

    def supports(self, board: Board) -> bool:
        return board.rules.classic_lines

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        require_moves(board)
        from ..search import alphabeta  # loaded on first use: small boards never need it

        outcome = alphabeta.search(board, budget.with_max_nodes(self.max_nodes))
        best = [cell for cell, score in outcome.scores.items() if score == outcome.score] or [outcome.cell]
        return Decision(board.move_at(rng.choice(sorted(best))), value=proven_value(outcome), depth=outcome.depth)


class ThreatSpaceStrategy(Strategy):
    """Gomoku-style play for big boards (:mod:`..search.threats`): exact line shapes (fives, fours,
    threes), wins by chains of fours, never a move that leaves the opponent one it can find, and
    an alpha-beta over the most valuable squares until ``max_nodes`` nodes or the deadline."""

    name = "threat-space"

    def __init__(self, max_nodes: int | None = 20_000) -> None:
        self.max_nodes = max_nodes

    def supports(self, board: Board) -> bool:
        return board.rules.classic_lines and board.k >= 4

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        require_moves(board)
        from ..search import threats

        outcome = threats.search(board, budget.with_max_nodes(self.max_nodes))
        return Decision(board.move_at(outcome.cell), value=proven_value(outcome), depth=outcome.depth)

"""Players that search a game tree with an evaluation: alpha-beta, threat space."""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from ..board import Board
from ..search.budget import UNLIMITED, Budget
from ..search.kit import ANY_GAME, SearchesFor
from .base import Decision, Strategy, require_moves


class _Proving(Protocol):
    """What a heuristic search tells of a result it proved by force."""

    @property
    def forced_win(self) -> bool: ...

    @property
    def forced_loss(self) -> bool: ...


Search = TypeVar("Search")


def needed(search: Search | None, player: Strategy, board: Board) -> Search:
    """``search``, the one of the game's searches ``player`` runs; ValueError where the game of
    ``board`` has none (the player does not support it)."""
    if search is None:
        raise ValueError(f"{player.name} does not play {board.rules.title}")
    return search


def proven_value(outcome: _Proving) -> int | None:
    """+1 or -1 where a heuristic search proved the mover wins or loses by force, else None."""
    return 1 if outcome.forced_win else (-1 if outcome.forced_loss else None)


class AlphaBetaStrategy(Strategy):
    """The game's iterative-deepening alpha-beta (its ``searches``' ``alphabeta``; the classic
    game's, with threat detection, is :mod:`..search.alphabeta`).

    Exact about immediate wins, forced blocks and double threats, heuristic beyond; it
    deepens until ``max_nodes`` nodes or the caller's deadline, and plays the best move of
    the deepest search it finished (at random among equal scores).
    """

    name = "alphabeta"

    def __init__(self, max_nodes: int | None = 20_000, *, searches: SearchesFor = ANY_GAME) -> None:
        self.max_nodes = max_nodes
        self.searches = searches
        """The game's searches: it plays the games whose searches have an alpha-beta."""

    def supports(self, board: Board) -> bool:
        return self.searches.of(board).alphabeta is not None

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        require_moves(board)
        outcome = needed(self.searches.of(board).alphabeta, self, board)(board, budget.with_max_nodes(self.max_nodes))
        best = [cell for cell, score in outcome.scores.items() if score == outcome.score] or [outcome.cell]
        return Decision(board.move_at(rng.choice(sorted(best))), value=proven_value(outcome), depth=outcome.depth)


class ThreatSpaceStrategy(Strategy):
    """Gomoku-style play for big boards (the game's ``searches``' ``threat_space``; the classic
    game's is :mod:`..search.threats`): exact line shapes (fives, fours,
    threes), wins by chains of fours, never a move that leaves the opponent one it can find, and
    an alpha-beta over the most valuable squares until ``max_nodes`` nodes or the deadline."""

    name = "threat-space"

    def __init__(self, max_nodes: int | None = 20_000, *, searches: SearchesFor = ANY_GAME) -> None:
        self.max_nodes = max_nodes
        self.searches = searches
        """The game's searches: it plays boards of k ≥ 4 in the games whose searches have a
        threat-space search."""

    def supports(self, board: Board) -> bool:
        return self.searches.of(board).threat_space is not None and board.k >= 4

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        require_moves(board)
        search = needed(self.searches.of(board).threat_space, self, board)
        outcome = search(board, budget.with_max_nodes(self.max_nodes))
        return Decision(board.move_at(outcome.cell), value=proven_value(outcome), depth=outcome.depth)

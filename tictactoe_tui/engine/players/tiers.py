"""Building blocks of difficulty levels: a player that slips, tiers by board size."""

from __future__ import annotations

import random

from ..board import Board
from ..search.budget import UNLIMITED, Budget
from .base import Decision, Strategy
from .seeds import RandomStrategy


class SlippingStrategy(Strategy):
    """Another strategy's moves, except that one move in ``every`` (on average) is random."""

    slip = RandomStrategy()

    def __init__(self, inner: Strategy, every: int) -> None:
        self.inner, self.every = inner, every
        self.name = inner.name

    def supports(self, board: Board) -> bool:
        return self.inner.supports(board)

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        player = self.slip if rng.randrange(self.every) == 0 else self.inner
        return player.decide(board, rng, budget)


class BySize(Strategy):
    """A level's player: the strategy of the first tier whose size limit (squares, or None for
    any size) the board fits."""

    def __init__(self, name: str, tiers: tuple[tuple[int | None, Strategy], ...]) -> None:
        if tiers[-1][0] is not None:
            raise ValueError("the last tier must take any board size")
        self.name = name
        self.tiers = tiers

    def pick(self, board: Board) -> Strategy:
        """The strategy this level plays on ``board`` (a plain loop: it runs on every 3×3 move)."""
        cells = board.geometry.cells
        for limit, strategy in self.tiers:
            if limit is None or cells <= limit:
                return strategy
        raise AssertionError("the last tier takes any board size")

    def supports(self, board: Board) -> bool:
        return self.pick(board).supports(board)

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        return self.pick(board).decide(board, rng, budget)

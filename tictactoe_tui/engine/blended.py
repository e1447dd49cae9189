"""The player "match me" is made of: one that plays between two levels (:class:`~.strength.Blend`)."""

from __future__ import annotations

import random

from .board import Board
from .games import get_strategy
from .players import Decision, Strategy
from .search.budget import UNLIMITED, Budget
from .strength import Blend


class BlendedLevel(Strategy):
    """Plays as :class:`Blend` says: each move, with chance ``share``, the stronger level's move,
    else the weaker level's (the levels looked up by name, so the player pickles by value)."""

    def __init__(self, blend: Blend) -> None:
        self.blend = blend
        self.name = blend.name

    def supports(self, board: Board) -> bool:
        return all(get_strategy(level).supports(board) for level in (self.blend.weaker, self.blend.stronger))

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        level = self.blend.stronger if rng.random() < self.blend.share else self.blend.weaker
        return get_strategy(level).decide(board, rng, budget)

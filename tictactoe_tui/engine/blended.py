"""The players between the levels: :class:`BlendedLevel` plays a :class:`~.strength.Blend` of two,
and "match me" (:class:`MatchMe`) plays the blend whose calibrated rating is nearest a player's."""

from __future__ import annotations

import random
from collections.abc import Callable

from .board import Board, GameShape
from .players import Decision, Strategy
from .search.budget import UNLIMITED, Budget
from .strength import MATCH_ME, NEW_PLAYER_RATING, Blend, ratings_for


class BlendedLevel(Strategy):
    """Plays as :class:`Blend` says: each move, with chance ``share``, the stronger level's move,
    else the weaker level's, each found by name with ``levels`` (the games registry's
    ``get_strategy``, which this module does not import: the registry registers :class:`MatchMe`)."""

    def __init__(self, blend: Blend, levels: Callable[[str], Strategy]) -> None:
        self.blend = blend
        self.levels = levels
        self.name = blend.name

    def supports(self, board: Board) -> bool:
        return all(self.levels(level).supports(board) for level in (self.blend.weaker, self.blend.stronger))

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        level = self.blend.stronger if rng.random() < self.blend.share else self.blend.weaker
        return self.levels(level).decide(board, rng, budget)


class MatchMe(Strategy):
    """Plays at ``rating`` on the calibrated boards: the blend of levels the calibration puts
    nearest it (:meth:`~.strength.ShapeRatings.match`). Named on its own (the command line), it
    plays at a new player's rating; the app asks for the blend for yours."""

    name = MATCH_ME

    def __init__(self, levels: Callable[[str], Strategy], rating: float = NEW_PLAYER_RATING) -> None:
        self.levels = levels
        self.rating = rating

    def supports(self, board: Board) -> bool:
        return ratings_for(GameShape.of(board)) is not None

    def blend(self, board: Board) -> Blend:
        """The blend it plays on ``board``'s shape (a calibrated one)."""
        ratings = ratings_for(GameShape.of(board))
        if ratings is None:
            raise ValueError(f"{MATCH_ME} has no calibrated levels on this board")
        return ratings.match(self.rating)[0]

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        return BlendedLevel(self.blend(board), self.levels).decide(board, rng, budget)

"""What "match me" plays: the blend of the computer's levels nearest your rating on the board in
play, chosen once a game (the computer's seat plays it, the status says it, the archive keeps it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.board import GameShape
from ..engine.games.base import LEVEL_NAMES

if TYPE_CHECKING:
    from ..engine.strength import Blend
    from .state import GameState


class MatchMe:
    """Chooses, once a game, the strength "match me" plays at: ``rating_of`` gives your rating on
    a board shape (None: none yet there)."""

    def __init__(self, rating_of: Callable[[GameShape], float | None]) -> None:
        self._rating_of = rating_of
        self._chosen: tuple[tuple[int, GameShape], tuple[Blend, float] | None] | None = None

    def matched(self, level: str, game: GameState) -> tuple[Blend, float] | None:
        """What "match me" plays in ``game`` and the rating it plays at (None: ``level`` is another
        level, or the board has no calibration); fixed for the game once asked."""
        if level in LEVEL_NAMES:  # a level: nothing to load (before the first frame)
            return None
        from ..engine.strength import MATCH_ME, NEW_PLAYER_RATING, ratings_for

        if level != MATCH_ME:
            return None
        shape = GameShape.of(game.board)
        if self._chosen is None or self._chosen[0] != (game.number, shape):
            ratings = ratings_for(shape)
            yours = self._rating_of(shape) if ratings is not None else None
            rating = NEW_PLAYER_RATING if yours is None else yours
            self._chosen = ((game.number, shape), None if ratings is None else ratings.match(rating))
        return self._chosen[1]

    def level(self, level: str, game: GameState) -> str:
        """The computer's level for ``game``: ``level`` as set, or for "match me" the blend of
        levels nearest your rating on its board (its name, which the search and the archive read)."""
        matched = self.matched(level, game)
        return level if matched is None else matched[0].name

    def news(self, level: str, game: GameState) -> str:
        """``Match me: playing at about 1650`` while "match me" plays in a game that rates, else ''."""
        matched = self.matched(level, game) if game.table.rates else None
        return "" if matched is None else f"Match me: playing at about {round(matched[1], -1):.0f}"

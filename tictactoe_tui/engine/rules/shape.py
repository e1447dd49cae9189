"""A game on a board shape (:class:`GameShape`): rows, columns, marks in a row and the game's
name, the one shape type of the package, and the value a :class:`~.base.Geometry` is made from
and holds."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

from ..marks import BoardError
from . import DEFAULT_GAME, rules_named
from .base import BoardLike, Geometry, Rules, shape_of


@dataclass(frozen=True)
class GameShape:
    """A game on a board shape: rows, columns, marks in a row and the game's name. The one shape
    type: the sidebar's presets (``game.Preset`` is this), positions, the levels' calibration
    and ratings name a shape by it, and a shape's :attr:`geometry` is made from it and holds
    it. Made as it is read (an archived game of a plug-in not installed still has its shape);
    :meth:`checked` refuses one its game does not take."""

    rows: int
    cols: int
    k: int
    game: str = DEFAULT_GAME

    @classmethod
    def of(cls, board: BoardLike) -> GameShape:
        """The game and shape ``board`` is played on (the one its geometry holds)."""
        return cast(GameShape, board.geometry.shape)  # a geometry is made by GameShape.geometry alone

    def checked(self) -> GameShape:
        """Itself, once its game takes this size (:class:`BoardError` says why not)."""
        rules_named(self.game).check_size(self.rows, self.cols, self.k)
        return self

    @classmethod
    def from_key(cls, key: str) -> GameShape:
        """Read ``4x4k4`` (classic) or ``gravity:6x7k4``; :class:`BoardError` if it is malformed
        or not a size the game supports."""
        game, colon, shape = key.strip().lower().rpartition(":")
        match = re.fullmatch(r"([0-9]+)x([0-9]+)k([0-9]+)", shape)  # ASCII digits, as written
        if not match:
            raise BoardError(f"board {key!r} is not written like 4x4k4 or gravity:6x7k4")
        rows, cols, k = (int(part) for part in match.groups())
        return cls(rows, cols, k, game if colon else DEFAULT_GAME).checked()

    @property
    def key(self) -> str:
        """E.g. ``4x4k4`` or ``gravity:6x7k4``, as in settings files."""
        shape = f"{self.rows}x{self.cols}k{self.k}"
        return shape if self.game == DEFAULT_GAME else f"{self.game}:{shape}"

    @property
    def geometry(self) -> Geometry:
        """The shared geometry of this shape in its game (one object per shape and game, holding
        this shape with the game's name as its rules spell it; :class:`BoardError` if the game
        is not known or does not take this size)."""
        rules = rules_named(self.game)
        named = self if self.game == rules.name else GameShape(self.rows, self.cols, self.k, rules.name)
        return shape_of(named, rules)

    @property
    def rules(self) -> Rules:
        """The game's rules (:class:`BoardError` if it does not take this size)."""
        return self.geometry.rules

    @property
    def label(self) -> str:
        """E.g. ``4×4, 4 in a row`` or ``Connect Four, 6×7``."""
        return self.rules.shape_label(self.rows, self.cols, self.k)

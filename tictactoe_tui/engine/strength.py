"""How strong each level plays, on one rating scale: the calibration the arena measured
(``scripts/calibrate_levels.py``), kept in ``data/level_ratings.json``, and the blends between
two levels that "match me" plays (the player itself: :mod:`.blended`).

A board shape the calibration did not measure has no ratings: callers say "unrated". Reading it
loads no player or game (the statistics are a quick answer).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .board import GameShape

#: The level people pick to be matched to their rating (it plays blends: :mod:`.blended`).
MATCH_ME = "match-me"
#: A new player's rating (Glicko-2's start), on the levels' scale.
NEW_PLAYER_RATING = 1500.0
#: The calibration's file, beside this module.
CALIBRATION_FILE = "level_ratings.json"


def calibration_key(shape: GameShape) -> str:
    """E.g. ``classic 3x3 k3``: how the calibration file names a shape."""
    return f"{shape.game} {shape.rows}x{shape.cols} k{shape.k}"


@dataclass(frozen=True)
class Blend:
    """A player between two levels: each move the ``stronger`` level's with chance ``share``,
    else the ``weaker`` level's."""

    weaker: str
    stronger: str
    share: float

    @property
    def name(self) -> str:
        """E.g. ``hard`` (a level alone) or ``hard+impossible@0.5``."""
        if self.weaker == self.stronger:
            return self.weaker
        return f"{self.weaker}+{self.stronger}@{self.share:g}"

    @classmethod
    def parse(cls, name: str) -> Blend | None:
        """The blend :attr:`name` names (``hard+impossible@0.35``), or None for any other name."""
        levels, at, share = name.partition("@")
        weaker, plus, stronger = levels.partition("+")
        if not (at and plus and weaker and stronger):
            return None
        try:
            value = float(share)
        except ValueError:
            return None
        return cls(weaker, stronger, value) if 0 <= value <= 1 else None


@dataclass(frozen=True)
class RatedPlayer:
    """A calibrated player (a level, or a blend of two) and its rating, with its 95% interval."""

    blend: Blend
    rating: float
    low: float
    high: float


@dataclass(frozen=True)
class ShapeRatings:
    """One shape's calibration: each level's rating, easiest level first (levels told apart by
    no game share one), and the blends measured between neighbouring levels, weakest first."""

    shape: GameShape
    levels: dict[str, RatedPlayer]
    blends: tuple[RatedPlayer, ...]

    @property
    def names(self) -> list[str]:
        """The levels, easiest first."""
        return list(self.levels)

    def level_rating(self, level: str) -> float:
        return self.levels[level].rating

    def nearest_level(self, rating: float) -> str:
        """The level whose rating is nearest ``rating`` (the weaker on a tie)."""
        names = self.names
        return min(names, key=lambda level: (abs(self.levels[level].rating - rating), names.index(level)))

    def points(self) -> list[tuple[float, float]]:
        """Every calibrated player as (place, rating): a level at its index in :attr:`names`
        (0 to 3), a blend at its weaker level's index plus its share; the ratings made never to
        fall as the place rises (a blend measured below the level under it counts as that
        level's rating)."""
        places = [(float(index), self.levels[level].rating) for index, level in enumerate(self.names)]
        places += [(self.place_of(blend.blend), blend.rating) for blend in self.blends]
        places.sort()
        rising: list[tuple[float, float]] = []
        for place, rating in places:
            rising.append((place, max(rating, rising[-1][1]) if rising else rating))
        return rising

    def place_of(self, blend: Blend) -> float:
        """Where ``blend`` stands on the levels' scale (0 = the first level, 3 = the last)."""
        names = self.names
        if blend.weaker == blend.stronger:
            return float(names.index(blend.weaker))
        weaker, stronger = names.index(blend.weaker), names.index(blend.stronger)
        return weaker + blend.share * (stronger - weaker)

    def rating_at(self, place: float) -> float:
        """The rating a player at ``place`` plays at: straight lines between the calibrated players."""
        points = self.points()
        for (low_place, low), (high_place, high) in itertools.pairwise(points):
            if low_place <= place <= high_place:
                return low + (place - low_place) / (high_place - low_place) * (high - low)
        return points[0][1] if place < points[0][0] else points[-1][1]

    def match(self, rating: float) -> tuple[Blend, float]:
        """The player that plays nearest ``rating``, and the rating it plays at: the place
        between the calibrated players around ``rating`` found by straight-line interpolation of
        their ratings, played as a blend of the two levels it lies between; below the weakest
        level or above the strongest, that level."""
        points = self.points()
        place, plays_at = points[0] if rating <= points[0][1] else points[-1]
        for (low_place, low), (high_place, high) in itertools.pairwise(points):
            if low < rating <= high:
                place = low_place + (rating - low) / (high - low) * (high_place - low_place)
                plays_at = rating
                break
        return self.blend_at(place), plays_at

    def blend_at(self, place: float) -> Blend:
        """The blend at ``place`` on the levels' scale (0 = the first level, 3 = the last)."""
        names = self.names
        index = min(int(place), len(names) - 2)
        share = round(place - index, 3)
        if share >= 1:
            return level_blend(names[index + 1])
        if share <= 0:
            return level_blend(names[index])
        return Blend(names[index], names[index + 1], share)


def level_blend(level: str) -> Blend:
    """A level as a blend: itself, every move."""
    return Blend(level, level, 1.0)


@cache
def calibration() -> dict[str, ShapeRatings]:
    """Every calibrated shape's ratings, by :func:`calibration_key` (read once). A file missing or not
    as the script writes it leaves every board unrated: ratings never stop the app."""
    try:
        text = resources.files(__package__).joinpath("data", CALIBRATION_FILE).read_text(encoding="utf-8")
        return read_calibration(text)
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def read_calibration(text: str) -> dict[str, ShapeRatings]:
    """The calibration file's ``text`` as each shape's ratings (ValueError, KeyError or TypeError
    where it is not as the script writes it)."""
    data = json.loads(text)
    shapes: dict[str, ShapeRatings] = {}
    for entry in data["shapes"]:
        shape = GameShape(entry["rows"], entry["cols"], entry["k"], entry["game"])
        players = [
            RatedPlayer(Blend(row["weaker"], row["stronger"], row["share"]), row["rating"], row["low"], row["high"])
            for row in entry["players"]
        ]
        levels = {player.blend.weaker: player for player in players if player.blend.weaker == player.blend.stronger}
        blends = tuple(player for player in players if player.blend.weaker != player.blend.stronger)
        if len(levels) < 2:
            raise ValueError(f"{calibration_key(shape)}: fewer than two levels rated")
        shapes[calibration_key(shape)] = ShapeRatings(shape, levels, blends)
    return shapes


def ratings_for(shape: GameShape) -> ShapeRatings | None:
    """``shape``'s calibration, or None where it has none (unrated)."""
    return calibration().get(calibration_key(shape))

"""The player's rating per game and board: Glicko-2 (rating, deviation, volatility), one update
per finished game against a calibrated computer level, each game's before and after kept in the
archive's ``ratings`` table. The table is derived: it is rebuilt from the games whenever it does
not hold exactly the rated games (a new archive, a deleted game). Pure Python, no Textual.

The Glicko-2 step is the ``glicko2`` package's (Ryan Kirkman's, after Glickman's paper), one
rating period a game; its volatility step reads the rating where the paper has the deviation
(φ² in Glickman's step 5, f(x)), which only the paper's own example, at 1500, does not show:
:class:`PaperPlayer` puts the deviation back (tests/test_ratings.py measures both).
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import glicko2

from ..engine.board import GameShape
from ..engine.strength import NEW_PLAYER_RATING, Blend, ShapeRatings, ratings_for
from ..table import TABLES

#: A new player: Glicko-2's defaults.
START_RATING, START_DEVIATION, START_VOLATILITY = NEW_PLAYER_RATING, 350.0, 0.06
#: A deviation above this is provisional: the rating is shown with it.
PROVISIONAL_DEVIATION = 110.0
#: How far the 95% interval reaches: 1.96 standard errors.
Z95 = 1.96


class PaperPlayer(glicko2.Player):  # type: ignore[misc]  # the package ships no types
    """The package's player with Glickman's step 5 as the paper writes it: f(x) uses φ², the
    deviation, where the package uses μ², the rating."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        phi_squared = float(self._Player__rd) ** 2  # the package's own deviation, on Glicko-2's scale
        ex = math.exp(x)
        return float(
            ex * (delta**2 - phi_squared - v - ex) / (2 * (phi_squared + v + ex) ** 2) - (x - a) / self._tau**2
        )


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Elo-like scale (1500 to start)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION

    def text(self) -> str:
        """E.g. ``1650`` or, while provisional, ``1420 ±180``."""
        shown = f"{self.rating:.0f}"
        return f"{shown} ±{self.deviation:.0f}" if self.provisional else shown


def updated(before: Rating, games: Sequence[tuple[float, float, float]]) -> Rating:
    """``before`` after one rating period of ``games``: each (opponent's rating, opponent's
    deviation, score: 1 won, 0.5 drawn, 0 lost)."""
    player = PaperPlayer(before.rating, before.deviation, before.volatility)
    player.update_player([game[0] for game in games], [game[1] for game in games], [game[2] for game in games])
    return Rating(float(player.rating), float(player.rd), float(player.vol))


def opponent_deviation(ratings: ShapeRatings, level: str) -> float:
    """A level's deviation: its calibration's standard error (a floor of 30 for the anchor, which has none)."""
    player = ratings.levels[level]
    return max(30.0, (player.high - player.low) / (2 * Z95))


@dataclass(frozen=True)
class Opponent:
    """The computer as a rated opponent: the rating and deviation it played at."""

    rating: float
    deviation: float


def opponent_of(shape: GameShape, level: str) -> Opponent | None:
    """The calibrated strength of ``level`` (a level's name, or the blend "match me" played) on
    ``shape``; None where it has none (an uncalibrated board, a strategy, a level changed mid-game)."""
    ratings = ratings_for(shape)
    if ratings is None:
        return None
    if level in ratings.levels:
        return Opponent(ratings.level_rating(level), opponent_deviation(ratings, level))
    blend = Blend.parse(level)
    if blend is None or blend.weaker not in ratings.levels or blend.stronger not in ratings.levels:
        return None
    rating = ratings.rating_at(ratings.place_of(blend))
    deviation = max(opponent_deviation(ratings, blend.weaker), opponent_deviation(ratings, blend.stronger))
    return Opponent(rating, deviation)


def may_be_rated() -> str:
    """The condition on the games that may be rated: at a table that rates them (``Table.rates``:
    against the computer), no coach and no other help taken (the level and board decide the
    rest: :func:`opponent_of`)."""
    tables = ", ".join("'{}'".format(table.name.replace("'", "''")) for table in TABLES.values() if table.rates)
    return f"mode IN ({tables}) AND coached = 0 AND aids = ''"


def rated_games() -> str:
    """The query for the games that may be rated after a given game, oldest first."""
    return (
        "SELECT id, variant, rows, cols, k, CASE played_as WHEN '' THEN level ELSE played_as END, outcome, ended_at"
        f" FROM games WHERE {may_be_rated()} AND id > ? ORDER BY id"
    )


@dataclass(frozen=True)
class RatedGame:
    """One game's step of a rating: the board, the level and its strength, before and after."""

    game_id: int
    shape: GameShape
    level: str
    opponent: Opponent
    score: float
    ended_at: float
    before: Rating
    after: Rating


def rate_games(rows: Iterable[Sequence[Any]], current: dict[GameShape, Rating] | None = None) -> list[RatedGame]:
    """The step of each rated game among ``rows`` (:func:`rated_games`), in order, each board's
    rating going on from ``current`` (a new player's where it has none)."""
    current = {} if current is None else current
    steps = []
    for game_id, game, rows_, cols, k, level, outcome, ended_at in rows:
        shape = GameShape(rows_, cols, k, game)
        opponent = opponent_of(shape, level)
        if opponent is None:
            continue
        score = {1: 1.0, 0: 0.5, -1: 0.0}[outcome]
        before = current.get(shape, Rating())
        after = current[shape] = updated(before, [(opponent.rating, opponent.deviation, score)])
        steps.append(RatedGame(game_id, shape, level, opponent, score, ended_at, before, after))
    return steps


def _insert(connection: sqlite3.Connection, step: RatedGame) -> None:
    shape, before, after = step.shape, step.before, step.after
    connection.execute(
        "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (step.game_id, shape.game, shape.rows, shape.cols, shape.k, step.level, step.opponent.rating, step.score,
         step.ended_at, before.rating, before.deviation, before.volatility,
         after.rating, after.deviation, after.volatility),
    )  # fmt: skip


def _latest(connection: sqlite3.Connection) -> dict[GameShape, Rating]:
    """Each board's rating after its newest rated game."""
    rows = connection.execute(
        "SELECT variant, rows, cols, k, rating, deviation, volatility FROM ratings"
        " WHERE game_id IN (SELECT MAX(game_id) FROM ratings GROUP BY variant, rows, cols, k)"
    )
    return {GameShape(rows_, cols, k, game): Rating(*values) for game, rows_, cols, k, *values in rows}


#: The ``meta`` row saying how far the ratings table went: "<last game looked at> <rows>".
RATED_THROUGH = "ratings_through"


def bring_up_to_date(connection: sqlite3.Connection) -> None:
    """Rate the games the ratings table has not looked at yet, going on from each board's latest
    rating. If the table is not as it was left (rows missing, say from a damaged file) or holds
    a game the archive no longer rates (a deleted game), rate every game again. Runs inside the
    caller's writing transaction."""
    through, kept_rows = _rated_through(connection)
    rows_now = connection.execute("SELECT COUNT(*) FROM ratings").fetchone()[0]
    if rows_now != kept_rows or _gone(connection):
        connection.execute("DELETE FROM ratings")
        through = 0
    rows = connection.execute(rated_games(), (through,)).fetchall()
    for step in rate_games(rows, _latest(connection)):
        _insert(connection, step)
    count = connection.execute("SELECT COUNT(*) FROM ratings").fetchone()[0]
    newest = max((row[0] for row in rows), default=through)
    connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (RATED_THROUGH, f"{newest} {count}"))


def _gone(connection: sqlite3.Connection) -> int:
    """How many rated games the archive no longer rates (deleted ones)."""
    query = f"SELECT COUNT(*) FROM ratings WHERE game_id NOT IN (SELECT id FROM games WHERE {may_be_rated()})"
    return int(connection.execute(query).fetchone()[0])


def _rated_through(connection: sqlite3.Connection) -> tuple[int, int]:
    """The last game the ratings table looked at, and the rows it held then (0, 0: never)."""
    row = connection.execute("SELECT value FROM meta WHERE key = ?", (RATED_THROUGH,)).fetchone()
    try:
        through, count = map(int, row[0].split()) if row else (0, 0)
    except ValueError:  # an edited row: rate every game again
        return 0, -1
    return through, count


def needs_update(connection: sqlite3.Connection) -> bool:
    """Whether the ratings table lags behind the games or is not as it was left (a cheap check
    before writing)."""
    through, kept_rows = _rated_through(connection)
    newest = connection.execute(f"SELECT MAX(id) FROM games WHERE {may_be_rated()}").fetchone()[0] or 0
    rows = connection.execute("SELECT COUNT(*) FROM ratings").fetchone()[0]
    return newest != through or rows != kept_rows or bool(_gone(connection))


@dataclass(frozen=True)
class BoardRating:
    """A board's rating now, its games and its path (the rating after each game, oldest first)."""

    shape: GameShape
    rating: Rating
    games: int
    path: tuple[float, ...]


def board_ratings(connection: sqlite3.Connection) -> list[BoardRating]:
    """Every board the player has a rating on, smallest board first."""
    paths: dict[GameShape, list[float]] = {}
    latest: dict[GameShape, Rating] = {}
    query = "SELECT variant, rows, cols, k, rating, deviation, volatility FROM ratings ORDER BY game_id"
    for game, rows, cols, k, rating, deviation, volatility in connection.execute(query):
        shape = GameShape(rows, cols, k, game)
        paths.setdefault(shape, []).append(rating)
        latest[shape] = Rating(rating, deviation, volatility)
    order = sorted(paths, key=lambda shape: (shape.rows * shape.cols, shape.rows, shape.k, shape.game))
    return [BoardRating(shape, latest[shape], len(paths[shape]), tuple(paths[shape])) for shape in order]


def board_rating(connection: sqlite3.Connection, shape: GameShape) -> BoardRating | None:
    """The player's rating on ``shape`` (through the ratings' index on the board), or None."""
    rows = connection.execute(
        "SELECT rating, deviation, volatility FROM ratings"
        " WHERE variant = ? AND rows = ? AND cols = ? AND k = ? ORDER BY game_id",
        (shape.game, shape.rows, shape.cols, shape.k),
    ).fetchall()
    if not rows:
        return None
    return BoardRating(shape, Rating(*rows[-1]), len(rows), tuple(row[0] for row in rows))

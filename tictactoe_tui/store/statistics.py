"""Statistics: won, drawn and lost with the winning streaks, per mode, level and board,
counted from the archive's rows (and the counts imported from the old statistics file).
Coached games are counted apart, in no line, so the scores stay honest. Pure Python, no Textual.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from ..engine.strength import calibration
from ..words import counted
from .games import KIND, streak_before
from .ratings import BoardRating
from .record import board_label

# Games and the best streak per kind and result, in one pass over an index (each row keeps
# the winning streak up to it; the current streak is the newest row's).
RESULTS_QUERY = f"SELECT {KIND}, outcome, COUNT(*), MAX(streak) FROM games GROUP BY {KIND}, outcome"


@dataclass(frozen=True)
class StatsLine:
    """Results for one mode, level and board (``board`` is ``earlier games`` for imported counts)."""

    mode: str
    level: str
    board: str
    won: int
    drawn: int
    lost: int
    streak: int
    best_streak: int

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost

    @property
    def who(self) -> str:
        """E.g. ``you vs computer · hard`` or ``two players``."""
        return f"{self.mode} · {self.level}" if self.level else self.mode


@dataclass(frozen=True)
class Statistics:
    """Every line of results, and the totals."""

    lines: tuple[StatsLine, ...] = ()
    archived: int = 0
    """Games in the archive, coached ones too."""
    imported: int = 0
    coached: int = 0
    """Games in the archive played with the coach on: in no line."""
    ratings: tuple[BoardRating, ...] = ()
    """The player's rating on each board played rated."""

    @property
    def games(self) -> int:
        """Finished games recorded: those in the archive and those counted before it existed."""
        return self.archived + self.imported

    @property
    def coached_text(self) -> str:
        """What the lines leave out: ``2 games played with the coach, not in the scores``, or ''."""
        if not self.coached:
            return ""
        return f"{counted(self.coached, 'game')} played with the coach, not in the scores"

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "archived": self.archived,
            "imported": self.imported,
            "coached": self.coached,
            "lines": [
                {
                    "mode": line.mode,
                    "level": line.level or None,
                    "board": line.board,
                    "games": line.games,
                    "won": line.won,
                    "drawn": line.drawn,
                    "lost": line.lost,
                    "streak": line.streak,
                    "best_streak": line.best_streak,
                }
                for line in self.lines
            ],
            "ratings": [
                {
                    "game": board.shape.game,
                    "board": f"{board.shape.rows}x{board.shape.cols}",
                    "k": board.shape.k,
                    "rating": round(board.rating.rating, 1),
                    "deviation": round(board.rating.deviation, 1),
                    "games": board.games,
                }
                for board in self.ratings
            ],
            "level_ratings": [
                {
                    "game": ratings.shape.game,
                    "board": f"{ratings.shape.rows}x{ratings.shape.cols}",
                    "k": ratings.shape.k,
                    "level": level,
                    "rating": player.rating,
                }
                for ratings in calibration().values()
                for level, player in ratings.levels.items()
            ],
        }


def statistics(connection: sqlite3.Connection) -> Statistics:
    """Won, drawn and lost with streaks per mode, level and board, from the rows; coached games
    only counted."""
    counts: dict[tuple[Any, ...], list[int]] = {}  # won, drawn, lost, streak, best
    coached = 0
    for *kind, outcome, games, best in connection.execute(RESULTS_QUERY):
        if kind[-1]:
            coached += games
            continue
        line = counts.setdefault(tuple(kind), [0, 0, 0, 0, 0])
        line[{1: 0, 0: 1, -1: 2}[outcome]] = games
        line[4] = max(line[4], best)
    for kind, line in counts.items():
        line[3] = streak_before(connection, kind)
    lines = []
    for kind in sorted(counts, key=_kind_order):
        mode, level, game, rows, cols, k, _ = kind
        lines.append(StatsLine(mode, level, board_label(game, rows, cols, k), *counts[kind]))
    archived = sum(line.games for line in lines) + coached
    imported = 0
    for key, won, drawn, lost, streak, best in connection.execute("SELECT * FROM legacy_stats ORDER BY key"):
        mode, _, level = key.partition(" · ")
        lines.append(StatsLine(mode, level, "earlier games", won, drawn, lost, streak, best))
        imported += won + drawn + lost
    return Statistics(tuple(lines), archived, imported, coached)


def _kind_order(kind: tuple[Any, ...]) -> tuple[Any, ...]:
    """Mode, level, then boards from small to large."""
    mode, level, game, rows, cols, k, _ = kind
    return (mode, level, rows * cols, rows, k, game)

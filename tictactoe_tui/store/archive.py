"""The game archive: every finished game, one row each, in a local SQLite database.

The front the app and the command line use. Behind it: :mod:`.database` (open, migrate, set a
damaged file aside), :mod:`.games` (records and their queries), :mod:`.statistics`,
:mod:`.puzzles`, :mod:`.reviews` and :mod:`.legacy_stats` (the old statistics file, imported
once). Any use that finds the file damaged sets it aside and goes on in a fresh one holding every
row that could still be read. A database that cannot be written (a read-only or full disk)
keeps the games of this session in memory, retries them with the next game, and says so. Pure Python, no Textual.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from .. import __version__
from ..engine.board import GameShape
from ..engine.puzzles import Puzzle
from . import games, legacy_stats, puzzles, ratings, reviews, statistics
from .files import Paths
from .games import PAGE_SIZE, Filters, Summary
from .puzzles import PuzzleEntry
from .ratings import BoardRating
from .record import GameRecord, board_label, local_time
from .sqlite.database import BUSY_TIMEOUT, ArchiveError, Database
from .sqlite.schema import MIGRATIONS, SCHEMA_VERSION
from .statistics import Statistics, StatsLine

#: No filter: every game.
ALL_GAMES = Filters()


class Archive:
    """The database of finished games. Safe to share between threads; every method is one
    short transaction. Problems worth telling the player are collected in :attr:`problems`."""

    def __init__(self, path: Path | None, busy_timeout: float = BUSY_TIMEOUT) -> None:
        """Open (creating or upgrading) the archive at ``path``; None keeps it in memory.
        A write waits up to ``busy_timeout`` seconds for another copy's transaction."""
        self._database = Database(path, busy_timeout)
        self.path = path
        self.problems = self._database.problems
        self.pending: list[GameRecord] = []
        """Games not yet written because the disk refused them; retried with the next one."""

    @classmethod
    def open(cls, paths: Paths) -> Archive:
        """The user's archive, with the old ``stats.json`` counters imported on first use."""
        archive = cls(paths.archive)
        archive.import_legacy_stats(paths.stats)
        return archive

    @property
    def available(self) -> bool:
        """Whether the database could be opened."""
        return self._database.available

    def ensure_available(self) -> None:
        """Raise :class:`ArchiveError` naming what went wrong if the database could not be opened."""
        if not self.available:
            raise ArchiveError("; ".join(self.problems))

    def close(self) -> None:
        self._database.close()

    def news(self) -> list[str]:
        """Problems to tell the player that were not told yet, each once: opening the archive
        (a damaged file set aside, an archive unavailable) and any write that found the file
        damaged, set it aside and was then done in a fresh archive."""
        return self._database.news()

    # -- writing -----------------------------------------------------------------------

    def record(self, record: GameRecord) -> str | None:
        """Add a finished game (and any the disk refused before); a problem to report, or None."""
        self.pending.append(record)
        if not self._database.available:
            return "The game archive is unavailable: this game is kept until the app closes"

        def insert_pending(connection: sqlite3.Connection) -> None:
            for pending in self.pending:
                games.insert(connection, pending)
            ratings.bring_up_to_date(connection)

        met = len(self.problems)
        try:
            self._database.write(insert_pending, "add the game to the archive")
        except ArchiveError as error:
            return f"{error.sentence()}; it is kept until the app closes"
        self.pending.clear()
        set_aside = self.problems[met:]  # the damaged file set aside, the game kept in a fresh one
        self._database.told(set_aside)  # the game screen shows the answer
        return "; ".join(set_aside) or None

    def delete(self, game_id: int) -> bool:
        """Remove a game (the streaks of the games after it are counted again); whether it was there."""

        def delete(connection: sqlite3.Connection) -> bool:
            deleted = games.delete(connection, game_id)
            ratings.bring_up_to_date(connection)
            return deleted

        return self._database.write(delete, f"delete game {game_id}")

    def import_legacy_stats(self, path: Path) -> None:
        """Once per archive: count the old ``stats.json`` in the statistics and rename it
        ``stats.json.imported`` (kept, not deleted)."""
        legacy_stats.import_once(self._database, path)

    # -- puzzles -----------------------------------------------------------------------

    def add_puzzles(self, found: Sequence[Puzzle]) -> int:
        """Keep new puzzles (a position already kept is skipped); how many were new."""
        return self._database.write(lambda connection: puzzles.insert(connection, found), "keep the puzzles")

    def puzzles(self, limit: int = 50) -> list[PuzzleEntry]:
        """Puzzles to solve: unsolved first, your own mistakes first among them."""
        return self._database.read(lambda connection: puzzles.listing(connection, limit))

    def unmined_games(self, limit: int, squares: int) -> list[GameRecord]:
        """Up to ``limit`` of your games on boards of at most ``squares`` squares whose positions
        were not judged for puzzles yet, newest first."""

        def read(connection: sqlite3.Connection) -> list[GameRecord]:
            found = (games.get(connection, game_id) for game_id in puzzles.unmined(connection, limit, squares))
            return [record for record in found if record is not None]

        return self._database.read(read)

    def keep_mined(self, game_ids: Sequence[int], found: Sequence[Puzzle]) -> int:
        """Keep the puzzles ``found`` in games ``game_ids``, each game mined once; how many were new."""
        return self._database.write(
            lambda connection: puzzles.keep_mined(connection, game_ids, found), "keep the puzzles from your games"
        )

    def puzzle_result(self, puzzle_id: int, solved: bool) -> None:
        """Count an attempt at a puzzle."""
        self._database.write(
            lambda connection: puzzles.count_attempt(connection, puzzle_id, solved), "keep the puzzle's result"
        )

    # -- reviews -----------------------------------------------------------------------

    def keep_review(self, game_id: int, review: str, tag: str = __version__) -> None:
        """Keep game ``game_id``'s review (text as the review serialized it, in format ``tag``:
        the app's version unless the review names its own), so showing it again is instant."""
        self._database.write(lambda connection: reviews.keep(connection, game_id, review, tag), "keep the review")

    def kept_review(self, game_id: int, tag: str = __version__) -> str | None:
        """Game ``game_id``'s kept review, or None if none is kept in format ``tag``."""
        return self._database.read(lambda connection: reviews.kept(connection, game_id, tag))

    # -- reading -----------------------------------------------------------------------

    def count(self, filters: Filters = ALL_GAMES) -> int:
        """How many games match."""
        return self._database.read(lambda connection: games.count(connection, filters))

    def page(self, filters: Filters = ALL_GAMES, before: int | None = None, size: int = PAGE_SIZE) -> list[Summary]:
        """Up to ``size`` games, newest first, older than game ``before`` if given."""
        return self._database.read(lambda connection: games.page(connection, filters, before, size))

    def get(self, game_id: int) -> GameRecord | None:
        """One whole game, or None."""
        return self._database.read(lambda connection: games.get(connection, game_id))

    def find(self, record: GameRecord) -> GameRecord | None:
        """``record`` as the archive keeps it (with its id): a game written from this session,
        found by its start, end and moves; None if the archive does not hold it."""
        if record.id is not None:
            return record
        game_id = self._database.read(lambda connection: games.find(connection, record))
        return None if game_id is None else replace(record, id=game_id)

    def choices(self) -> tuple[list[str], list[tuple[str, int, int, int]]]:
        """The levels and the boards ``(game, rows, cols, k)`` that games were played on."""
        return self._database.read(games.choices)

    def ratings(self) -> list[BoardRating]:
        """The player's rating on every board played rated, rated afresh first where the ratings
        table lags behind the games (a new archive, one from before ratings, a deleted game)."""
        try:
            if not self._database.read_only and self._database.read(ratings.needs_update):
                self._database.write(ratings.bring_up_to_date, "rate the games")
            return self._database.read(ratings.board_ratings)
        except ArchiveError:  # an archive that cannot be written, from before ratings: none to show
            return []

    def rating(self, shape: GameShape) -> BoardRating | None:
        """The player's rating on ``shape`` as the ratings table holds it, or None (no rated game)."""
        try:
            return self._database.read(lambda connection: ratings.board_rating(connection, shape))
        except ArchiveError:
            return None

    def statistics(self) -> Statistics:
        """Won, drawn and lost with streaks per mode, level and board, from the rows."""
        return replace(self._database.read(statistics.statistics), ratings=tuple(self.ratings()))


__all__ = [
    "MIGRATIONS",
    "PAGE_SIZE",
    "SCHEMA_VERSION",
    "Archive",
    "ArchiveError",
    "BoardRating",
    "Filters",
    "GameRecord",
    "Statistics",
    "StatsLine",
    "Summary",
    "board_label",
    "local_time",
]

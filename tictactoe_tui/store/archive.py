"""The game archive: every finished game, one row each, in a local SQLite database.

Several copies of the app (and the command line) may use one archive at once: it runs in WAL
mode with a busy timeout, and every write is one short transaction, so no game is lost to
another copy's write. A database that is not a database, or is damaged, is moved aside as
``<name>.bad-<time>`` and a fresh one takes its place; one that cannot be written (a read-only
or full disk) keeps the games of this session in memory, retries them with the next game, and
says so. Statistics are queries over the rows. Pure Python, no Textual.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .. import __version__
from ..engine import Board, Mark, Move, move_name, parse_move
from ..engine.board import DEFAULT_GAME
from ..engine.puzzles import Puzzle
from ..engine.rules import RULES
from ..game import GameState, Mode
from . import puzzles
from .files import Paths, backup_path
from .stats import Stats, load_stats

T = TypeVar("T")

#: Seconds a write waits for another copy's transaction before giving up.
BUSY_TIMEOUT = 10.0
#: Rows a page of the browser holds.
PAGE_SIZE = 100
CLASSIC = DEFAULT_GAME
#: Modes as the game lists show them.
MODE_SHORT = {
    Mode.VS_COMPUTER.value: "vs computer",
    Mode.TWO_PLAYERS.value: "two players",
    Mode.COMPUTER_VS_COMPUTER.value: "computers",
    Mode.ONLINE_HOST.value: "online (host)",
    Mode.ONLINE_JOIN.value: "online (guest)",
}

#: The schema, one step per version: ``MIGRATIONS[v]`` upgrades a database at version ``v``.
#: ``PRAGMA user_version`` holds the version; never edit a step once released, add one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        variant     TEXT    NOT NULL,
        rows        INTEGER NOT NULL,
        cols        INTEGER NOT NULL,
        k           INTEGER NOT NULL,
        mode        TEXT    NOT NULL,
        level       TEXT    NOT NULL,   -- the computer's level at the end ('' between people)
        x_player    TEXT    NOT NULL,   -- who moved first: 'you', 'friend' or a level
        o_player    TEXT    NOT NULL,
        x_symbol    TEXT    NOT NULL,   -- 'X', or 'O' when the first player's marks showed as O
        moves       TEXT    NOT NULL,   -- 'b2 a1 c3', from the empty board
        times       TEXT    NOT NULL,   -- JSON list: seconds from the start of each move
        winner      TEXT,               -- 'x', 'o' or NULL for a draw
        outcome     INTEGER NOT NULL,   -- +1 won, 0 drawn, -1 lost: yours vs the computer, else X's
        streak      INTEGER NOT NULL,   -- wins in a row of its mode, level and board, up to this game
        started_at  REAL    NOT NULL,   -- Unix seconds
        ended_at    REAL    NOT NULL,
        app_version TEXT    NOT NULL
    );
    CREATE INDEX games_by_kind ON games (mode, level, variant, rows, cols, k);
    CREATE INDEX games_by_result ON games (mode, level, variant, rows, cols, k, outcome, streak);
    CREATE TABLE legacy_stats (
        key         TEXT PRIMARY KEY,   -- 'mode · level', as stats.json had it
        won         INTEGER NOT NULL,
        drawn       INTEGER NOT NULL,
        lost        INTEGER NOT NULL,
        streak      INTEGER NOT NULL,
        best_streak INTEGER NOT NULL
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    """
    CREATE TABLE puzzles (
        id          INTEGER PRIMARY KEY,
        variant     TEXT    NOT NULL,
        rows        INTEGER NOT NULL,
        cols        INTEGER NOT NULL,
        k           INTEGER NOT NULL,
        moves       TEXT    NOT NULL,   -- the position, as moves from the empty board: 'b2 a1'
        kind        TEXT    NOT NULL,   -- 'win' (keep the win) or 'hold' (keep the draw)
        plies       INTEGER NOT NULL,   -- to the fastest win (win), or to the end (hold)
        keeping     TEXT    NOT NULL,   -- every move that solves it: 'c3 a3'
        source      TEXT    NOT NULL,   -- 'game 12, move 5' or 'solver'
        yours       INTEGER NOT NULL,   -- 1: from a mistake of yours
        solved      INTEGER NOT NULL DEFAULT 0,
        failed      INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        UNIQUE (variant, rows, cols, k, moves)
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

GAME_COLUMNS = (
    "id, variant, rows, cols, k, mode, level, x_player, o_player, x_symbol,"
    " moves, times, winner, outcome, started_at, ended_at, app_version"
)


class ArchiveError(Exception):
    """The archive cannot do what was asked; the message is one line for the player."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game as the archive keeps it."""

    rows: int
    cols: int
    k: int
    mode: str
    level: str
    x_player: str
    o_player: str
    x_symbol: str
    moves: tuple[Move, ...]
    times: tuple[float, ...]
    winner: str | None
    outcome: int
    started_at: float
    ended_at: float
    variant: str = CLASSIC
    app_version: str = __version__
    id: int | None = None

    @classmethod
    def of(cls, game: GameState, level: str, ended_at: float | None = None) -> GameRecord:
        """The record of a finished game; ``level`` is the computer's level at its end."""
        board = game.board
        x_player, o_player = game.players(level)
        return cls(
            rows=board.rows,
            cols=board.cols,
            k=board.k,
            variant=board.rules.name,
            mode=game.mode.value,
            level=level if game.computer else "",
            x_player=x_player,
            o_player=o_player,
            x_symbol=game.symbol(Mark.X),
            moves=board.history or (),
            times=game.times[: game.ply],
            winner=None if board.winner is None else board.winner.value,
            outcome=game.outcome_for_stats(),
            started_at=game.started,
            ended_at=time.time() if ended_at is None else ended_at,
        )

    @property
    def board_label(self) -> str:
        """E.g. ``3×3`` or ``5×5, 4 in a row``."""
        return board_label(self.variant, self.rows, self.cols, self.k)

    @property
    def result_text(self) -> str:
        """E.g. ``You won``, ``X won`` or ``Draw``, as the player saw it."""
        return result_text(self.mode, self.winner, self.x_symbol, self.outcome)

    @property
    def yours(self) -> frozenset[Mark]:
        """The sides the person at this keyboard played (``you``)."""
        return frozenset(mark for mark, player in ((Mark.X, self.x_player), (Mark.O, self.o_player)) if player == "you")

    @property
    def players_by_symbol(self) -> tuple[str, str]:
        """Who played the marks shown as X and who those shown as O (the first player showed
        :attr:`x_symbol`): the symbols people saw, not the engine's sides."""
        return (self.o_player, self.x_player) if self.x_symbol == "O" else (self.x_player, self.o_player)

    def shown_text(self, plies: int | None = None) -> str:
        """The final position in rows, with the symbols people saw."""
        text = str(self.board(plies)).replace("/", "\n")
        return text.translate(str.maketrans("xo", "ox")) if self.x_symbol == "O" else text

    def board(self, plies: int | None = None) -> Board:
        """The position after the first ``plies`` moves (all by default), with its history."""
        moves = self.moves if plies is None else self.moves[:plies]
        return Board.empty(self.rows, self.cols, self.k, self.variant).play_all(moves)

    def state(self, plies: int | None = None) -> GameState:
        """The game at ``plies`` moves as a :class:`GameState` (for showing it), the whole line kept."""
        computer = frozenset(
            mark for mark, player in ((Mark.X, self.x_player), (Mark.O, self.o_player)) if player == self.level
        )
        return GameState(
            self.board(plies),
            Mode(self.mode),
            computer if self.level else frozenset(),
            swapped=self.x_symbol == "O",
            line=self.moves,
            started=self.started_at,
            times=self.times,
        )

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data (times as ISO 8601, moves as names)."""
        return {
            "id": self.id,
            "variant": self.variant,
            "board": f"{self.rows}x{self.cols}",
            "k": self.k,
            "mode": self.mode,
            "level": self.level or None,
            "x": self.x_player,
            "o": self.o_player,
            "x_symbol": self.x_symbol,
            "moves": [move_name(move) for move in self.moves],
            "times": list(self.times),
            "winner": self.winner,
            "result": self.result_text,
            "outcome": self.outcome,
            "started": _iso(self.started_at),
            "ended": _iso(self.ended_at),
            "app_version": self.app_version,
        }


def result_text(mode: str, winner: str | None, x_symbol: str, outcome: int) -> str:
    """A finished game's result as its player saw it: ``You won``, ``X won``, ``Draw``…"""
    if winner is None:
        return "Draw"
    if mode == Mode.VS_COMPUTER.value or Mode(mode).online:
        return "You won" if outcome > 0 else "You lost"
    symbol = x_symbol if winner == Mark.X.value else ("O" if x_symbol == "X" else "X")
    return f"{symbol} won"


def local_time(seconds: float) -> str:
    """A moment as the game lists show it: ``2026-11-22 18:47``, local time."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _iso(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(seconds))


def _row_values(record: GameRecord) -> tuple[Any, ...]:
    return (
        record.variant,
        record.rows,
        record.cols,
        record.k,
        record.mode,
        record.level,
        record.x_player,
        record.o_player,
        record.x_symbol,
        " ".join(move_name(move) for move in record.moves),
        json.dumps([round(t, 3) for t in record.times]),
        record.winner,
        record.outcome,
        record.started_at,
        record.ended_at,
        record.app_version,
    )


def _streak_before(connection: sqlite3.Connection, kind: Sequence[Any], game_id: int | None = None) -> int:
    """The winning streak of games of ``kind`` before game ``game_id`` (before any new game by default)."""
    newest = connection.execute(
        f"SELECT streak FROM games WHERE {SAME_KIND} AND id < ? ORDER BY id DESC LIMIT 1",
        (*kind, game_id if game_id is not None else 2**62),
    ).fetchone()
    return 0 if newest is None else int(newest[0])


def _insert(connection: sqlite3.Connection, record: GameRecord) -> None:
    values = _row_values(record)
    kind = (record.mode, record.level, record.variant, record.rows, record.cols, record.k)
    streak = _streak_before(connection, kind) + 1 if record.outcome == 1 else 0
    columns = GAME_COLUMNS.removeprefix("id, ")
    placeholders = ", ".join("?" * (len(values) + 1))
    connection.execute(f"INSERT INTO games ({columns}, streak) VALUES ({placeholders})", (*values, streak))


def _record_from_row(row: Sequence[Any]) -> GameRecord:
    (id_, variant, rows, cols, k, mode, level, x_player, o_player, x_symbol) = row[:10]
    (moves, times, winner, outcome, started_at, ended_at, app_version) = row[10:]
    return GameRecord(
        rows=rows,
        cols=cols,
        k=k,
        mode=mode,
        level=level,
        x_player=x_player,
        o_player=o_player,
        x_symbol=x_symbol,
        moves=tuple(parse_move(name, rows, cols) for name in moves.split()),
        times=tuple(json.loads(times)),
        winner=winner,
        outcome=outcome,
        started_at=started_at,
        ended_at=ended_at,
        variant=variant,
        app_version=app_version,
        id=id_,
    )


@dataclass(frozen=True)
class Filters:
    """What the browser shows: None means any."""

    mode: str | None = None
    level: str | None = None
    board: tuple[str, int, int, int] | None = None
    """``(variant, rows, cols, k)``."""
    outcome: int | None = None

    def where(self) -> tuple[str, list[Any]]:
        """SQL conditions (joined with AND, starting with it) and their parameters."""
        clauses: list[str] = []
        params: list[Any] = []
        for column, value in (("mode", self.mode), ("level", self.level), ("outcome", self.outcome)):
            if value is not None:
                clauses.append(f" AND {column} = ?")
                params.append(value)
        if self.board is not None:
            clauses.append(" AND variant = ? AND rows = ? AND cols = ? AND k = ?")
            params.extend(self.board)
        return "".join(clauses), params


@dataclass(frozen=True)
class Summary:
    """A row of the browser: enough to list a game without reading its moves."""

    id: int
    ended_at: float
    variant: str
    rows: int
    cols: int
    k: int
    mode: str
    x_player: str
    """Who played the marks shown as X (the first player when they showed X, else the second)."""
    o_player: str
    result: str
    plies: int

    def cells(self) -> tuple[str, ...]:
        """A list row: number, end time, board, mode, players, result and length."""
        board = f"{self.rows}×{self.cols}" if self.k == 3 else f"{self.rows}×{self.cols} k{self.k}"
        return (
            str(self.id),
            local_time(self.ended_at),
            board if self.variant == CLASSIC else f"{title(self.variant)} {board}",
            MODE_SHORT.get(self.mode, self.mode),
            self.x_player,
            self.o_player,
            self.result,
            str(self.plies),
        )


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
    imported: int = 0

    @property
    def games(self) -> int:
        """Finished games recorded: those in the archive and those counted before it existed."""
        return self.archived + self.imported

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "archived": self.archived,
            "imported": self.imported,
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
        }


KIND = "mode, level, variant, rows, cols, k"
# Games and the best streak per kind and result, in one pass over an index (each row keeps
# the winning streak up to it; the current streak is the newest row's).
RESULTS_QUERY = f"SELECT {KIND}, outcome, COUNT(*), MAX(streak) FROM games GROUP BY {KIND}, outcome"
SAME_KIND = "mode = ? AND level = ? AND variant = ? AND rows = ? AND cols = ? AND k = ?"


def is_damage(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite says the file is not a database or is corrupt (as opposed to busy,
    read-only or full)."""
    return getattr(error, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB")


class Archive:
    """The database of finished games. Safe to share between threads; every method is one
    short transaction. Problems worth telling the player are collected in :attr:`problems`."""

    def __init__(self, path: Path | None, busy_timeout: float = BUSY_TIMEOUT) -> None:
        """Open (creating or upgrading) the archive at ``path``; None keeps it in memory.
        A write waits up to ``busy_timeout`` seconds for another copy's transaction."""
        self.path = path
        self.busy_timeout = busy_timeout
        self.problems: list[str] = []
        self.pending: list[GameRecord] = []
        """Games not yet written because the disk refused them; retried with the next one."""
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._connect()

    @classmethod
    def open(cls, paths: Paths) -> Archive:
        """The user's archive, with the old ``stats.json`` counters imported on first use."""
        archive = cls(paths.archive)
        archive.import_legacy_stats(paths.stats)
        return archive

    # -- connection --------------------------------------------------------------------

    def _connect(self) -> None:
        try:
            self._connection = self._open_database()
        except sqlite3.DatabaseError as error:
            if self.path is None or not is_damage(error):
                self._unavailable(error)
                return
            self._set_aside(error)
            try:
                self._connection = self._open_database()
            except sqlite3.DatabaseError as again:
                self._unavailable(again)
        except (OSError, ArchiveError) as error:
            self._unavailable(error)

    def _open_database(self) -> sqlite3.Connection:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        target = ":memory:" if self.path is None else str(self.path)
        connection = sqlite3.connect(target, timeout=self.busy_timeout, isolation_level=None, check_same_thread=False)
        try:
            connection.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            self._migrate(connection)
        except BaseException:
            connection.close()
            raise
        return connection

    @staticmethod
    def _migrate(connection: sqlite3.Connection) -> None:
        """Bring the schema up to :data:`SCHEMA_VERSION`, one version per transaction."""
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise ArchiveError(f"the archive was written by a newer tictactoe-tui (schema {version})")
        while version < SCHEMA_VERSION:
            connection.execute("BEGIN IMMEDIATE")
            try:
                # Another copy may have upgraded it while this one waited for the lock.
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                if version < SCHEMA_VERSION:
                    for statement in MIGRATIONS[version].split(";"):
                        if statement.strip():
                            connection.execute(statement)
                    version += 1
                    connection.execute(f"PRAGMA user_version = {version}")
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise

    def _set_aside(self, error: sqlite3.DatabaseError) -> None:
        assert self.path is not None
        backup = backup_path(self.path)
        try:
            os.replace(self.path, backup)
            for suffix in ("-wal", "-shm"):
                companion = self.path.with_name(self.path.name + suffix)
                if companion.exists():
                    os.replace(companion, backup.with_name(backup.name + suffix))
        except OSError as move_error:
            self.problems.append(f"{self.path} is damaged ({error}) and could not be moved aside ({move_error})")
            return
        self.problems.append(f"{self.path} was damaged ({error}); kept as {backup.name}; started a new archive")

    def _unavailable(self, error: BaseException) -> None:
        self._connection = None
        self.problems.append(f"The game archive is unavailable ({error}): games are not being kept")

    @property
    def available(self) -> bool:
        """Whether the database could be opened."""
        return self._connection is not None

    @contextmanager
    def _transaction(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        if self._connection is None:
            raise ArchiveError("the game archive is unavailable")
        with self._lock:
            connection = self._connection
            connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield connection
            except BaseException:
                if connection.in_transaction:  # SQLite has already rolled back after some errors
                    connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def _read(self, query: Callable[[sqlite3.Connection], T]) -> T:
        """Run a reading query; failures become an :class:`ArchiveError` (a damaged database is
        set aside first, so the next call finds a fresh one)."""
        try:
            with self._transaction() as connection:
                return query(connection)
        except sqlite3.DatabaseError as error:
            if self._recover(error):
                raise ArchiveError(self.problems[-1]) from None
            raise ArchiveError(f"could not read the game archive ({error})") from None

    def _recover(self, error: sqlite3.DatabaseError) -> bool:
        """Set a damaged database aside and start a fresh one; whether that happened."""
        if self.path is None or not is_damage(error):
            return False
        self.close()
        self._set_aside(error)
        self._connect()
        return True

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    # -- writing -----------------------------------------------------------------------

    def record(self, record: GameRecord) -> str | None:
        """Add a finished game (and any the disk refused before); a problem to report, or None."""
        self.pending.append(record)
        if self._connection is None:
            return "The game archive is unavailable: this game is kept until the app closes"
        try:
            with self._transaction(write=True) as connection:
                for pending in self.pending:
                    _insert(connection, pending)
        except sqlite3.DatabaseError as error:
            if not self._recover(error):
                return f"Could not add the game to the archive ({error}); it is kept until the app closes"
            self.record(self.pending.pop())  # into the fresh archive
            return self.problems[-1]
        self.pending.clear()
        return None

    def delete(self, game_id: int) -> bool:
        """Remove a game (the streaks of the games after it are counted again); whether it was there."""
        try:
            with self._transaction(write=True) as connection:
                kind = connection.execute(f"SELECT {KIND} FROM games WHERE id = ?", (game_id,)).fetchone()
                if kind is None:
                    return False
                connection.execute("DELETE FROM games WHERE id = ?", (game_id,))
                streak = _streak_before(connection, kind, game_id)
                later = connection.execute(
                    f"SELECT id, outcome, streak FROM games WHERE {SAME_KIND} AND id > ? ORDER BY id", (*kind, game_id)
                )
                for id_, outcome, stored in later.fetchall():
                    streak = streak + 1 if outcome == 1 else 0
                    if streak == stored:
                        break  # from here on the streaks never depended on the deleted game
                    connection.execute("UPDATE games SET streak = ? WHERE id = ?", (streak, id_))
                return True
        except sqlite3.Error as error:
            raise ArchiveError(f"could not delete game {game_id} ({error})") from None

    def import_legacy_stats(self, path: Path) -> None:
        """Once per archive: count the old ``stats.json`` in the statistics and rename it
        ``stats.json.imported`` (kept, not deleted)."""
        if self._connection is None:
            return
        imported = "SELECT 1 FROM meta WHERE key = 'legacy_stats_imported'"
        try:
            if self._read(lambda connection: connection.execute(imported).fetchone()):
                return  # the usual case, without taking the write lock
            with self._transaction(write=True) as connection:
                if connection.execute(imported).fetchone():
                    return
                stats, problem = load_stats(path) if path.exists() else (Stats(), None)
                if problem:
                    self.problems.append(problem)
                connection.executemany(
                    "INSERT OR REPLACE INTO legacy_stats VALUES (?, ?, ?, ?, ?, ?)",
                    [(key, r.won, r.drawn, r.lost, r.streak, r.best_streak) for key, r in stats.records.items()],
                )
                connection.execute("INSERT INTO meta VALUES ('legacy_stats_imported', ?)", (_iso(time.time()),))
        except (sqlite3.Error, ArchiveError) as error:
            self.problems.append(f"Could not import {path} into the archive ({error}); it is left as it is")
            return
        if path.exists():
            try:
                os.replace(path, path.with_name(path.name + ".imported"))
            except OSError as error:
                self.problems.append(f"{path} was imported but could not be renamed ({error})")

    # -- puzzles -----------------------------------------------------------------------

    def add_puzzles(self, found: Sequence[Puzzle]) -> int:
        """Keep new puzzles (a position already kept is skipped); how many were new."""
        try:
            with self._transaction(write=True) as connection:
                return puzzles.insert(connection, found)
        except sqlite3.Error as error:
            raise ArchiveError(f"could not keep the puzzles ({error})") from None

    def puzzles(self, limit: int = 50) -> list[puzzles.PuzzleEntry]:
        """Puzzles to solve: unsolved first, your own mistakes first among them."""
        query = f"SELECT {puzzles.COLUMNS} FROM puzzles {puzzles.ORDER} LIMIT ?"
        return [puzzles.entry(row) for row in self._read(lambda c: c.execute(query, (limit,)).fetchall())]

    def puzzle_result(self, puzzle_id: int, solved: bool) -> None:
        """Count an attempt at a puzzle."""
        column = "solved" if solved else "failed"
        try:
            with self._transaction(write=True) as connection:
                connection.execute(f"UPDATE puzzles SET {column} = {column} + 1 WHERE id = ?", (puzzle_id,))
        except sqlite3.Error as error:
            raise ArchiveError(f"could not keep the puzzle's result ({error})") from None

    # -- reading -----------------------------------------------------------------------

    def count(self, filters: Filters = Filters()) -> int:
        """How many games match."""
        where, params = filters.where()
        return int(self._read(lambda c: c.execute(f"SELECT COUNT(*) FROM games WHERE 1{where}", params).fetchone()[0]))

    def page(self, filters: Filters = Filters(), before: int | None = None, size: int = PAGE_SIZE) -> list[Summary]:
        """Up to ``size`` games, newest first, older than game ``before`` if given."""
        where, params = filters.where()
        if before is not None:
            where += " AND id < ?"
            params.append(before)
        query = (
            "SELECT id, ended_at, variant, rows, cols, k, mode, x_player, o_player, winner, x_symbol, outcome, moves"
            f" FROM games WHERE 1{where} ORDER BY id DESC LIMIT ?"
        )
        rows = self._read(lambda c: c.execute(query, [*params, size]).fetchall())
        return [_summary(row) for row in rows]

    def get(self, game_id: int) -> GameRecord | None:
        """One whole game, or None."""
        row = self._read(lambda c: c.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone())
        return None if row is None else _record_from_row(row)

    def choices(self) -> tuple[list[str], list[tuple[str, int, int, int]]]:
        """The levels and the boards ``(variant, rows, cols, k)`` that games were played on."""

        def query(connection: sqlite3.Connection) -> tuple[list[str], list[tuple[str, int, int, int]]]:
            levels = [row[0] for row in connection.execute("SELECT DISTINCT level FROM games WHERE level <> ''")]
            boards = connection.execute("SELECT DISTINCT variant, rows, cols, k FROM games").fetchall()
            return sorted(levels), sorted(boards, key=lambda b: (b[1] * b[2], b[1], b[3], b[0]))

        return self._read(query)

    def statistics(self) -> Statistics:
        """Won, drawn and lost with streaks per mode, level and board, from the rows."""

        def query(connection: sqlite3.Connection) -> Statistics:
            counts: dict[tuple[Any, ...], list[int]] = {}  # won, drawn, lost, streak, best
            for *kind, outcome, games, best in connection.execute(RESULTS_QUERY):
                line = counts.setdefault(tuple(kind), [0, 0, 0, 0, 0])
                line[{1: 0, 0: 1, -1: 2}[outcome]] = games
                line[4] = max(line[4], best)
            for kind, line in counts.items():
                line[3] = _streak_before(connection, kind)
            lines = [
                StatsLine(
                    mode, level, board_label(variant, rows, cols, k), *counts[mode, level, variant, rows, cols, k]
                )
                for mode, level, variant, rows, cols, k in sorted(counts, key=_kind_order)
            ]
            archived = sum(line.games for line in lines)
            imported = 0
            for key, won, drawn, lost, streak, best in connection.execute("SELECT * FROM legacy_stats ORDER BY key"):
                mode, _, level = key.partition(" · ")
                lines.append(StatsLine(mode, level, "earlier games", won, drawn, lost, streak, best))
                imported += won + drawn + lost
            return Statistics(tuple(lines), archived, imported)

        return self._read(query)


def _kind_order(kind: tuple[Any, ...]) -> tuple[Any, ...]:
    """Mode, level, then boards from small to large."""
    mode, level, variant, rows, cols, k = kind
    return (mode, level, rows * cols, rows, k, variant)


def board_label(variant: str, rows: int, cols: int, k: int) -> str:
    """E.g. ``3×3`` or ``5×5, 4 in a row``, with the game's name unless classic."""
    if variant == CLASSIC:
        return f"{rows}×{cols}" if (rows, cols, k) == (3, 3, 3) else f"{rows}×{cols}, {k} in a row"
    rules = RULES.get(variant)
    if rules is None:  # a game from a newer version of the app
        return f"{variant} {rows}×{cols}, {k} in a row"
    return f"{rules.title} {rules.shape_label(rows, cols, k)}"


def title(variant: str) -> str:
    """A game's name for people (its stored name when this version does not know it)."""
    rules = RULES.get(variant)
    return variant if rules is None else rules.title


def _summary(row: Sequence[Any]) -> Summary:
    id_, ended_at, variant, rows, cols, k, mode, x_player, o_player, winner, x_symbol, outcome, moves = row
    plies = moves.count(" ") + 1 if moves else 0
    result = result_text(mode, winner, x_symbol, outcome)
    by_symbol = (o_player, x_player) if x_symbol == "O" else (x_player, o_player)
    return Summary(id_, ended_at, variant, rows, cols, k, mode, *by_symbol, result, plies)


__all__ = [
    "PAGE_SIZE",
    "SCHEMA_VERSION",
    "Archive",
    "ArchiveError",
    "Filters",
    "GameRecord",
    "Statistics",
    "StatsLine",
    "Summary",
]

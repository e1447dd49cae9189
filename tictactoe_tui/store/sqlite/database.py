"""The archive's SQLite database: open it, bring its schema up to date, set a damaged file
aside and start afresh, and run short transactions on it.

Several copies of the app (and the command line) may use one database at once: it runs in WAL
mode with a busy timeout, and every transaction is short. A file that is not a database, or
is damaged, is moved aside as ``<name>.bad-<time>`` and a fresh database takes its place,
holding every row SQLite can still read from it (:mod:`.salvage`). A database that cannot be
written (a read-only folder or file) is opened read-only: its games are listed, none are added.
Pure Python, no Textual.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from ...words import counted
from ..files import backup_path, not_a_file
from .salvage import salvage
from .schema import MIGRATIONS, SCHEMA_VERSION

T = TypeVar("T")

#: Seconds a write waits for another copy's transaction before giving up.
BUSY_TIMEOUT = 10.0


class ArchiveError(Exception):
    """The archive cannot do what was asked; the message is one line for the player."""

    def sentence(self) -> str:
        """The message with a capital first letter, to start a notice with."""
        message = str(self)
        return message[:1].upper() + message[1:]


def is_damage(error: sqlite3.Error) -> bool:
    """Whether SQLite says the file is not a database or is corrupt (as opposed to busy,
    read-only or full)."""
    return getattr(error, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB")


def cannot_write(error: BaseException) -> bool:
    """Whether opening to write failed because the file or its folder is read-only (rather than
    busy, full or missing)."""
    if isinstance(error, OSError):
        return error.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
    name = getattr(error, "sqlite_errorname", "")
    return name.startswith("SQLITE_READONLY") or name in ("SQLITE_CANTOPEN", "SQLITE_PERM")


class Database:
    """One SQLite database file (or one in memory), opened and upgraded. Safe to share between
    threads. Problems worth telling the player are collected in :attr:`problems`."""

    def __init__(self, path: Path | None, busy_timeout: float = BUSY_TIMEOUT) -> None:
        """Open (creating or upgrading) the database at ``path``; None keeps it in memory.
        A write waits up to ``busy_timeout`` seconds for another copy's transaction."""
        self.path = path
        self.busy_timeout = busy_timeout
        self.problems: list[str] = []
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self.read_only = False
        """Whether the database was opened to read only (it could not be written)."""
        self._untold: list[str] = []
        """The problems :meth:`news` has not handed out yet."""
        self._news_lock = threading.Lock()  # workers write while the app asks for news
        self._connect()

    def _connect(self) -> None:
        try:
            self._connection = self._open_database()
        except sqlite3.DatabaseError as error:
            if self.path is None or not is_damage(error):
                self._open_read_only(error) if cannot_write(error) else self._unavailable(error)
                return
            backup = self._set_aside()
            try:
                self._connection = self._open_database()
            except sqlite3.DatabaseError as again:
                self._unavailable(again)
            self._recovered(error, backup)
        except OSError as error:
            self._open_read_only(error) if cannot_write(error) else self._unavailable(error)
        except ArchiveError as error:
            self._unavailable(error)

    def _open_read_only(self, error: BaseException) -> None:
        """Open a database that cannot be written (its folder or file read-only) to read it, or
        say that it is unavailable (``error``: why it could not be opened to write)."""
        if self.path is None or not self.path.is_file():
            self._unavailable(error)
            return
        uri = self.path.resolve().as_uri()
        for mode in ("mode=ro", "immutable=1"):  # immutable: no -shm to make in a read-only folder
            connection = sqlite3.connect(f"{uri}?{mode}", uri=True, isolation_level=None, check_same_thread=False)
            try:
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                connection.execute("SELECT 1 FROM sqlite_schema LIMIT 1").fetchall()
            except sqlite3.DatabaseError:
                connection.close()
                continue
            if version > SCHEMA_VERSION:
                connection.close()
                self._unavailable(ArchiveError(f"the archive was written by a newer tictactoe-tui (schema {version})"))
                return
            self._connection, self.read_only = connection, True
            self.report(f"{self.path} cannot be written ({_why(error)}): its games are listed, new ones are not kept")
            return
        self._unavailable(error)

    def _open_database(self) -> sqlite3.Connection:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            kind = not_a_file(os.stat(self.path).st_mode) if self.path.exists() else None
            if kind is not None:  # a named pipe, a link to /dev/zero: SQLite would say "disk I/O error"
                raise OSError(errno.EINVAL, f"{self.path.name} is {kind}, not a file")
            as_running = os.access in os.supports_effective_ids  # as the user this process runs as
            if self.path.exists() and not os.access(self.path, os.W_OK, effective_ids=as_running):
                # SQLite would open it all the same, to read, and fail at the first write
                raise PermissionError(errno.EACCES, "the file is read-only")
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

    def _set_aside(self) -> Path | OSError:
        """Move the damaged file (and its WAL files) aside; where to, or why it could not be moved."""
        assert self.path is not None
        backup = backup_path(self.path)
        try:
            os.replace(self.path, backup)
            for suffix in ("-wal", "-shm"):
                companion = self.path.with_name(self.path.name + suffix)
                if companion.exists():
                    os.replace(companion, backup.with_name(backup.name + suffix))
        except OSError as move_error:
            return move_error
        return backup

    def _recovered(self, error: sqlite3.Error, backup: Path | OSError) -> None:
        """Copy what can be read of the damaged file set aside as ``backup`` into the fresh
        database, and say in one line how many games came back."""
        if isinstance(backup, OSError):
            self.report(f"{self.path} is damaged ({error}) and could not be moved aside ({backup})")
            return
        if self._connection is None:
            return
        try:
            games = salvage(backup, self._connection).get("games", 0)
        except sqlite3.Error as salvage_error:  # the fresh file refused them (say, a full disk)
            self.report(f"{self.path} was damaged ({error}); kept as {backup.name}; its games could not be copied "
                        f"into a new archive ({salvage_error})")  # fmt: skip
            return
        self.report(f"{self.path} was damaged ({error}); kept as {backup.name}; "
                    f"{counted(games, 'game')} came back into a new archive")  # fmt: skip

    def _unavailable(self, error: BaseException) -> None:
        self._connection = None
        self.report(f"The game archive is unavailable ({_why(error)}): games are not being kept")

    @property
    def available(self) -> bool:
        """Whether the database could be opened."""
        return self._connection is not None

    @contextmanager
    def transaction(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """One transaction (taking the write lock at once when ``write``), committed at the end
        of the block and rolled back on any error."""
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

    def read(self, query: Callable[[sqlite3.Connection], T]) -> T:
        """Run a reading query; failures become an :class:`ArchiveError`. A damaged database is
        recovered first (:meth:`recover`) and the query runs again in the recovered one
        (:meth:`news` then says how many games came back)."""
        try:
            with self.transaction() as connection:
                return query(connection)
        except sqlite3.DatabaseError as error:
            if not self.recover(error):
                raise ArchiveError(f"could not read the game archive ({error})") from None
        try:
            with self.transaction() as connection:
                return query(connection)
        except sqlite3.DatabaseError as error:
            raise ArchiveError(f"could not read the game archive ({error})") from None

    def write(self, change: Callable[[sqlite3.Connection], T], what: str) -> T:
        """Run ``change`` in one writing transaction and return its result. A damaged database
        is recovered (:meth:`recover`) and ``change`` runs again there (:meth:`news` then says
        so); any other failure is an :class:`ArchiveError`: ``could not <what> (…)``."""
        try:
            return self._write_once(change)
        except sqlite3.Error as error:
            if not self.recover(error):
                raise ArchiveError(f"could not {what} ({error})") from None
        try:
            return self._write_once(change)  # into the fresh database
        except sqlite3.Error as error:
            raise ArchiveError(f"could not {what} ({error})") from None

    def _write_once(self, change: Callable[[sqlite3.Connection], T]) -> T:
        with self.transaction(write=True) as connection:
            return change(connection)

    def report(self, problem: str) -> None:
        """Keep a problem to tell the player (in :attr:`problems`, and in :meth:`news` until told)."""
        with self._news_lock:
            self.problems.append(problem)
            self._untold.append(problem)

    def told(self, problems: list[str]) -> None:
        """Take problems the player was told another way out of :meth:`news`."""
        with self._news_lock:
            self._untold = [problem for problem in self._untold if problem not in problems]

    def news(self) -> list[str]:
        """The problems not told yet (a damaged file set aside, say), each told once."""
        with self._news_lock:
            news, self._untold = self._untold, []
        return news

    def recover(self, error: sqlite3.Error) -> bool:
        """Set a damaged database aside and start a fresh one holding every row that can still
        be read from it; whether that happened."""
        if self.path is None or not is_damage(error):
            return False
        self.close()
        backup = self._set_aside()
        self._connect()
        self._recovered(error, backup)
        return True

    def close(self) -> None:
        """Close the connection (a later call finds the database unavailable)."""
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None


def _why(error: BaseException) -> str:
    """An error's reason, without the ``[Errno n]`` of an OSError."""
    if not isinstance(error, OSError) or not error.strerror:
        return str(error)
    return error.strerror if error.filename is None else f"{error.strerror}: {error.filename}"

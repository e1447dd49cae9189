"""The game in progress, on disk after every move, so that a crash, a killed process or a closed
terminal loses nothing: the next start offers it back.

Each running copy of the app keeps its game in a file of its own in ``<data>/in progress/`` (a
saved game, :mod:`.savefile`'s format, written atomically by a thread of its own: the board
never waits for the disk), beside a lock file it holds while it runs. A copy that ends well
removes both; a copy that crashed or was killed leaves them, and its lock went with it: a game
whose lock can be taken was left behind. Pure Python, no Textual.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Board
from ..table import Seating
from .files import Paths

if TYPE_CHECKING:  # the saved-game format loads with the first write, not with the first frame
    from .savefile import Played, SavedGame

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; every game left behind is offered
    fcntl = None  # type: ignore[assignment]


def folder_of(paths: Paths) -> Path:
    """Where the games in progress are kept."""
    return paths.data_dir / "in progress"


@dataclass(frozen=True)
class LeftBehind:
    """A game in progress that a copy of the app left when it ended without finishing it."""

    path: Path
    game: SavedGame

    def take(self) -> bool:
        """Take it off the disk for this copy (to resume it, or because the player discarded it), in
        one step that only one copy can win: whether it was still there to take. False: another
        copy asked the same question and took it first, so it is not resumed twice. (A folder
        where nothing can be renamed cannot be taken from by any copy: then it is this one's.)"""
        claimed = self.path.with_name(f"{self.path.name}.taken-{os.getpid()}-{os.urandom(4).hex()}")
        try:
            os.rename(self.path, claimed)  # atomic: of two copies renaming it, the second finds nothing
        except FileNotFoundError:
            return False
        except OSError:
            claimed = self.path
        _discard(claimed, self.path.with_suffix(".lock"))
        return True


def _discard(*paths: Path) -> None:
    for each in paths:
        with contextlib.suppress(OSError):
            each.unlink(missing_ok=True)


#: Seconds the app's end waits for a write under way (a disk that hangs does not hold it longer).
CLOSING_WAIT = 5.0

Game = tuple[Board, Seating | None, str | None, "Played | None"]
"""A position to keep, with who sat where, the record of the online match it belongs to and
when its moves were played."""


class InProgress:
    """This copy's game in progress on disk, written by a thread of its own (the newest position
    handed to it wins; none is written out of order)."""

    def __init__(self, paths: Paths, told: Callable[[str], None]) -> None:
        """``told``: called (from the writing thread) with a problem to report, once."""
        self.path = folder_of(paths) / f"{os.getpid()}-{os.urandom(4).hex()}.ttt"
        self._told: Callable[[str], None] | None = told
        self._lock: int | None = None
        self._changed = threading.Condition()
        self._next: Game | None = None
        self._pending = self._stopping = False
        self._writer: threading.Thread | None = None

    def keep(
        self, board: Board, seating: Seating | None, online: str | None = None, played: Played | None = None
    ) -> None:
        """Have the game written (a game that is over, or has no move on its board, is not kept:
        its file is removed), with ``online``, the record of its online match, and ``played``, when
        its moves were played. Returns at once."""
        with self._changed:
            self._next = None if board.is_over or not board.history else (board, seating, online, played)
            self._pending = True
            self._changed.notify()
            if self._writer is None:
                self._writer = threading.Thread(target=self._write_each, name="game in progress", daemon=True)
                self._writer.start()

    def _write_each(self) -> None:
        while True:
            with self._changed:
                while not self._pending:
                    if self._stopping:
                        return
                    self._changed.wait()
                game, self._pending = self._next, False
            self._write(game)

    def _write(self, game: Game | None) -> None:
        if game is None:
            self.clear()
            return
        from . import savefile

        try:
            self._hold_lock()
            board, seating, online, played = game
            savefile.save(self.path, board, seating, online=online, played=played)
        except (OSError, savefile.SaveFileError) as error:
            told, self._told = self._told, None
            if told is not None:
                told(f"The game in progress could not be kept on disk ({error})")

    def close(self) -> None:
        """The app ends well: let the write under way finish (the rest are not needed), then
        remove the game kept."""
        with self._changed:
            self._pending, self._stopping = False, True
            self._changed.notify()
        if self._writer is not None:
            self._writer.join(CLOSING_WAIT)
        self.clear()

    def _hold_lock(self) -> None:
        if self._lock is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(self.path.with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is not None:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        self._lock = descriptor

    def clear(self) -> None:
        """Remove the game kept (the game ended, or the app ends well)."""
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self.path.with_suffix(".lock").unlink(missing_ok=True)
            os.close(self._lock)
            self._lock = None


def left_behind(paths: Paths) -> LeftBehind | None:
    """The newest game a copy of the app that is no longer running left unfinished, if any.
    A file that cannot be read as a game is removed (it was never more than a copy); one of a
    game or a kind of player whose plug-in is not installed now is kept for when it is."""
    from . import savefile

    try:
        candidates = sorted(folder_of(paths).glob("*.ttt"), key=_modified, reverse=True)
    except OSError:
        return None
    for path in candidates:
        if _running(path.with_suffix(".lock")):
            continue
        try:
            game = savefile.read_game(path)
        except savefile.NotInstalled:
            continue  # a plug-in's game or player, not installed now: kept, offered once it is back
        except savefile.SaveFileError:
            _discard(path, path.with_suffix(".lock"))
            continue
        if not game.board.is_over:
            return LeftBehind(path, game)
    return None


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _running(lock: Path) -> bool:
    """Whether a running copy of the app holds ``lock``."""
    if fcntl is None:
        return False
    try:
        descriptor = os.open(lock, os.O_RDWR)
    except OSError:
        return False  # no lock file: its copy is gone
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(descriptor)  # closing releases the lock taken
    return False

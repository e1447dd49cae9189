"""JSON files on disk, written atomically, never trusted blindly.

A file that cannot be read, does not parse or holds the wrong types is moved aside as a
backup (nothing is lost), the defaults are used, and the caller gets a one-line problem to
show. Every file is read by :func:`read_bounded`: only a regular file, and only up to a cap, so
a named pipe or a device (a link to ``/dev/zero``) is refused at once instead of blocking the
start or filling the memory. Pure Python, no Textual.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; saves are still atomic
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")

APP_NAME = "tictactoe-tui"
#: The most a settings or statistics file is read up to (they hold a few KiB).
MAX_FILE_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Paths:
    """Where the files live; the user's platform directories unless a test says otherwise."""

    config_dir: Path
    data_dir: Path

    @classmethod
    def default(cls) -> Paths:
        """The platform's config and data directories for this app."""
        return cls(platformdirs.user_config_path(APP_NAME), platformdirs.user_data_path(APP_NAME))

    @property
    def saved_games(self) -> Path:
        """The folder the app offers for saved games (made when first used)."""
        return self.data_dir / "saved games"

    @property
    def settings(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def stats(self) -> Path:
        """The statistics file of versions before the archive (imported once, then renamed)."""
        return self.data_dir / "stats.json"

    @property
    def archive(self) -> Path:
        return self.data_dir / "games.sqlite3"


class BadFile(ValueError):
    """A file's content is not what it should be; the message says what."""


def parse_json(text: str) -> Any:
    """The value the JSON ``text`` holds; :class:`BadFile` saying why there is none: not JSON,
    nested deeper than Python's stack allows, or an integer of more digits than Python converts
    (both valid JSON: a file of a thousand ``[`` stopped the app at every start)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        where = f"at line {error.lineno}"  # json's own "Unterminated string starting at" ends in "at" already
        raise BadFile(f"is not valid JSON ({error.msg.removesuffix(' at')} {where})") from None
    except RecursionError:
        raise BadFile("is JSON nested too deeply to read") from None
    except ValueError:  # json.loads raises nothing else: int() refusing a number of too many digits
        raise BadFile(f"is JSON with a number of over {sys.get_int_max_str_digits()} digits") from None


class NotAFile(BadFile):
    """Something that is not a regular file where one should be: ``kind`` says what it is."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"is {kind}, not a file")
        self.kind = kind


class TooLarge(BadFile):
    """A file larger than it may be read up to: ``cap`` bytes."""

    def __init__(self, cap: int) -> None:
        super().__init__(f"is larger than {cap // 1024} KiB")
        self.cap = cap


def not_a_file(mode: int) -> str | None:
    """What a file of ``mode`` (``st_mode``) is if not a regular file: "a directory", "a named
    pipe", "a socket" or "a device"; None for a regular file."""
    for test, kind in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return kind
    return None if stat.S_ISREG(mode) else "a device"


def read_bounded(path: Path, cap: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (through a symbolic link), up to ``cap``:
    :class:`NotAFile` at once for a named pipe, a device or a directory (opened without waiting,
    never read), :class:`TooLarge` past ``cap`` bytes (``cap + 1`` are read at most), OSError
    (FileNotFoundError…) if it cannot be opened or read. The one reader of every file the app
    reads."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        kind = not_a_file(os.fstat(descriptor).st_mode)
        if kind is not None:
            raise NotAFile(kind)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(cap + 1)
    finally:
        os.close(descriptor)
    if len(data) > cap:
        raise TooLarge(cap)
    return data


def read_text(path: Path) -> str:
    """A JSON file's text (:func:`read_bounded`); a UTF-8 byte-order mark at its start (some
    editors write one) is not part of it."""
    return read_bounded(path).decode("utf-8-sig")


def read_json(path: Path) -> tuple[Any, str | None]:
    """The parsed file (None when missing or bad) and a problem to report (None when fine).

    A bad file is renamed to ``<name>.bad-<time>`` first, so nothing is lost.
    """
    try:
        text = read_text(path)
    except FileNotFoundError:
        return None, None
    except (NotAFile, TooLarge) as error:
        return None, _set_aside(path, str(error))
    except (OSError, UnicodeDecodeError) as error:
        return None, _set_aside(path, f"could not be read ({_reason(error)})")
    try:
        return parse_json(text), None
    except BadFile as error:
        return None, _set_aside(path, str(error))


def bad_content(path: Path, error: BadFile) -> str:
    """Set aside a file whose JSON parsed but holds the wrong things; the problem to report."""
    return _set_aside(path, f"has {error}")


def backup_path(path: Path) -> Path:
    """A free name to set ``path`` aside as: ``<name>.bad-<time>`` (``-2``, ``-3``… if taken)."""
    stem = f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}"
    backup, number = path.with_name(stem), 1
    while backup.exists():
        number += 1
        backup = path.with_name(f"{stem}-{number}")
    return backup


def _set_aside(path: Path, what: str) -> str:
    backup = backup_path(path)
    try:
        os.replace(path, backup)
    except OSError as error:
        kept = f"it could not be moved aside ({_reason(error)}), so it is left as it is"
        return f"{path} {what}; {kept}; using defaults"
    return f"{path} {what}; kept as {backup.name}; using defaults"


def write_atomically(path: Path, data: bytes, *, new: bool = False) -> None:
    """Write ``data`` to ``path`` (the file a symbolic link names, if it is one) through a
    temporary file in the same folder, on disk before it is renamed over ``path``: a reader, a
    crash or a full disk leaves the old content or the new one, never part of either. ``new``:
    :class:`FileExistsError` if ``path`` exists (it is never replaced). Errors are raised."""
    target = Path(os.path.realpath(path))
    with contextlib.suppress(FileNotFoundError):
        kind = not_a_file(os.stat(target).st_mode)
        if kind is not None:  # a link to /dev/zero: never replaced
            raise OSError(errno.EINVAL, f"{target} is {kind}, not a file")
    temporary = target.with_name(f".{target.name}.{os.urandom(4).hex()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if new:
            os.link(temporary, target)  # refuses a file that is there, as a rename would not
            temporary.unlink()
        else:
            os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise
    with contextlib.suppress(OSError):  # the rename itself on disk (not every system can)
        folder = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def write_json(path: Path, data: Any) -> str | None:
    """Write atomically (:func:`write_atomically`); a problem to report, or None."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(data, indent=2, sort_keys=True).encode("utf-8"))
    except OSError as error:
        return f"could not save {path} ({_reason(error)})"
    return None


def update_json(path: Path, changes: dict[str, Any]) -> str | None:
    """Set some keys of a JSON object file, keeping the others as they are on disk now (another
    copy of the app may have changed them); a problem to report, or None.

    Read, change and write happen under a lock on the file's directory, so two copies saving
    at once do not lose each other's keys. A file that is missing or not an object starts afresh.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(path.parent):
            try:
                current = parse_json(read_text(path))
            except (OSError, ValueError):  # unreadable (UnicodeDecodeError) or not JSON (BadFile)
                current = None
            merged = {**(current if isinstance(current, dict) else {}), **changes}
            return write_json(path, merged)
    except OSError as error:
        return f"could not save {path} ({_reason(error)})"


def leave_out(path: Path, keys: Collection[str]) -> str:
    """Rewrite the JSON object file ``path`` without ``keys`` (values that cannot be used), the
    file as it was set aside first as ``<name>.bad-<time>`` (nothing is lost); what was done, to
    end a problem line. Under the lock :func:`update_json` takes: a copy saving at once keeps
    its keys."""
    try:
        with _locked(path.parent):
            original = read_bounded(path)
            data = parse_json(original.decode("utf-8-sig"))
            if not isinstance(data, dict):
                raise BadFile(f"a {type(data).__name__} where an object was expected")
            backup = backup_path(path)
            write_atomically(backup, original, new=True)
            usable = {key: value for key, value in data.items() if key not in keys}
            write_atomically(path, json.dumps(usable, indent=2, sort_keys=True).encode("utf-8"))
    except (OSError, ValueError) as error:
        return f"the file is left as it is ({_reason(error)})"
    return f"the file as it was is kept as {backup.name}"


@contextlib.contextmanager
def _locked(directory: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``directory`` (advisory, between copies of this app)."""
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        if fcntl is not None:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


def _reason(error: BaseException) -> str:
    return getattr(error, "strerror", None) or str(error)


def load(path: Path, parse: Callable[[Any], T], default: Callable[[], T]) -> tuple[T, str | None]:
    """The parsed file and a problem to report; ``default()`` for a missing or bad file, a bad
    one being set aside first (``parse`` raises :class:`BadFile` for wrong content)."""
    data, problem = read_json(path)
    if data is None:
        return default(), problem
    try:
        return parse(data), None
    except BadFile as error:
        return default(), bad_content(path, error)

"""Settings and statistics on disk: JSON, written atomically, never trusted blindly.

A file that cannot be read, does not parse or holds the wrong types is moved aside as a
backup (nothing is lost), the defaults are used, and the caller gets a one-line problem to
show. Pure Python, no Textual.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from .engine import BoardError
from .game import FirstPlayer, KeyLayout, MarkChoice, Mode, Preset, Settings

T = TypeVar("T")

APP_NAME = "tictactoe-tui"
DEFAULT_THEME = "textual-dark"


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
    def settings(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def stats(self) -> Path:
        return self.data_dir / "stats.json"


class BadFile(ValueError):
    """A file's content is not what it should be; the message says what."""


def read_json(path: Path) -> tuple[Any, str | None]:
    """The parsed file (None when missing or bad) and a problem to report (None when fine).

    A bad file is renamed to ``<name>.bad-<time>`` first, so nothing is lost.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as error:
        return None, _set_aside(path, f"could not be read ({_reason(error)})")
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        return None, _set_aside(path, f"is not valid JSON ({error.msg} at line {error.lineno})")


def bad_content(path: Path, error: BadFile) -> str:
    """Set aside a file whose JSON parsed but holds the wrong things; the problem to report."""
    return _set_aside(path, f"has {error}")


def _set_aside(path: Path, what: str) -> str:
    backup = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, backup)
    except OSError as error:
        kept = f"it could not be moved aside ({_reason(error)}), so it is left as it is"
        return f"{path} {what}; {kept}; using defaults"
    return f"{path} {what}; kept as {backup.name}; using defaults"


def write_json(path: Path, data: Any) -> str | None:
    """Write atomically (temporary file, then rename); a problem to report, or None."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with temporary.open("w", encoding="utf-8") as file:
            json.dump(data, file, indent=2, sort_keys=True)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        return f"could not save {path} ({_reason(error)})"
    return None


def _reason(error: BaseException) -> str:
    return getattr(error, "strerror", None) or str(error)


# -- settings ----------------------------------------------------------------------------------


def settings_to_json(settings: Settings, theme: str) -> dict[str, Any]:
    """The settings file's content."""
    return {
        "mode": settings.mode.value,
        "level": settings.level,
        "first": settings.first.value,
        "mark": settings.mark.value,
        "board": settings.preset.key,
        "layout": settings.layout.value,
        "think_seconds": settings.think_seconds,
        "theme": theme,
    }


def settings_from_json(data: Any, known_levels: list[str]) -> tuple[Settings, str]:
    """Settings and theme from the file's content; :class:`BadFile` if anything is off."""
    if not isinstance(data, dict):
        raise BadFile(f"a {type(data).__name__} where an object was expected")
    defaults = Settings()
    choices: dict[str, tuple[Any, Any]] = {
        "mode": (Mode, defaults.mode),
        "first": (FirstPlayer, defaults.first),
        "mark": (MarkChoice, defaults.mark),
        "layout": (KeyLayout, defaults.layout),
    }
    values: dict[str, Any] = {}
    for key, (enum, default) in choices.items():
        values[key] = _choice(data, key, {member.value: member for member in enum}, default)
    level = _choice(data, "level", {name: name for name in known_levels}, defaults.level)
    preset = _board(data.get("board", defaults.preset.key))
    think = data.get("think_seconds", defaults.think_seconds)
    if isinstance(think, bool) or not isinstance(think, int | float) or not 0.05 <= think <= 60:
        raise BadFile(f"think_seconds {think!r}, which is not a number of seconds from 0.05 to 60")
    theme = data.get("theme", DEFAULT_THEME)
    if not isinstance(theme, str):
        raise BadFile(f"theme {theme!r}, which is not a name")
    return replace(defaults, level=level, preset=preset, think_seconds=float(think), **values), theme


def _board(value: Any) -> Preset:
    if not isinstance(value, str):
        raise BadFile(f"board {value!r}, which is not written like 4x4k4")
    try:
        return Preset.from_key(value)
    except BoardError as error:
        raise BadFile(str(error)) from None


def _choice(data: dict[str, Any], key: str, allowed: dict[Any, Any], default: Any) -> Any:
    if key not in data:
        return default
    value = data[key]
    if not isinstance(value, str) or value not in allowed:
        raise BadFile(f"{key} {value!r}, which is not one of {', '.join(map(str, allowed))}")
    return allowed[value]


# -- statistics --------------------------------------------------------------------------------


@dataclass
class Record:
    """Results for one mode and level, from the point of view in :func:`stats_key`."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    streak: int = 0
    best_streak: int = 0

    def add(self, outcome: int) -> None:
        """Count a result: +1 won, 0 drawn, -1 lost."""
        if outcome > 0:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
            if outcome == 0:
                self.drawn += 1
            else:
                self.lost += 1


@dataclass
class Stats:
    """Every record, keyed by :func:`stats_key`."""

    records: dict[str, Record] = field(default_factory=dict)

    def record(self, key: str) -> Record:
        return self.records.setdefault(key, Record())

    def to_json(self) -> dict[str, Any]:
        return {key: vars(record) for key, record in sorted(self.records.items())}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Statistics from the file's content; :class:`BadFile` if anything is off."""
        if not isinstance(data, dict):
            raise BadFile(f"a {type(data).__name__} where an object was expected")
        records = {}
        for key, fields in data.items():
            if not isinstance(fields, dict) or set(fields) != set(vars(Record())):
                raise BadFile(f"a record for {key!r} without exactly {', '.join(vars(Record()))}")
            if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in fields.values()):
                raise BadFile(f"a record for {key!r} whose counts are not whole numbers")
            records[key] = Record(**fields)
        return cls(records)


def stats_key(mode: Mode, level: str) -> str:
    """Against the computer: yours, per level. Otherwise X's, per mode (and level)."""
    if mode is Mode.TWO_PLAYERS:
        return mode.value
    return f"{mode.value} · {level}"


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


def load_settings(paths: Paths, known_levels: list[str]) -> tuple[Settings, str, str | None]:
    """Settings, theme and a problem to report; defaults for a missing or bad file."""
    (settings, theme), problem = load(
        paths.settings, lambda data: settings_from_json(data, known_levels), lambda: (Settings(), DEFAULT_THEME)
    )
    return settings, theme, problem


def load_stats(paths: Paths) -> tuple[Stats, str | None]:
    """Statistics and a problem to report; empty for a missing or bad file."""
    return load(paths.stats, Stats.from_json, Stats)

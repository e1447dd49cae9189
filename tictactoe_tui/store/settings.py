"""The settings file: what the player chose in the sidebar, and the theme."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import replace
from enum import StrEnum
from functools import partial
from typing import Any

from ..engine import BoardError
from ..engine.rules import RULES
from ..game import THINK_LIMITS, FirstPlayer, KeyLayout, MarkChoice, Preset, Settings
from ..table import TABLES
from .files import BadFile, Paths, leave_out, load

DEFAULT_THEME = "textual-dark"


class Unavailable(BadFile):
    """A value written well that names what is not installed now (a plug-in's game, table or
    player): kept in the file for when it is back, its default used this launch only."""


def settings_to_json(settings: Settings, theme: str) -> dict[str, Any]:
    """The settings file's content."""
    return {
        "mode": settings.mode,
        "level": settings.level,
        "first": settings.first.value,
        "mark": settings.mark.value,
        "board": settings.preset.key,
        "layout": settings.layout.value,
        "think_seconds": settings.think_seconds,
        "coordinates": settings.coordinates,
        "coach": settings.coach,
        "theme": theme,
    }


def settings_from_json(
    data: Any, known_levels: Collection[str], known_themes: Collection[str] | None = None
) -> tuple[Settings, str, dict[str, str], frozenset[str]]:
    """Settings and theme from the file's content, checked field by field (``known_levels``: the
    levels and players it may name; ``known_themes``: the themes, None to take any name). A field
    that cannot be used gets its default and a line that says so (by the file's key); the keys
    last returned are those to keep in the file all the same (:class:`Unavailable`: a plug-in's
    name, usable again once it is installed). A file that is not an object is :class:`BadFile`."""
    if not isinstance(data, dict):
        raise BadFile(f"a {type(data).__name__} where an object was expected")
    defaults = Settings()
    fields: dict[str, Callable[[Any], Any]] = {
        "mode": _table,
        "first": _choice(FirstPlayer),
        "mark": _choice(MarkChoice),
        "layout": _choice(KeyLayout),
        "level": partial(_level, known_levels),
        "preset": _board,
        "think_seconds": _seconds,
        "coordinates": _flag,
        "coach": _flag,
    }
    values: dict[str, Any] = {}
    problems: dict[str, str] = {}
    kept: set[str] = set()
    for field, read in fields.items():
        key = FILE_KEYS.get(field, field)
        if key not in data:
            continue
        try:
            values[field] = read(data[key])
        except BadFile as error:
            default = _written(settings_to_json(defaults, "")[key])
            if isinstance(error, Unavailable):
                kept.add(key)
                problems[key] = f"{key} {_shown(data[key])} {error}: using {default} this time"
            else:
                problems[key] = f"{key} {_shown(data[key])} {error}: using {default}"
    theme = data.get("theme", DEFAULT_THEME)
    if not isinstance(theme, str) or (known_themes is not None and theme not in known_themes):
        problems["theme"] = f"theme {_shown(theme)} is not available: using {DEFAULT_THEME}"
        theme = DEFAULT_THEME
    return replace(defaults, **values), theme, problems, frozenset(kept)


#: The settings file's name for a field of :class:`Settings`, where it is not the field's own.
FILE_KEYS = {"preset": "board"}


def _shown(value: Any) -> str:
    """A value from the file as a line shows it: quoted, and cut short if long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _written(value: Any) -> str:
    """A default as the file writes it, unquoted."""
    return value if isinstance(value, str) else json.dumps(value)


def _choice(enum: type[StrEnum]) -> Callable[[Any], Any]:
    allowed = {member.value: member for member in enum}

    def read(value: Any) -> Any:
        if not isinstance(value, str) or value not in allowed:
            raise BadFile(f"is not one of {', '.join(allowed)}")
        return allowed[value]

    return read


NOT_INSTALLED = "is not installed now (a plug-in's?)"


def _unavailable(value: str, error: str) -> BadFile:
    """What a name not registered now is: :class:`Unavailable` (kept) where it is written as
    names are (lower case, no spaces around), else a value to leave out (``error``)."""
    return Unavailable(NOT_INSTALLED) if value and value == value.strip().lower() else BadFile(error)


def _table(value: Any) -> str:
    if not isinstance(value, str):
        raise BadFile(f"is not one of {', '.join(TABLES)}")
    if value not in TABLES:
        raise _unavailable(value, f"is not one of {', '.join(TABLES)}")
    return value


def _level(known_levels: Collection[str], value: Any) -> str:
    if not isinstance(value, str):
        raise BadFile("is not a level or player of this version")
    if value not in known_levels:
        raise _unavailable(value, "is not a level or player of this version")
    return value


def _seconds(value: Any) -> float:
    least, most = THINK_LIMITS
    if isinstance(value, bool) or not isinstance(value, int | float) or not least <= value <= most:
        raise BadFile(f"is not a number of seconds from {least:g} to {most:g}")
    return float(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadFile("is not true or false")
    return value


def _board(value: Any) -> Preset:
    if not isinstance(value, str):
        raise BadFile("is not written like 4x4k4")
    game = value.rpartition(":")[0]
    if game and game not in RULES and game == game.strip().lower():
        raise Unavailable(NOT_INSTALLED)
    try:
        return Preset.from_key(value)
    except BoardError as error:
        raise BadFile(f"cannot be played ({error})") from None


def load_settings(
    paths: Paths, known_levels: Collection[str], known_themes: Collection[str] | None = None
) -> tuple[Settings, str, str | None]:
    """Settings, theme and a problem to report (one line); defaults for a missing file, or one
    that is not a JSON object (set aside), and for each field that cannot be used: said once,
    the file then holds the fields it can use (as it was: set aside), so the next start says
    nothing. A value naming what is not installed now (a plug-in's) stays in the file, its
    default used for this launch only (said at each start without it), and is back with it."""
    (settings, theme, problems, kept), problem = load(
        paths.settings,
        lambda data: settings_from_json(data, known_levels, known_themes),
        lambda: (Settings(), DEFAULT_THEME, {}, frozenset()),
    )
    if problems:
        dropped = [key for key in problems if key not in kept]
        done = leave_out(paths.settings, dropped) if dropped else "the file keeps it for when it is back"
        problem = f"{paths.settings}: {'; '.join(problems.values())}; {done}"
    return settings, theme, problem

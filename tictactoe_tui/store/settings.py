"""The settings file: what the player chose in the sidebar, and the theme."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Any

from ..engine import BoardError
from ..game import THINK_LIMITS, FirstPlayer, KeyLayout, MarkChoice, Preset, Settings
from ..table import TABLES
from .files import BadFile, Paths, load

DEFAULT_THEME = "textual-dark"


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


def settings_from_json(data: Any, known_levels: Collection[str]) -> tuple[Settings, str]:
    """Settings and theme from the file's content (``known_levels``: the levels and players it may
    name); :class:`BadFile` if anything is off."""
    if not isinstance(data, dict):
        raise BadFile(f"a {type(data).__name__} where an object was expected")
    defaults = Settings()
    choices: dict[str, tuple[Any, Any]] = {
        "first": (FirstPlayer, defaults.first),
        "mark": (MarkChoice, defaults.mark),
        "layout": (KeyLayout, defaults.layout),
    }
    values: dict[str, Any] = {}
    for key, (enum, default) in choices.items():
        values[key] = _choice(data, key, {member.value: member for member in enum}, default)
    values["mode"] = _choice(data, "mode", {name: name for name in TABLES}, defaults.mode)
    level = data.get("level", defaults.level)
    if not isinstance(level, str) or level not in known_levels:
        raise BadFile(f"level {level!r}, which is not one of {', '.join(known_levels)}")
    preset = _board(data.get("board", defaults.preset.key))
    think = data.get("think_seconds", defaults.think_seconds)
    least, most = THINK_LIMITS
    if isinstance(think, bool) or not isinstance(think, int | float) or not least <= think <= most:
        raise BadFile(f"think_seconds {think!r}, which is not a number of seconds from {least:g} to {most:g}")
    coordinates, coach = (_flag(data, key, getattr(defaults, key)) for key in ("coordinates", "coach"))
    theme = data.get("theme", DEFAULT_THEME)
    if not isinstance(theme, str):
        raise BadFile(f"theme {theme!r}, which is not a name")
    settings = replace(
        defaults, level=level, preset=preset, think_seconds=float(think), coordinates=coordinates, coach=coach
    )
    return replace(settings, **values), theme


def _flag(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise BadFile(f"{key} {value!r}, which is not true or false")
    return value


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


def load_settings(paths: Paths, known_levels: Collection[str]) -> tuple[Settings, str, str | None]:
    """Settings, theme and a problem to report; defaults for a missing or bad file."""
    (settings, theme), problem = load(
        paths.settings, lambda data: settings_from_json(data, known_levels), lambda: (Settings(), DEFAULT_THEME)
    )
    return settings, theme, problem

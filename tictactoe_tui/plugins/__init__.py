"""Plug-ins: games, kinds of player, their seats and tables from other installed packages.

A package declares an entry point in the group :data:`GROUP`::

    [project.entry-points."tictactoe_tui.plugins"]
    exact-five = "exact_five:register"

and its ``register(plugin)`` is called with a :class:`PlugIn`, through which it registers what it
brings. Every process the package starts (the app and the command line, the search process,
the arena's workers, each browser session of ``serve``) calls :func:`load_plugins` once before it
reads settings or the archive. A plug-in that raises, or that registers something different under
a name already taken, is left out whole (what it had registered is taken out again) with one line
naming its distribution and why; the rest start as if it were not installed. Registration only:
no hooks are called later, so no plug-in framework (pluggy) is needed.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING

from ..engine.lazy import lazy_names

if TYPE_CHECKING:  # the games are loaded when a plug-in brings one (a quick answer loads none)
    from importlib.metadata import EntryPoint

    from ..engine.games import Game
    from .entries import PLUGGED_SEATS, Declared, PlugIn, PlugInReport, load_entry, seat_maker

__all__ = [
    "GROUP",
    "PLUGGED_SEATS",
    "Declared",
    "PlugIn",
    "PlugInReport",
    "adopt",
    "declared",
    "load_entry",
    "load_plugins",
    "problems",
    "seat_maker",
]
#: What loading a plug-in makes (:mod:`.entries`), loaded when an entry point of :data:`GROUP`
#: is found: a start with no plug-in installed makes none of these values.
_ENTRIES = ("PLUGGED_SEATS", "Declared", "PlugIn", "PlugInReport", "load_entry", "seat_maker")
__getattr__ = lazy_names(__name__, dict.fromkeys(_ENTRIES, "entries"))

#: The entry-point group a plug-in declares.
GROUP = "tictactoe_tui.plugins"

_loaded: tuple[PlugInReport, ...] | None = None


def load_plugins() -> tuple[PlugInReport, ...]:
    """Load every installed plug-in, once a process (later calls return the same reports)."""
    global _loaded
    if _loaded is None:
        found = declared()
        if found:
            from .entries import load_entry

            _loaded = tuple(load_entry(entry) for entry in found)
        else:
            _loaded = ()
    return _loaded


def declared(path: list[str] | None = None) -> list[Declared]:
    """The entry points of :data:`GROUP` of the distributions on ``path`` (sys.path), read from
    each folder's ``*.dist-info`` and ``*.egg-info`` (a distribution in two folders: the first
    wins, as imports do).
    Not through ``importlib.metadata``, whose import alone took 26 ms of a 105 ms ``--help``
    (email, zipfile, csv), unless a path entry is not a folder (a zip): that one looks there."""
    found: dict[str, Declared] = {}
    for entry in sys.path if path is None else path:
        folder = entry or os.curdir
        try:
            names = sorted(os.listdir(folder))
        except NotADirectoryError:
            return _by_importlib()
        except OSError:  # not there: nothing to find
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                for declared_here in _entry_points(os.path.join(folder, name), name.rsplit(".", 1)[0]):
                    found.setdefault(f"{declared_here.distribution.split()[0]} {declared_here.name}", declared_here)
    return list(found.values())


def _entry_points(metadata: str, stem: str) -> list[Declared]:
    """The entry points of :data:`GROUP` a distribution's ``entry_points.txt`` declares; ``stem``:
    its folder's name without the suffix (``name-version``)."""
    try:
        with open(os.path.join(metadata, "entry_points.txt"), encoding="utf-8", errors="replace") as file:
            text = file.read()
    except OSError:
        return []
    if f"[{GROUP}]" not in text:
        return []
    from .entries import Declared

    name, _dash, version = stem.partition("-")
    distribution = f"{re.sub(r'[-_.]+', '-', name).lower()} {version.partition('-')[0]}".strip()
    section, entries = "", []
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == GROUP and "=" in line and not line.startswith(("#", ";")):
            key, _equals, value = line.partition("=")
            entries.append(Declared(key.strip(), value.strip(), distribution))
    return entries


def _by_importlib() -> list[Declared]:
    """The entry points of :data:`GROUP` as ``importlib.metadata`` finds them (zips included)."""
    from importlib.metadata import entry_points

    from .entries import Declared

    def distribution(entry: EntryPoint) -> str:
        dist = entry.dist
        return "an unknown distribution" if dist is None else f"{dist.name} {dist.version}"

    return [Declared(entry.name, entry.value, distribution(entry)) for entry in entry_points(group=GROUP)]


def problems() -> list[str]:
    """One line for each plug-in that was left out."""
    return [report.line for report in load_plugins() if report.problem is not None]


def adopt(handed: tuple[Game, ...]) -> None:
    """In a process started afresh (spawned): load the plug-ins, then register the games the
    starting process had registered from outside (a test's, a script's; the plug-ins' own
    are the same games again, a no-op)."""
    load_plugins()
    from ..engine.games import register_game

    for game in handed:
        register_game(game)

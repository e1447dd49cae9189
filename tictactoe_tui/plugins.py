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

import importlib
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from .registry import Registry
from .table import PLAYERS, TABLES, Player, Table

if TYPE_CHECKING:  # the games are loaded when a plug-in brings one (a quick answer loads none)
    from importlib.metadata import EntryPoint

    from .engine.games import Game

Entry = TypeVar("Entry")

#: The entry-point group a plug-in declares.
GROUP = "tictactoe_tui.plugins"

#: Seats of kinds of player from plug-ins, by the player's name: ``"module:attribute"``, the
#: callable that makes the seat from the game screen's ``SeatPorts``, imported when a game first
#: seats that kind (so a process that plays no game, the search process, never imports the UI).
PLUGGED_SEATS: Registry[str] = Registry("plugged-in seat")


def seat_maker(reference: str) -> Callable[[Any], Any]:
    """What ``"module:attribute"`` names, imported."""
    module, _colon, attribute = reference.partition(":")
    made: Callable[[Any], Any] = getattr(importlib.import_module(module), attribute)
    return made


@dataclass(frozen=True)
class PlugInReport:
    """One installed plug-in: its entry point's name, its distribution, what it registered
    (``"game exact-five"``...) and, if it was left out, why (one line)."""

    name: str
    distribution: str
    registered: tuple[str, ...] = ()
    problem: str | None = None

    @property
    def line(self) -> str:
        """The one line that says it was left out, naming its distribution and why."""
        return f"The plug-in {self.name!r} (from {self.distribution}) is left out: {self.problem}"


@dataclass
class PlugIn:
    """What a plug-in's ``register`` is handed: each method registers one thing under its name.
    The same thing again is a no-op; something different under a name already taken raises
    ValueError (and the plug-in is left out)."""

    name: str
    distribution: str
    registered: list[str] = field(default_factory=list)
    _undo: list[Callable[[], None]] = field(default_factory=list)

    def game(self, game: Game) -> Game:
        """A game: its rules, levels, searches, presentation and own players (``engine.games.Game``)."""
        from .engine.games import GAMES, register_game, unregister_game

        new = game.name not in GAMES
        registered = register_game(game)
        self._note(f"game {game.name}", new, lambda: unregister_game(game.name))
        return registered

    def player(self, player: Player) -> Player:
        """A kind of player that may sit at a side (``table.Player``); its seat is :meth:`seat`."""
        return self._add(PLAYERS, "player", player.name, player)

    def table(self, table: Table) -> Table:
        """A kind of table: who sits where (``table.Table``), offered in the sidebar and the palette."""
        return self._add(TABLES, "table", table.name, table)

    def seat(self, player: str, maker: str) -> str:
        """The seat of the kind of player ``player``: ``maker`` is ``"module:attribute"``, a
        callable that makes it from the game screen's ``SeatPorts`` (``app.seats``)."""
        return self._add(PLUGGED_SEATS, "seat", player, maker)

    def _add(self, registry: Registry[Entry], kind: str, name: str, entry: Entry) -> Entry:
        new = name not in registry
        registered = registry.register(name, entry)
        self._note(f"{kind} {name}", new, lambda: registry.unregister(name))
        return registered

    def _note(self, what: str, new: bool, undo: Callable[[], None]) -> None:
        self.registered.append(what)
        if new:
            self._undo.append(undo)

    def withdraw(self) -> None:
        """Take out again what this plug-in registered (it failed part way)."""
        for undo in reversed(self._undo):
            undo()
        self._undo.clear()
        self.registered.clear()


@dataclass(frozen=True)
class Declared:
    """One entry point of :data:`GROUP`: its name, its object (``"module:attribute"``) and the
    distribution that declares it (``name version``)."""

    name: str
    value: str
    distribution: str

    def load(self) -> Any:
        """Import the object the entry point names."""
        module, _colon, attributes = self.value.split("[", 1)[0].strip().partition(":")
        found: Any = importlib.import_module(module.strip())
        for attribute in filter(None, attributes.strip().split(".")):
            found = getattr(found, attribute)
        return found


def _reason(error: BaseException) -> str:
    text = (str(error).strip().splitlines() or [""])[0]
    text = text if len(text) <= 160 else text[:159] + "…"
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def load_entry(entry: Declared) -> PlugInReport:
    """Load one plug-in and call its ``register``; a failure leaves it out whole."""
    plugin = PlugIn(entry.name, entry.distribution)
    try:
        register = entry.load()
        register(plugin)
    except Exception as error:  # any failure of someone else's code: the app starts without it
        plugin.withdraw()
        return PlugInReport(plugin.name, plugin.distribution, problem=_reason(error))
    return PlugInReport(plugin.name, plugin.distribution, tuple(plugin.registered))


_loaded: tuple[PlugInReport, ...] | None = None


def load_plugins() -> tuple[PlugInReport, ...]:
    """Load every installed plug-in, once a process (later calls return the same reports)."""
    global _loaded
    if _loaded is None:
        _loaded = tuple(load_entry(entry) for entry in declared())
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
    from .engine.games import register_game

    for game in handed:
        register_game(game)

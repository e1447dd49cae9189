"""What loading the installed plug-ins makes: each entry point (:class:`Declared`), the
:class:`PlugIn` its ``register`` is handed, the :class:`PlugInReport`, and the plug-ins' seats
(:data:`PLUGGED_SEATS`). Loaded only when an installed package declares an entry point of the
group, so a start with no plug-in builds none of these values before its first frame."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ..registry import Registry
from ..table import PLAYERS, TABLES, Player, Table

if TYPE_CHECKING:  # the games are loaded when a plug-in brings one
    from ..engine.games import Game

Entry = TypeVar("Entry")

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
        from ..engine.games import GAMES, register_game, unregister_game

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

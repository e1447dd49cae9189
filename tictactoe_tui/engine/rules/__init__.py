"""The games' rules, one module each, and the catalogue that names them.

A new variant of the package's own is a :class:`~.base.Rules` subclass in its own module plus
one entry in :data:`OWN_RULES`, the package's one list of its games; its levels and
presentation are registered in the module of its name in :mod:`tictactoe_tui.engine.games`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Protocol

from ..marks import BoardError
from .base import DEFAULT_GAME, DRAW, LOSS, WIN, Geometry, Rules
from .classic import Classic
from .gravity import Gravity
from .misere import Misere
from .ultimate import Ultimate

#: The rules of the package's own games, in the order the sidebar offers them: the one list of
#: them (each game's players come from the module of its name in :mod:`..games`).
OWN_RULES: tuple[Rules, ...] = (Classic(), Gravity(), Misere(), Ultimate())


class Registration(Protocol):
    """What the games registry holds for a game, as far as rules go: its rules."""

    @property
    def rules(self) -> Rules: ...


class GameRules(Mapping[str, Rules]):
    """Every game's rules by its name, read from the one registry of games
    (:data:`tictactoe_tui.engine.games.GAMES`, one entry a game, which hands itself in with
    :meth:`read_from` as it is made); the package's own games' rules are known before it is
    (a board needs its rules, not its players), and are all there is until then."""

    def __init__(self, own: tuple[Rules, ...]) -> None:
        self._own = {rules.name: rules for rules in own}
        self._games: Mapping[str, Registration] | None = None

    def read_from(self, games: Mapping[str, Registration]) -> None:
        """Read the games' names and rules from ``games`` from now on."""
        self._games = games

    def __getitem__(self, name: str) -> Rules:
        if name not in self:
            raise KeyError(name)
        own = self._own.get(name)
        if own is not None:
            return own
        assert self._games is not None  # a name not of the package's own is the games registry's
        return self._games[name].rules

    @property
    def _registered(self) -> Mapping[str, Registration | Rules]:
        return self._own if self._games is None else self._games

    def __contains__(self, name: object) -> bool:
        return name in self._registered

    def __iter__(self) -> Iterator[str]:
        return iter(self._registered)

    def __len__(self) -> int:
        return len(self._registered)


#: Every game's rules by its name, in the order the sidebar offers them: the package's own, then
#: those registered from outside (:func:`~tictactoe_tui.engine.games.register_game`), as the
#: games registry has them.
RULES = GameRules(OWN_RULES)
CLASSIC = RULES[DEFAULT_GAME]

__all__ = [
    "CLASSIC",
    "DEFAULT_GAME",
    "DRAW",
    "LOSS",
    "OWN_RULES",
    "RULES",
    "WIN",
    "GameRules",
    "Geometry",
    "Registration",
    "Rules",
    "rules_named",
]


def rules_named(name: str) -> Rules:
    """The rules of the game called ``name`` (any case); :class:`BoardError` names the choices."""
    found = RULES.get(name.strip().lower())
    if found is None:
        raise BoardError(f"unknown game {name!r}: choose from {', '.join(RULES)}")
    return found

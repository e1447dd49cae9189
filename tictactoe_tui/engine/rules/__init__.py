"""The games' rules, one module each, and the catalogue that names them.

A new variant of the package's own is a :class:`~.base.Rules` subclass in its own module plus
one entry in :data:`OWN_RULES`, the package's one list of its games; its levels and
presentation are registered in the module of its name in :mod:`tictactoe_tui.engine.games`.
"""

from __future__ import annotations

from ...registry import Registry
from ..marks import BoardError
from .base import DEFAULT_GAME, DRAW, LOSS, WIN, Geometry, Rules
from .classic import Classic
from .gravity import Gravity
from .misere import Misere
from .ultimate import Ultimate

#: The rules of the package's own games, in the order the sidebar offers them: the one list of
#: them (each game's players come from the module of its name in :mod:`..games`).
OWN_RULES: tuple[Rules, ...] = (Classic(), Gravity(), Misere(), Ultimate())
#: Every game's rules by its name, in the order the sidebar offers them: the package's own, then
#: those registered from outside (:func:`~tictactoe_tui.engine.games.register_game`).
RULES: Registry[Rules] = Registry("game")
for _own in OWN_RULES:
    RULES.register(_own.name, _own)
CLASSIC = RULES[DEFAULT_GAME]

__all__ = ["CLASSIC", "DEFAULT_GAME", "DRAW", "LOSS", "OWN_RULES", "RULES", "WIN", "Geometry", "Rules", "rules_named"]


def rules_named(name: str) -> Rules:
    """The rules of the game called ``name`` (any case); :class:`BoardError` names the choices."""
    found = RULES.get(name.strip().lower())
    if found is None:
        raise BoardError(f"unknown game {name!r}: choose from {', '.join(RULES)}")
    return found

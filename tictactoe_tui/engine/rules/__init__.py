"""The games' rules, one module each, and the catalogue that names them.

A new variant is a :class:`~.base.Rules` subclass in its own module plus one line in
:data:`RULES`; its levels and presentation are registered in :mod:`tictactoe_tui.engine.games`.
"""

from __future__ import annotations

from ..marks import BoardError
from .base import DEFAULT_GAME, DRAW, LOSS, WIN, Geometry, Rules
from .classic import Classic
from .gravity import Gravity
from .misere import Misere
from .ultimate import Ultimate

#: Every game's rules by its name, in the order the sidebar offers them.
RULES: dict[str, Rules] = {rules.name: rules for rules in (Classic(), Gravity(), Misere(), Ultimate())}
CLASSIC = RULES[DEFAULT_GAME]

__all__ = ["CLASSIC", "DEFAULT_GAME", "DRAW", "LOSS", "RULES", "WIN", "Geometry", "Rules", "rules_named"]


def rules_named(name: str) -> Rules:
    """The rules of the game called ``name`` (any case); :class:`BoardError` names the choices."""
    found = RULES.get(name.strip().lower())
    if found is None:
        raise BoardError(f"unknown game {name!r}: choose from {', '.join(RULES)}")
    return found

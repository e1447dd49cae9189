"""The games the app plays, one module each, and the registry that names them.

A new variant is a :class:`~.base.Rules` subclass in its own module plus one line in
:data:`GAMES`; boards, players, the app and the command line find it here.
"""

from __future__ import annotations

from ..board import BoardError
from .base import DRAW, LOSS, WIN, Rules
from .classic import Classic
from .gravity import Gravity
from .misere import Misere
from .ultimate import Ultimate

#: Every game by its name, in the order the sidebar offers them.
GAMES: dict[str, Rules] = {rules.name: rules for rules in (Classic(), Gravity(), Misere(), Ultimate())}
CLASSIC = GAMES["classic"]

__all__ = ["CLASSIC", "DRAW", "GAMES", "LOSS", "WIN", "Rules", "rules_named"]


def rules_named(name: str) -> Rules:
    """The registered game called ``name`` (any case); :class:`BoardError` names the choices."""
    found = GAMES.get(name.strip().lower())
    if found is None:
        raise BoardError(f"unknown game {name!r}: choose from {', '.join(GAMES)}")
    return found

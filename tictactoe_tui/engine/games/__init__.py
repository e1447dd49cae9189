"""The games registry: each game's rules, its levels and its presentation, by name.

The top of the engine. A new game of the package's own is a rules module (:mod:`..rules`), one
entry in :data:`~..rules.OWN_RULES`, and a module here of its name that names its players,
searches and presentation. Nothing below imports this package: rules, boards, searches and
players never name a game's levels.

Each name loads its module on first use, and each game its players and searches when it is
first asked for (:mod:`.registry`), so showing a classic board builds no other game's players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .base import LEVEL_NAMES, DigitAnswer, Game, Presentation
    from .levels import (
        GAME_SEARCHES,
        LEVELS,
        STRATEGIES,
        Level,
        analyze,
        get_strategy,
        register_game,
        registered_game,
        strategy_names,
        unregister_game,
    )
    from .names import STRATEGY_NAMES
    from .registry import GAMES, game_named, game_of, plug_ins, presentation_of

#: Where each public name lives.
_MODULES = {
    **dict.fromkeys(("LEVEL_NAMES", "DigitAnswer", "Game", "Presentation"), "base"),
    **dict.fromkeys(("GAMES", "game_named", "game_of", "plug_ins", "presentation_of"), "registry"),
    "STRATEGY_NAMES": "names",
    **dict.fromkeys(
        (
            "GAME_SEARCHES",
            "LEVELS",
            "STRATEGIES",
            "Level",
            "analyze",
            "get_strategy",
            "register_game",
            "registered_game",
            "strategy_names",
            "unregister_game",
        ),
        "levels",
    ),
}

__all__ = [
    "GAMES",
    "GAME_SEARCHES",
    "LEVELS",
    "LEVEL_NAMES",
    "STRATEGIES",
    "STRATEGY_NAMES",
    "DigitAnswer",
    "Game",
    "Level",
    "Presentation",
    "analyze",
    "game_named",
    "game_of",
    "get_strategy",
    "plug_ins",
    "presentation_of",
    "register_game",
    "registered_game",
    "strategy_names",
    "unregister_game",
]


__getattr__ = lazy_names(__name__, _MODULES)

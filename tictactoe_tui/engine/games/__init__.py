"""The games registry: each game's rules, its levels and its presentation, by name.

The top of the engine. A new game is a rules module (:mod:`..rules`), a module here that
names its players and presentation, and one line in :data:`~.registry.OWN_GAMES`. Nothing
below imports this package: rules, boards, searches and players never name a game's levels.

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
        STRATEGY_NAMES,
        Level,
        analyze,
        get_strategy,
        register_game,
        strategy_names,
    )
    from .registry import GAMES, OWN_GAMES, game_named, game_of, plug_ins

#: Where each public name lives.
_MODULES = {
    **dict.fromkeys(("LEVEL_NAMES", "DigitAnswer", "Game", "Presentation"), "base"),
    **dict.fromkeys(("GAMES", "OWN_GAMES", "game_named", "game_of", "plug_ins"), "registry"),
    **dict.fromkeys(
        (
            "GAME_SEARCHES",
            "LEVELS",
            "STRATEGIES",
            "STRATEGY_NAMES",
            "Level",
            "analyze",
            "get_strategy",
            "register_game",
            "strategy_names",
        ),
        "levels",
    ),
}

__all__ = [
    "GAMES",
    "GAME_SEARCHES",
    "LEVELS",
    "LEVEL_NAMES",
    "OWN_GAMES",
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
    "register_game",
    "strategy_names",
]


__getattr__ = lazy_names(__name__, _MODULES)

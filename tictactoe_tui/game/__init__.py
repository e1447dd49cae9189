"""A game session as immutable values: the player's choices (:mod:`.choices`), the game in
play (:mod:`.state`) and the session's scores (:mod:`.scores`).

Pure Python like the engine; the Textual app holds one :class:`GameState` and renders it.
The engine's X always moves first; people may still pick their symbol and whether they go
first, so a game can show the first player's marks as "O": who sits where, and which symbol
each shows, is the game's :class:`~tictactoe_tui.table.Seating`.
"""

from ..table import FirstPlayer, MarkChoice
from .choices import (
    AIDS,
    HINT,
    OVERLAY,
    PRESETS,
    TAKE_BACK,
    THINK_LIMITS,
    THINK_TIMES,
    KeyLayout,
    Preset,
    Settings,
    presets_for,
)
from .scores import Scoreboard
from .state import AiMove, GameState, format_seconds

__all__ = [
    "AIDS",
    "HINT",
    "OVERLAY",
    "PRESETS",
    "TAKE_BACK",
    "THINK_LIMITS",
    "THINK_TIMES",
    "AiMove",
    "FirstPlayer",
    "GameState",
    "KeyLayout",
    "MarkChoice",
    "Preset",
    "Scoreboard",
    "Settings",
    "format_seconds",
    "presets_for",
]

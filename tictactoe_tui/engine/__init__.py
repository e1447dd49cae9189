"""The game engine, in layers that import one way (lowest first): marks, rules, the board,
searches, players, the games registry, the arena (see docs/architecture.md).

Pure Python: nothing here imports Textual, so the engine runs and tests without a terminal.
Each name loads its module on first use, so a program that needs only boards (the archive,
the command line's quick answers) does not pay for the searches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

if TYPE_CHECKING:
    from .arena import (
        AGAINST_REFERENCE,
        LADDER,
        REFERENCE,
        ArenaResult,
        PairingResult,
        play_game,
        run_arena,
        run_pairing,
    )
    from .board import Board, BoardError, Mark, Move, default_k, move_name, parse_move
    from .games import GAMES, LEVELS, STRATEGIES, analyze, get_strategy, strategy_names
    from .players import Decision, Strategy
    from .position import Position
    from .search.budget import Budget
    from .search.solver import Analysis, MoveValue

#: Where each public name lives.
_MODULES = {
    **dict.fromkeys(
        (
            "AGAINST_REFERENCE",
            "LADDER",
            "REFERENCE",
            "ArenaResult",
            "PairingResult",
            "play_game",
            "run_arena",
            "run_pairing",
        ),
        "arena",
    ),
    **dict.fromkeys(("Board", "BoardError", "Mark", "Move", "default_k", "move_name", "parse_move"), "board"),
    "Position": "position",
    **dict.fromkeys(("Analysis", "MoveValue"), "search.solver"),
    "Budget": "search.budget",
    "analyze": "games",
    **dict.fromkeys(("GAMES", "LEVELS", "STRATEGIES", "get_strategy", "strategy_names"), "games"),
    **dict.fromkeys(("Decision", "Strategy"), "players"),
}

__all__ = [
    "AGAINST_REFERENCE",
    "GAMES",
    "LADDER",
    "LEVELS",
    "REFERENCE",
    "STRATEGIES",
    "Analysis",
    "ArenaResult",
    "Board",
    "BoardError",
    "Budget",
    "Decision",
    "Mark",
    "Move",
    "MoveValue",
    "PairingResult",
    "Position",
    "Strategy",
    "analyze",
    "default_k",
    "get_strategy",
    "move_name",
    "parse_move",
    "play_game",
    "run_arena",
    "run_pairing",
    "strategy_names",
]


__getattr__ = lazy_names(__name__, _MODULES)

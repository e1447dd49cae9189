"""The game engine: boards, the exact solver, the strategies and the arena.

Pure Python: nothing here imports Textual, so the engine runs and tests without a terminal.
"""

from .arena import LADDER, ArenaResult, PairingResult, play_game, run_arena, run_pairing
from .board import Board, BoardError, Mark, Move, default_k, move_name, parse_move
from .solver import Analysis, Budget, MoveValue, analyze
from .strategies import LEVELS, STRATEGIES, Decision, Strategy, get_strategy, strategy_names

__all__ = [
    "LADDER",
    "LEVELS",
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

"""What the registry binds for each game: its rules, its levels, its searches, its presentation hints.

Cheap to import: the players and searches a game binds load with that game's module, not with this one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..board import Board, Mark, Move
from ..rules import Rules

if TYPE_CHECKING:
    from ..players import Strategy
    from ..search.kit import SearchKit

#: The difficulty levels people pick, easiest first; every game names a player for each.
LEVEL_NAMES = ("easy", "medium", "hard", "impossible")


@dataclass(frozen=True)
class DigitAnswer:
    """What the number keys typed so far name: the square to play; or a part of the board the
    cursor goes to while the next digit is awaited; or nothing, and why."""

    square: Move | None = None
    """The square to play (the digits are complete)."""
    cursor: Move | None = None
    """Where the cursor goes while the next digit is awaited (None: no digit is awaited)."""
    prompt: str = ""
    """What the player is told: what the next digit picks, or why digits name nothing here."""

    @property
    def awaits_digit(self) -> bool:
        """Whether another digit is needed to name a square."""
        return self.square is None and self.cursor is not None


class Presentation:
    """How people point at squares and what they are told of a game: the default is any free
    square, named by number keys on 3×3 only."""

    choice = "square"
    """What a player chooses with a move, in words ("column" where marks fall)."""
    mirror = (True, True)
    """How the board is flipped (the other side at the bottom): rows and columns reversed, a
    half turn; Gravity reverses its columns only, so marks still fall down."""

    def aim(self, board: Board, move: Move) -> Move:
        """The square a player pointing at ``move`` would mark."""
        return move

    def digit_square(self, board: Board, digits: tuple[int, ...], keypad: Callable[[int], Move]) -> DigitAnswer:
        """What the number keys ``digits`` (1-9 each, the last one just pressed, the earlier ones
        those an answer with a ``cursor`` awaited more after) name; ``keypad`` is the player's
        3×3 key layout."""
        if (board.rows, board.cols) != (3, 3):
            return DigitAnswer(prompt="Number keys name squares on 3×3 boards only: use the arrows and Enter")
        return DigitAnswer(keypad(digits[-1]))

    def where_to_play(self, board: Board, mirror: tuple[bool, bool] = (False, False)) -> str:
        """Where the side to move may play, when the game restricts it (for the status line),
        named as the board is drawn: ``mirror`` says whether its rows, and columns, are reversed
        (the board flipped)."""
        return ""

    def refusal(self, board: Board, cell: int, mirror: tuple[bool, bool] = (False, False)) -> str:
        """Why the side to move may not mark ``cell``, parts of the board named where they are
        drawn (``mirror``: flipped); by default the rules' words."""
        return board.rules.refusal(board, cell)

    def ending(self, board: Board, symbol: Callable[[Mark], str]) -> str:
        """How a finished game ended where the result alone does not say it, each side named by
        ``symbol`` (for the status line; by default nothing: the winning line is drawn)."""
        return ""


def _any_game() -> SearchKit:
    """The searches that serve any game through its rules (the default kit)."""
    from ..search.kit import ANY_GAME

    return ANY_GAME


@dataclass(frozen=True)
class Game:
    """One game as the app and the command line offer it."""

    rules: Rules
    levels: Mapping[str, Strategy]
    """The player behind each difficulty level (:data:`LEVEL_NAMES`)."""
    heuristic: Strategy
    """The strongest player that does not need to solve the position (what ``perfect``
    falls back to when the solver cannot finish)."""
    presentation: Presentation = field(default_factory=Presentation)
    levels_help: str = ""
    """What its levels are and how they score, for the help (empty: the general table says it)."""
    searches: SearchKit = field(default_factory=_any_game)
    """Its exact solver and MCTS playouts, handed to its players, the review and the analysis."""
    players: tuple[Strategy, ...] = ()
    """Players of this game alone that people may name (beside the levels), e.g. ``ultimate-mcts``."""

    def __post_init__(self) -> None:
        if tuple(self.levels) != LEVEL_NAMES:
            raise ValueError(f"{self.rules.name} must name a player for each of {', '.join(LEVEL_NAMES)}")

    @property
    def name(self) -> str:
        """The game's name on the command line and in files."""
        return self.rules.name

    @property
    def title(self) -> str:
        """The game's name for people."""
        return self.rules.title

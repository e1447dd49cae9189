"""The player's choices as one value: the kind of table, the level, who goes first, the mark,
the board (a game's shape) and the rest the sidebar offers; the help that leaves a game unrated."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from ..engine.board import DEFAULT_GAME, Board, GameShape, Move
from ..engine.rules import rules_named
from ..table import VS_COMPUTER, FirstPlayer, MarkChoice, Table, table_named


class KeyLayout(StrEnum):
    """How number keys map to squares on 3×3."""

    PHONE = "phone (1-2-3 on top)"
    KEYPAD = "keypad (7-8-9 on top)"

    def square(self, digit: int) -> Move:
        """The ``(row, col)`` a digit 1-9 names."""
        row, col = divmod(digit - 1, 3)
        return (row, col) if self is KeyLayout.PHONE else (2 - row, col)


#: A board shape in a game, as the sidebar offers it and the settings keep it: the one shape type.
Preset = GameShape


def presets_for(game: str) -> tuple[Preset, ...]:
    """The shapes the sidebar offers for a game, its default first."""
    return tuple(Preset(*shape, game=game) for shape in rules_named(game).presets)


PRESETS: tuple[Preset, ...] = presets_for(DEFAULT_GAME)
#: The help that leaves a game unrated, as the archive keeps it (the coach has a column of its own).
TAKE_BACK, HINT, OVERLAY = "take-back", "hint", "overlay"
AIDS = (TAKE_BACK, HINT, OVERLAY)
#: Seconds the computer may think per move, as offered in the sidebar.
THINK_TIMES: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 5.0)
#: The fewest and most seconds the computer may be given per move (the command line and the settings file).
THINK_LIMITS: tuple[float, float] = (0.05, 60.0)


@dataclass(frozen=True)
class Settings:
    """What the player chose in the sidebar. Level changes apply at once, the rest next game."""

    mode: str = VS_COMPUTER.name
    """The kind of table the next game is played at (a name in :data:`~tictactoe_tui.table.TABLES`)."""
    level: str = "impossible"
    first: FirstPlayer = FirstPlayer.YOU
    mark: MarkChoice = MarkChoice.X
    preset: Preset = PRESETS[0]
    layout: KeyLayout = KeyLayout.PHONE
    think_seconds: float = 1.0
    """The computer's time budget per move."""
    coordinates: bool = True
    """Letters across and numbers down the board (a1 is the top-left square)."""
    coach: bool = False
    """Against the computer, say at once when your move gives up a win or a draw (coached
    games are counted apart in the statistics)."""

    @property
    def table(self) -> Table:
        """The kind of table the chosen mode seats the players at."""
        return table_named(self.mode)

    @property
    def game(self) -> str:
        """The game's name (the board preset belongs to a game)."""
        return self.preset.game

    def with_game(self, game: str) -> Settings:
        """These settings for another game: the same board where that game offers it, else its first."""
        offered = presets_for(game)
        shape = (self.preset.rows, self.preset.cols, self.preset.k)
        same = [preset for preset in offered if (preset.rows, preset.cols, preset.k) == shape]
        return replace(self, preset=(same or offered)[0])

    def with_playable_level(self) -> tuple[Settings, str | None]:
        """These settings with a computer player that plays their game and board: as they are, or
        with ``impossible`` in place of a player of another game or board, and a note saying so."""
        from ..engine.games import LEVEL_NAMES

        if self.level in LEVEL_NAMES:
            return self, None
        from ..engine.games import get_strategy

        board = Board.empty_of(self.preset)
        if get_strategy(self.level).supports(board):
            return self, None
        return replace(self, level="impossible"), (
            f"{self.level} does not play {board.rules.title} on this board: the computer will play impossible"
        )

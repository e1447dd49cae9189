"""Who sits where: :class:`Seating`, the one record of the kind of table, the player at each side
and the symbols they show; and :class:`Seated`, what a table reads of a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..engine.board import Board, Mark
from ..engine.marks import Symbols
from .players import Player, player_named


@dataclass(frozen=True)
class Seating:
    """Who sits where: the kind of table (its name), the player at each side, the first player
    (the engine's X) first, and the symbols they show. The one record of it: the session holds
    it, and saved games, the archive and the online match store it as it is."""

    table: str
    players: tuple[str, str]
    marks: tuple[str, str] = ("X", "O")

    def of(self, mark: Mark) -> Player:
        """The player at ``mark``'s side."""
        return player_named(self.players[0 if mark is Mark.X else 1])

    def symbol(self, mark: Mark) -> str:
        """The symbol ``mark``'s side showed: the one way an engine side becomes ``X`` or ``O``."""
        return self.marks[0 if mark is Mark.X else 1]

    def shown_text(self, board: Board) -> str:
        """``board``'s text form with the symbols the players showed."""
        return self.symbols.shown(str(board))

    @property
    def symbols(self) -> Symbols:
        """The symbols the players show, as the engine keeps them (a puzzle of this game)."""
        return Symbols.first_showing(self.marks[0])

    @property
    def keyboard(self) -> frozenset[Mark]:
        """The sides played at this keyboard."""
        return frozenset(mark for mark in Mark if self.of(mark).at_keyboard)

    @property
    def mixed(self) -> bool:
        """Different kinds of player sit at the two sides (then they are named, else their symbols are)."""
        return self.players[0] != self.players[1]

    @property
    def by_level(self) -> bool:
        """A player at the computer's level sits at a side (the archive records the level)."""
        return any(self.of(mark).by_level for mark in Mark)

    def level_to_move(self, board: Board) -> bool:
        """The game is on and the side to move plays at the computer's level."""
        return not board.is_over and self.of(board.to_move).by_level

    def listed(self, level: str) -> tuple[str, str]:
        """Who played X and who played O as the archive lists them: each player's name, or
        the level of one who plays at the computer's level."""
        x, o = (level if level and player_named(name).by_level else name for name in self.players)
        return (x, o)


def marks_shown(swapped: bool) -> tuple[str, str]:
    """The symbols the first and the second player show."""
    return ("O", "X") if swapped else ("X", "O")


class Seated(Protocol):
    """What a table reads of a game: the position and who sits where."""

    @property
    def board(self) -> Board: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def joined(self) -> bool:
        """Every player has sat down (online: the friend has joined)."""
        ...

    def symbol(self, mark: Mark) -> str: ...

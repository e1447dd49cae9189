"""The kinds of player that may sit at a side (:data:`PLAYERS`: ``you``, ``computer``, ``friend``),
how the game speaks of each, and the player's choices of who goes first and which symbol."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..registry import Registry


class FirstPlayer(StrEnum):
    """Who moves first against the computer."""

    YOU = "you"
    COMPUTER = "computer"
    COIN_FLIP = "coin flip"


class MarkChoice(StrEnum):
    """The symbol the human plays against the computer."""

    X = "X"
    O = "O"  # noqa: E741 - the mark's own name
    RANDOM = "random"


@dataclass(frozen=True)
class Player:
    """A kind of player that may sit at a side, and how the game speaks of them."""

    name: str
    """As saved games and the archive record them: ``you``, ``computer``, ``friend``."""
    label: str
    """In the score line: ``You``."""
    turn: str
    """The status on their turn; ``{mark}`` is their symbol."""
    wins: str
    """The status when they won."""
    at_keyboard: bool = False
    """Their moves come from this keyboard (undo goes back to their turns)."""
    by_level: bool = False
    """They play at the computer's level: it is recorded with their games and names them in the
    archive's lists, and two of them in turn play at the watching pace."""


YOU = Player("you", "You", "Your turn ({mark})", "You win", at_keyboard=True)
COMPUTER = Player("computer", "Computer", "Computer's turn", "The computer wins", by_level=True)
FRIEND = Player("friend", "Friend", "Your friend's turn ({mark})", "Your friend wins")

#: Every kind of player, by name (what saved games and the archive record).
PLAYERS: Registry[Player] = Registry("kind of player")
for _player in (YOU, COMPUTER, FRIEND):
    PLAYERS.register(_player.name, _player)


def player_named(name: str) -> Player:
    """The kind of player called ``name``; one not registered (now: a game a plug-in's player
    played, kept in the archive) is known by its name alone."""
    known = PLAYERS.get(name)
    if known is not None:
        return known
    label = name[:1].upper() + name[1:]
    return Player(name, label, f"{label}'s turn ({{mark}})", f"{label} wins")

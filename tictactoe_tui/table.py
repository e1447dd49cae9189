"""Who plays: the kinds of table a game is played at, and the players who sit at it.

Everything that depends on who plays is decided here, and nowhere else: who sits at each side
when a game starts or is loaded, what each player is called, whose turn the status names, how
far undo goes, whether a game counts for you, whether a key may play now. A game session
(:class:`~tictactoe_tui.game.GameState`) names its table; its methods ask the table.

One vocabulary for who sat where (:class:`Seating`), used by the session, saved games, the
archive and the online match: ``you`` (a person at this keyboard), ``computer`` (the engine)
and ``friend`` (a person on another machine).

A new kind of table is a :class:`Table` passed to :func:`register_table`; a new kind of
player a :class:`Player` passed to :func:`register_player`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from .engine.board import Board, Mark
from .engine.marks import shown_marks


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


YOU = Player("you", "You", "Your turn ({mark})", "You win", at_keyboard=True)
COMPUTER = Player("computer", "Computer", "Computer's turn", "The computer wins")
FRIEND = Player("friend", "Friend", "Your friend's turn ({mark})", "Your friend wins")

#: Every kind of player, by name.
PLAYERS: dict[str, Player] = {player.name: player for player in (YOU, COMPUTER, FRIEND)}


def register_player(player: Player) -> None:
    """Make a new kind of player known (its name is what saved games and the archive record)."""
    PLAYERS[player.name] = player


@dataclass(frozen=True)
class Seating:
    """Who sits at each side, the first player (the engine's X) first, and the symbols they show."""

    players: tuple[str, str] = ("you", "you")
    marks: tuple[str, str] = ("X", "O")

    def of(self, mark: Mark) -> Player:
        """The player at ``mark``'s side."""
        return PLAYERS[self.players[0 if mark is Mark.X else 1]]

    def symbol(self, mark: Mark) -> str:
        """The symbol ``mark``'s side showed: the one way an engine side becomes ``X`` or ``O``."""
        return self.marks[0 if mark is Mark.X else 1]

    def shown_text(self, board: Board) -> str:
        """``board``'s text form with the symbols the players showed."""
        return shown_marks(str(board), self.swapped)

    def sides(self, name: str) -> frozenset[Mark]:
        """The sides the player called ``name`` holds."""
        return frozenset(mark for mark, player in zip(Mark, self.players, strict=True) if player == name)

    @property
    def swapped(self) -> bool:
        """The first player shows O."""
        return self.marks[0] == "O"

    @property
    def keyboard(self) -> frozenset[Mark]:
        """The sides played at this keyboard."""
        return frozenset(mark for mark in Mark if self.of(mark).at_keyboard)

    @property
    def mixed(self) -> bool:
        """Different kinds of player sit at the two sides (then they are named, else their symbols are)."""
        return self.players[0] != self.players[1]


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


#: The player's choices that only some tables use (the sidebar shows the others as unused).
CHOICES = ("level", "think_seconds", "first", "mark", "coach")


class Table:
    """A kind of table: who sits where and what the game allows. Registered by its name,
    which is the Mode the player chooses and what the archive records."""

    def __init__(self, name: str, short: str, players: tuple[str, str]) -> None:
        self.name = name
        self.short = short
        """In the archive's list: ``vs computer``."""
        self.players = players
        """Who sits at X and O (the computer's side may move: see :meth:`seat`)."""

    uses: frozenset[str] = frozenset()
    """The player's choices (of :data:`CHOICES`) this table uses."""
    unused_note = "not used here"
    """Why a choice the table does not use has no effect, as the sidebar says it."""
    through_match = False
    """Moves go through an online match: it keeps the scores, and no move is taken back."""
    hosting = False
    """This side hosts the match (it has a join code)."""
    coaches = False
    """A coach may say at once when a move played at this keyboard gives up a win or a draw
    (before the other side replies; the games are counted apart)."""

    @property
    def results_yours(self) -> bool:
        """Results are told as yours (you play another kind of player), else as X's."""
        return self.players[0] != self.players[1]

    # -- who sits where --------------------------------------------------------------------

    def seat(self, first: FirstPlayer, mark: MarkChoice, rng: random.Random) -> Seating:
        """Who sits where in a new game (``first`` and ``mark``: the player's choices)."""
        return Seating(self.players)

    def resume(self, board: Board, saved: Seating | None) -> Seating:
        """Who sits where in a loaded game (``saved``: as the file says, if it says)."""
        return Seating(self.players, saved.marks if saved is not None else ("X", "O"))

    def names(self, seating: Seating, level: str) -> tuple[str, str]:
        """Who played X and O as the archive records them: ``you``, ``friend`` or the computer's level."""
        x, o = (level if name == COMPUTER.name else name for name in seating.players)
        return (x, o)

    def recorded(self, names: tuple[str, str]) -> Seating:
        """The seating of a game the archive recorded with :meth:`names` (symbols as at the start)."""
        return Seating(self.players)

    def news(self, game: Seated, first: FirstPlayer) -> str:
        """What the start of ``game`` decided that the player should hear (empty: nothing)."""
        return ""

    # -- what the status and the score line say --------------------------------------------

    def player_name(self, game: Seated, mark: Mark) -> str:
        """Who plays ``mark`` in the score line: ``You``, ``Computer``, ``Friend``, or the
        symbol when the same kind of player sits at both sides."""
        seating = game.seating
        return seating.of(mark).label if seating.mixed else game.symbol(mark)

    def turn_text(self, game: Seated) -> str:
        """Whose turn it is, or the result, for the status line."""
        board, seating = game.board, game.seating
        if board.winner is not None:
            winner = board.winner
            return seating.of(winner).wins if seating.mixed else f"{game.symbol(winner)} wins"
        if board.is_draw:
            return "Draw"
        mover = board.to_move
        if seating.mixed:
            return seating.of(mover).turn.format(mark=game.symbol(mover))
        return f"{game.symbol(mover)} to move"

    def outcome(self, game: Seated) -> int:
        """A finished game's result for the statistics: yours against another kind of player,
        else X's (+1 won, 0 drawn, -1 lost)."""
        winner = game.board.winner
        if winner is None:
            return 0
        if game.seating.mixed:
            return 1 if game.seating.of(winner).at_keyboard else -1
        return 1 if game.symbol(winner) == "X" else -1

    def shown_choices(self, game: Seated) -> dict[str, str]:
        """What the sidebar shows for "Your mark" and "Who goes first" when the table, not the
        player's settings, decides them (``mark``, ``first``; empty: the settings say)."""
        return {}

    def chosen_by(self, game: Seated) -> dict[str, frozenset[str]]:
        """For the choices (``first``, ``mark``) this table seats ``game`` by, the values that
        describe how it is seated (another value is the next game's, not this one's)."""
        return {}

    # -- what the keyboard may do ----------------------------------------------------------

    def refusal(self, game: Seated, *, paused: bool = False) -> str | None:
        """Why no key may play in ``game`` now, whoever is to move (None: ask the seat);
        ``paused``: the play is paused (see :meth:`watch_only`)."""
        return None

    def undo_refusal(self) -> str | None:
        """Why moves cannot be taken back at this table (None: they can)."""
        return "Moves cannot be taken back in an online game" if self.through_match else None

    def watch_only(self, game: Seated) -> bool:
        """Nobody plays at this keyboard (the game may be paused)."""
        return not game.seating.keyboard

    def undo_target(self, game: Seated, ply: int) -> int | None:
        """Where undo goes from ``ply`` moves: back to the previous turn of a player at this
        keyboard (one move back when none plays here)."""
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply - 1 if ply else None
        return next((p for p in range(ply - 1, -1, -1) if _mover(p) in keyboard), None)

    def redo_target(self, game: Seated, ply: int, end: int) -> int | None:
        """Where redo goes from ``ply`` of ``end`` moves: on to the next turn of a player at
        this keyboard, or to the end."""
        if ply == end:
            return None
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply + 1
        return next(p for p in range(ply + 1, end + 1) if _mover(p) in keyboard or p == end)

    def jump_target(self, game: Seated, ply: int, end: int) -> int:
        """Where picking the position after ``ply`` of ``end`` moves in the history lands: there,
        or on along the line as played to the next turn of a player at this keyboard, so the
        computer's reply is the one it made (picked anew, it might differ without a word)."""
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply
        return next((p for p in range(ply, end + 1) if _mover(p) in keyboard), ply)


def _mover(ply: int) -> Mark:
    """The side to move after ``ply`` moves."""
    return Mark.X if ply % 2 == 0 else Mark.O


class VsComputer(Table):
    """You against the computer: you choose your symbol and who goes first; a coach may speak."""

    coaches = True
    uses = frozenset({"level", "think_seconds", "first", "mark", "coach"})

    def seat(self, first: FirstPlayer, mark: MarkChoice, rng: random.Random) -> Seating:
        you_first = {
            FirstPlayer.YOU: True,
            FirstPlayer.COMPUTER: False,
            FirstPlayer.COIN_FLIP: rng.random() < 0.5,
        }[first]
        symbol = mark if mark is not MarkChoice.RANDOM else rng.choice([MarkChoice.X, MarkChoice.O])
        players = (YOU.name, COMPUTER.name) if you_first else (COMPUTER.name, YOU.name)
        return Seating(players, marks_shown((symbol == MarkChoice.X) != you_first))

    def resume(self, board: Board, saved: Seating | None) -> Seating:
        """As saved, when one side was the computer's; else you continue as the side to move."""
        marks = saved.marks if saved is not None else ("X", "O")
        if saved is not None and saved.players.count(COMPUTER.name) == 1:
            x, o = (name if name == COMPUTER.name else YOU.name for name in saved.players)
            return Seating((x, o), marks)
        players = (COMPUTER.name, YOU.name) if board.to_move is Mark.O else (YOU.name, COMPUTER.name)
        return Seating(players, marks)

    def recorded(self, names: tuple[str, str]) -> Seating:
        x, o = (YOU.name if name == YOU.name else COMPUTER.name for name in names)
        return Seating((x, o))

    def news(self, game: Seated, first: FirstPlayer) -> str:
        you_first = game.seating.of(Mark.X).at_keyboard
        if first is not FirstPlayer.COIN_FLIP or game.board.move_count > (0 if you_first else 1):
            return ""  # news until you make your first move
        return "Coin flip: you go first" if you_first else "Coin flip: the computer goes first"

    def chosen_by(self, game: Seated) -> dict[str, frozenset[str]]:
        [yours] = game.seating.keyboard
        first = FirstPlayer.YOU if yours is Mark.X else FirstPlayer.COMPUTER
        mark = MarkChoice(game.symbol(yours))
        return {"first": frozenset({first, FirstPlayer.COIN_FLIP}), "mark": frozenset({mark, MarkChoice.RANDOM})}


class TwoPlayers(Table):
    """Two people at one keyboard, taking turns."""

    unused_note = "not with two players"

    def names(self, seating: Seating, level: str) -> tuple[str, str]:
        return (YOU.name, FRIEND.name)


class ComputerVsComputer(Table):
    """The computer plays both sides; you watch (and may pause)."""

    uses = frozenset({"level", "think_seconds"})
    unused_note = "the computers play both"

    def refusal(self, game: Seated, *, paused: bool = False) -> str | None:
        if paused:
            return "The computers are paused: press p to resume, n to restart"
        return "The computers are playing: press p to pause, n to restart"


class Online(Table):
    """Against a friend on another machine: the match decides who sits where once they join;
    until then nobody moves. The host's marks show as X, the guest's as O."""

    through_match = True
    unused_note = "not online"

    def __init__(self, name: str, short: str, *, hosting: bool) -> None:
        super().__init__(name, short, (YOU.name, YOU.name))
        self.hosting = hosting

    @property
    def results_yours(self) -> bool:
        return True

    def recorded(self, names: tuple[str, str]) -> Seating:
        x, o = (FRIEND.name if name == FRIEND.name else YOU.name for name in names)
        return Seating((x, o))

    def player_name(self, game: Seated, mark: Mark) -> str:
        if not game.joined:
            yours = "X" if self.hosting else "O"
            return YOU.label if game.symbol(mark) == yours else FRIEND.label
        return super().player_name(game, mark)

    def turn_text(self, game: Seated) -> str:
        return super().turn_text(game) if game.joined else "Waiting for your friend"

    def refusal(self, game: Seated, *, paused: bool = False) -> str | None:
        return None if game.joined else "Waiting for your friend to join"

    def shown_choices(self, game: Seated) -> dict[str, str]:
        """Your symbol, and who moves first in this game (the host in the first)."""
        if game.joined:
            mine = next(iter(game.seating.keyboard))
            first = YOU.label if mine is Mark.X else "Your friend"
            return {"mark": game.symbol(mine), "first": first}
        return {"mark": "X", "first": YOU.label} if self.hosting else {"mark": "O", "first": "Your friend"}


#: Every kind of table, by name (the Mode values name the built-in ones).
TABLES: dict[str, Table] = {}


def register_table(table: Table) -> Table:
    """Make a new kind of table known by its name; returns it."""
    TABLES[table.name] = table
    return table


def table_named(name: str) -> Table:
    """The kind of table called ``name`` (a Mode's value): the one place a mode becomes a table."""
    try:
        return TABLES[name]
    except KeyError:
        raise ValueError(f"no kind of table is called {name!r}") from None


for _table in (
    VsComputer("you vs computer", "vs computer", (YOU.name, COMPUTER.name)),
    TwoPlayers("two players", "two players", (YOU.name, YOU.name)),
    ComputerVsComputer("computer vs computer", "computers", (COMPUTER.name, COMPUTER.name)),
    Online("online: host", "online (host)", hosting=True),
    Online("online: join", "online (guest)", hosting=False),
):
    register_table(_table)

__all__ = [
    "CHOICES",
    "COMPUTER",
    "FRIEND",
    "PLAYERS",
    "TABLES",
    "YOU",
    "FirstPlayer",
    "MarkChoice",
    "Player",
    "Seated",
    "Seating",
    "Table",
    "register_player",
    "register_table",
    "table_named",
]

"""Who plays: the kinds of table a game is played at, and the players who sit at it.

Everything that depends on who plays is decided here, and nowhere else: who sits at each side
when a game starts or is loaded, what each player is called, whose turn the status names, how
far undo goes, whether a game counts for you, whether a key may play now. A game session
(:class:`~tictactoe_tui.game.GameState`) names its table; its methods ask the table.

One record of who sits where (:class:`Seating`: the kind of table, the player at each side and
the symbols they show), held by the session and stored as it is by saved games, the archive and
the online match, in one vocabulary of players: ``you`` (a person at this keyboard),
``computer`` (the engine) and ``friend`` (a person on another machine), or any kind of player
registered beside them.

The kinds of table are one registry (:data:`TABLES`), read by the sidebar, the palette, the
settings file and the archive; a new kind of table is a :class:`Table` passed to
:func:`register_table` and a new kind of player a :class:`Player` in :data:`PLAYERS` (both
can be taken out again: :meth:`~tictactoe_tui.registry.Registry.unregister`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, Protocol, TypeVar

from .engine.board import Board, Mark
from .engine.marks import Symbols
from .registry import Registry


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


@dataclass(frozen=True)
class Seating:
    """Who sits where: the kind of table (its name), the player at each side, the first player
    (the engine's X) first, and the symbols they show. The one record of it: the session holds
    it, and saved games, the archive and the online match store it as it is."""

    table: str
    players: tuple[str, str]
    marks: tuple[str, str] = ("X", "O")

    @property
    def kind(self) -> Table:
        """The kind of table."""
        return table_named(self.table)

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


#: The player's choices that only some tables use (the sidebar shows the others as unused).
CHOICES = ("level", "think_seconds", "first", "mark", "coach")


class Table:
    """A kind of table: who sits where and what the game allows. Registered by its name, which
    the player chooses as the mode and which the archive and saved games record."""

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
    online = False
    """Its games are played through an online match, which starts when the table is chosen
    (from the command line, or with n) and which the player hosts or joins."""
    hosts = False
    """This side hosts the match (it has a join code)."""
    coaches = False
    """A coach may say when a move played at this keyboard gives up a win or a draw, and hold
    the other side's reply until the player takes the move back or plays on (coached games are
    counted apart)."""
    counts_results = True
    """The session's score line counts its games (online, the match keeps the score)."""

    @property
    def label(self) -> str:
        """Its name as the sidebar and the palette offer it: ``You vs computer``."""
        return self.name[:1].upper() + self.name[1:]

    @property
    def results_yours(self) -> bool:
        """Results are told as yours (you play another kind of player), else as X's."""
        return self.players[0] != self.players[1]

    # -- who sits where --------------------------------------------------------------------

    def seat(self, first: FirstPlayer, mark: MarkChoice, rng: random.Random) -> Seating:
        """Who sits where in a new game (``first`` and ``mark``: the player's choices)."""
        return Seating(self.name, self.players)

    def resume(self, board: Board, saved: Seating | None) -> Seating:
        """Who sits where in a loaded game (``saved``: as the file says, if it says): as saved
        at a table like this one, else its players with the saved symbols."""
        if saved is not None and saved.table == self.name and saved.players == self.players:
            return saved
        return Seating(self.name, self.players, saved.marks if saved is not None else ("X", "O"))

    def news(self, game: Seated, first: FirstPlayer) -> str:
        """What the start of ``game`` decided that the player should hear (empty: nothing)."""
        return ""

    # -- what the status and the score line say --------------------------------------------

    def player_name(self, game: Seated, mark: Mark) -> str:
        """Who plays ``mark`` in the score line: ``You``, ``Computer``, ``Friend``, or the
        symbol when the same kind of player sits at both sides."""
        seating = game.seating
        return seating.of(mark).label if seating.mixed else game.symbol(mark)

    def score_order(self, game: Seated) -> tuple[Mark, Mark]:
        """The sides in the order the score line names their players, the same in every game
        at this table: the one played at this keyboard first against another kind of player
        (``You 0 · Computer 0``, whichever symbol you show), else the side showing X."""
        keyboard = game.seating.keyboard
        if game.seating.mixed and len(keyboard) == 1:
            [first] = keyboard
        else:
            first = next(mark for mark in Mark if game.symbol(mark) == "X")
        return first, first.other

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
        return None

    def watch_only(self, game: Seated) -> bool:
        """Nobody plays at this keyboard (the game may be paused)."""
        return not game.seating.keyboard

    def undo_target(self, game: Seated, ply: int) -> int | None:
        """Where undo goes from ``ply`` moves: back to the previous turn of a player at this
        keyboard (one move back when none plays here)."""
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply - 1 if ply else None
        return next((p for p in range(ply - 1, -1, -1) if mover(p) in keyboard), None)

    def redo_target(self, game: Seated, ply: int, end: int) -> int | None:
        """Where redo goes from ``ply`` of ``end`` moves: on to the next turn of a player at
        this keyboard, or to the end."""
        if ply == end:
            return None
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply + 1
        return next(p for p in range(ply + 1, end + 1) if mover(p) in keyboard or p == end)

    def jump_target(self, game: Seated, ply: int, end: int) -> int:
        """Where picking the position after ``ply`` of ``end`` moves in the history lands: there,
        or on along the line as played to the next turn of a player at this keyboard, so the
        computer's reply is the one it made (picked anew, it might differ without a word)."""
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply
        return next((p for p in range(ply, end + 1) if mover(p) in keyboard), ply)


def mover(ply: int) -> Mark:
    """The side to move after ``ply`` moves (the engine's X moves first)."""
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
        return Seating(self.name, players, marks_shown((symbol == MarkChoice.X) != you_first))

    def resume(self, board: Board, saved: Seating | None) -> Seating:
        """As saved, when one side was the computer's; else you continue as the side to move."""
        marks = saved.marks if saved is not None else ("X", "O")
        if saved is not None and saved.players.count(COMPUTER.name) == 1:
            x, o = (name if name == COMPUTER.name else YOU.name for name in saved.players)
            return Seating(self.name, (x, o), marks)
        players = (COMPUTER.name, YOU.name) if board.to_move is Mark.O else (YOU.name, COMPUTER.name)
        return Seating(self.name, players, marks)

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

    online = True
    counts_results = False
    unused_note = "not online"

    def __init__(self, name: str, short: str, *, hosts: bool) -> None:
        super().__init__(name, short, (YOU.name, YOU.name))
        self.hosts = hosts

    @property
    def side(self) -> Literal["host", "guest"]:
        """This side of the match, as the match and its messages name it."""
        return "host" if self.hosts else "guest"

    @property
    def results_yours(self) -> bool:
        return True

    def undo_refusal(self) -> str | None:
        return "Moves cannot be taken back in an online game"

    def in_match(self, yours: Mark, host_first: bool) -> Seating:
        """Who sits where once the friend has joined: you at ``yours``, your friend at the other
        side; each keeps their symbol (the host's marks show as X), ``host_first`` or not."""
        players = (YOU.name, FRIEND.name) if yours is Mark.X else (FRIEND.name, YOU.name)
        return Seating(self.name, players, marks_shown(swapped=not host_first))

    @property
    def own_symbol(self) -> str:
        """The symbol this side shows until the friend joins (the host's marks show as X)."""
        return "X" if self.hosts else "O"

    def player_name(self, game: Seated, mark: Mark) -> str:
        if not game.joined:
            return YOU.label if game.symbol(mark) == self.own_symbol else FRIEND.label
        return super().player_name(game, mark)

    def score_order(self, game: Seated) -> tuple[Mark, Mark]:
        if not game.joined:  # you first already, as once the friend has joined
            yours = next(mark for mark in Mark if game.symbol(mark) == self.own_symbol)
            return yours, yours.other
        return super().score_order(game)

    def turn_text(self, game: Seated) -> str:
        return super().turn_text(game) if game.joined else "Waiting for your friend"

    def refusal(self, game: Seated, *, paused: bool = False) -> str | None:
        """Nobody plays while the other is away (a guest shows a game only once it has joined)."""
        waiting = "Waiting for your friend to join" if self.hosts else "Waiting for the host to be back"
        return None if game.joined else waiting

    def shown_choices(self, game: Seated) -> dict[str, str]:
        """Your symbol, and who moves first in this game (the host in the first)."""
        if game.joined:
            mine = next(iter(game.seating.keyboard))
            first = YOU.label if mine is Mark.X else "Your friend"
            return {"mark": game.symbol(mine), "first": first}
        return {"mark": "X", "first": YOU.label} if self.hosts else {"mark": "O", "first": "Your friend"}


def loaded_seating(chosen: Table, board: Board, saved: Seating | None) -> Seating:
    """Who sits where in a loaded game: as saved, at the kind of table it was saved at, where
    that table is known and plays without a match; else at ``chosen``, as its
    :meth:`Table.resume` seats it (``saved``: None when the file does not say)."""
    own = TABLES.get(saved.table) if saved is not None else None
    return (own if own is not None and not own.online else chosen).resume(board, saved)


#: Every kind of table, by name, in the order the sidebar and the palette offer them.
TABLES: Registry[Table] = Registry("kind of table")


KindOfTable = TypeVar("KindOfTable", bound=Table)


def register_table(table: KindOfTable) -> KindOfTable:
    """Make a new kind of table known by its name; returns it."""
    TABLES.register(table.name, table)
    return table


def table_named(name: str) -> Table:
    """The kind of table called ``name``: the one place a mode becomes a table (a ValueError
    names the kinds there are)."""
    return TABLES.named(name)


VS_COMPUTER = register_table(VsComputer("you vs computer", "vs computer", (YOU.name, COMPUTER.name)))
TWO_PLAYERS = register_table(TwoPlayers("two players", "two players", (YOU.name, YOU.name)))
COMPUTERS = register_table(ComputerVsComputer("computer vs computer", "computers", (COMPUTER.name, COMPUTER.name)))
ONLINE_HOST = register_table(Online("online: host", "online (host)", hosts=True))
ONLINE_JOIN = register_table(Online("online: join", "online (guest)", hosts=False))

__all__ = [
    "CHOICES",
    "COMPUTER",
    "COMPUTERS",
    "FRIEND",
    "ONLINE_HOST",
    "ONLINE_JOIN",
    "PLAYERS",
    "TABLES",
    "TWO_PLAYERS",
    "VS_COMPUTER",
    "YOU",
    "FirstPlayer",
    "MarkChoice",
    "Player",
    "Seated",
    "Seating",
    "Table",
    "loaded_seating",
    "marks_shown",
    "mover",
    "register_table",
    "table_named",
]

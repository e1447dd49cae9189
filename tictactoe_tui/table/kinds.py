"""The package's kinds of table (you against the computer, two players, the computers, online as
host or guest) and :data:`TABLES`, every kind by name."""

from __future__ import annotations

import random
from typing import Literal, TypeVar

from ..engine.board import Board, Mark
from ..engine.marks import Symbols
from ..registry import Registry
from .base import Table
from .players import COMPUTER, FRIEND, YOU, FirstPlayer, MarkChoice
from .seating import Seated, Seating, marks_shown


class VsComputer(Table):
    """You against the computer: you choose your symbol and who goes first; a coach may speak."""

    coaches = True
    rates = True
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

    def in_match(self, yours: Mark, symbols: Symbols) -> Seating:
        """Who sits where once the friend has joined: you at ``yours``, your friend at the other
        side, showing ``symbols`` (each side keeps its symbol: the host's marks show as X)."""
        players = (YOU.name, FRIEND.name) if yours is Mark.X else (FRIEND.name, YOU.name)
        return Seating(self.name, players, (symbols.of(Mark.X), symbols.of(Mark.O)))

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

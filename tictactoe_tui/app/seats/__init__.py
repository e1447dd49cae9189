"""Seats: who plays each side, as the game screen drives them. The session's table names the
player at each side (``you``, ``computer``, ``friend``: :mod:`tictactoe_tui.table`); here each
kind of player has its seat. A new kind of player is a :class:`Seat` (a module here, or a
plug-in's own) registered in :data:`SEAT_KINDS`, with its words in
:data:`tictactoe_tui.table.PLAYERS`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import partial

from ...engine.board import Mark
from ...game import GameState
from ...plugins import PLUGGED_SEATS, seat_maker
from ...registry import Registry
from ...table import COMPUTER, FRIEND, YOU
from .base import Seat, SeatMoved, SeatPorts
from .computer import ComputerSeat
from .friend import FriendSeat
from .human import HumanSeat

__all__ = [
    "SEAT_KINDS",
    "ComputerSeat",
    "FriendSeat",
    "HumanSeat",
    "Seat",
    "SeatMoved",
    "SeatPorts",
    "Seats",
    "seat_kind",
]

#: How each kind of player's seat is made, by the player's name (see :data:`tictactoe_tui.table.PLAYERS`):
#: from what the game screen offers its seats. A new kind of player registers its seat here.
SEAT_KINDS: Registry[Callable[[SeatPorts], Seat]] = Registry("kind of seat")
SEAT_KINDS.register(YOU.name, lambda ports: HumanSeat())
SEAT_KINDS.register(COMPUTER.name, ComputerSeat)
SEAT_KINDS.register(FRIEND.name, lambda ports: FriendSeat())


def seat_kind(name: str) -> Callable[[SeatPorts], Seat]:
    """How the seat of the kind of player ``name`` is made: registered here, or by a plug-in
    (:data:`tictactoe_tui.plugins.PLUGGED_SEATS`, imported now, when a game first seats it)."""
    if name not in SEAT_KINDS and name in PLUGGED_SEATS:
        SEAT_KINDS.register_loader(name, partial(seat_maker, PLUGGED_SEATS[name]))
    return SEAT_KINDS.named(name)


class Seats:
    """The seats a game screen drives, one per kind of player, each made when a game first
    seats that kind (a kind registered after the screen was made included)."""

    def __init__(self, ports: SeatPorts, chosen: Mapping[str, Seat] | None = None) -> None:
        """``chosen``: seats that play some kinds of player instead of their registered seat."""
        self._ports = ports
        self._seats: dict[str, Seat] = dict(chosen or {})

    def seating(self, player: str, seat: Seat) -> Seats:
        """These seats with ``player`` played by ``seat`` (online, your moves go to the match)."""
        return Seats(self._ports, {**self._seats, player: seat})

    def of(self, state: GameState, mark: Mark) -> Seat:
        """Who plays ``mark`` in ``state``."""
        name = state.seating.of(mark).name
        if name not in self._seats:
            self._seats[name] = seat_kind(name)(self._ports)
        return self._seats[name]

    def to_move(self, state: GameState) -> Seat:
        """Who plays the side to move."""
        return self.of(state, state.board.to_move)

    def waiting(self, state: GameState) -> Seat:
        """Who plays the side not to move."""
        return self.of(state, state.board.to_move.other)

    def __iter__(self) -> Iterator[Seat]:
        return iter(list(self._seats.values()))

    def stop(self) -> None:
        """Stop every search; late answers are dropped."""
        for seat in self:
            seat.stop()

    @property
    def thinking(self) -> bool:
        """True while a seat works out a move."""
        return any(seat.thinking for seat in self)

"""Seats: who plays each side, as the game screen drives them. The session's table names the
player at each side (``you``, ``computer``, ``friend``: :mod:`tictactoe_tui.table`); here each
kind of player has its seat. A new kind of player is a module here (a :class:`Seat`) and one
:func:`register_seat` (with :func:`tictactoe_tui.table.register_player` for its words)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...engine.board import Mark
from ...game import GameState
from .base import Seat, SeatPorts
from .computer import ComputerSeat
from .friend import FriendSeat
from .human import HumanSeat

if TYPE_CHECKING:
    from ..jobs import AiJob

__all__ = ["SEAT_KINDS", "ComputerSeat", "FriendSeat", "HumanSeat", "Seat", "SeatPorts", "Seats", "register_seat"]

#: How each kind of player's seat is made, by the player's name (see :data:`tictactoe_tui.table.PLAYERS`).
SEAT_KINDS: dict[str, Callable[[SeatPorts], Seat]] = {
    "you": lambda ports: HumanSeat(),
    "computer": ComputerSeat,
    "friend": lambda ports: FriendSeat(),
}


def register_seat(player: str, make: Callable[[SeatPorts], Seat]) -> None:
    """Seat the player called ``player`` with what ``make`` builds (from what the screen offers)."""
    SEAT_KINDS[player] = make


@dataclass(frozen=True)
class Seats:
    """The seats a game screen drives, one per kind of player."""

    by_player: Mapping[str, Seat]

    @classmethod
    def made(cls, ports: SeatPorts) -> Seats:
        """A seat for every kind of player registered."""
        return cls({name: make(ports) for name, make in SEAT_KINDS.items()})

    def seating(self, player: str, seat: Seat) -> Seats:
        """These seats with ``player`` played by ``seat`` (online, your moves go to the match)."""
        return replace(self, by_player={**self.by_player, player: seat})

    def of(self, state: GameState, mark: Mark) -> Seat:
        """Who plays ``mark`` in ``state``."""
        return self.by_player[state.seating.of(mark).name]

    def to_move(self, state: GameState) -> Seat:
        """Who plays the side to move."""
        return self.of(state, state.board.to_move)

    def waiting(self, state: GameState) -> Seat:
        """Who plays the side not to move."""
        return self.of(state, state.board.to_move.other)

    def answering(self, job: AiJob) -> bool:
        """Whether a seat waits for ``job`` (then it waits no more)."""
        return any(seat.answers(job) for seat in self)

    @property
    def computer(self) -> Seat:
        """The computer's seat."""
        return self.by_player["computer"]

    def __iter__(self) -> Iterator[Seat]:
        return iter(self.by_player.values())

    def stop(self) -> None:
        """Stop every search; late answers are dropped."""
        for seat in self:
            seat.stop()

    @property
    def thinking(self) -> bool:
        """True while a seat works out a move."""
        return any(seat.thinking for seat in self)

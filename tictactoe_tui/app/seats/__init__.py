"""Seats: who plays each side. A new kind of player is a module here (a :class:`Seat`) and
one line in :meth:`Seats.of`, which is the only place that tells the kinds apart."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.board import Mark
from ...game import GameState
from .base import Seat
from .computer import ComputerSeat
from .friend import FriendSeat
from .human import HumanSeat

__all__ = ["ComputerSeat", "FriendSeat", "HumanSeat", "Seat", "Seats"]


@dataclass(frozen=True)
class Seats:
    """The players a game screen can seat."""

    human: HumanSeat
    computer: ComputerSeat
    friend: FriendSeat

    def of(self, state: GameState, mark: Mark) -> Seat:
        """Who plays ``mark`` in ``state``."""
        if mark in state.computer:
            return self.computer
        if mark in state.remote or (state.mode.online and not state.remote):  # nobody moves before they join
            return self.friend
        return self.human

    def to_move(self, state: GameState) -> Seat:
        """Who plays the side to move."""
        return self.of(state, state.board.to_move)

    def stop(self) -> None:
        """Stop every search; late answers are dropped."""
        for seat in (self.human, self.computer, self.friend):
            seat.stop()

    @property
    def thinking(self) -> bool:
        """True while a seat works out a move."""
        return any(seat.thinking for seat in (self.human, self.computer, self.friend))

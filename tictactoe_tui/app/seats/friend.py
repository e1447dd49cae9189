"""A friend on another machine: their moves arrive from the online match as messages."""

from __future__ import annotations

from ...game import GameState
from .base import Seat


class FriendSeat(Seat):
    """Waits: the online link posts each new state of the match to the game screen."""

    def refusal(self, state: GameState) -> str | None:
        return "Not played: that key came during your friend's turn"

"""The person at this keyboard."""

from __future__ import annotations

from ...engine.board import Move
from ...game import GameState
from .base import Seat


class HumanSeat(Seat):
    """Moves come from the keys and the mouse and are played on this board."""

    def refusal(self, state: GameState) -> str | None:
        return None

    def play(self, state: GameState, move: Move) -> GameState | None:
        return state.play(move)

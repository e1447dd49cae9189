"""The person at this keyboard."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.board import Move
from ...game import GameState
from .base import Seat


class HumanSeat(Seat):
    """Moves come from the keys and the mouse; ``send`` plays them (on this board, or to the
    match when the game is online)."""

    def __init__(self, send: Callable[[Move], None]) -> None:
        self.send = send

    def refusal(self, state: GameState) -> str | None:
        return None

    def play(self, move: Move) -> None:
        self.send(move)

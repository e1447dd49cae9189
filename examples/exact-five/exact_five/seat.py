"""First-free's seat: it answers at once, through the seats' public message."""

from __future__ import annotations

from tictactoe_tui.app.seats import Seat, SeatMoved, SeatPorts
from tictactoe_tui.game import GameState


class FirstFreeSeat(Seat):
    """Plays the first free square in reading order as soon as its turn comes."""

    def __init__(self, ports: SeatPorts) -> None:
        self.owner = ports.owner

    def take_turn(self, state: GameState) -> None:
        self.owner.post_message(SeatMoved(self, state, state.board.legal_moves()[0]))

    def refusal(self, state: GameState) -> str | None:
        return "Wait: first-free is choosing"

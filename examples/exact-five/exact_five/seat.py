"""First-free's seat: it answers later, from a thread, through the seats' public message."""

from __future__ import annotations

from tictactoe_tui.app.seats import Seat, SeatMoved, SeatPorts
from tictactoe_tui.game import GameState


class FirstFreeSeat(Seat):
    """Plays the first free square in reading order, worked out in a thread worker (as a slow
    engine or a remote player would answer) and handed back as :class:`SeatMoved`. Each turn's
    request is tagged with a token of its own, so an answer to a turn that was stopped (a new
    game, an undo) is dropped."""

    def __init__(self, ports: SeatPorts) -> None:
        self.owner = ports.owner
        self.asked: object | None = None

    def take_turn(self, state: GameState) -> None:
        token = self.asked = object()

        def work() -> None:  # in a thread: it touches no widget, it posts a message
            move = state.board.legal_moves()[0]
            self.owner.post_message(SeatMoved(self, state, move, token=token))

        self.owner.run_worker(work, thread=True, group="first-free", exit_on_error=False)

    def takes(self, token: object) -> bool:
        if token is None or token is not self.asked:
            return False
        self.asked = None
        return True

    def stop(self) -> None:
        self.asked = None

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def refusal(self, state: GameState) -> str | None:
        return "Wait: first-free is choosing"

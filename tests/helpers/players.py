"""Players that make the computer predictable: the first free square, a gated one, a broken one."""

from __future__ import annotations

import random
import threading

from tictactoe_tui.engine import Board, Budget, Decision, Strategy
from tictactoe_tui.engine.search.budget import UNLIMITED


class FirstFree(Strategy):
    """Plays the first free square in reading order and records each call."""

    name = "first-free"
    summary = "first free square"

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        self.calls += 1
        return Decision(board.legal_moves()[0])


class Gated(FirstFree):
    """Like :class:`FirstFree`, but waits until the test opens the gate (or the search is cancelled)."""

    name = "gated"

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.entered = threading.Event()

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        self.entered.set()
        while not self.gate.wait(0.005):
            if budget.cancel is not None and budget.cancel.is_set():
                break
        return super().decide(board, rng, budget)


class Broken(Strategy):
    """Always fails."""

    name = "broken"
    summary = "raises"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        raise RuntimeError("solver exploded")

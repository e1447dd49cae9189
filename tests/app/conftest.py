"""App test helpers: an app factory and strategies that make the computer predictable."""

from __future__ import annotations

import random
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.ai import Searcher, ThreadSearcher
from tictactoe_tui.app.jobs import AnalysisResult
from tictactoe_tui.engine import Board, Budget, Decision, Strategy, get_strategy
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.game import GameState, Settings


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


AppFactory = Callable[..., TicTacToeApp]


@pytest.fixture(autouse=True)
def whole_screens(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts once the game screen is whole: the sidebar is mounted after the first
    frame, and a test that reads or sets it at once would race its mounting on a busy machine.
    Tests marked ``first_frame`` act before that, as a fast typist may."""
    if request.node.get_closest_marker("first_frame"):
        return
    started = TicTacToeApp.run_test

    @asynccontextmanager
    async def run_test(app: TicTacToeApp, *args: Any, **kwargs: Any) -> AsyncIterator[Pilot[Any]]:
        async with started(app, *args, **kwargs) as pilot:
            await app.game_screen.whole()
            await pilot.pause()
            yield pilot

    monkeypatch.setattr(TicTacToeApp, "run_test", run_test)


@pytest.fixture
def make_app() -> AppFactory:
    """Build the app as users get it, but seeded, with no watch delay and optional fake players."""

    def factory(settings: Settings | None = None, **players: Strategy) -> TicTacToeApp:
        def strategy_for(name: str) -> Strategy:
            return players.get(name) or get_strategy(name)

        return TicTacToeApp(settings, searcher=ThreadSearcher(strategy_for), seed=1, watch_delay=0)

    return factory


def slow_analysis(searcher: Searcher) -> threading.Event:
    """Make ``searcher``'s analyses wait for the returned gate (5 s at most) before solving."""
    gate = threading.Event()
    solve = searcher.analyze

    def slow(state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
        gate.wait(5)
        return solve(state, seconds, cancel)

    searcher.analyze = slow  # type: ignore[method-assign]
    return gate

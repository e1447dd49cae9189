"""App test helpers: an app factory and strategies that make the computer predictable."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.search_process import named_strategy

from ..helpers.app import AppFactory
from ..helpers.waiting import until


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
            await until(app.game_screen.side.built.is_set, "the sidebar to be built")
            await pilot.pause()
            yield pilot

    monkeypatch.setattr(TicTacToeApp, "run_test", run_test)


@pytest.fixture
def make_app() -> AppFactory:
    """Build the app as users get it, but seeded, with no watch delay and optional fake players."""

    def factory(settings: Settings | None = None, **players: Strategy) -> TicTacToeApp:
        def strategy_for(name: str) -> Strategy:
            return players.get(name) or named_strategy(name)

        return TicTacToeApp(settings, searcher=ThreadSearcher(strategy_for), seed=1, watch_delay=0)

    return factory

"""Two copies of the app online: one hosting, one joining, each pressed without its own pilot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.net import HostPlan, JoinPlan
from tictactoe_tui.store.files import Paths

from .waiting import until


def app_for(home: Path, plan: HostPlan | JoinPlan, settings: Settings | None = None) -> TicTacToeApp:
    paths = Paths(home / "config", home / "data")
    searcher = ThreadSearcher(get_strategy)
    return TicTacToeApp(settings or Settings(), paths=paths, searcher=searcher, online=plan, seed=1)


@asynccontextmanager
async def hosted_app(
    home: Path, settings: Settings | None = None, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[TicTacToeApp, tuple[str, int], str]]:
    app = app_for(home, HostPlan("127.0.0.1", 0), settings)
    async with app.run_test(size=size):
        await until(
            lambda: (
                app.game_screen.online is not None
                and app.game_screen.online.host is not None
                and app.game_screen.online.host.address is not None
            )
        )
        assert app.game_screen.online is not None
        assert app.game_screen.online.host is not None
        assert app.game_screen.online.host.address is not None
        yield app, app.game_screen.online.host.address, app.game_screen.online.host.code


async def press(app: TicTacToeApp, key: str) -> None:
    """Press a key in one of two apps running at once (each has its own pilot-less driver)."""
    from textual.pilot import Pilot

    await Pilot(app).press(key)

"""The app as the tests drive it: its factory's type, the board's marks, the status line, waits."""

from __future__ import annotations

import asyncio
import contextlib
import re
import threading
from collections.abc import Callable

from textual.pilot import Pilot
from textual.worker import WorkerCancelled, WorkerFailed

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.ai import Searcher
from tictactoe_tui.app.jobs import AnalysisResult
from tictactoe_tui.game import GameState, Settings
from tictactoe_tui.table import TWO_PLAYERS as TWO_PLAYERS_TABLE

from .squares import click_square
from .waiting import TIMEOUT

AppFactory = Callable[..., TicTacToeApp]


def slow_analysis(searcher: Searcher) -> threading.Event:
    """Make ``searcher``'s analyses wait for the returned gate (the tests' time-out at most) before solving."""
    gate = threading.Event()
    solve = searcher.analyze

    def slow(state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
        gate.wait(TIMEOUT)
        return solve(state, seconds, cancel)

    searcher.analyze = slow  # type: ignore[method-assign]
    return gate


TWO_PLAYERS = Settings(mode=TWO_PLAYERS_TABLE.name)


def marks(app: TicTacToeApp) -> str:
    return str(app.game_screen.game.board)


def status(app: TicTacToeApp) -> str:
    """What the status line says: its headline, then its notices (markup kept), each read as the
    one line it is, though drawn broken between its phrases where it is wider than the line."""
    drawn = str(app.query_one("#status").render())
    return re.sub(r"\[dim\].*?\[/dim\]", lambda notice: notice[0].replace("\n", " "), drawn, flags=re.DOTALL)


async def click_cell(pilot: Pilot[None], row: int, col: int) -> None:
    """Click a square once the board has been laid out."""
    await pilot.pause()
    assert await click_square(pilot, (row, col))


async def settle(app: TicTacToeApp) -> None:
    """Wait for every worker to end (cancelled ones too) and its news to reach the app."""
    for worker in list(app.workers):
        with contextlib.suppress(WorkerCancelled, WorkerFailed):
            await worker.wait()
    await asyncio.sleep(0)

"""The app as the tests drive it: its factory's type, the board's marks, the status line, waits."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from textual.app import App
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.widgets import DirectoryTree
from textual.worker import Worker

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.app.work.ai import Searcher
from tictactoe_tui.app.work.jobs import AnalysisResult
from tictactoe_tui.game import GameState, Settings
from tictactoe_tui.table import TWO_PLAYERS as TWO_PLAYERS_TABLE

from .squares import click_square, shown
from .waiting import TIMEOUT, until

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


def status_lines(app: TicTacToeApp) -> list[str]:
    """The game screen's status line as the player sees it: its lines as drawn, blank ones left out."""
    return [line.strip() for line in shown(app.game_screen.query_one(StatusLine)) if line.strip()]


def status(app: TicTacToeApp) -> str:
    """What the status line says, read as one text: its lines as drawn, joined by spaces (so a
    notice drawn broken between its phrases reads as the one line it is)."""
    return " ".join(status_lines(app))


async def click_cell(pilot: Pilot[None], row: int, col: int) -> None:
    """Click a square once the board has been laid out."""
    await pilot.pause()
    assert await click_square(pilot, (row, col))


async def handled(app: App[Any]) -> None:
    """Wait until ``app`` has handled every message sent to it or to a widget of its screens so
    far, and every message that handling posted in turn: the sign that input (a burst of keys,
    a click) has done all it will, before a test asserts what it did *not* do."""

    async def all_handled() -> bool:
        pumps: list[MessagePump] = [app]
        for screen in app.screen_stack:
            pumps += screen.walk_children(with_self=True)
        passed = []
        for pump in pumps:  # a callback queued behind what each pump has: handled once it runs
            done = asyncio.Event()
            if pump.call_later(done.set):
                passed.append(done.wait())
        await asyncio.gather(*passed)
        return not any(pump.message_queue_size for pump in pumps)

    await until(all_handled, "the app to handle its messages")


def finished(worker: Worker[Any]) -> bool:
    """Whether ``worker`` has ended (cancelled ones too)."""
    return worker.is_finished


async def settle(app: TicTacToeApp) -> None:
    """Wait until the input sent so far has been handled, every worker it started has ended
    (cancelled ones too), and their news has been handled. A directory tree's loader (the
    save and load dialogs') waits for folders to read as long as the tree stands: not work
    that ends, so not waited for."""
    await handled(app)
    for worker in list(app.workers):
        if isinstance(worker.node, DirectoryTree):
            continue
        await until(partial(finished, worker), f"the worker {worker.name!r} to end")
    await handled(app)

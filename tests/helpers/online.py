"""Two copies of the app online: one hosting, one joining, each pressed without its own pilot;
directly, or through a real mailbox server on loopback by the code alone."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.presence import MatchNews
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.net import HostPlan, JoinPlan, MailboxHostPlan, MailboxJoinPlan
from tictactoe_tui.net.host import Host
from tictactoe_tui.store.files import Paths

from .app import status
from .mailbox import MailboxServer, mailbox_server
from .waiting import until


def lines_said(app: TicTacToeApp) -> list[str]:
    """Every line the online link of ``app`` says from now on, in order (as well as said)."""
    link = app.game_screen.online
    assert link is not None
    said: list[str] = []
    say = link.say

    def noting(news: MatchNews) -> None:
        said.append(news.text)
        say(news)

    link.say = noting
    return said


def app_for(
    home: Path, plan: HostPlan | JoinPlan | MailboxHostPlan | MailboxJoinPlan | None, settings: Settings | None = None
) -> TicTacToeApp:
    """A copy of the app with its home in ``home``, going online by ``plan`` (None: started plainly)."""
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
                and isinstance(app.game_screen.online.host, Host)
                and app.game_screen.online.host.address is not None
            )
        )
        assert app.game_screen.online is not None
        assert isinstance(app.game_screen.online.host, Host)
        assert app.game_screen.online.host.address is not None
        yield app, app.game_screen.online.host.address, app.game_screen.online.host.code


async def press(app: TicTacToeApp, key: str) -> None:
    """Press a key in one of two apps running at once (each has its own pilot-less driver)."""
    from textual.pilot import Pilot

    await Pilot(app).press(key)


def shown_code(app: TicTacToeApp) -> str:
    """The code the host's status line shows ("" while none)."""
    found = re.search(r"code: ([0-9]+-[a-z]+-[a-z]+)", status(app))
    return found.group(1) if found else ""


def playing(app: TicTacToeApp) -> bool:
    """Whether both sides have sat down and the other side is there now (the match's presence)."""
    match = app.game_screen.match
    return app.game_screen.game.joined and match is not None and match.presence.here


@asynccontextmanager
async def mailbox_host(folder: Path) -> AsyncIterator[tuple[MailboxServer, TicTacToeApp]]:
    """A mailbox server on loopback (in ``folder``/mailbox) and a copy of the app hosting through
    it (home ``folder``/host), once its status shows the code."""
    with mailbox_server(folder / "mailbox") as server:
        host = app_for(folder / "host", MailboxHostPlan(server.url))
        async with host.run_test():
            await until(lambda: bool(shown_code(host)))
            yield server, host


@asynccontextmanager
async def mailbox_guest(folder: Path, server: MailboxServer, host: TicTacToeApp) -> AsyncIterator[TicTacToeApp]:
    """A copy of the app (home ``folder``/guest) joining ``host`` with the code it shows, once
    both play."""
    guest = app_for(folder / "guest", MailboxJoinPlan(server.url, shown_code(host)))
    async with guest.run_test():
        await until(lambda: playing(host) and playing(guest))
        yield guest


@asynccontextmanager
async def mailbox_match(folder: Path) -> AsyncIterator[tuple[MailboxServer, TicTacToeApp, TicTacToeApp]]:
    """A match through a real mailbox server: the server, the host and the guest, once both play."""
    async with mailbox_host(folder) as (server, host), mailbox_guest(folder, server, host) as guest:
        yield server, host, guest

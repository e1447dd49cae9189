"""Nothing lost online: a guest's move made while the host is gone (its process killed) is kept
with the match, said to wait, and sent when the guest joins the host started again with its new
code, when the host's game is still where the move was made (through a real mailbox server, and
directly)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt
from tictactoe_tui.net import HostPlan, JoinPlan, MailboxHostPlan, MailboxJoinPlan
from tictactoe_tui.net.mailbox.guest import MailboxGuest

from ..helpers.app import marks, status
from ..helpers.mailbox import mailbox_server
from ..helpers.online import app_for, playing, press, shown_code
from ..helpers.scripts import ROOT
from ..helpers.waiting import until
from .test_online_chat import log_text, say
from .test_online_crash import kept_moves, shown_direct_code

session_loop = pytest.mark.asyncio(loop_scope="session")

#: A host in a process of its own: hosts through the mailbox server, prints its code, plays b2,
#: then b1 after the friend's move, and waits, kept on disk, for its end (a SIGKILL).
HOST = """
import asyncio, sys
from pathlib import Path
from tests.helpers.online import app_for, playing, press, shown_code
from tests.helpers.waiting import until
from tictactoe_tui.net import MailboxHostPlan

async def main():
    app = app_for(Path(sys.argv[1]), MailboxHostPlan(sys.argv[2]))
    async with app.run_test():
        await until(lambda: bool(shown_code(app)), "the code")
        print(shown_code(app), flush=True)
        await until(lambda: playing(app), "the friend")
        await press(app, "5")
        await until(lambda: len(app.game_screen.game.board.history or ()) == 2, "the friend's move")
        await press(app, "2")
        await asyncio.Event().wait()

asyncio.run(main())
"""


@session_loop
@pytest.mark.parametrize("noticed", [True, False], ids=["host silent", "before the silence is noticed"])
async def test_a_move_made_while_the_host_is_killed_is_played_once_the_guest_joins_its_new_code(
    tmp_path: Path, noticed: bool
) -> None:
    """Before the silence is noticed (30 s in play), n after a move the host has not answered asked
    nothing ("Finish this game first"), though the host started again already showed its new code."""
    with mailbox_server(tmp_path / "mailbox") as server:
        hosting = subprocess.Popen(
            [sys.executable, "-c", HOST, str(tmp_path / "host"), server.url],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert hosting.stdout is not None
            code = hosting.stdout.readline().strip()
            guest = app_for(tmp_path / "guest", MailboxJoinPlan(server.url, code))
            async with guest.run_test() as pilot:
                await until(lambda: playing(guest) and marks(guest) == ".../.x./...", "the host's b2")
                link = guest.game_screen.online
                assert link is not None
                assert isinstance(link.guest, MailboxGuest)
                link.guest.silence_seconds = 3.0 if noticed else 600.0  # (30 s in play)
                await press(guest, "1")
                await until(lambda: marks(guest) == "ox./.x./...", "the host's b1")
                await until(lambda: kept_moves(tmp_path / "host") == "b2 a1 b1", "the host's game kept on disk")
                os.kill(hosting.pid, signal.SIGKILL)
                hosting.wait()
                if noticed:
                    await until(lambda: "press n for their new code" in status(guest), "the guest told")
                await press(guest, "4")  # a2, while the host is gone
                await until(lambda: "Your move a2" in status(guest), "the guest told its move waits")
                assert marks(guest) == "ox./.x./..."  # not drawn before the host has it

                again = app_for(tmp_path / "host", MailboxHostPlan(server.url))
                async with again.run_test() as host_pilot:
                    await until(lambda: isinstance(again.screen, ConfirmScreen), "the offer")
                    await host_pilot.press("y")
                    await until(lambda: bool(shown_code(again)), "a fresh code")
                    await pilot.press("n")
                    await until(lambda: isinstance(guest.screen, PathPrompt), "the new code asked for")
                    guest.screen.query_one(Input).value = shown_code(again)
                    await pilot.press("enter")
                    await until(lambda: marks(again) == "ox./ox./...", "the guest's kept move at the host")
                    await until(lambda: marks(guest) == "ox./ox./...", "the guest's kept move at the guest")
                    assert "Your turn (X)" in status(again)
        finally:
            if hosting.poll() is None:
                hosting.kill()
                hosting.wait()


#: A direct host in a process of its own on 127.0.0.1:argv[2]: prints its code, plays b2, then b1
#: after the friend's move, and waits, kept on disk, for its end (a SIGKILL).
DIRECT_HOST = """
import asyncio, sys
from pathlib import Path
from tests.app.test_online_crash import shown_direct_code
from tests.helpers.online import app_for, playing, press
from tests.helpers.waiting import until
from tictactoe_tui.net import HostPlan

async def main():
    app = app_for(Path(sys.argv[1]), HostPlan("127.0.0.1", int(sys.argv[2])))
    async with app.run_test():
        await until(lambda: bool(shown_direct_code(app)), "the code")
        print(shown_direct_code(app), flush=True)
        await until(lambda: playing(app), "the friend")
        await press(app, "5")
        await until(lambda: len(app.game_screen.game.board.history or ()) == 2, "the friend's move")
        await press(app, "2")
        await asyncio.Event().wait()

asyncio.run(main())
"""


def free_port() -> int:
    """A port on loopback nobody listens on now (the host started again listens there too)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@session_loop
async def test_a_direct_guest_s_move_made_while_the_host_is_killed_is_played_with_the_new_code(
    tmp_path: Path,
) -> None:
    port = free_port()
    hosting = subprocess.Popen(
        [sys.executable, "-c", DIRECT_HOST, str(tmp_path / "host"), str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert hosting.stdout is not None
        code = hosting.stdout.readline().strip()
        guest = app_for(tmp_path / "guest", JoinPlan("127.0.0.1", port, code))
        async with guest.run_test() as pilot:
            await until(lambda: playing(guest) and marks(guest) == ".../.x./...", "the host's b2")
            await say(guest, "good luck")
            await press(guest, "1")
            await until(lambda: marks(guest) == "ox./.x./...", "the host's b1")
            await until(lambda: kept_moves(tmp_path / "host") == "b2 a1 b1", "the host's game kept on disk")
            os.kill(hosting.pid, signal.SIGKILL)
            hosting.wait()
            await until(lambda: not playing(guest), "the guest to see the host gone")
            await press(guest, "4")  # a2, while the host is gone
            await until(lambda: "Your move a2" in status(guest), "the guest told its move waits")
            assert marks(guest) == "ox./.x./..."  # not drawn before the host has it
            await say(guest, "still there?")  # kept until the link is back
            assert log_text(guest).splitlines() == ["you: good luck", "you: still there? (waits to be sent)"]

            again = app_for(tmp_path / "host", HostPlan("127.0.0.1", port))
            async with again.run_test() as host_pilot:
                await until(lambda: isinstance(again.screen, ConfirmScreen), "the offer")
                await host_pilot.press("y")
                await until(lambda: bool(shown_direct_code(again)), "a fresh code")
                await until(lambda: isinstance(guest.screen, PathPrompt), "the new code asked for")
                guest.screen.query_one(Input).value = shown_direct_code(again)
                await pilot.press("enter")
                await until(lambda: marks(again) == "ox./ox./...", "the guest's kept move at the host")
                await until(lambda: marks(guest) == "ox./ox./...", "the guest's kept move at the guest")
                assert "Your turn (X)" in status(again)
                await until(lambda: "friend: still there?" in log_text(again), "the kept line at the host")
                assert log_text(guest).splitlines() == ["you: good luck", "you: still there?"]  # the log survives
    finally:
        if hosting.poll() is None:
            hosting.kill()
            hosting.wait()


def test_a_move_taken_over_from_a_lost_link_is_said_to_wait_until_the_host_answers() -> None:
    """The new link's news (connecting, reaching the server) leads with the move it carries."""
    from tictactoe_tui.app.online.link import OnlineLink
    from tictactoe_tui.app.widgets.presence import MatchNews
    from tictactoe_tui.engine import Position
    from tictactoe_tui.engine.board import GameShape
    from tictactoe_tui.net.match import Match

    said: list[MatchNews] = []
    match = Match(Position(GameShape(3, 3, 3, "classic"), ((1, 1), (0, 0), (0, 1))))
    link = OnlineLink(JoinPlan("127.0.0.1", 9, "a-b-c"), match, lambda *shown: None, said.append, asked="a2")
    link.take_up(match)
    link.status("Connecting…")
    assert said[-1].text == "Your move a2 waits to be sent: connecting…"
    assert said[-1].sent == "a2"  # (the headline: not "Your turn", and no second move)
    assert link.waiting_move() == "Your move a2 is not answered yet"

"""An online match survives a side's crash: the host's process killed with SIGKILL mid-game,
started again in the same home, offers the match back and shows a fresh code; the friend, told
the host is silent, joins with it and both go on from the same position (through a real
mailbox server)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.online.play import resume_question
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Position, get_strategy
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.game import Settings
from tictactoe_tui.net import JoinPlan, MailboxHostPlan, MailboxJoinPlan
from tictactoe_tui.net.kept import KeptMatch
from tictactoe_tui.net.mailbox.guest import MailboxGuest
from tictactoe_tui.net.match import Match
from tictactoe_tui.store import savefile
from tictactoe_tui.store.files import Paths
from tictactoe_tui.store.in_progress import folder_of
from tictactoe_tui.table import ONLINE_JOIN

from ..helpers.app import marks, status
from ..helpers.mailbox import mailbox_server
from ..helpers.online import app_for, hosted_app, playing, press, shown_code
from ..helpers.scripts import ROOT
from ..helpers.waiting import until

session_loop = pytest.mark.asyncio(loop_scope="session")

#: A host in a process of its own: hosts through the mailbox server, prints its code, plays b2
#: once the friend is in and waits, kept on disk, for its end (a SIGKILL).
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
        print("played", flush=True)
        await asyncio.Event().wait()

asyncio.run(main())
"""


def kept_moves(home: Path) -> str:
    """The moves line of the game in progress the host keeps on disk ("" while none)."""
    for path in folder_of(Paths(home / "config", home / "data")).glob("*.ttt"):
        for line in path.read_text().splitlines():
            if line.startswith("moves:"):
                return line.removeprefix("moves:").strip()
    return ""


@session_loop
async def test_a_host_killed_mid_game_offers_the_match_back_and_the_friend_joins_its_new_code(tmp_path: Path) -> None:
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
                link.guest.silence_seconds = 3.0  # (30 s in play: this guest notices sooner)
                await press(guest, "1")
                assert (await asyncio.to_thread(hosting.stdout.readline)).strip() == "played"
                await until(lambda: kept_moves(tmp_path / "host") == "b2 a1", "the host's game kept on disk")
                os.kill(hosting.pid, signal.SIGKILL)
                hosting.wait()
                await until(lambda: "press n for their new code" in status(guest), "the guest told")

                again = app_for(tmp_path / "host", MailboxHostPlan(server.url))
                async with again.run_test() as host_pilot:
                    await until(lambda: isinstance(again.screen, ConfirmScreen), "the offer")
                    assert isinstance(again.screen, ConfirmScreen)
                    assert "Resume the online game with your friend? (2 moves played)" in again.screen.question
                    await host_pilot.press("y")
                    await until(lambda: bool(shown_code(again)), "a fresh code")
                    assert shown_code(again) != code
                    assert marks(again) == "o../.x./..."
                    await pilot.press("n")  # the way to type the host's new code (not to leave the game)
                    await until(lambda: isinstance(guest.screen, PathPrompt | ConfirmScreen), "n's answer")
                    assert isinstance(guest.screen, PathPrompt), guest.screen
                    assert guest.screen.title_text.startswith("Your friend's new code")
                    guest.screen.query_one(Input).value = shown_code(again)
                    await pilot.press("enter")
                    await until(lambda: playing(again) and playing(guest), "both playing again")
                    await until(lambda: marks(guest) == "o../.x./...", "the guest at the same position")
                    assert "Your turn (X)" in status(again)
                    await press(again, "3")
                    await until(lambda: marks(guest) == "o.x/.x./...", "the host's next move at the guest")
        finally:
            if hosting.poll() is None:
                hosting.kill()
                hosting.wait()


#: A direct guest in a process of its own: joins the host at argv[2]:argv[3] with the code argv[4],
#: says so, plays a1 once the host has played b2, and waits, kept on disk, for its end (a SIGKILL).
GUEST = """
import asyncio, sys
from pathlib import Path
from tests.helpers.online import app_for, playing, press
from tests.helpers.waiting import until
from tictactoe_tui.net import JoinPlan

async def main():
    app = app_for(Path(sys.argv[1]), JoinPlan(sys.argv[2], int(sys.argv[3]), sys.argv[4]))
    async with app.run_test():
        await until(lambda: playing(app), "the host")
        print("joined", flush=True)
        await until(lambda: len(app.game_screen.game.board.history or ()) == 1, "the host's move")
        await press(app, "1")
        await until(lambda: len(app.game_screen.game.board.history or ()) == 2, "the guest's move")
        print("played", flush=True)
        await asyncio.Event().wait()

asyncio.run(main())
"""


@session_loop
async def test_a_direct_guest_killed_mid_game_joins_again_with_the_same_code(tmp_path: Path) -> None:
    """A direct host's code stays while its game runs: a guest killed mid-game and started again
    in the same home takes the match up with the code it kept, not asked for a new one (a
    play-test was asked for a new code while the host said the same one still worked)."""
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        joining = subprocess.Popen(
            [sys.executable, "-c", GUEST, str(tmp_path / "guest"), address, str(port), code],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert joining.stdout is not None
            assert (await asyncio.to_thread(joining.stdout.readline)).strip() == "joined"
            await press(host, "5")
            assert (await asyncio.to_thread(joining.stdout.readline)).strip() == "played"
            await until(lambda: kept_moves(tmp_path / "guest") == "b2 a1", "the guest's game kept on disk")
            os.kill(joining.pid, signal.SIGKILL)
            joining.wait()
            await until(lambda: not playing(host), "the host to see the guest gone")
            assert shown_direct_code(host) == code  # the host's word: the same code works
            again = app_for(tmp_path / "guest", None)
            async with again.run_test() as pilot:
                await until(lambda: isinstance(again.screen, ConfirmScreen), "the offer")
                await pilot.press("y")
                await until(lambda: playing(again) or isinstance(again.screen, PathPrompt), "joined, or asked")
                assert not isinstance(again.screen, PathPrompt), again.screen.title_text
                await until(lambda: playing(host) and marks(again) == "o../.x./...", "the match taken up")
                assert "Your turn (X)" in status(host)
                assert again.game_screen.settings.table is ONLINE_JOIN  # (named so in the sidebar)
                await pilot.press("n")  # a rematch asked for, not a new game against the computer
                await until(lambda: "Finish this game first" in status(again) or again.screen is not again.game_screen)
                assert again.screen is again.game_screen
        finally:
            if joining.poll() is None:
                joining.kill()
                joining.wait()


def shown_direct_code(app: TicTacToeApp) -> str:
    """The direct host's code, as its status line shows it."""
    found = re.search(r"code: ([a-z]+-[a-z]+-[a-z]+)", status(app))
    return found.group(1) if found else ""


@session_loop
async def test_a_guest_started_again_after_a_crash_without_its_code_is_told_which_code_works(
    tmp_path: Path,
) -> None:
    """A guest's copy killed mid-game left its match behind (no lock held: its process is gone),
    kept without its code (an older copy's record); started plainly in the same home, it offers
    the match and asks for the friend's code: a direct host's is the same while its game runs."""
    paths = Paths(tmp_path / "config", tmp_path / "data")
    match = Match(Position(GameShape(3, 3, 3, "classic"), ((1, 1), (0, 0))))
    kept = KeptMatch(JoinPlan("127.0.0.1", 7717), match, b"k" * 16)
    folder_of(paths).mkdir(parents=True)
    savefile.save(folder_of(paths) / "1-dead.ttt", match.board, None, online=kept.to_text())
    app = TicTacToeApp(Settings(), paths=paths, searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test() as pilot:
        await until(lambda: isinstance(app.screen, ConfirmScreen), "the offer")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Resume the online game with your friend? (2 moves played)"
        await pilot.press("y")
        await until(lambda: isinstance(app.screen, PathPrompt), "the friend's new code asked for")
        assert isinstance(app.screen, PathPrompt)
        assert app.screen.title_text == resume_question(direct=True)
        assert "same as before" in app.screen.title_text
        assert not list(folder_of(paths).glob("1-dead.ttt"))  # taken: no other copy resumes it too

"""Two real copies of the app playing through a real mailbox server on loopback, by the code alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.net import MailboxHostPlan, MailboxJoinPlan
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import ONLINE_HOST, ONLINE_JOIN, TWO_PLAYERS

from ..helpers.app import marks, status
from ..helpers.mailbox import MailboxServer, free_port, mailbox_server
from ..helpers.online import app_for, mailbox_guest, mailbox_host, mailbox_match, playing, press, shown_code
from ..helpers.scripts import ROOT
from ..helpers.waiting import until

#: Twisted's reactor runs on one asyncio loop for the life of the process, as it does in the app.
session_loop = pytest.mark.asyncio(loop_scope="session")


@session_loop
async def test_two_apps_play_a_whole_game_through_the_mailbox_server(tmp_path: Path) -> None:
    async with mailbox_host(tmp_path) as (server, host):
        assert "Waiting for your friend" in status(host)
        async with mailbox_guest(tmp_path, server, host) as guest:
            assert "Your turn (X)" in status(host)
            assert "Your friend's turn (X)" in status(guest)
            assert f"playing the host through {server.url}" in status(guest)
            for app, digit in ((host, "5"), (guest, "1"), (host, "3"), (guest, "2"), (host, "7")):
                before = len(host.game_screen.game.line)
                await press(app, digit)
                crossed = before + 1
                await until(lambda: len(host.game_screen.game.line) == len(guest.game_screen.game.line) == crossed)  # noqa: B023
            assert marks(host) == marks(guest) == "oox/.x./x.."
            assert status(host).startswith("You win")
            assert status(guest).startswith("Your friend wins")
            await press(guest, "n")  # a rematch: the guest moves first now
            await until(lambda: host.game_screen.game.number == guest.game_screen.game.number == 2)
            await press(guest, "5")
            await until(lambda: marks(host) == ".../.x./...")
        # the guest quit: the host says so, waits, and shows a fresh code to go on with
        await until(lambda: "Your friend left" in status(host) and bool(shown_code(host)))
        assert not playing(host)
        assert "Waiting for your friend" in status(host)
        async with mailbox_guest(tmp_path, server, host) as again:
            await until(lambda: marks(again) == ".../.x./...")
            await press(host, "1")
            await until(lambda: marks(again) == "o../.x./...")  # the host plays second in game 2


@session_loop
async def test_a_wrong_code_is_refused_the_host_shows_a_new_one_and_the_friend_joins_with_it(tmp_path: Path) -> None:
    async with mailbox_host(tmp_path) as (server, host):
        first = shown_code(host)
        mistyped = f"{first.split('-')[0]}-not-this"
        guest = app_for(tmp_path / "guest", MailboxJoinPlan(server.url, mistyped))
        async with guest.run_test() as pilot:
            await until(lambda: isinstance(guest.screen, PathPrompt))
            assert isinstance(guest.screen, PathPrompt)
            assert f"refused the code {mistyped}" in guest.screen.title_text
            assert "Ask your friend for their new code" in guest.screen.title_text  # (the code is used up)
            assert not playing(guest)  # no board for a wrong code
            await until(lambda: bool(shown_code(host)) and shown_code(host) != first)
            assert "Someone tried a wrong code (1)" in status(host)
            guest.screen.query_one(Input).value = shown_code(host).replace("-", " ").upper()  # as typed
            await pilot.press("enter")
            await until(lambda: playing(guest) and playing(host))


@session_loop
async def test_moves_cross_after_the_mailbox_server_restarts_and_nobody_is_told_to_move_meanwhile(
    tmp_path: Path,
) -> None:
    async with mailbox_match(tmp_path) as (server, host, guest):
        await press(host, "5")
        await until(lambda: marks(guest) == ".../.x./...")
        server.stop()
        await until(lambda: "Lost the mailbox server" in status(guest))
        await until(lambda: "Lost the mailbox server" in status(host))
        assert "Your turn" not in status(host)  # (the guest's turn: a move it makes is kept)
        server.start()
        await until(lambda: playing(guest) and playing(host))
        await press(guest, "1")
        await until(lambda: marks(host) == "o../.x./...")


@session_loop
async def test_with_the_mailbox_server_down_a_move_key_says_the_server_is_lost_not_the_host(tmp_path: Path) -> None:
    """A guest's move key in the host's turn while the server was down said the *host* was away:
    the status names what is missing, the mailbox server, in the headline and the key's answer."""
    async with mailbox_match(tmp_path) as (server, host, guest):
        await press(host, "5")
        await until(lambda: marks(guest) == ".../.x./...")
        await press(guest, "1")
        await until(lambda: marks(host) == "o../.x./...")
        server.stop()
        await until(lambda: "Lost the mailbox server" in status(guest))
        await press(guest, "9")  # the host's turn, and no server to reach it through
        said = status(guest)
        assert said.startswith("Waiting for the mailbox server"), said
        assert str(guest.game_screen.said.notice) == "Lost the mailbox server: wait for it to be back"
        assert "Lost the mailbox server" in said  # (at 80×24 its first phrase, under the banner)
        assert "host to be back" not in said, said
        assert "friend's turn" not in said, said
        assert marks(guest) == "o../.x./..."
        server.start()
        await until(lambda: playing(guest) and playing(host))
        assert "Lost the mailbox server" not in status(guest)  # the key's answer went with its cause


@session_loop
async def test_a_host_that_quits_is_told_to_the_guest_who_is_asked_for_a_new_code(tmp_path: Path) -> None:
    async with mailbox_match(tmp_path) as (_server, host, guest):
        host.exit()  # the app quits: its link's task is cancelled first, then the link closed
        await until(lambda: "The host closed the game" in status(guest))
        assert "tampered" not in status(guest)
        assert not playing(guest)
        await until(lambda: isinstance(guest.screen, PathPrompt))
        assert isinstance(guest.screen, PathPrompt)
        assert guest.screen.title_text.startswith("The host closed the game. Ask your friend for their new code")
        assert "again" not in guest.screen.title_text


@session_loop
async def test_the_sidebar_hosts_through_the_mailbox_server_and_join_takes_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with mailbox_server(tmp_path / "mailbox") as server:
        monkeypatch.setenv("TICTACTOE_TUI_MAILBOX", server.url)
        paths = Paths(tmp_path / "config", tmp_path / "data")
        host = TicTacToeApp(Settings(), paths=paths, searcher=ThreadSearcher(get_strategy), seed=1)
        async with host.run_test() as host_pilot:
            await host_pilot.pause()
            host.game_screen.change_setting("mode", ONLINE_HOST.name)
            await host_pilot.press("n")
            await until(lambda: bool(shown_code(host)))
            guest = TicTacToeApp(Settings(), searcher=ThreadSearcher(get_strategy), seed=2)
            async with guest.run_test() as guest_pilot:
                await guest_pilot.pause()
                guest.game_screen.change_setting("mode", ONLINE_JOIN.name)
                await guest_pilot.press("n")
                assert isinstance(guest.screen, PathPrompt)
                guest.screen.query_one(Input).value = shown_code(host)
                await guest_pilot.press("enter")
                await until(lambda: playing(guest) and playing(host))
                await press(host, "5")
                await until(lambda: marks(guest) == ".../.x./...")


@session_loop
async def test_a_host_started_while_the_mailbox_server_is_down_says_so_and_shows_a_code_once_it_is_up(
    tmp_path: Path,
) -> None:
    """Said whole at 80×24 (a play-tester's DNS failure was cut after 'at ws://…/v1 (DNS'), under
    a headline that waits for the server; once the server is up the host reaches it by itself
    and shows a code (before, hosting ended at the first failure, and `c` said "A new code"
    with none shown)."""
    server = MailboxServer(tmp_path / "mailbox")
    server.folder.mkdir()
    host = app_for(tmp_path / "host", MailboxHostPlan(server.url))
    async with host.run_test(size=(80, 24)) as pilot:
        await until(lambda: "Cannot reach" in status(host))
        said = status(host)
        assert f"Cannot reach the mailbox server 127.0.0.1:{server.port} (" in said
        assert said.endswith("): trying again every 5 s")
        assert "Waiting for your friend" not in said
        assert said.startswith("Waiting for the mailbox server")
        await pilot.press("c")
        assert "a new code once it is back" in status(host)
        server.start()
        try:
            await until(lambda: bool(shown_code(host)), "the host to reach the server by itself")
            assert "Waiting for your friend to join" in status(host)
        finally:
            server.stop()


QUICK_QUIT = """
import asyncio, socket, sys, threading, time
from pathlib import Path
looking = threading.Event()
lookup = socket.getaddrinfo
def slow_lookup(*args, **options):  # a name server that takes its time, as real ones do
    looking.set()
    time.sleep(1.5)
    return lookup(*args, **options)
socket.getaddrinfo = slow_lookup
from tests.helpers.online import app_for
from tests.helpers.waiting import until
from tictactoe_tui.net import MailboxHostPlan, MailboxJoinPlan

async def main():
    url, home = sys.argv[1], Path(sys.argv[3])
    plan = MailboxHostPlan(url) if sys.argv[2] == "host" else MailboxJoinPlan(url, "5-apple-banana")
    app = app_for(home, plan)
    async with app.run_test():
        await until(looking.is_set, "the name lookup to start")
asyncio.run(main())
print(sorted(thread.name for thread in threading.enumerate()))
"""


@pytest.mark.parametrize("side", ["host", "join"])
def test_quitting_while_the_mailbox_server_s_name_is_looked_up_leaves_nothing_running_and_prints_nothing(
    tmp_path: Path, side: str
) -> None:
    """Issue 65: Twisted's thread pool (its name lookups) must end before the loop closes, or
    'Unhandled Error … Event loop is closed' prints over the player's shell. Quit while the
    lookup is under way (the server down, its name slow to look up)."""
    url = f"ws://localhost:{free_port()}/v1"
    command = [sys.executable, "-c", QUICK_QUIT, url, side, str(tmp_path)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "['MainThread']", done.stderr
    assert done.stderr == ""


START = """
import asyncio, json, sys
from pathlib import Path
from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import ONLINE_HOST, ONLINE_JOIN

async def main():
    home = Path(sys.argv[1])
    app = TicTacToeApp(Settings(), paths=Paths(home / "config", home / "data"), searcher=ThreadSearcher(get_strategy))
    async with app.run_test() as pilot:
        await pilot.press("5")
        await pilot.pause()
    print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] in ("twisted", "wormhole"))))

asyncio.run(main())
"""


def test_a_plain_start_loads_no_twisted(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", START, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert json.loads(done.stdout.splitlines()[-1]) == [], done.stderr


@session_loop
async def test_a_guest_no_host_answers_types_another_code_with_n_through_the_same_mailbox(tmp_path: Path) -> None:
    """A guest whose code no host answered pressed n and read "Not connected to your friend's
    game", with no way to type another code; leaving through another mode said "Cannot go
    online: closed" over the new game, and a join after it went through the public mailbox
    instead of the one given at the start."""
    with mailbox_server(tmp_path / "mailbox") as server:
        guest = app_for(tmp_path / "guest", MailboxJoinPlan(server.url, "5-apple-banana"))
        async with guest.run_test() as pilot:
            await until(lambda: guest.game_screen.online is not None and guest.game_screen.online.guest is not None)
            await pilot.press("n")
            await until(lambda: isinstance(guest.screen, PathPrompt))
            await pilot.press("escape")  # stays where it was, the code not answered
            guest.game_screen.change_setting("mode", TWO_PLAYERS.name)
            await pilot.press("n")
            await until(
                lambda: (
                    guest.game_screen.online is None
                    and not [worker for worker in guest.workers if worker.group.startswith("online")]
                ),
                "the match left and its link closed",
            )
            await pilot.pause()
            assert "Cannot go online" not in status(guest)
            host = app_for(tmp_path / "host", MailboxHostPlan(server.url))
            async with host.run_test():
                await until(lambda: bool(shown_code(host)))
                guest.game_screen.change_setting("mode", ONLINE_JOIN.name)
                await pilot.press("n")
                await until(lambda: isinstance(guest.screen, PathPrompt))
                assert isinstance(guest.screen, PathPrompt)
                guest.screen.query_one(Input).value = shown_code(host)
                await pilot.press("enter")
                await until(lambda: playing(guest) and playing(host))  # through the mailbox given at the start


@session_loop
async def test_a_guest_whose_code_no_host_answers_says_the_server_is_reached_and_plays_nobody(tmp_path: Path) -> None:
    """A guest read "Reaching the mailbox server at …" for about 10 s while the server was up,
    then "playing the host through ws://…" over "No host has answered the code"."""
    with mailbox_server(tmp_path / "mailbox") as server:
        guest = app_for(tmp_path / "guest", MailboxJoinPlan(server.url, "5-apple-banana"))
        async with guest.run_test():
            await until(lambda: "waiting for the host to answer the code 5-apple-banana" in status(guest))
            assert "Reaching" not in status(guest)
            assert "playing the host" not in status(guest)
            await until(lambda: "No host has answered the code" in status(guest))
            assert "playing the host" not in status(guest)

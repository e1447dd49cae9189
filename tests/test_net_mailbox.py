"""Play through a real magic-wormhole mailbox server on loopback: the code alone, a wrong code,
the server restarting mid-game, a side whose network drops, a host that quits."""

from __future__ import annotations

import asyncio
import contextlib
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tictactoe_tui.net.mailbox.guest import MailboxGuest, MailboxGuestError
from tictactoe_tui.net.mailbox.host import MailboxError, MailboxHost
from tictactoe_tui.net.match import Match

from .helpers.mailbox import MailboxServer, free_port, mailbox_server, relay_to
from .helpers.scripts import ROOT
from .helpers.waiting import until

#: Twisted's reactor runs on one asyncio loop for the life of the process, as it does in the app.
session_loop = pytest.mark.asyncio(loop_scope="session")


class Side:
    """What one side heard: its matches and its status lines."""

    def __init__(self) -> None:
        self.matches: list[Match] = []
        self.news: list[str] = []

    @property
    def moves(self) -> int:
        return len(self.matches[-1].moves) if self.matches else 0

    def said(self, words: str) -> bool:
        return any(words in line for line in self.news)


async def started_host(url: str, **options: float) -> tuple[MailboxHost, Side, asyncio.Future[None]]:
    """A host of a new match through the mailbox server at ``url``, telling a new :class:`Side`,
    once it shows a code; and its run."""
    heard = Side()
    host = MailboxHost(Match(), heard.matches.append, heard.news.append, url=url, **options)
    hosting = asyncio.ensure_future(host.run())
    await until(lambda: bool(host.code))
    return host, heard, hosting


async def friend_joined(host: MailboxHost, url: str) -> tuple[MailboxGuest, Side, asyncio.Future[None]]:
    """A friend who joins ``host`` through ``url`` with the code it shows, telling a new
    :class:`Side`, once both are connected; and its run."""
    told = Side()
    guest = MailboxGuest(host.code, told.matches.append, told.news.append, url=url)
    joining = asyncio.ensure_future(guest.run())
    await until(lambda: guest.connected and host.connected)
    return guest, told, joining


@contextlib.asynccontextmanager
async def playing(
    url: str, guest_url: str | None = None, **guest_options: float
) -> AsyncIterator[tuple[MailboxHost, Side, MailboxGuest, Side]]:
    """A host through ``url`` and a guest through ``guest_url`` (the same if None), once both play."""
    host, heard, hosting = await started_host(url)
    told = Side()
    guest = MailboxGuest(host.code, told.matches.append, told.news.append, url=guest_url or url, **guest_options)
    joining = asyncio.ensure_future(guest.run())
    try:
        await until(lambda: guest.connected and host.connected)
        yield host, heard, guest, told
    finally:
        await guest.close()
        await host.close()
        for task in (joining, hosting):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 10)


@session_loop
async def test_the_code_alone_joins_and_moves_cross_both_ways(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        async with playing(server.url) as (host, heard, guest, told):
            assert told.said("you play O"), told.news
            assert heard.said("Your friend joined")
            host.play((1, 1))
            await until(lambda: told.moves == 1)
            assert await guest.play((0, 0))
            await until(lambda: heard.moves == 2 and told.moves == 2)
            assert told.matches[-1] == heard.matches[-1] == host.match


@session_loop
async def test_a_host_shows_a_number_and_two_words(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        host, _heard, hosting = await started_host(server.url)
        assert re.fullmatch(r"[0-9]+-[a-z]+-[a-z]+", host.code)
        await host.close()
        await asyncio.wait_for(hosting, 10)


@session_loop
async def test_a_wrong_code_is_refused_uses_the_code_up_and_the_new_one_lets_the_friend_in(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url)
        first = host.code
        nameplate = first.split("-")[0]
        told = Side()
        wrong = MailboxGuest(f"{nameplate}-wrong-words", told.matches.append, told.news.append, url=server.url)
        with pytest.raises(MailboxGuestError, match="refused the code"):
            await asyncio.wait_for(wrong.run(), 20)
        await until(lambda: bool(host.code) and host.code != first)
        assert heard.said("Someone tried a wrong code (1)")
        assert not told.matches  # no board for a wrong code
        friend, _told, joining = await friend_joined(host, server.url)
        await friend.close()
        await host.close()
        await asyncio.wait_for(asyncio.gather(joining, hosting, return_exceptions=True), 10)


@session_loop
async def test_moves_cross_after_the_mailbox_server_restarts_mid_game(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        async with playing(server.url) as (host, heard, guest, told):
            host.play((1, 1))
            await until(lambda: told.moves == 1)
            server.restart()
            await until(lambda: heard.said("Lost the mailbox server") and told.said("Lost the mailbox server"))
            await until(lambda: guest.connected)
            assert await guest.play((0, 0))
            await until(lambda: heard.moves == 2)
            host.play((2, 2))
            await until(lambda: told.moves == 3)


@session_loop
async def test_an_outage_longer_than_the_silence_is_the_servers_on_both_sides_and_passes_when_it_is_back(
    tmp_path: Path,
) -> None:
    """The silence of a lost mailbox server is not the other side's: once the server is known
    lost, neither side is told the other is away nor to make a new code (a play-test saw both
    after 20 s of outage, and the host's new code then lost the match); once the server is back
    both sides play on. (The silence limit here is shorter than the time to notice the server
    gone, so a side may say the other is silent first.)"""
    with mailbox_server(tmp_path) as server:
        async with playing(server.url, silence_seconds=1.5, ping_seconds=0.5) as (host, heard, guest, told):
            host.play((1, 1))
            await until(lambda: told.moves == 1)
            here_when_told: list[bool] = []
            guest.on_change = lambda match: here_when_told.append(guest.connected)
            silences: list[str] = []

            def counting(side: MailboxHost | MailboxGuest) -> None:
                noted = side._heard_nothing

                def heard_nothing(heard: float, news: str) -> bool:
                    silences.append(news)
                    return noted(heard, news)

                side._heard_nothing = heard_nothing  # type: ignore[method-assign]

            counting(host)
            counting(guest)
            server.stop()
            await until(lambda: heard.said("Lost the mailbox server") and told.said("Lost the mailbox server"))
            await until(lambda: len(silences) >= 4, "each side's silence limit to pass twice")
            for side, blame in ((told, "Host silent"), (heard, "connection dropped")):
                since_lost = side.news[max(i for i, news in enumerate(side.news) if "Lost the mailbox" in news) :]
                assert not any(blame in news for news in since_lost), side.news
            assert host.new_code() == "Lost the mailbox server: a new code once it is back (the match is kept)"
            server.start()
            await until(lambda: guest.connected and host.connected)  # a pong: it is the guest's turn
            await until(lambda: here_when_told[-1], "the guest's on_change to hear that the host is back")
            assert await guest.play((0, 0))
            await until(lambda: heard.moves == 2)


@session_loop
async def test_a_guest_whose_network_drops_comes_back_to_the_same_game_by_itself(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        async with relay_to(server.port) as relay, playing(server.url, relay.url) as (host, heard, guest, told):
            host.play((1, 1))
            await until(lambda: told.moves == 1)
            assert relay.cut() >= 2
            await until(lambda: told.said("Lost the mailbox server"))
            await until(lambda: guest.connected)
            assert await guest.play((0, 0))
            await until(lambda: heard.moves == 2)


@session_loop
async def test_a_move_sent_to_a_host_gone_unnoticed_is_said_to_be_on_its_way_then_kept_and_played_once_it_is_back(
    tmp_path: Path,
) -> None:
    with mailbox_server(tmp_path) as server:
        async with (
            relay_to(server.port) as relay,
            playing(relay.url, server.url, silence_seconds=1.5, ping_seconds=0.5) as (host, heard, guest, told),
        ):
            host.play((1, 1))
            await until(lambda: told.moves == 1)
            await relay.close()  # the host is gone (killed, or its network), the guest does not know yet
            assert guest.connected
            assert await guest.play((0, 0))
            assert told.news[-1] == "Your move a1 is on its way to the host…"
            await until(lambda: told.said("waits for the host"))
            assert told.news[-1] == "Your move a1 waits for the host: nothing from them for a while…"
            await relay.start()  # the host's connection is back
            await until(lambda: heard.moves == told.moves == 2, "the kept move to be played")


@session_loop
async def test_a_friend_whose_network_comes_back_after_the_host_renewed_its_code_is_told_to_ask_for_it(
    tmp_path: Path,
) -> None:
    """Silent past the limit (its network gone), the friend is taken for gone and the host hosts
    on with a new code; once the friend's network is back it reads why, not a dead wait."""
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url, silence_seconds=1.5)
        code = host.code
        told = Side()
        async with relay_to(server.port) as relay:
            guest = MailboxGuest(code, told.matches.append, told.news.append, url=relay.url, ping_seconds=0.5)
            joining = asyncio.ensure_future(guest.run())
            await until(lambda: host.connected)
            await relay.close()  # the friend's network is gone
            await until(lambda: bool(host.code) and host.code != code)
            assert heard.news[-1] == "Nothing from your friend for 1.5 s: give them the new code above"
            await relay.start()  # and back
            with pytest.raises(MailboxGuestError, match="the host heard nothing from you for a while"):
                await asyncio.wait_for(joining, 30)
        await host.close()
        await asyncio.wait_for(asyncio.gather(hosting, return_exceptions=True), 10)


@session_loop
async def test_a_friend_killed_mid_game_leaves_the_host_with_a_new_code_by_itself_that_takes_them_back_in(
    tmp_path: Path,
) -> None:
    """A friend killed (its wormhole gone at once, no goodbye): after the silence limit the host
    shows a new code by itself, saying why (before, it said the connection dropped and asked the
    player to press c), and the friend started again joins with it at the same position."""
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url, silence_seconds=1.5)
        code = host.code
        told = Side()
        async with relay_to(server.port) as relay:
            killed = MailboxGuest(code, told.matches.append, told.news.append, url=relay.url, ping_seconds=0.5)
            joining = asyncio.ensure_future(killed.run())
            await until(lambda: host.connected)
            host.play((1, 1))
            await until(lambda: told.moves == 1)
            await relay.close()  # its process is gone: no goodbye, and a restarted one cannot use the code
            await until(lambda: bool(host.code) and host.code != code)
        assert not host.connected
        assert heard.news[-1] == "Nothing from your friend for 1.5 s: give them the new code above"
        restarted, again, rejoining = await friend_joined(host, server.url)
        assert again.moves == 1
        assert heard.news[-1] == "Your friend is back"
        assert await restarted.play((0, 0))
        await until(lambda: heard.moves == 2)
        await restarted.close()
        await host.close()
        joining.cancel()
        await asyncio.wait_for(asyncio.gather(joining, rejoining, hosting, return_exceptions=True), 10)


GUEST_PROCESS = """
import asyncio, sys
from tictactoe_tui.net.mailbox.guest import MailboxGuest

async def main():
    guest = MailboxGuest(sys.argv[1], url=sys.argv[2], ping_seconds=0.3)
    joining = asyncio.ensure_future(guest.run())
    while guest.match is None or not guest.match.moves:
        await asyncio.sleep(0.05)
    print("seen", flush=True)
    await joining

asyncio.run(main())
"""


@session_loop
async def test_a_guest_process_killed_mid_game_leaves_the_host_with_a_new_code_by_itself(tmp_path: Path) -> None:
    """The friend's process killed with SIGKILL (no goodbye, its connection to the server closed
    by the system): the host renews its code by itself after the silence limit, and a friend
    started again joins the match with it where it was."""
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url, silence_seconds=2.0)
        code = host.code
        guest = await asyncio.create_subprocess_exec(
            sys.executable, "-c", GUEST_PROCESS, code, server.url, cwd=ROOT, stdout=asyncio.subprocess.PIPE
        )
        try:
            await until(lambda: host.connected)
            host.play((1, 1))
            assert guest.stdout is not None
            assert await asyncio.wait_for(guest.stdout.readline(), 30) == b"seen\n"
            guest.kill()
            await guest.wait()
            await until(lambda: bool(host.code) and host.code != code, "a new code by itself")
        finally:
            if guest.returncode is None:
                guest.kill()
                await guest.wait()
        assert heard.news[-1] == "Nothing from your friend for 2 s: give them the new code above"
        restarted, again, rejoining = await friend_joined(host, server.url)
        await until(lambda: again.moves == 1)
        await restarted.close()
        await host.close()
        await asyncio.wait_for(asyncio.gather(rejoining, hosting, return_exceptions=True), 10)


@session_loop
async def test_a_host_that_quits_is_told_as_leaving_not_as_tampering(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        host, _heard, hosting = await started_host(server.url)
        guest, _told, joining = await friend_joined(host, server.url)
        await host.close()
        with pytest.raises(MailboxGuestError, match="the host closed the game"):
            await asyncio.wait_for(joining, 10)
        assert not guest.connected
        await asyncio.wait_for(hosting, 10)


@session_loop
async def test_a_host_started_while_the_server_is_down_says_so_in_one_line_and_reaches_it_once_it_is_up(
    tmp_path: Path,
) -> None:
    """A host that cannot reach the mailbox server keeps trying and shows a code by itself once
    the server is up (before, its run ended at the first failure: `c` then said "A new code" and
    none came)."""
    heard = Side()
    server = MailboxServer(tmp_path)
    host = MailboxHost(Match(), heard.matches.append, heard.news.append, url=server.url, retry_seconds=0.2)
    hosting = asyncio.ensure_future(host.run())
    try:
        await until(lambda: heard.said("Cannot reach the mailbox server"))
        assert heard.news[-1].startswith(f"Cannot reach the mailbox server 127.0.0.1:{server.port} (")
        assert heard.news[-1].endswith("): trying again every 0.2 s")
        assert not host.reachable
        assert host.new_code() == "Lost the mailbox server: a new code once it is back (the match is kept)"
        server.start()
        await until(lambda: bool(host.code))
        assert host.reachable
        assert heard.news[-1] == "Give your friend the code above"
        guest, _told, joining = await friend_joined(host, server.url)
        await guest.close()
        await host.close()
        await asyncio.wait_for(asyncio.gather(joining, hosting, return_exceptions=True), 10)
    finally:
        hosting.cancel()
        server.stop()


@session_loop
async def test_a_guest_that_cannot_reach_the_mailbox_server_is_told_in_one_line() -> None:
    url = f"ws://127.0.0.1:{free_port()}/v1"
    with pytest.raises(MailboxError) as refused:
        await asyncio.wait_for(MailboxGuest("5-apple-banana", url=url).run(), 20)
    assert str(refused.value).startswith(
        f"cannot reach the mailbox server 127.0.0.1:{url.split(':')[2].split('/')[0]} ("
    )
    assert "\n" not in str(refused.value)


QUIT = """
import asyncio, sys
from tests.helpers.waiting import until
from tictactoe_tui.net.mailbox.host import MailboxHost
from tictactoe_tui.net.mailbox.guest import MailboxGuest
from tictactoe_tui.net.match import Match

async def main():
    host = MailboxHost(Match(), url=sys.argv[1])
    hosting = asyncio.ensure_future(host.run())
    await until(lambda: bool(host.code), "the code")
    guest = MailboxGuest(host.code, url=sys.argv[1])
    joining = asyncio.ensure_future(guest.run())
    await until(lambda: guest.connected and host.connected, "both sides connected")
    await guest.close()
    await host.close()
    print("closed")

asyncio.run(main())
"""


def test_a_process_that_played_exits_once_its_wormholes_are_closed(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        done = subprocess.run(
            [sys.executable, "-c", QUIT, server.url], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert done.stdout.strip() == "closed", done.stderr


GONE = """
import asyncio, socket, sys, threading, time
lookup = socket.getaddrinfo
def slow_lookup(*args, **options):  # a name server that takes its time, as real ones do
    time.sleep(0.7)
    return lookup(*args, **options)
socket.getaddrinfo = slow_lookup
from tests.helpers.mailbox import MailboxServer
from tests.helpers.waiting import until
from tictactoe_tui.net.mailbox.host import MailboxHost
from tictactoe_tui.net.match import Match
from pathlib import Path

async def main():
    server = MailboxServer(Path(sys.argv[1]))
    server.start()
    news = []
    host = MailboxHost(Match(), on_status=news.append, url=server.url)
    hosting = asyncio.ensure_future(host.run())
    await until(lambda: bool(host.code), "the code")
    server.stop()  # the server gone: the library's close is never acknowledged
    await until(lambda: any("Lost the mailbox server" in line for line in news), "the server lost")
    wormhole = host._wormhole
    await host.close()
    hosting.cancel()
    trying = bool(wormhole._wormhole._boss._RC._connector.running)  # the library's reconnecting service
    print(trying, sorted(thread.name for thread in threading.enumerate()))

asyncio.run(main())
"""


def test_a_process_that_closes_its_wormhole_with_the_server_gone_exits_and_prints_nothing(tmp_path: Path) -> None:
    """Before, the library went on trying to reach the server after the close (it waits for the
    server's acknowledgement), each try a name lookup in a thread pool made anew that outlived
    the loop: with a name server as slow as this one the process never ended."""
    done = subprocess.run(
        [sys.executable, "-c", GONE, str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "False ['MainThread']", done.stderr
    assert done.stderr == ""


def test_the_server_helper_restarts_on_the_same_port(tmp_path: Path) -> None:
    server = MailboxServer(tmp_path)
    server.start()
    port = server.port
    server.restart()
    assert server.port == port
    server.stop()


@session_loop
async def test_a_new_code_retires_the_old_one_before_the_friend_is_in_not_after(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url)
        old = host.code
        assert host.new_code() is None
        await until(lambda: bool(host.code) and host.code != old)
        assert heard.said("A new code: the old one no longer lets anyone in")
        guest = MailboxGuest(host.code, url=server.url)
        joining = asyncio.ensure_future(guest.run())
        await until(lambda: guest.connected and host.connected)
        assert host.new_code() == "Your friend is playing: the code was used up when they joined"
        await guest.close()
        await host.close()
        await asyncio.wait_for(asyncio.gather(joining, hosting, return_exceptions=True), 10)

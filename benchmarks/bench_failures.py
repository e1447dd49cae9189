"""How long each online failure takes to show a truthful status line on each side, with the
game's own timings (30 s of silence, a code renewed after 3 minutes), through a real mailbox
server on loopback (``twist wormhole-mailbox``) and directly. Every case runs at once, so the
whole takes about as long as the slowest (the squatter: 3 minutes).

    python benchmarks/bench_failures.py [CASE...]   # e.g. mailbox_guest_killed; all unless named

Prints one row a case: the failure, then for the host and for the guest the seconds from the
failure to the first line that tells it truly, and that line ("-": that side has nothing to say,
or is the one that failed).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.helpers.mailbox import MailboxServer, relay_to
from tests.helpers.net import vanish
from tests.helpers.waiting import until
from tests.test_net_mailbox_owned import Squatter
from tictactoe_tui.net.guest import Guest, GuestError
from tictactoe_tui.net.host import Host
from tictactoe_tui.net.mailbox.guest import MailboxGuest, MailboxGuestError
from tictactoe_tui.net.mailbox.host import MailboxHost
from tictactoe_tui.net.mailbox.wormholes import Wormhole
from tictactoe_tui.net.match import Match
from tictactoe_tui.net.protocol import HOST_MESSAGES

Row = tuple[str, str, str]
Pair = tuple[MailboxHost, "Said", MailboxGuest, "Said", list[asyncio.Future[None]]]


class Said:
    """The lines one side says, each with the time it was said."""

    def __init__(self) -> None:
        self.lines: list[tuple[float, str]] = []

    def __call__(self, text: str) -> None:
        self.lines.append((time.monotonic(), text))

    def first(self, words: str, since: float) -> tuple[float, str] | None:
        return next(((at - since, text) for at, text in self.lines if at >= since and words in text), None)

    async def told(self, words: str, since: float) -> str:
        await until_long(lambda: self.first(words, since) is not None)
        found = self.first(words, since)
        assert found is not None
        return f"{found[0]:.1f} s: {found[1]}"


async def until_long(condition: Callable[[], object], limit: float = 240) -> None:
    """Wait for ``condition`` up to ``limit`` seconds (these failures take their own time)."""
    async with asyncio.timeout(limit):
        while not condition():
            await asyncio.sleep(0.02)


async def mailbox_pair(
    url: str, guest_url: str | None = None
) -> tuple[MailboxHost, Said, MailboxGuest, Said, list[asyncio.Future[None]]]:
    heard, told = Said(), Said()
    host = MailboxHost(Match(), on_status=heard, url=url)
    tasks: list[asyncio.Future[None]] = [asyncio.ensure_future(host.run())]
    await until(lambda: bool(host.code))
    guest = MailboxGuest(host.code, on_status=told, url=guest_url or url)
    tasks.append(asyncio.ensure_future(guest.run()))
    await until(lambda: guest.connected and host.connected)
    return host, heard, guest, told, tasks


async def ended(*tasks: asyncio.Future[None]) -> None:
    for task in tasks:
        task.cancel()
        with contextlib.suppress(BaseException):
            await task


async def mailbox_host_killed(server: MailboxServer) -> Row:
    """The host's network gone at once, no goodbye (as a kill -9 looks to the guest); the host
    started again with the match kept, until it shows a code."""
    async with relay_to(server.port) as relay:
        host, _heard, guest, told, tasks = await mailbox_pair(relay.url, server.url)
        since = time.monotonic()
        await relay.close()  # the host's process is gone: nothing more from it
        again_heard = Said()
        again = MailboxHost(host.match, on_status=again_heard, url=server.url)
        tasks.append(asyncio.ensure_future(again.run()))
        host_line = await again_heard.told("Give your friend the code", since)
        guest_line = await told.told("Host silent", since)
        await guest.close()
        await again.close()
        await ended(*tasks)
    return "mailbox: host killed (started again at once)", f"{host_line} (started again)", guest_line


async def mailbox_guest_network_gone(server: MailboxServer) -> Row:
    """The guest's network gone past the silence limit, then back: the host has a new code by
    then; the guest, from its network's return, until it is told so."""
    async with relay_to(server.port) as relay:
        host, heard, _guest, told, tasks = await mailbox_pair(server.url, relay.url)
        since = time.monotonic()
        await relay.close()
        host_line = await heard.told("Nothing from your friend", since)
        await relay.start()
        back = time.monotonic()
        try:
            await asyncio.wait_for(tasks[1], 120)
        except MailboxGuestError as error:
            told(str(error))
        guest_line = await told.told("heard nothing from you", back)
        await host.close()
        await ended(*tasks)
    return "mailbox: guest's network gone 30 s, then back", host_line, f"{guest_line} (from its network's return)"


async def mailbox_host_quit(server: MailboxServer) -> Row:
    host, _heard, guest, told, tasks = await mailbox_pair(server.url)
    since = time.monotonic()
    await host.close()
    with contextlib.suppress(MailboxGuestError):
        await asyncio.wait_for(tasks[1], 60)
    told(f"the host closed the game (the guest's run ended: {not guest.connected})")
    guest_line = await told.told("closed the game", since)
    await ended(*tasks)
    return "mailbox: host quit", "-", guest_line


async def mailbox_guest_killed(server: MailboxServer) -> Row:
    """The guest's network gone at once, no goodbye (as a kill -9 looks to the host), until the
    host shows a new code by itself; the guest started again with it, until it is back in."""
    async with relay_to(server.port) as relay:
        host, heard, guest, _told, tasks = await mailbox_pair(server.url, relay.url)
        since = time.monotonic()
        await relay.close()
        host_line = await heard.told("Nothing from your friend", since)
        await until(lambda: bool(host.code))
        again = MailboxGuest(host.code, url=server.url)
        started = time.monotonic()
        tasks.append(asyncio.ensure_future(again.run()))
        await until_long(lambda: again.connected and host.connected)
        host_line += (
            f" (a new code by itself); the friend started again with it is back in {time.monotonic() - started:.1f} s"
        )
        await again.close()
        await guest.close()
        await host.close()
        await ended(*tasks)
    return "mailbox: guest killed", host_line, "-"


async def mailbox_server_restart(server: MailboxServer) -> Row:
    host, heard, guest, told, tasks = await mailbox_pair(server.url)
    since = time.monotonic()
    server.stop()
    host_line = await heard.told("Lost the mailbox server", since)
    guest_line = await told.told("Lost the mailbox server", since)
    server.start()
    back = time.monotonic()
    await until_long(lambda: host.connected and guest.connected)
    host_line += f"; both back {time.monotonic() - back:.1f} s after the restart"
    await guest.close()
    await host.close()
    await ended(*tasks)
    return "mailbox: server stopped, then started", host_line, guest_line


async def mailbox_server_down_at_start(server: MailboxServer) -> Row:
    """The host started while the server is down, the server started 10 s later."""
    server.stop()
    heard = Said()
    since = time.monotonic()
    host = MailboxHost(Match(), on_status=heard, url=server.url)
    tasks = [asyncio.ensure_future(host.run())]
    host_line = await heard.told("Cannot reach the mailbox server", since)
    await asyncio.sleep(10)  # (the server is down a while)
    await asyncio.to_thread(server.start)
    started = time.monotonic()
    await until_long(lambda: bool(host.code))
    host_line += f"; started 10 s later: a code by itself {time.monotonic() - started:.1f} s after"
    await host.close()
    await ended(*tasks)
    return "mailbox: server down when the host starts", host_line, "-"


async def mailbox_silent_peer(server: MailboxServer) -> Row:
    heard = Said()
    host = MailboxHost(Match(), on_status=heard, url=server.url)
    tasks = [asyncio.ensure_future(host.run())]
    await until(lambda: bool(host.code))
    silent = Wormhole(server.url, HOST_MESSAGES, lambda reachable: None)
    silent.set_code(host.code)
    await silent.confirmed()
    since = time.monotonic()
    host_line = await heard.told("said nothing", since)
    await silent.close()
    await host.close()
    await ended(*tasks)
    return "mailbox: silent peer (key agreed, no join)", host_line, "-"


async def mailbox_squatter(server: MailboxServer) -> Row:
    heard, told = Said(), Said()
    host = MailboxHost(Match(), on_status=heard, url=server.url)
    tasks = [asyncio.ensure_future(host.run())]
    await until(lambda: bool(host.code))
    squatter = Squatter(server.url)
    await squatter.claim(host.code.split("-")[0])
    since = time.monotonic()
    friend = MailboxGuest(host.code, on_status=told, url=server.url)
    try:
        await asyncio.wait_for(friend.run(), 60)
    except MailboxGuestError as error:
        told(str(error))
    guest_line = await told.told("someone else took the code", since)
    host_line = await heard.told("Nobody came in", since)
    await squatter.close()
    await host.close()
    await ended(*tasks)
    return "mailbox: squatter on the code", f"{host_line} (renewed by itself)", guest_line


async def mailbox_wrong_code(server: MailboxServer) -> Row:
    heard, told = Said(), Said()
    host = MailboxHost(Match(), on_status=heard, url=server.url)
    tasks = [asyncio.ensure_future(host.run())]
    await until(lambda: bool(host.code))
    since = time.monotonic()
    friend = MailboxGuest(f"{host.code.split('-')[0]}-not-this", on_status=told, url=server.url)
    try:
        await asyncio.wait_for(friend.run(), 60)
    except MailboxGuestError as error:
        told(str(error))
    guest_line = await told.told("refused the code", since)
    host_line = await heard.told("Someone tried a wrong code", since)
    await host.close()
    await ended(*tasks)
    return "mailbox: wrong code", host_line, guest_line


async def direct_pair() -> tuple[Host, Said, Guest, Said, asyncio.Future[None]]:
    heard, told = Said(), Said()
    host = Host(Match(), on_status=heard)
    bind, port = await host.start()
    guest = Guest(bind, port, host.code, on_status=told)
    running = asyncio.ensure_future(guest.run())
    await until(lambda: guest.connected and host.connected)
    return host, heard, guest, told, running


async def direct_host_killed(_server: MailboxServer) -> Row:
    host, _heard, _guest, told, running = await direct_pair()
    assert host.address is not None
    port = host.address[1]
    since = time.monotonic()
    vanish(host)
    guest_line = await told.told("the connection dropped", since)
    again = Host(host.match, key=host.key)
    await again.start(port=port)
    started = time.monotonic()
    try:
        await asyncio.wait_for(running, 60)
    except GuestError as error:
        told(str(error))
    new_code = told.first("ask your friend for the new one", started)
    guest_line += f"; started again: {new_code[0]:.1f} s: {new_code[1]}" if new_code else ""
    await again.close()
    return "direct: host killed (started again on its port)", "- (it shows its code at once)", guest_line


async def direct_host_quit(_server: MailboxServer) -> Row:
    host, _heard, _guest, told, running = await direct_pair()
    since = time.monotonic()
    await host.close()
    with contextlib.suppress(GuestError):
        await asyncio.wait_for(running, 60)
    told("the host closed the game (its run ended)")
    return "direct: host quit", "-", await told.told("closed the game", since)


async def direct_guest_gone(_server: MailboxServer) -> Row:
    host, heard, guest, _told, running = await direct_pair()
    since = time.monotonic()
    assert guest._stream is not None
    guest._closing = True
    guest._stream.writer.transport.abort()  # killed: its socket closed by the system, no goodbye
    host_line = await heard.told("Your friend left", since)
    await ended(running)
    await host.close()
    return "direct: guest killed", host_line, "-"


async def direct_wrong_code(_server: MailboxServer) -> Row:
    heard, told = Said(), Said()
    host = Host(Match(), on_status=heard)
    bind, port = await host.start()
    since = time.monotonic()
    guest = Guest(bind, port, "not-this-code", on_status=told)
    try:
        await asyncio.wait_for(guest.run(), 60)
    except GuestError as error:
        told(str(error))
    guest_line = await told.told("refused the code", since)
    host_line = await heard.told("Someone tried a wrong code", since)
    await host.close()
    return "direct: wrong code", host_line, guest_line


CASES = [
    mailbox_host_killed,
    mailbox_guest_killed,
    mailbox_guest_network_gone,
    mailbox_host_quit,
    mailbox_server_restart,
    mailbox_server_down_at_start,
    mailbox_silent_peer,
    mailbox_squatter,
    mailbox_wrong_code,
    direct_host_killed,
    direct_host_quit,
    direct_guest_gone,
    direct_wrong_code,
]


async def main(chosen: list[str]) -> None:
    cases = [case for case in CASES if not chosen or case.__name__ in chosen]
    with tempfile.TemporaryDirectory() as folder:
        servers = [MailboxServer(Path(folder) / case.__name__) for case in cases]
        for server in servers:  # one after the other: each takes its port before the next looks for one
            server.folder.mkdir()
            server.start()
        try:
            rows = await asyncio.gather(
                *(case(server) for case, server in zip(cases, servers, strict=True)), return_exceptions=True
            )
        finally:
            for server in servers:
                server.stop()
    print("| failure | host | guest |\n|---|---|---|")
    for case, row in zip(cases, rows, strict=True):
        if isinstance(row, BaseException):
            print(f"| {case.__name__} | failed: {type(row).__name__}: {row} | |")
        else:
            print(f"| {row[0]} | {row[1]} | {row[2]} |")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))

"""Every failure through a real mailbox server owned: a peer with the right code that never
joins, a squatter on the host's nameplate, messages over the limits. The misbehaving sides are
clients of the tests' own."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import aiohttp
import pytest

from tictactoe_tui.net.mailbox_guest import MailboxGuest, MailboxGuestError
from tictactoe_tui.net.protocol import HOST_MESSAGES
from tictactoe_tui.net.wormholes import APP_ID, Wormhole

from .helpers.mailbox import mailbox_server
from .helpers.waiting import until
from .test_net_mailbox import Side, started_host

session_loop = pytest.mark.asyncio(loop_scope="session")


@session_loop
async def test_a_silent_peer_with_the_right_code_leaves_the_host_hosting_with_a_new_code(tmp_path: Path) -> None:
    """It completed the key exchange and never sent its join: the host's task died of an
    uncaught TimeoutError, without a word, and no new code came."""
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url, join_seconds=0.5)
        first = host.code
        silent = Wormhole(server.url, HOST_MESSAGES, lambda reachable: None)
        try:
            silent.set_code(first)
            await silent.confirmed()  # the key agreed; then nothing
            await until(lambda: heard.said("said nothing"), "the host's word on the silent peer")
            await until(lambda: bool(host.code) and host.code != first, "a new code")
            assert not hosting.done()
            assert heard.news[-1] == "Someone had the code but said nothing for 0.5 s: here is a new code"
        finally:
            await silent.close()
            await host.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(hosting, 10)


class Squatter:
    """A client of the mailbox server that claims a nameplate and then says nothing: no key
    exchange, ever (the number of a host's code is public through the server's ``list``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._session: aiohttp.ClientSession | None = None
        self._socket: aiohttp.ClientWebSocketResponse | None = None

    async def claim(self, nameplate: str) -> str:
        """Claim ``nameplate``; its mailbox."""
        self._session = aiohttp.ClientSession()
        self._socket = socket = await self._session.ws_connect(self.url, max_msg_size=0)
        await socket.send_json({"type": "bind", "appid": APP_ID, "side": "5a5a5a5a", "id": "1"})
        await socket.send_json({"type": "claim", "nameplate": nameplate, "id": "2"})
        while (answer := await socket.receive_json()).get("type") != "claimed":
            pass
        return str(answer["mailbox"])

    async def post(self, mailbox: str, body: bytes) -> None:
        """Open ``mailbox`` and put ``body`` in it (the other side is sent it whole)."""
        assert self._socket is not None
        await self._socket.send_json({"type": "open", "mailbox": mailbox, "id": "3"})
        await self._socket.send_json({"type": "add", "phase": "pake", "body": body.hex(), "id": "4"})

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._session is not None:
            await self._session.close()


@session_loop
async def test_a_squatter_on_the_host_s_code_is_told_to_the_friend_and_the_code_renews_by_itself(
    tmp_path: Path,
) -> None:
    """A client that claimed the host's nameplate and sent no key exchange made the friend's every
    try end in "the mailbox server … said: crowded", and the host showed the dead code for ever."""
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url, code_seconds=2)
        taken = host.code
        squatter = Squatter(server.url)
        told = Side()
        try:
            await squatter.claim(taken.split("-")[0])
            friend = MailboxGuest(taken, told.matches.append, told.news.append, url=server.url)
            with pytest.raises(MailboxGuestError, match=f"someone else took the code {taken}; your friend gets a new"):
                await asyncio.wait_for(friend.run(), 10)
            await until(lambda: bool(host.code) and host.code != taken, "the host's code renewed")
            assert heard.news[-1] == "Nobody came in with the code for 2 s (someone may hold it): here is a new one"
            again = MailboxGuest(host.code, told.matches.append, told.news.append, url=server.url)
            running = asyncio.ensure_future(again.run())
            await until(lambda: again.connected and host.connected, "the friend in with the new code")
            await again.close()
            await asyncio.wait_for(running, 10)
        finally:
            await squatter.close()
            await host.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(hosting, 10)


async def joined_peer(url: str, code: str) -> Wormhole:
    """A client of the tests' own that joins the host with ``code`` as a guest would (the key,
    then its join), and is then free to send anything."""
    peer = Wormhole(url, HOST_MESSAGES, lambda reachable: None)
    peer.set_code(code)
    await peer.confirmed()
    peer.send({"type": "join"})
    return peer


@session_loop
async def test_one_huge_message_is_refused_unread_and_the_host_shows_a_new_code(tmp_path: Path) -> None:
    """One 16 MB message was read whole before the size check (the host grew by 77 MB): it is
    refused from its websocket header (a 1 MB one here, from a side that never exchanged keys)."""
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url)
        first = host.code
        squatter = Squatter(server.url)
        try:
            await squatter.post(await squatter.claim(first.split("-")[0]), b"x" * 1_000_000)
            await until(lambda: heard.said("a message over the limit"), f"the host word on the message {heard.news}")
            await until(lambda: bool(host.code) and host.code != first, "a new code")
            assert not hosting.done()
        finally:
            await squatter.close()
            await host.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(hosting, 10)


@session_loop
async def test_a_flood_of_pings_ends_the_wormhole_and_the_host_shows_a_new_code(tmp_path: Path) -> None:
    """20,000 pings raised the host's memory from 86 to 153 MB, kept: more messages than the
    rate allows end the wormhole."""
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url)
        first = host.code
        peer = await joined_peer(server.url, first)
        try:
            await until(lambda: host.connected, "the peer in")
            for _ in range(200):
                peer.send({"type": "ping"})
            await until(lambda: heard.said("more than 2 messages a second"), "the host's word on the flood")
            await until(lambda: bool(host.code) and host.code != first, "a new code")
            assert not hosting.done()
        finally:
            await peer.close()
            await host.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(hosting, 10)

"""The network's parts on loopback: a host, a guest in it, a raw peer, a fake host, a channel pair."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from tictactoe_tui.net import protocol
from tictactoe_tui.net.channel import Channel, Pake
from tictactoe_tui.net.gate import Gate
from tictactoe_tui.net.guest import Guest, GuestError
from tictactoe_tui.net.host import Host
from tictactoe_tui.net.match import Match
from tictactoe_tui.net.protocol import MAX_LINE


@asynccontextmanager
async def hosted(**options: Any) -> AsyncIterator[Host]:
    host = Host(Match(), **{"gate": Gate(turn_spacing=0.01), "refusal_seconds": 0.05, **options})
    await host.start()
    try:
        yield host
    finally:
        await host.close()


class Peer:
    """A raw client that runs the handshake itself and then sends whatever a test wants."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.channel: Channel | None = None
        self.sent: list[bytes] = []

    @classmethod
    async def to(cls, host: Host) -> Peer:
        assert host.address is not None
        return cls(*await asyncio.open_connection(*host.address, limit=4 * MAX_LINE))

    async def send_plain(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps({"v": 2, **message}).encode() + b"\n")
        await self.writer.drain()

    async def send(self, message: dict[str, Any]) -> None:
        """A sealed message (the line is kept in :attr:`sent`, for replays)."""
        assert self.channel is not None
        line = self.channel.seal(message)
        self.sent.append(line)
        self.writer.write(line)
        await self.writer.drain()

    async def receive(self, timeout: float = 5) -> dict[str, Any] | None:
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        if not line:
            return None
        if line.startswith(b"{"):
            return dict(json.loads(line))
        assert self.channel is not None
        return self.channel.open(line, protocol.HOST_MESSAGES)

    async def handshake(self, code: str) -> dict[str, Any] | None:
        """SPAKE2 with ``code`` and the sealed join: the host's answer (the state, or an error)."""
        pake = Pake(code, "guest")
        await self.send_plain({"type": "hello", "pake": pake.encoded()})
        reply = await self.receive()
        assert reply is not None
        assert reply["type"] == "pake"
        self.channel = Channel(pake.key(Pake.decoded(reply["pake"])), "guest")
        await self.send({"type": "join"})
        return await self.receive()

    async def join(self, host: Host) -> dict[str, Any]:
        state = await self.handshake(host.code)
        assert state is not None
        assert state["type"] == "state"
        return state

    async def closed(self, timeout: float = 5) -> bool:
        """Whether the host hangs up (reading everything it still sends)."""
        try:
            while await asyncio.wait_for(self.reader.readline(), timeout):
                pass
        except (ConnectionError, TimeoutError):
            return False
        return True


def vanish(host: Host) -> None:
    """The host's machine goes away: it stops listening and its guest's connection is cut, with
    no goodbye (a host that quits says one, and its guest stops)."""
    assert host._server is not None
    host._server.close()
    if host._guest is not None:
        host._guest.writer.transport.abort()


@asynccontextmanager
async def joined(
    host: Host, statuses: list[str] | None = None, source: str | None = None, key: bytes | None = None
) -> AsyncIterator[tuple[Guest, list[Match]]]:
    """A guest in the host's game (connecting from ``source``, holding the match's ``key`` if
    given: a guest started again), and every match it has been sent; closed however the test ends."""
    assert host.address is not None
    seen: list[Match] = []
    guest = Guest(*host.address, host.code, seen.append, (statuses if statuses is not None else []).append, key=key)
    guest.retry_seconds = 0.05
    guest.source = source
    running = asyncio.ensure_future(guest.run())
    try:
        yield guest, seen
    finally:
        await guest.close()
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError, GuestError):
            await running


def keys(guest_code: str, host_code: str) -> tuple[bytes, bytes]:
    guest, host = Pake(guest_code, "guest"), Pake(host_code, "host")
    return guest.key(host.message), host.key(guest.message)


def channels() -> tuple[Channel, Channel]:
    key = keys("a-b-c", "a-b-c")[0]
    return Channel(key, "guest"), Channel(key, "host")


@asynccontextmanager
async def fake_host(answer: bytes) -> AsyncIterator[tuple[str, int, list[bytes]]]:
    """A server that reads one line and answers ``answer``: an old or hostile host."""
    heard: list[bytes] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        heard.append(await reader.readline())
        writer.write(answer)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    host, port = server.sockets[0].getsockname()[:2]
    try:
        yield host, port, heard
    finally:
        server.close()

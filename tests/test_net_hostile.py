"""A host and a guest against a hostile network (issue 41): deeply nested JSON, strangers that
stuff bytes or hog turns, a friend rejoining through it all, forged refusals and tampering.

Every flood here is on loopback, bounded in sockets and in time, and stops by itself."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import socket
import time
import tracemalloc
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from tictactoe_tui.net import protocol
from tictactoe_tui.net.channel import ASSOCIATED_DATA, Pake
from tictactoe_tui.net.gate import Gate
from tictactoe_tui.net.guest import SLOW_VERDICT, TAMPERED, Guest, GuestError
from tictactoe_tui.net.host import BUSY, Host
from tictactoe_tui.net.protocol import ProtocolError
from tictactoe_tui.net.strangers import STRANGER_BYTES, StrangerReader

from .helpers.net import Peer, channels, fake_host, hosted, joined, vanish
from .helpers.waiting import until

NESTED = b"[" * 60_000 + b"\n"  # under the 64 KiB line limit, far past the parser's recursion limit

# -- nested JSON ---------------------------------------------------------------------------------


def test_deeply_nested_json_is_a_malformed_line_plain_or_sealed() -> None:
    with pytest.raises(ProtocolError, match="nested too deep"):
        protocol.decode(NESTED, protocol.GUEST_HELLO)
    guest, host = channels()
    ciphertext = guest._out.encrypt(bytes(12), NESTED.strip(), ASSOCIATED_DATA)  # sealed by a hostile peer
    with pytest.raises(ProtocolError, match="nested too deep"):
        host.open(base64.b64encode(ciphertext) + b"\n", protocol.GUEST_MESSAGES)


async def test_a_stranger_sending_nested_json_is_refused_slowly_like_any_malformed_line() -> None:
    errors: list[dict[str, Any]] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, context: errors.append(context))
    async with hosted(refusal_seconds=0.5) as host:
        peer = await Peer.to(host)
        peer.writer.write(NESTED)
        await peer.writer.drain()
        started = time.monotonic()
        assert await peer.closed()
        assert 0.5 <= time.monotonic() - started < 3  # lingered: not answered at once
        assert (await (await Peer.to(host)).join(host))["type"] == "state"
    assert errors == []


async def test_a_guest_facing_a_host_that_sends_nested_json_shows_an_error_soon() -> None:
    statuses: list[str] = []
    async with fake_host(NESTED) as (address, port, _heard):
        guest = Guest(address, port, "a-b-c", on_status=statuses.append, retry_seconds=0.05)
        running = asyncio.ensure_future(guest.run())
        started = time.monotonic()
        try:
            await until(lambda: bool(statuses))
            assert time.monotonic() - started < 15
            assert not running.done()  # still trying, not dead on "Connecting…"
        finally:
            await guest.close()
            running.cancel()
        assert "nested too deep" in statuses[0]


async def test_a_guest_facing_a_host_that_goes_silent_after_its_half_says_so_within_15_s() -> None:
    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        writer.write(protocol.encode({"type": "pake", "pake": Pake("a-b-c", "host").encoded()}))
        await reader.readline()  # the join, and then nothing, for as long as the guest waits
        await reader.read()  # until the guest hangs up

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    statuses: list[str] = []
    guest = Guest("127.0.0.1", server.sockets[0].getsockname()[1], "a-b-c", on_status=statuses.append)
    running = asyncio.ensure_future(guest.run())
    started = time.monotonic()
    try:
        await until(lambda: bool(statuses))
        assert time.monotonic() - started < 15
        assert statuses[0] == SLOW_VERDICT
    finally:
        await guest.close()
        running.cancel()
        server.close()


# -- bounded memory per stranger ------------------------------------------------------------------


async def test_stuffing_strangers_cost_the_host_a_few_kilobytes_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """200 sockets, each a valid hello then 200 KB without a newline: the host keeps at most
    ``STRANGER_BYTES`` of each (before, about 250 KB each: 50 MB here)."""
    hello = protocol.encode({"type": "hello", "pake": Pake("a-b-c", "guest").encoded()})
    stuffing = hello + b"x" * 200_000
    capped: set[int] = set()  # the strangers whose readers the host stopped at their cap
    hold = StrangerReader.hold

    def held(reader: StrangerReader) -> None:
        if reader.received is not None and reader.received > STRANGER_BYTES:
            capped.add(id(reader))
        hold(reader)

    monkeypatch.setattr(StrangerReader, "hold", held)
    # a gate whose next turn is far away: every stranger waits, holding what it sent
    async with hosted(gate=Gate(turn_spacing=60)) as host:
        assert host.address is not None
        await host.gate.enter()
        tracemalloc.start()
        sockets: list[socket.socket] = []
        try:
            for _ in range(200):
                sock = socket.socket()
                sock.setblocking(False)
                with contextlib.suppress(BlockingIOError):
                    sock.connect(host.address)
                sockets.append(sock)
            for sock in sockets:
                with contextlib.suppress(BlockingIOError):
                    sock.send(stuffing)  # as much as the kernel takes; nothing kept on this side
            await until(lambda: len(capped) == len(sockets), "the host to read every stranger up to its cap")
            current, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
            for sock in sockets:
                sock.close()
        assert current < 200 * 25_000, f"{current / 1e6:.1f} MB held for 200 strangers"
        assert peak < 20_000_000, f"{peak / 1e6:.1f} MB at the peak"
    assert STRANGER_BYTES <= 4096


# -- the gate: turns that end, a friend first ------------------------------------------------------


async def test_a_stranger_that_withholds_its_join_loses_its_turn_within_about_a_second() -> None:
    async with hosted(handshake_seconds=1.0) as host:
        peer = await Peer.to(host)
        await peer.send_plain({"type": "hello", "pake": Pake("a-b-c", "guest").encoded()})
        assert (await peer.receive() or {})["type"] == "pake"
        started = time.monotonic()
        assert await peer.receive(timeout=3) == {"v": 2, "type": "error", "reason": BUSY}
        assert 0.9 < time.monotonic() - started < 2


async def test_a_stranger_whose_wait_is_over_is_told_the_host_is_busy_not_hung_up_on() -> None:
    statuses: list[str] = []
    async with hosted(turn_seconds=0.3, gate=Gate(turn_spacing=60)) as host:
        await host.gate.enter()  # the next turn is a minute away
        assert host.address is not None
        guest = Guest(*host.address, host.code, on_status=statuses.append, retry_seconds=0.05)
        running = asyncio.ensure_future(guest.run())
        started = time.monotonic()
        try:
            await until(lambda: bool(statuses))
            assert time.monotonic() - started < 5
        finally:
            await guest.close()
            running.cancel()
        assert "busy" in statuses[0]
        assert not any("older" in status for status in statuses)


@asynccontextmanager
async def hogging(host: Host, per_second: float) -> AsyncIterator[list[int]]:
    """Strangers that reuse one precomputed hello, take their turn and never send ``join``:
    ``per_second`` new sockets a second while the block runs (each closed after 3 s)."""
    assert host.address is not None
    hello = protocol.encode({"type": "hello", "pake": Pake("a-b-c", "guest").encoded()})
    opened = [0]

    async def one() -> None:
        assert host.address is not None
        with contextlib.suppress(OSError):
            _reader, writer = await asyncio.open_connection(*host.address)
            writer.write(hello)
            await asyncio.sleep(3)  # the flood's shape, on purpose: each socket is held for 3 s
            writer.close()

    async def flood() -> None:
        sockets: set[asyncio.Task[None]] = set()
        try:
            while True:
                task = asyncio.ensure_future(one())
                sockets.add(task)
                task.add_done_callback(sockets.discard)
                opened[0] += 1
                await asyncio.sleep(1 / per_second)  # paces the flood on purpose: per_second sockets a second
        finally:
            for task in sockets:
                task.cancel()

    running = asyncio.ensure_future(flood())
    try:
        yield opened
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


async def test_with_strangers_hogging_turns_a_friend_who_restarts_the_game_is_back_within_10_s() -> None:
    """Five new sockets a second withholding their join; the friend's game was closed mid-game
    and they run ``join`` again (a new guest, no token, from another address than the flood's):
    back in time, never told it is old."""
    async with hosted(gate=Gate(), handshake_seconds=1.0) as host:
        async with joined(host) as (guest, _seen):
            await until(lambda: host.connected)
            host.play((1, 1))
            await until(lambda: guest.match is not None and len(guest.match.moves) == 1)
        await until(lambda: not host.connected)
        statuses: list[str] = []
        async with hogging(host, per_second=5) as opened:
            await until(lambda: opened[0] >= 10)  # the flood is on: ten strangers in two seconds
            started = time.monotonic()
            async with joined(host, statuses, source="127.0.0.2") as (again, _seen):
                await until(lambda: again.match is not None)
                back = time.monotonic() - started
        assert again.match is not None
        assert again.match.moves == ((1, 1),)
        assert back < 10
        assert not any("older" in status for status in statuses)


async def test_strangers_hogging_from_the_friend_s_own_address_keep_out_no_friend_started_again_with_the_key() -> None:
    """Five new sockets a second from the friend's own address, each with a valid hello holding
    its turn; the friend's game was killed and started again (a new guest, holding the match's key
    kept on disk): it proves the key and goes first. Before, such a friend had no token and waited
    behind each newer socket of its address (not back within 40 s in 5 tries of 7)."""
    async with hosted(gate=Gate(), handshake_seconds=1.0) as host:
        async with joined(host) as (guest, _seen):
            await until(lambda: host.connected)
            host.play((1, 1))
            await until(lambda: guest.match is not None and len(guest.match.moves) == 1)
            kept = guest.key
        assert kept == host.key
        await until(lambda: not host.connected)
        async with hogging(host, per_second=5) as opened:
            await until(lambda: opened[0] >= 10)  # the flood is on: ten strangers in two seconds
            started = time.monotonic()
            async with joined(host, key=kept) as (again, _seen):  # from 127.0.0.1, the flood's address
                await until(lambda: again.match is not None)
                back = time.monotonic() - started
        assert again.match is not None
        assert again.match.moves == ((1, 1),)
        assert back < 10


async def test_a_host_started_again_with_the_kept_key_tells_its_guest_to_ask_for_the_new_code_signed() -> None:
    """The host's process died; started again on the same port with the match kept (its key, a
    fresh code), it knows the old guest by its proof and refuses the old code signed (not "unknown
    game"); the guest, given the new code, goes on with the same position."""
    told: list[str] = []
    async with hosted() as host, joined(host, told) as (guest, _seen):
        await until(lambda: host.connected)
        host.play((1, 1))
        await until(lambda: guest.match is not None and len(guest.match.moves) == 1)
        assert host.address is not None
        port, kept_match, key = host.address[1], host.match, host.key
        vanish(host)  # killed: no goodbye
        again = Host(kept_match, key=key, gate=Gate(turn_spacing=0.01), refusal_seconds=0.05)
        await again.start(port=port)
        try:
            await until(lambda: guest._closing, "the old guest to stop trying")
            assert guest.match is not None
            assert guest.match.moves == ((1, 1),)
            async with joined(again, key=guest.key) as (resumed, _seen):
                await until(lambda: again.connected and resumed.match is not None)
                assert resumed.match is not None
                assert resumed.match.moves == ((1, 1),)
            assert again.wrong_codes == 0
        finally:
            await again.close()
    assert not any("unknown game" in line or "new game runs" in line for line in told)


async def test_a_friend_with_the_token_goes_before_a_crowd_of_strangers() -> None:
    """Fifty new sockets a second, five times the turns the gate gives: a friend whose
    connection dropped proves its token in its hello and is back at once."""
    async with hosted(gate=Gate(turn_spacing=0.1), handshake_seconds=1.0) as host, joined(host) as (guest, _seen):
        await until(lambda: host.connected)
        host.play((1, 1))
        await until(lambda: guest.match is not None and len(guest.match.moves) == 1)
        async with hogging(host, per_second=50):
            await until(lambda: host.gate.waiting > 10, "strangers waiting at the gate")  # newer ones keep coming
            assert guest._stream is not None
            guest._stream.writer.transport.abort()  # the network drops
            await until(lambda: not host.connected)
            started = time.monotonic()
            await until(lambda: host.connected)
            assert time.monotonic() - started < 2
        assert host.wrong_codes == 0


# -- refusals that cannot be forged, tampering told as such ----------------------------------------


async def test_a_friend_refused_after_the_code_changed_hears_it_signed_and_is_not_counted() -> None:
    async with hosted() as host:
        statuses: list[str] = []
        assert host.address is not None
        guest = Guest(*host.address, host.code, on_status=statuses.append, retry_seconds=0.05)
        running = asyncio.ensure_future(guest.run())
        try:
            await until(lambda: guest._stream is not None)
            host.new_code()
            assert guest._stream is not None
            guest._stream.writer.transport.abort()
            with pytest.raises(GuestError, match="changed the code"):
                await asyncio.wait_for(running, 5)
        finally:
            await guest.close()
            running.cancel()
        assert host.wrong_codes == 0  # the friend is not a stranger guessing


@asynccontextmanager
async def forger(host: Host) -> AsyncIterator[tuple[int, Callable[[bool], None]]]:
    """A relay on the path to ``host`` that, once told to, answers every hello itself with a
    plain "wrong code" (it has no key to sign one with)."""
    forging = [False]
    assert host.address is not None
    target = host.address

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if forging[0]:
            await reader.readline()
            writer.write(protocol.encode({"type": "error", "reason": "wrong code", "fatal": True}))
            await writer.drain()
            writer.close()
            return
        upstream_reader, upstream_writer = await asyncio.open_connection(*target)

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            while data := await source.read(4096):
                sink.write(data)
                await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer), return_exceptions=True)

    server = await asyncio.start_server(relay, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1], lambda on: forging.__setitem__(0, on)
    finally:
        server.close()


async def test_a_forged_wrong_code_does_not_stop_a_rejoin_it_is_reported_as_tampering() -> None:
    statuses: list[str] = []
    async with hosted() as host, forger(host) as (port, forge):
        guest = Guest("127.0.0.1", port, host.code, on_status=statuses.append, retry_seconds=0.05)
        running = asyncio.ensure_future(guest.run())
        try:
            await until(lambda: guest._stream is not None)
            forge(True)
            assert guest._stream is not None
            guest._stream.writer.transport.abort()
            await until(lambda: TAMPERED in statuses)
            assert not running.done()  # still trying
            forge(False)
            await until(lambda: host.connected)  # back in, with the same code
        finally:
            await guest.close()
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError, GuestError):
                await running


async def test_a_first_join_refused_in_the_open_still_stops_and_asks_for_the_code() -> None:
    refusal = protocol.encode({"type": "error", "reason": "wrong code", "fatal": True})
    async with fake_host(refusal) as (address, port, _heard):
        guest = Guest(address, port, "a-b-c", retry_seconds=0.05)
        with pytest.raises(GuestError, match="refused the code"):
            await asyncio.wait_for(guest.run(), 5)


async def test_tampering_is_reported_as_tampering_on_both_sides() -> None:
    host_statuses: list[str] = []
    async with hosted(on_status=host_statuses.append) as host:
        friend = await Peer.to(host)
        await friend.join(host)
        assert friend.channel is not None
        line = bytearray(friend.channel.seal({"type": "ping"}))
        line[5] ^= 0x20
        friend.writer.write(bytes(line))
        await friend.writer.drain()
        assert await friend.closed()
        await until(lambda: not host.connected)
        assert host_statuses[-1].startswith("The connection was tampered with")

        statuses: list[str] = []
        async with joined(host, statuses):
            await until(lambda: host.connected)
            assert host._guest is not None
            host._guest.writer.write(b"AAAA" + json.dumps("not sealed").encode() + b"\n")  # a forged line
            await until(lambda: TAMPERED in statuses)

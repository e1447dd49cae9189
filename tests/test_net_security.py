"""Only the friend with the code gets in (issue 26): the handshake, the sealed channel, the
version check, the gate under a flood, and what a network capture shows."""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import time
from pathlib import Path

import pytest

from tictactoe_tui.engine.board import move_name
from tictactoe_tui.net import protocol
from tictactoe_tui.net.channel import Pake, TamperedError
from tictactoe_tui.net.gate import TURN_SPACING, Gate
from tictactoe_tui.net.guest import Guest, GuestError
from tictactoe_tui.net.host import Host
from tictactoe_tui.net.match import Match
from tictactoe_tui.net.protocol import ProtocolError

from .helpers.net import Peer, channels, fake_host, hosted, joined, keys
from .helpers.waiting import TIMEOUT, until

ROOT = Path(__file__).resolve().parent.parent

# -- the channel on its own ----------------------------------------------------------------------


def test_the_same_code_gives_the_same_key_and_any_other_code_another() -> None:
    same = keys("maple-otter-comet", "Maple Otter comet")  # as typed: the code is tidied first
    assert same[0] == same[1]
    other = keys("maple-otter-comit", "maple-otter-comet")
    assert other[0] != other[1]
    assert keys("a-b-c", "a-b-c")[0] != same[0]  # a fresh key every handshake


def test_a_handshake_message_that_is_not_spake2_is_refused() -> None:
    for junk in (b"", b"A", b"A" + b"\xff" * 32, b"B" + bytes(32), bytes(34)):
        with pytest.raises(ProtocolError):
            Pake("a-b-c", "host").key(junk)
    for field in (None, 5, "not base64!", "x" * 200):
        with pytest.raises(ProtocolError):
            Pake.decoded(field)


def test_sealed_lines_open_once_in_order_and_only_untouched() -> None:
    guest, host = channels()
    first, second = guest.seal({"type": "ping"}), guest.seal({"type": "move", "ply": 0, "move": "b2"})
    assert b'"b2"' not in second  # quoted: base64 has no quotes, while b2 alone turns up by chance (~2%)
    assert b'"move"' not in second
    with pytest.raises(TamperedError):
        host.open(second, protocol.GUEST_MESSAGES)  # out of order
    assert host.open(first, protocol.GUEST_MESSAGES) == {"type": "ping"}
    with pytest.raises(TamperedError):
        host.open(first, protocol.GUEST_MESSAGES)  # replayed
    flipped = bytearray(second)
    flipped[10] ^= 0x01
    with pytest.raises(TamperedError):
        host.open(bytes(flipped), protocol.GUEST_MESSAGES)
    with pytest.raises(TamperedError):
        host.open(host.seal({"type": "state"}), protocol.GUEST_MESSAGES)  # our own line, reflected
    assert host.open(second, protocol.GUEST_MESSAGES)["move"] == "b2"


def test_nonces_never_repeat_under_a_key() -> None:
    guest, _ = channels()
    lines = {guest.seal({"type": "ping"}) for _ in range(1000)}
    assert len(lines) == 1000  # the same message, a different nonce each time
    assert guest.sent == 1000


# -- the host and the guest ----------------------------------------------------------------------


async def test_a_wrong_code_is_one_guess_counted_and_told_to_the_player() -> None:
    statuses: list[str] = []
    async with hosted(on_status=statuses.append) as host:
        assert host.address is not None
        guest = Guest(*host.address, "wrong-wrong-wrong", retry_seconds=0.05)
        with pytest.raises(GuestError, match="refused the code"):
            await asyncio.wait_for(guest.run(), 5)
        assert host.wrong_codes == 1
        assert statuses[-1].startswith("Someone tried a wrong code (1)")
        assert not host.connected


async def test_guessing_never_retires_the_code_it_slows_down_and_the_player_is_told() -> None:
    statuses: list[str] = []
    async with hosted(on_status=statuses.append, gate=Gate(turn_spacing=0.001)) as host:
        first = host.code
        for _ in range(45):
            peer = await Peer.to(host)
            assert (await peer.handshake("wrong-wrong-wrong") or {}).get("reason") == "wrong code"
        assert host.code == first  # strangers cannot force the code away: the player decides
        assert statuses[-1] == "Someone tried a wrong code (45): press c for a new code unless it was your friend"
        assert host.gate.spacing(host.wrong_codes) == 3 * host.gate.spacing(0)  # slower every 20 guesses
        assert (await (await Peer.to(host)).join(host))["type"] == "state"  # the friend still gets in


async def test_a_replayed_or_altered_line_ends_the_connection_and_changes_nothing() -> None:
    async with hosted() as host:
        host.play((1, 1))
        friend = await Peer.to(host)
        await friend.join(host)
        await friend.send({"type": "move", "ply": 1, "move": "a1"})
        assert (await friend.receive() or {})["moves"] == ["b2", "a1"]
        friend.writer.write(friend.sent[-1])  # the same sealed move again
        await friend.writer.drain()
        assert await friend.closed()
        assert host.match.moves == ((1, 1), (0, 0))

        again = await Peer.to(host)
        await again.join(host)
        assert again.channel is not None
        line = bytearray(again.channel.seal({"type": "ping"}))
        line[5] ^= 0x20  # one flipped bit in the ciphertext
        again.writer.write(bytes(line))
        await again.writer.drain()
        assert await again.closed()
        assert host.match.moves == ((1, 1), (0, 0))


async def test_a_version_1_guest_is_told_to_update_after_a_pause() -> None:
    async with hosted(refusal_seconds=0.5) as host:
        peer = await Peer.to(host)
        peer.writer.write(b'{"v": 1, "type": "hello", "code": "maple-otter-comet"}\n')
        await peer.writer.drain()
        started = time.monotonic()
        reply = json.loads(await peer.reader.readline())
        assert time.monotonic() - started >= 0.5  # refused, but not at once: a flood comes back slowly
        assert reply["v"] == 1  # in the words an old guest reads
        assert reply["fatal"] is True
        assert "please update" in reply["reason"]
        assert host.wrong_codes == 0  # not a guess


async def test_a_guest_refuses_a_downgrade_to_version_1_and_never_sends_the_code() -> None:
    state = json.dumps({"v": 1, **Match().to_message()}).encode() + b"\n"
    async with fake_host(state) as (address, port, heard):
        guest = Guest(address, port, "maple-otter-comet", retry_seconds=0.05)
        with pytest.raises(GuestError, match="protocol 1"):
            await asyncio.wait_for(guest.run(), 5)
        assert guest.match is None
        assert heard
        assert all(b"maple" not in line and b"otter" not in line for line in heard)


async def test_an_old_host_that_hangs_up_is_explained() -> None:
    statuses: list[str] = []
    async with fake_host(b"") as (address, port, _heard):
        guest = Guest(address, port, "a-b-c", on_status=statuses.append, retry_seconds=0.05)
        running = asyncio.ensure_future(guest.run())
        await until(lambda: bool(statuses))
        await guest.close()
        running.cancel()
        assert "protocol 2" in statuses[0]


async def test_a_network_capture_of_a_whole_game_shows_no_move_and_no_code() -> None:
    """A relay between guest and host records every byte both ways while they play."""
    captured: list[bytes] = []
    async with hosted() as host:
        assert host.address is not None

        async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            upstream_reader, upstream_writer = await asyncio.open_connection(*host.address)  # type: ignore[misc]

            async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
                while data := await source.read(4096):
                    captured.append(data)
                    sink.write(data)
                    await sink.drain()
                sink.close()

            await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer), return_exceptions=True)

        relay_server = await asyncio.start_server(relay, "127.0.0.1", 0)
        port = relay_server.sockets[0].getsockname()[1]
        guest = Guest("127.0.0.1", port, host.code, retry_seconds=0.05)
        running = asyncio.ensure_future(guest.run())
        try:
            await until(lambda: host.connected)
            moves = [(1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0)]  # a draw
            for ply, move in enumerate(moves):
                if ply % 2 == 0:
                    host.play(move)
                else:
                    await until(lambda: guest.match is not None and len(guest.match.moves) == ply)  # noqa: B023
                    assert await guest.play(move)
                await until(lambda: guest.match is not None and len(guest.match.moves) == ply + 1)  # noqa: B023
            assert await guest.rematch()
            await until(lambda: guest.match is not None and guest.match.number == 2)
        finally:
            await guest.close()
            running.cancel()
            relay_server.close()
        wire = b"".join(captured)
        assert len(wire) > 2000
        code = host.code.encode()
        readable = [code, code.replace(b"-", b" "), *(f'"{move_name(move)}"'.encode() for move in moves)]
        readable += [b'"state"', b'"moves"', b'"rematch"', b'"score"', b'"join"', b'"move"']
        for secret in readable:
            assert secret not in wire, f"{secret!r} is readable on the wire"
        assert set(wire.split(b"\n")[2]) <= set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")


# -- the gate ------------------------------------------------------------------------------------


async def test_the_gate_spaces_strangers_turns_newest_first_and_lets_a_friend_in_at_once() -> None:
    gate = Gate(turn_spacing=0.05)
    loop = asyncio.get_running_loop()
    order: list[int] = []
    started: list[float] = []

    async def stranger(number: int) -> None:
        await gate.enter()
        order.append(number)
        started.append(loop.time())

    await gate.enter()  # the first turn: the next one is 0.05 s away
    waiting = [asyncio.ensure_future(stranger(number)) for number in range(5)]
    await until(lambda: gate.waiting == 5, "five strangers waiting at the gate")
    waiting[2].cancel()  # one gives up
    before = loop.time()
    await asyncio.wait_for(gate.enter(friend=True), 0.01)  # a friend does not wait
    assert loop.time() - before < 0.01
    await asyncio.gather(*waiting, return_exceptions=True)
    assert order == [4, 3, 1, 0]
    assert all(later - earlier >= 0.045 for earlier, later in itertools.pairwise(started))


async def test_turns_slow_down_as_wrong_codes_mount_for_everyone() -> None:
    gate = Gate(turn_spacing=0.1)
    assert (gate.spacing(19), gate.spacing(20), gate.spacing(40)) == (0.1, 0.2, 0.30000000000000004)
    gate.wrong_codes = 20
    loop = asyncio.get_running_loop()
    started = loop.time()
    entered: list[float] = []

    async def stranger() -> None:
        await gate.enter()
        entered.append(loop.time() - started)

    await asyncio.gather(*(stranger() for _ in range(4)))
    assert entered[0] < 0.1
    assert all(later - earlier >= 0.19 for earlier, later in itertools.pairwise(entered))


async def test_the_oldest_stranger_is_crowded_out_not_the_newest() -> None:
    async with hosted(max_strangers=3) as host:
        mutes = [await Peer.to(host) for _ in range(3)]  # connect, say nothing
        await until(lambda: host.strangers == 3, "the host to count the three as strangers")
        friend = await Peer.to(host)
        assert await mutes[0].closed(timeout=2)  # the oldest made room
        assert (await friend.join(host))["type"] == "state"


# -- the flood -----------------------------------------------------------------------------------


async def test_a_flood_of_a_thousand_sockets_gets_few_verdicts_and_the_friend_still_joins() -> None:
    """1,000 parallel sockets, each guessing as fast as the host answers, until a friend from another
    machine has joined (loopback; how quick the host stays under it is bench_flood.py's to measure)."""
    statuses: list[str] = []
    host = Host(Match(), on_status=statuses.append)
    await host.start()
    assert host.address is not None
    flood = await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "scripts" / "flood.py"), *map(str, host.address), "--sockets", "1000",
        "--until-eof", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        assert flood.stdin is not None
        assert flood.stdout is not None
        assert (await asyncio.wait_for(flood.stdout.readline(), 60)).strip() == b"ready"
        assert (await asyncio.wait_for(flood.stdout.readline(), TIMEOUT)).strip() == b"all in"
        async with joined(host, source="127.0.0.2") as (guest, _seen):
            await until(lambda: guest.match is not None, "the friend in the game")
        assert flood.returncode is None  # joined while the flood went on
        flood.stdin.close()
        out, _ = await asyncio.wait_for(flood.communicate(), 60)
    finally:
        if flood.returncode is None:
            flood.kill()
        await host.close()
    tally = json.loads(out)
    assert tally["connections"] >= 1000
    assert tally["right_codes"] == 0
    # One code exchange a second for every stranger together, whatever the sockets and the load.
    assert tally["verdicts"] <= tally["seconds"] / TURN_SPACING + 1, tally
    assert any(status.startswith("Someone tried a wrong code") for status in statuses)

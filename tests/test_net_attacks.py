"""The direct host against the loopback attacker of issue 57, one test for each finding: guessing
not slowed, an answer's timing that tells a right code from a wrong one, a mistyped friend left
unanswered after a flood, non-ASCII fields that raised, an injected line that ended a guest's
rejoining, and a new host on the same port taken for an attack.

Every flood here is on loopback, bounded in sockets and in time, and stops by itself."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest

from tictactoe_tui.net.channel import Channel, Pake
from tictactoe_tui.net.gate import Gate
from tictactoe_tui.net.guest import HOST_CLOSED, TAMPERED, Guest, HostClosed
from tictactoe_tui.net.host import Host
from tictactoe_tui.net.match import Match, answer_guest

from .helpers.net import Peer, hosted, joined, vanish
from .helpers.waiting import until


@contextlib.contextmanager
def unhandled() -> Iterator[list[dict[str, Any]]]:
    """Every exception the event loop hears of that nobody handled."""
    loop = asyncio.get_running_loop()
    heard: list[dict[str, Any]] = []
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: heard.append(context))
    try:
        yield heard
    finally:
        loop.set_exception_handler(previous)


async def plain(host: Host, line: dict[str, Any]) -> Peer:
    peer = await Peer.to(host)
    peer.writer.write(json.dumps(line, ensure_ascii=False).encode() + b"\n")
    await peer.writer.drain()
    return peer


async def test_non_ascii_in_pake_is_refused_slowly_without_an_unhandled_exception() -> None:
    with unhandled() as heard:
        async with hosted(refusal_seconds=0.5) as host:
            started = asyncio.get_running_loop().time()
            peer = await plain(host, {"v": 2, "type": "hello", "pake": "\u00e9"})
            assert await peer.closed()
            assert asyncio.get_running_loop().time() - started >= 0.5  # the slow hang-up, as for any bad line
    assert heard == []


async def test_non_ascii_in_a_rejoin_proof_is_no_exception() -> None:
    with unhandled() as heard:
        async with hosted(refusal_seconds=0.2) as host, joined(host) as (_guest, _seen):
            await until(lambda: host.connected)
            pake = Pake("acorn-amber-anchor", "guest")
            peer = await plain(host, {"v": 2, "type": "hello", "pake": pake.encoded(), "rejoin": "\u00e9" * 22})
            await peer.receive()  # answered, or hung up on: either way the host goes on
            assert host.connected
    assert heard == []


def test_a_move_in_non_ascii_digits_is_refused_in_words() -> None:
    match, reply = answer_guest(Match(), {"type": "move", "move": "c²", "ply": 0})
    assert match == Match()
    assert reply is not None
    assert reply["type"] == "error"
    assert "not a square" in reply["reason"]


async def test_an_injected_line_never_ends_a_guests_will_to_rejoin() -> None:
    async with hosted() as host, joined(host) as (guest, _seen):
        await until(lambda: guest.connected)
        assert host.address is not None
        address = host.address
        vanish(host)
        await until(lambda: not guest.connected)
        tries: list[bytes] = []

        async def inject(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            tries.append(await reader.readline())
            writer.write(b'{"v":2,"type":"pake","pake":"\\u00e9"}\n')
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(inject, *address)
        try:
            await until(lambda: len(tries) >= 3)  # it comes back again and again
        finally:
            server.close()


async def test_a_new_host_on_the_same_port_is_a_new_game_to_the_old_guest_not_an_attack() -> None:
    told: list[str] = []
    async with hosted() as first:
        assert first.address is not None
        address = first.address
        async with joined(first, told) as (guest, _seen):
            await until(lambda: guest.connected)
            vanish(first)  # the host's terminal closed: no goodbye
            await until(lambda: not guest.connected)
            heard: list[str] = []
            second = Host(Match(), on_status=heard.append, gate=Gate(turn_spacing=0.01), refusal_seconds=0.05)
            await second.start(*address)
            try:
                await until(lambda: guest._closing, "the guest's end")  # it looped between busy and new game
                assert not any("busy" in line or "new game" in line for line in told), told  # the app says it once
                assert TAMPERED not in told
                assert second.wrong_codes == 0
                assert not any("guessing" in line for line in heard)
                assert not guest.connected  # its headline waits, it says nobody's turn
            finally:
                await second.close()


async def test_a_host_that_quits_ends_the_guest_s_tries_saying_so() -> None:
    """The direct guest went on joining again for ever after the host's goodbye, saying a drop."""
    told: list[str] = []
    async with hosted() as host:
        assert host.address is not None
        guest = Guest(*host.address, host.code, on_status=told.append, retry_seconds=0.05)
        running = asyncio.ensure_future(guest.run())
        try:
            await until(lambda: guest.connected)
            await host.close()
            with pytest.raises(HostClosed, match=HOST_CLOSED):
                await asyncio.wait_for(running, 10)
            assert not any("dropped" in line or "Cannot reach" in line for line in told), told
        finally:
            await guest.close()
            running.cancel()


async def guessers(host: Host, sockets: int, seconds: float) -> list[float]:
    """``sockets`` connections guessing wrong codes with a real SPAKE2 message for ``seconds``: when
    each code exchange (the host's half of SPAKE2, for a guess) came."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    verdicts: list[float] = []
    pake = Pake("not-the-code", "guest")

    async def guess() -> None:
        while loop.time() < end:
            with contextlib.suppress(Exception):
                peer = await Peer.to(host)
                try:
                    async with asyncio.timeout(max(0.01, end - loop.time())):
                        await handshake_with(peer, pake, verdicts)
                finally:
                    peer.writer.close()
            await asyncio.sleep(0.01)  # paces the flood on purpose: each socket guesses again 10 ms on

    await asyncio.gather(*(guess() for _ in range(sockets)))
    return verdicts


async def handshake_with(peer: Peer, pake: Pake, exchanges: list[float]) -> dict[str, Any] | None:
    """A peer's handshake reusing one precomputed SPAKE2 message (an attacker's cheap guesses): when
    the code exchange came is noted in ``exchanges``."""
    await peer.send_plain({"type": "hello", "pake": pake.encoded()})
    reply = await peer.receive(30)
    if reply is None or reply["type"] != "pake":
        return reply
    exchanges.append(asyncio.get_running_loop().time())
    peer.channel = Channel(b"\0" * 32, "guest")  # any key: the code is wrong anyway
    await peer.send({"type": "join"})
    return await peer.receive(30)


async def test_two_hundred_guessing_sockets_get_about_one_code_exchange_a_second() -> None:
    async with hosted(gate=Gate(), refusal_seconds=0.05) as host:
        exchanges = await guessers(host, 200, 6.0)
    assert len(exchanges) <= 1.2 * 6 + 1, len(exchanges)


def test_each_twenty_wrong_codes_slow_the_exchanges_down() -> None:
    gate = Gate()
    assert [gate.spacing(n) for n in (0, 19, 20, 100)] == [1.0, 1.0, 2.0, 6.0]


async def test_a_wrong_code_is_answered_as_soon_as_a_right_one() -> None:
    async with hosted(gate=Gate(turn_spacing=0.2), refusal_seconds=0.05) as host:
        loop = asyncio.get_running_loop()

        async def verdict_after_join(code: str) -> float:
            peer = await Peer.to(host)
            pake = Pake(code, "guest")
            await peer.send_plain({"type": "hello", "pake": pake.encoded()})
            reply = await peer.receive(10)
            assert reply is not None
            from tictactoe_tui.net.channel import Channel

            peer.channel = Channel(pake.key(Pake.decoded(reply["pake"])), "guest")
            await peer.send({"type": "join"})
            sent = loop.time()
            await peer.receive(10)
            peer.writer.close()
            return loop.time() - sent

        wrong = [await verdict_after_join("not-the-code") for _ in range(3)]
        right = await verdict_after_join(host.code)
    assert max(wrong) < right + 0.15, (wrong, right)


async def test_a_mistyped_friend_after_a_flood_is_answered_within_seconds() -> None:
    async with hosted(gate=Gate(), refusal_seconds=0.05) as host:
        await guessers(host, 200, 5.0)
        loop = asyncio.get_running_loop()
        started = loop.time()
        assert host.address is not None
        friend = Guest(*host.address, "acorn-amber-anchor")
        with contextlib.suppress(Exception):
            await asyncio.wait_for(friend.run(), 15)
        assert loop.time() - started < 5

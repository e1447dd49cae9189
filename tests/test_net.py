"""Network play: the match rules, the host against honest, cheating and hostile peers, resuming."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, Mark, Position
from tictactoe_tui.engine.board import DEFAULT_GAME, GameShape
from tictactoe_tui.engine.marks import Symbols
from tictactoe_tui.net import protocol
from tictactoe_tui.net.address import split_address
from tictactoe_tui.net.guest import Guest, GuestError
from tictactoe_tui.net.host import Host
from tictactoe_tui.net.match import Match, MoveRefused
from tictactoe_tui.net.protocol import MAX_LINE, decode, encode, new_code, normal_code
from tictactoe_tui.table import ONLINE_HOST, ONLINE_JOIN, Seating

from .helpers.net import Peer, hosted, joined
from .helpers.waiting import until

# -- the match ---------------------------------------------------------------------------------


def test_a_match_checks_turns_squares_and_the_end_and_counts_both_sides() -> None:
    match = Match()
    with pytest.raises(MoveRefused, match="not your turn"):
        match.play("guest", (1, 1))
    match = match.play("host", (1, 1))
    with pytest.raises(MoveRefused, match="taken"):
        match.play("guest", (1, 1))
    with pytest.raises(MoveRefused, match="for move 1"):
        match.play("guest", (0, 0), ply=0)  # a replayed or stale request
    with pytest.raises(MoveRefused, match="finish this game first"):
        match.rematch()
    for side, move in (("guest", (0, 0)), ("host", (0, 1)), ("guest", (0, 2)), ("host", (2, 1))):
        match = match.play(side, move)  # type: ignore[arg-type]
    assert match.board.is_over
    assert (match.host_wins, match.guest_wins, match.draws) == (1, 0, 0)
    with pytest.raises(MoveRefused, match="over"):
        match.play("guest", (2, 2))
    second = match.rematch()
    assert (second.number, second.symbols, second.moves) == (2, Symbols.SWAPPED, ())
    assert second.mark("guest").value == "x"  # the guest moves first in the rematch
    with pytest.raises(MoveRefused, match="not your turn"):
        second.play("host", (0, 0))


def test_a_match_says_who_sits_where_in_the_one_seating_vocabulary() -> None:
    """Each side sees itself as ``you`` and the other as ``friend``; the host's marks show as X
    and the guest's as O, whoever moves first."""
    match = Match()
    host, guest = ONLINE_HOST.name, ONLINE_JOIN.name
    assert match.seating(ONLINE_HOST) == Seating(host, ("you", "friend"), ("X", "O"))
    assert match.seating(ONLINE_JOIN) == Seating(guest, ("friend", "you"), ("X", "O"))
    for move in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):
        match = match.play("host" if match.board.to_move is match.mark("host") else "guest", move)
    rematch = match.rematch()  # the guest moves first and plays the engine's X, shown as O
    assert rematch.seating(ONLINE_JOIN) == Seating(guest, ("you", "friend"), ("O", "X"))
    assert rematch.seating(ONLINE_HOST) == Seating(host, ("friend", "you"), ("O", "X"))
    assert rematch.seating(ONLINE_HOST).keyboard == frozenset({rematch.mark("host")})


def test_a_match_holds_who_moves_first_as_its_symbols_and_sends_it_as_host_first() -> None:
    """The match keeps the seating's symbols (before: a bare ``host_first`` bool beside the
    seating it was turned into); the ``state`` message keeps ``host_first``, as peers of every
    version send and read it."""
    assert "host_first" not in {field.name for field in dataclasses.fields(Match)}
    message = {**Match().to_message(), "host_first": False}
    guest_first = Match.from_message(message)
    assert (guest_first.symbols, guest_first.mark("guest"), guest_first.mark("host")) == (
        Symbols.SWAPPED,
        Mark.X,
        Mark.O,
    )
    assert guest_first.to_message() == message
    assert Match().to_message()["host_first"] is True


def test_states_round_trip_and_impossible_ones_are_refused() -> None:
    match = Match(Position(GameShape(4, 4, 4, DEFAULT_GAME), ((0, 0), (1, 1))), 3, Symbols.SWAPPED, 2, 1, 0)
    assert Match.from_message(json.loads(json.dumps(match.to_message()))) == match
    for broken in (
        {**match.to_message(), "rows": 99},
        {**match.to_message(), "moves": ["a1", "a1"]},
        {**match.to_message(), "moves": "a1"},
        {**match.to_message(), "score": {"host": -1, "guest": 0, "draws": 0}},
        {**match.to_message(), "host_first": 1},
        {**match.to_message(), "k": True},
    ):
        with pytest.raises(ValueError, match=r"a state|an impossible state"):
            Match.from_message(broken)


@given(st.dictionaries(st.text(max_size=10), st.recursive(st.none() | st.integers() | st.text(), st.lists)))
def test_no_state_message_crashes_the_guest_side(message: dict[str, Any]) -> None:
    with contextlib.suppress(ValueError):
        Match.from_message(message)


def test_codes_and_addresses() -> None:
    code = new_code()
    assert len(code.split("-")) == 3
    assert all(word in protocol.WORDS for word in code.split("-"))
    assert normal_code(f"  {code.upper().replace('-', ' ')} ") == code
    assert split_address("example.org") == ("example.org", 7717)
    assert split_address("10.0.0.2:9000") == ("10.0.0.2", 9000)
    assert split_address("[::1]:7000") == ("::1", 7000)
    assert split_address("[fe80::1%eth0]") == ("fe80::1%eth0", 7717)
    for bad in ("", ":80", "host:99999", "host:x", "host:", "a:b:c", "::1", "bad host", "[::1", "[::1]x", "127.1"):
        with pytest.raises(ValueError, match=r"host|port|IPv6|':'"):
            split_address(bad)


def test_the_network_path_never_unpickles_or_evaluates() -> None:
    sources = (Path(protocol.__file__).parent).glob("*.py")
    for source in sources:
        text = source.read_text()
        for word in ("import pickle", "pickle.", "eval(", "exec(", "import marshal", "import shelve"):
            assert word not in text, f"{source.name} uses {word}"


def test_plain_lines_are_versioned_and_bounded() -> None:
    line = encode({"type": "hello", "pake": "AA=="})
    assert json.loads(line) == {"v": 2, "type": "hello", "pake": "AA=="}
    assert decode(line, protocol.GUEST_HELLO) == {"v": 2, "type": "hello", "pake": "AA=="}
    with pytest.raises(protocol.VersionError, match="protocol 1"):
        decode(b'{"v": 1, "type": "hello"}\n', protocol.GUEST_HELLO)
    for bad in (b"[1]\n", b"ping\n", b'{"v": 2, "type": "move"}\n'):
        with pytest.raises(protocol.ProtocolError):
            decode(bad, protocol.GUEST_HELLO)
    with pytest.raises(protocol.ProtocolError):
        encode({"type": "state", "padding": "x" * MAX_LINE})


# -- the host against peers ----------------------------------------------------------------------


async def test_a_cheating_guest_changes_nothing() -> None:
    async with hosted() as host:
        peer = await Peer.to(host)
        await peer.join(host)
        attempts = [
            {"type": "move", "ply": 0, "move": "b2"},  # out of turn: the host moves first
            {"type": "move", "ply": 0, "move": "b2", "mark": "x"},  # claiming the host's mark
        ]
        for attempt in attempts:
            await peer.send(attempt)
            reply = await peer.receive()
            assert reply is not None
            assert reply["type"] == "error"
            assert "not your turn" in reply["reason"]
        host.play((1, 1))
        assert (await peer.receive() or {})["moves"] == ["b2"]
        await peer.send({"type": "move", "ply": 1, "move": "b2"})  # taken
        assert "taken" in (await peer.receive() or {})["reason"]
        await peer.send({"type": "move", "ply": 1, "move": "z9"})  # off the board
        assert (await peer.receive() or {})["type"] == "error"
        await peer.send({"type": "move", "ply": 1, "move": "a1"})
        assert (await peer.receive() or {})["moves"] == ["b2", "a1"]
        await peer.send({"type": "move", "ply": 1, "move": "a2"})  # the same request replayed
        assert "for move 2" in (await peer.receive() or {})["reason"]
        host.play((0, 1))
        assert (await peer.receive() or {})["type"] == "state"
        await peer.send({"type": "move", "ply": 3, "move": "c1"})
        assert (await peer.receive() or {})["type"] == "state"
        host.play((2, 1))  # b1 b2 b3: the host wins
        assert (await peer.receive() or {})["type"] == "state"
        await peer.send({"type": "move", "ply": 5, "move": "c3"})  # after the end
        reply = await peer.receive()
        assert reply is not None
        assert "over" in reply["reason"]
        assert host.match.moves == ((1, 1), (0, 0), (0, 1), (0, 2), (2, 1))
        assert host.match.host_wins == 1


async def test_a_wrong_code_garbage_and_oversize_lines_are_dropped_and_the_game_goes_on() -> None:
    async with hosted() as host:
        friend = await Peer.to(host)
        await friend.join(host)
        host.play((1, 1))
        await friend.receive()
        intruder = await Peer.to(host)
        reply = await intruder.handshake("not-the-code")
        assert reply == {"v": 2, "type": "error", "reason": "wrong code", "fatal": True}
        assert await intruder.closed()
        for junk in (b"\x00\xff garbage\n", b"{}\n", b'{"v":2,"type":"move"}\n', b"x" * (MAX_LINE + 10) + b"\n"):
            rogue = await Peer.to(host)
            rogue.writer.write(junk)
            await rogue.writer.drain()
            assert await rogue.closed()
        await friend.send({"type": "move", "ply": 1, "move": "a1"})  # the real game is untouched
        assert (await friend.receive() or {})["moves"] == ["b2", "a1"]
        assert host.connected


async def test_silent_connections_time_out() -> None:
    async with hosted(idle_seconds=0.3, hello_seconds=0.3) as host:
        mute = await Peer.to(host)  # never says hello
        quiet = await Peer.to(host)
        await quiet.join(host)  # says hello, then nothing (a half-open connection)
        started = asyncio.get_running_loop().time()
        assert await mute.closed()
        assert await quiet.closed()
        assert asyncio.get_running_loop().time() - started < 3
        assert not host.connected


async def test_a_dropped_guest_comes_back_with_the_same_code_to_the_same_game() -> None:
    host_statuses: list[str] = []
    async with hosted(on_status=host_statuses.append) as host, joined(host) as (guest, seen):
        await until(lambda: host.connected)
        host.play((1, 1))
        await until(lambda: len(seen) == 2)
        assert await guest.play((0, 0))
        await until(lambda: len(host.match.moves) == 2)
        assert guest._stream is not None
        guest._stream.writer.transport.abort()  # the network drops
        await until(lambda: any("Your friend left" in status for status in host_statuses))
        await until(lambda: host.connected and "back" in host_statuses[-1])
        await until(lambda: guest.match is not None and guest.match.moves == ((1, 1), (0, 0)))
        host.play((0, 1))
        await until(lambda: guest.match is not None and len(guest.match.moves) == 3)


async def test_a_guest_with_the_wrong_code_stops_trying() -> None:
    async with hosted() as host:
        assert host.address is not None
        guest = Guest(*host.address, "wrong-wrong-wrong", retry_seconds=0.05)
        with pytest.raises(GuestError, match="refused the code"):
            await asyncio.wait_for(guest.run(), 5)


async def test_a_rematch_alternates_who_goes_first_and_the_score_counts_both_sides() -> None:
    async with hosted() as host, joined(host) as (guest, _seen):
        await until(lambda: host.connected)
        for played, move in enumerate(((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)), start=1):  # host: a1 b1 c1
            if played % 2:
                host.play(move)
            else:
                assert await guest.play(move)
            await until(lambda: guest.match is not None and len(guest.match.moves) == played)  # noqa: B023
        assert await guest.rematch()
        await until(lambda: guest.match is not None and guest.match.number == 2)
        assert guest.match is not None
        assert (guest.match.host_first, guest.match.host_wins, guest.match.guest_wins) == (False, 1, 0)
        assert await guest.play((1, 1))  # the guest moves first now
        await until(lambda: host.match.moves == ((1, 1),))


# -- fuzz: arbitrary bytes and arbitrary JSON ------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "join", "move", "rematch", "ping", "bye", "state", "nonsense"])},
    optional={"v": st.sampled_from([2, 2, 2, 1, "2", None]), "move": json_values, "ply": json_values,
              "pake": json_values},
)  # fmt: skip
lines = st.one_of(
    st.binary(max_size=300).map(lambda data: data + b"\n"),
    messages.map(lambda message: json.dumps(message).encode() + b"\n"),
    json_values.map(lambda value: json.dumps(value).encode() + b"\n"),
)


def run_host_against(script: Callable[[Host], Awaitable[None]]) -> Match:
    async def scenario() -> Match:
        async with hosted(idle_seconds=2, hello_seconds=2) as host:
            await script(host)
            return host.match

    return asyncio.run(scenario())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines | messages, min_size=1, max_size=8), st.booleans())
def test_the_host_survives_any_bytes_and_keeps_the_game_legal(
    sent: list[bytes | dict[str, Any]], join_first: bool
) -> None:
    """Raw lines before or after the handshake, and sealed messages of any content after it."""

    async def script(host: Host) -> None:
        host.play((1, 1))
        peer = await Peer.to(host)
        if join_first:
            await peer.join(host)
        for line in sent:
            if isinstance(line, bytes):
                peer.writer.write(line)
            elif peer.channel is not None:
                peer.writer.write(peer.channel.seal(line))
        await peer.writer.drain()
        peer.writer.write_eof()  # the host reads every line before the end, then hangs up
        assert await peer.closed()
        peer.writer.close()
        # the host still answers an honest friend, and the game is where a legal line leaves it
        friend = await Peer.to(host)
        state = await friend.join(host)
        moves = Match.from_message(state).moves
        assert moves[0] == (1, 1)
        Board.empty().play_all(moves)  # legal (raises otherwise)

    final = run_host_against(script)
    assert final.board.move_count <= 2  # at most the host's move and one legal guest move

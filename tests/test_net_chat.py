"""A line of chat between the two sides: its limits (length, rate, lines kept while the link is
down), lines crossing each way directly and through a real mailbox server, and hostile peers of
the tests' own flooding the other side with chat."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tictactoe_tui.net.chat import CHAT_CHARS, FLOODED, HEAR_BURST, KEPT, SEND_BURST, ChatLine, Talk
from tictactoe_tui.net.mailbox_guest import MailboxGuest, MailboxGuestError
from tictactoe_tui.net.match import Match
from tictactoe_tui.net.protocol import GUEST_MESSAGES, HOST_MESSAGES, ProtocolError
from tictactoe_tui.net.wormholes import Wormhole

from .helpers.mailbox import mailbox_server
from .helpers.net import Peer, hosted, joined
from .helpers.waiting import until
from .test_net_mailbox import Side, playing, started_host

session_loop = pytest.mark.asyncio(loop_scope="session")


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def into(sent: list[str]) -> Callable[[dict[str, Any]], bool]:
    """A link that is up: each message's text goes into ``sent``."""

    def send(message: dict[str, Any]) -> bool:
        sent.append(message["text"])
        return True

    return send


def heard_by(talk: Talk) -> list[ChatLine]:
    lines: list[ChatLine] = []
    talk.on_line = lines.append
    return lines


def test_a_side_sends_a_burst_then_a_line_a_second() -> None:
    clock = Clock()
    talk = Talk(clock)
    sent: list[str] = []
    lines = heard_by(talk)
    for number in range(SEND_BURST):
        assert talk.say(f"line {number}", into(sent)) is None
    assert talk.say("one too many", into(sent)) == f"Not sent: at most {SEND_BURST} lines at once, then one a second"
    clock.now += 1.0
    assert talk.say("a second later", into(sent)) is None
    assert sent[-1] == "a second later"
    assert len(sent) == len(lines) == SEND_BURST + 1
    assert all(line.author == "you" and not line.waiting for line in lines)


def test_a_line_is_bounded_and_blank_lines_are_not_sent() -> None:
    talk = Talk(Clock())
    assert (
        talk.say("x" * (CHAT_CHARS + 1), lambda message: True) == f"A line of chat is at most {CHAT_CHARS} characters"
    )
    assert talk.say("   ", lambda message: True) == "Nothing to send"
    assert talk.say("x" * CHAT_CHARS, lambda message: True) is None


def test_lines_typed_while_the_link_is_down_wait_and_go_in_order_once_it_is_back() -> None:
    clock = Clock()
    talk = Talk(clock)
    lines = heard_by(talk)
    for number in range(KEPT):
        clock.now += 1.0
        assert talk.say(f"kept {number}", lambda message: False) is None
    clock.now += 1.0
    assert talk.say("one more", lambda message: False) == (
        f"Not sent: {KEPT} lines already wait for the link to come back"
    )
    assert talk.waiting == KEPT
    assert all(line.waiting for line in lines)
    sent: list[str] = []
    talk.flush(into(sent))
    assert sent == [f"kept {number}" for number in range(KEPT)]
    assert [(line.number, line.waiting) for line in lines[KEPT:]] == [(number, False) for number in range(1, KEPT + 1)]
    assert talk.waiting == 0


def test_a_line_typed_after_lines_kept_waits_behind_them() -> None:
    talk = Talk(Clock())
    heard_by(talk)
    assert talk.say("first", lambda message: False) is None
    sent: list[str] = []
    assert talk.say("second", into(sent)) is None
    assert not sent  # (it would have overtaken the first)
    assert talk.waiting == 2


def test_a_flood_heard_is_dropped_past_the_allowance_with_one_note() -> None:
    clock = Clock()
    talk = Talk(clock)
    lines = heard_by(talk)
    for number in range(1000):
        talk.hear({"type": "chat", "text": f"flood {number}"})
    assert [line.text for line in lines] == [f"flood {number}" for number in range(HEAR_BURST)] + [FLOODED]
    clock.now += 1.0
    talk.hear({"type": "chat", "text": "later"})
    assert lines[-1] == ChatLine("friend", "later")


@pytest.mark.parametrize("text", [None, 7, ["a"], "x" * (CHAT_CHARS + 1)])
def test_a_chat_that_is_not_a_bounded_line_breaks_the_protocol(text: object) -> None:
    with pytest.raises(ProtocolError, match="chat"):
        Talk(Clock()).hear({"type": "chat", "text": text})


# -- directly ---------------------------------------------------------------------------------


async def test_a_line_crosses_each_way_directly_and_one_typed_before_the_guest_came_waits_for_it() -> None:
    async with hosted() as host:
        at_host = heard_by(host.talk)
        assert host.talk.say("are you there?", host.send_now) is None
        assert at_host == [ChatLine("you", "are you there?", 1, waiting=True)]
        async with joined(host) as (guest, _seen):
            at_guest = heard_by(guest.talk)
            await until(lambda: guest.connected and host.connected)
            await until(lambda: ChatLine("friend", "are you there?") in at_guest, "the kept line at the guest")
            assert at_host[-1] == ChatLine("you", "are you there?", 1)  # sent now
            started = time.monotonic()
            assert guest.talk.say("[red]here[/] \x1b[2J", guest.send_now) is None
            await until(lambda: ChatLine("friend", "[red]here[/] \x1b[2J") in at_host, "the guest's line")
            assert host.talk.say("good", host.send_now) is None
            await until(lambda: ChatLine("friend", "good") in at_guest, "the host's line")
            assert time.monotonic() - started < 5


async def test_a_guest_s_line_typed_while_it_joins_again_is_kept_and_sent_once_it_is_back() -> None:
    async with hosted() as host, joined(host) as (guest, _seen):
        at_host, at_guest = heard_by(host.talk), heard_by(guest.talk)
        guest.retry_seconds = 1.0
        await until(lambda: guest.connected and host.connected)
        assert host._guest is not None
        host._guest.writer.transport.abort()  # the connection drops
        await until(lambda: not guest.connected, "the guest to see the drop")
        assert guest.talk.say("still here", guest.send_now) is None
        assert at_guest[-1].waiting
        await until(lambda: ChatLine("friend", "still here") in at_host, "the kept line at the host")
        assert at_guest[-1] == ChatLine("you", "still here", 1)


async def test_a_hostile_guest_s_flood_of_chat_is_bounded_and_an_overlong_line_ends_only_its_connection() -> None:
    async with hosted() as host:
        at_host = heard_by(host.talk)
        peer = await Peer.to(host)
        await peer.join(host)
        started = time.monotonic()
        for number in range(2000):
            await peer.send({"type": "chat", "text": f"flood {number} " + "x" * 150})
        await peer.send({"type": "ping"})
        pong = await peer.receive(timeout=30)  # the host answers in order: the flood is read
        elapsed = time.monotonic() - started
        assert pong == {"type": "pong"}
        friend_lines = [line for line in at_host if line.author == "friend"]
        assert HEAR_BURST <= len(friend_lines) <= HEAR_BURST + 2 * elapsed + 1  # 2 a second more while it lasted
        assert sum(line.text == FLOODED for line in at_host) <= len(friend_lines) - HEAR_BURST + 1
        assert host.connected
        await peer.send({"type": "chat", "text": "x" * (CHAT_CHARS + 1)})
        await until(lambda: not host.connected, "the host to drop the connection")
        assert await peer.closed()
        other = await Peer.to(host)  # hosting goes on: the friend joins again with the same code
        assert (await other.join(host))["type"] == "state"


# -- through a real mailbox server --------------------------------------------------------------


@session_loop
async def test_a_line_crosses_each_way_through_the_mailbox_server_within_5_s(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        async with playing(server.url) as (host, _heard, guest, _told):
            at_host, at_guest = heard_by(host.talk), heard_by(guest.talk)
            started = time.monotonic()
            assert host.talk.say("hello from the host", host.send_now) is None
            await until(lambda: ChatLine("friend", "hello from the host") in at_guest, "the host's line")
            assert guest.talk.say("[b]hi[/b]", guest.send_now) is None
            await until(lambda: ChatLine("friend", "[b]hi[/b]") in at_host, "the guest's line")
            assert time.monotonic() - started < 5


@session_loop
async def test_a_line_typed_while_the_mailbox_server_is_down_waits_and_crosses_once_it_is_back(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        async with playing(server.url) as (host, _heard, guest, told):
            at_host, at_guest = heard_by(host.talk), heard_by(guest.talk)
            server.stop()
            await until(lambda: told.said("Lost the mailbox server"))
            assert guest.talk.say("are you still there?", guest.send_now) is None
            assert at_guest[-1].waiting
            server.start()
            await until(lambda: ChatLine("friend", "are you still there?") in at_host, "the kept line at the host")
            assert at_guest[-1] == ChatLine("you", "are you still there?", 1)


@session_loop
async def test_a_hostile_guest_s_flood_through_the_mailbox_is_bounded_and_the_host_hosts_on(tmp_path: Path) -> None:
    with mailbox_server(tmp_path) as server:
        host, heard, hosting = await started_host(server.url)
        at_host = heard_by(host.talk)
        first = host.code
        hostile = Wormhole(server.url, HOST_MESSAGES, lambda reachable: None)
        try:
            hostile.set_code(first)
            await hostile.confirmed()
            hostile.send({"type": "join"})
            for number in range(500):
                hostile.send({"type": "chat", "text": f"flood {number}"})
            await until(lambda: bool(host.code) and host.code != first, "a new code once the flood ends the wormhole")
            assert not hosting.done()
            assert heard.said("more than 2 messages a second")
            assert len([line for line in at_host if line.author == "friend"]) <= HEAR_BURST + 2
        finally:
            await hostile.close()
            told = Side()
            friend = MailboxGuest(host.code, told.matches.append, told.news.append, url=server.url)
            joining = asyncio.ensure_future(friend.run())
            await until(lambda: friend.connected and host.connected, "the friend in with the new code")
            await friend.close()
            await host.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(joining, hosting, return_exceptions=True), 10)


@session_loop
async def test_a_hostile_host_s_overlong_chat_through_the_mailbox_ends_the_guest_s_match_with_a_reason(
    tmp_path: Path,
) -> None:
    """Before, the guest's run ended in a bare ProtocolError, which the app does not catch: the
    guest's screen said nothing of it."""
    with mailbox_server(tmp_path) as server:
        hostile = Wormhole(server.url, GUEST_MESSAGES, lambda reachable: None)
        told = Side()
        try:
            code = await hostile.allocate()
            guest = MailboxGuest(code, told.matches.append, told.news.append, url=server.url)
            joining = asyncio.ensure_future(guest.run())
            await hostile.confirmed()
            assert (await hostile.receive(10))["type"] == "join"
            hostile.send(Match().to_message())
            await until(lambda: bool(told.matches), "the guest in the match")
            hostile.send({"type": "chat", "text": "x" * (CHAT_CHARS + 1)})
            with pytest.raises(MailboxGuestError, match="could not be played: a chat that is not a line"):
                await asyncio.wait_for(joining, 10)
        finally:
            await hostile.close()

"""Chat between two real copies of the app: ``t``, a line, Enter; directly and through a real
mailbox server; shown as plain text; offline ``t`` has nobody to talk to."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.online.chat import ChatPrompt
from tictactoe_tui.app.screens.help import HelpScreen
from tictactoe_tui.game import Settings
from tictactoe_tui.net import HostPlan, JoinPlan
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import AppFactory, status
from ..helpers.online import app_for, hosted_app, mailbox_match, press
from ..helpers.waiting import until

session_loop = pytest.mark.asyncio(loop_scope="session")

#: Markup, an escape sequence (clear the screen, red) and a bell: each shown as written.
HOSTILE = "[red]x[/] [link=file:///etc]y[/link] \x1b[2J\x1b[31mred\x07"


def log_text(app: TicTacToeApp) -> str:
    """The chat log as the screen shows it (its words, not its styles)."""
    return str(app.game_screen.query_one("#chat-lines", Static).render())


async def say(app: TicTacToeApp, text: str) -> None:
    """Press t, type ``text`` and Enter."""
    await press(app, "t")
    await until(lambda: isinstance(app.screen, ChatPrompt), "the chat's input")
    prompt = app.screen
    assert isinstance(prompt, ChatPrompt)
    prompt.query_one("#chat-input").insert_text_at_cursor(text)  # type: ignore[attr-defined]
    await press(app, "enter")
    await until(lambda: app.screen is app.game_screen, "the input to close")


def footer_keys(app: TicTacToeApp) -> set[str]:
    return {key.key for key in app.game_screen.query(FooterKey)}


async def test_a_line_crosses_each_way_directly_within_5_s_and_shows_as_written(tmp_path: Path) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test():
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            await host.game_screen.whole()
            await guest.game_screen.whole()
            await until(lambda: "t" in footer_keys(host) and "t" in footer_keys(guest), "t in both footers")
            started = time.monotonic()
            await say(host, "good luck")
            await until(lambda: "friend: good luck" in log_text(guest), "the host's line at the guest")
            assert "you: good luck" in log_text(host)
            await say(guest, HOSTILE)
            await until(lambda: "friend: [red]x[/]" in log_text(host), "the guest's line at the host")
            assert time.monotonic() - started < 5
            assert "friend: [red]x[/] [link=file:///etc]y[/link] \\x1b[2J\\x1b[31mred\\x07" in log_text(host)
            assert "\x1b" not in log_text(host)
            assert "\x07" not in log_text(host)
            await press(guest, "t")
            await until(lambda: isinstance(guest.screen, ChatPrompt), "the chat's input")
            await press(guest, "n")  # typed, not a new game
            await press(guest, "escape")  # cancels: nothing is sent
            await until(lambda: guest.screen is guest.game_screen, "the input to close")
            assert guest.game_screen.game.number == 1
            assert [line.text for line in guest.game_screen.chat.lines] == ["good luck", HOSTILE]


async def test_a_guest_s_line_typed_while_the_host_is_away_waits_and_the_log_survives_the_rejoin(
    tmp_path: Path,
) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test():
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            await guest.game_screen.whole()
            await say(host, "before")
            await until(lambda: "friend: before" in log_text(guest))
            link = guest.game_screen.online
            assert link is not None
            assert link.guest is not None
            link.guest.retry_seconds = 2.0  # type: ignore[union-attr]
            host_link = host.game_screen.online
            assert host_link is not None
            assert host_link.host is not None
            host_link.host._guest.writer.transport.abort()  # type: ignore[union-attr]
            await until(lambda: not link.peer_here, "the guest to see the drop")
            await say(guest, "are you there?")
            assert "you: are you there? (waits to be sent)" in log_text(guest)
            await until(lambda: "friend: are you there?" in log_text(host), "the kept line at the host")
            await until(lambda: "(waits to be sent)" not in log_text(guest))
            assert log_text(guest).splitlines() == ["friend: before", "you: are you there?"]


@session_loop
async def test_a_line_crosses_each_way_through_the_mailbox_server_within_5_s(tmp_path: Path) -> None:
    async with mailbox_match(tmp_path) as (_server, host, guest):
        await host.game_screen.whole()
        await guest.game_screen.whole()
        started = time.monotonic()
        await say(guest, "hello through the mailbox")
        await until(lambda: "friend: hello through the mailbox" in log_text(host), "the guest's line")
        await say(host, "[b]hi[/b]")
        await until(lambda: "friend: [b]hi[/b]" in log_text(guest), "the host's line")
        assert time.monotonic() - started < 5


async def test_offline_t_says_there_is_nobody_to_talk_to_and_is_not_in_the_footer(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test() as pilot:
        await app.game_screen.whole()
        await pilot.pause()
        assert "t" not in footer_keys(app)
        assert not app.game_screen.query_one("#chat").display
        await pilot.press("t")
        assert "Nobody to talk to" in status(app)
        assert app.screen is app.game_screen
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert any(binding.key == "t" for binding in app.screen.bindings)


async def test_a_new_match_starts_with_an_empty_chat_log(tmp_path: Path) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test():
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            await host.game_screen.whole()
            await say(guest, "first match")
            await until(lambda: "friend: first match" in log_text(host))
        online = host.game_screen.parts.online
        online.leave()
        online.go_online(HostPlan("127.0.0.1", 0))
        await until(lambda: not host.game_screen.chat.lines, "the last match's lines to go")
        assert "first match" not in log_text(host)
        assert "press t" in log_text(host)

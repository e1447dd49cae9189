"""``serve --max-sessions`` and ``--idle-timeout`` with real websockets (issue 26): the cap holds,
the next browser is told the server is full, and every process of a game goes when its
browser leaves or goes idle."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp import WSMsgType

from ..helpers.browser import start_server
from ..helpers.waiting import until


def processes_in_group(group: int) -> list[str]:
    """The command lines of the processes in process group ``group`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if os.getpgid(int(entry.name)) != group:
                continue
            found.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except (ProcessLookupError, FileNotFoundError, PermissionError):
            continue
    return found


def processes(group: int) -> list[str]:
    """The processes serving games (each game and its search processes), not the server itself."""
    return [command for command in processes_in_group(group) if " serve " not in f"{command} "]


def games(group: int) -> list[str]:
    """The games themselves (``python -m tictactoe_tui --visitor``, without their helpers)."""
    return [command for command in processes(group) if command.rstrip().endswith("-m tictactoe_tui --visitor")]


@contextmanager
def server(home: Path, *options: str) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port, process = start_server(home, *options)
    try:
        yield port, process
    finally:
        with contextlib.suppress(ProcessLookupError):  # (a test may have ended it)
            os.killpg(process.pid, 9)
        process.wait()


async def open_game(session: aiohttp.ClientSession, port: int) -> aiohttp.ClientWebSocketResponse:
    """A browser's connection, once its game has drawn something."""
    websocket = await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
    while True:
        message = await asyncio.wait_for(websocket.receive(), 60)
        if message.type == aiohttp.WSMsgType.BINARY and len(message.data) > 100:
            return websocket
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message


RIGHT_ARROW = ["stdin", "\x1b[C"]


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
async def test_the_session_cap_holds_and_every_process_goes_with_its_browser(tmp_path: Path) -> None:
    with server(tmp_path, "--max-sessions", "2", "--idle-timeout", "8") as (port, process):
        group = process.pid
        async with aiohttp.ClientSession() as session:
            first = await open_game(session, port)
            second = await open_game(session, port)
            await second.send_json(RIGHT_ARROW)  # still there
            async with session.get(f"http://127.0.0.1:{port}/") as page:
                assert page.status == 503
                assert "full" in await page.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
            assert refused.value.status == 503
            assert len(games(group)) == 2

            await first.close()  # a browser leaves: its game and search process go, a place opens
            await second.send_json(RIGHT_ARROW)
            await until(lambda: len(games(group)) == 1)

            async def open_place() -> bool:
                async with session.get(f"http://127.0.0.1:{port}/") as page:
                    return page.status == 200

            await until(open_place, "a place to open once the game's process has been waited for")

            await second.send_json(RIGHT_ARROW)  # a key, then silence: ended after 8 idle seconds
            silent_since = time.monotonic()
            while True:
                message = await asyncio.wait_for(second.receive(), 30)
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                    break
            assert 7.5 < time.monotonic() - silent_since < 25
            await until(lambda: not processes(group))  # the game, its search process, their helpers
            assert process.poll() is None  # the server itself goes on


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
async def test_only_keys_clicks_and_resizes_keep_a_game_alive_not_pings_or_other_messages(tmp_path: Path) -> None:
    """A browser that answers every ping, sends its own pings and pongs and the page's text
    messages twice a second, but no key, click or resize: closed on the idle clock."""
    with server(tmp_path, "--idle-timeout", "3") as (port, process):
        async with aiohttp.ClientSession() as session:
            game = await open_game(session, port)
            await game.send_json(["resize", {"width": 80, "height": 24}])
            touched = time.monotonic()

            async def chatter() -> None:
                while True:
                    await game.ping()
                    await game.pong()
                    await game.send_json(["ping", str(time.time())])
                    await game.send_json(["focus"])
                    await asyncio.sleep(0.5)  # paces the chatter on purpose: twice a second, as a page does

            chatting = asyncio.ensure_future(chatter())
            try:
                async with asyncio.timeout(20):  # before: never closed (each message restarted the clock)
                    while True:  # reading answers the server's pings, as a browser does
                        message = await game.receive()
                        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING):
                            break
            finally:
                chatting.cancel()
            assert 2.5 < time.monotonic() - touched < 8
        await until(lambda: not processes(process.pid))  # the game and its search process


def closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closes ``sock`` (reading what it sends), or None if it has not."""
    started = time.monotonic()
    sock.settimeout(0.2)
    while time.monotonic() - started < seconds:
        try:
            if not sock.recv(65536):
                return time.monotonic() - started
        except TimeoutError:
            continue
        except ConnectionError:
            return time.monotonic() - started
    return None


def test_half_sent_requests_are_cut_after_the_header_timeout_and_bodies_after_theirs(tmp_path: Path) -> None:
    """50 connections that send part of a request's headers, and one that sends headers
    promising a body it never finishes: cut after 10 s and 5 s (before: held for 75 s)."""
    with server(tmp_path) as (port, _process):
        half_sent = []
        for _ in range(50):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
            half_sent.append(sock)
        started = time.monotonic()
        body = socket.create_connection(("127.0.0.1", port))
        body.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\nnot all of it")
        try:
            assert (body_cut := closed_within(body, 20)) is not None
            assert body_cut < 8
            for sock in half_sent:
                assert closed_within(sock, max(0.1, started + 20 - time.monotonic())) is not None
            assert 9 < time.monotonic() - started < 15
        finally:
            for sock in (*half_sent, body):
                sock.close()


async def place_open(session: aiohttp.ClientSession, port: int) -> bool:
    """Whether the server would start a game now (the page, not 503)."""
    async with session.get(f"http://127.0.0.1:{port}/") as page:
        return page.status == 200


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
async def test_a_keystroke_flood_is_capped_and_its_place_and_processes_go_within_seconds(tmp_path: Path) -> None:
    """Issue 57: 4.7 MB of keys in 2 s kept the place (503 10 s after the browser left) and its
    game burned a core for 30–120 s."""
    with server(tmp_path, "--max-sessions", "1") as (port, process):
        async with aiohttp.ClientSession() as session:
            flood = await open_game(session, port)
            keys = ["stdin", "\x1b[C" * 2000]  # 6 KB a message
            started = time.monotonic()
            while time.monotonic() - started < 2:
                await flood.send_json(keys)
            await flood.close()
            left = time.monotonic()
            await until(lambda: place_open(session, port), "the flood's place to open again")
            assert time.monotonic() - left < 6
            await until(lambda: not processes(process.pid), "the flood's game and its search process to end")
            assert time.monotonic() - left < 10  # before: its game burned a core for 30–120 s


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_ends_serve_and_every_game_within_5_s(tmp_path: Path, signal_number: int) -> None:
    with server(tmp_path) as (port, process):
        async with aiohttp.ClientSession() as session:
            browsers = [await open_game(session, port), await open_game(session, port)]
            assert len(games(process.pid)) == 2
            process.send_signal(signal_number)
            sent = time.monotonic()
            # serve has exited (poll reaps it) and nothing of its group runs
            await until(
                lambda: process.poll() is not None and not any(processes_in_group(process.pid)),
                "serve and every process of its group to end",
            )
            assert time.monotonic() - sent < 5
            for browser in browsers:
                await browser.close()


async def test_a_size_outside_the_terminals_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    with server(tmp_path) as (port, _process):
        async with aiohttp.ClientSession() as session:
            browser = await open_game(session, port)
            for width, height in ((-5, -5), (0, 24), (501, 24), (80, 201), ("80²", 24)):
                await browser.send_json(["resize", {"width": width, "height": height}])
            await browser.send_json(["resize", {"width": 100, "height": 30}])  # a real one: redrawn
            while True:
                message = await asyncio.wait_for(browser.receive(), 30)
                assert message.type in (WSMsgType.BINARY, WSMsgType.TEXT), message  # not closed: no crash
                if message.type == WSMsgType.BINARY and len(message.data) > 1000:
                    break
            await browser.close()

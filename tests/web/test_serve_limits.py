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
from ..helpers.processes import ProcessTree
from ..helpers.waiting import TIMEOUT, until


@contextmanager
def server(home: Path, *options: str, output: Path | None = None) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port, process = start_server(home, *options, output=output)
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
        tree = ProcessTree(process.pid)
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
            assert len(tree.games()) == 2

            await first.close()  # a browser leaves: its game and search process go, a place opens
            await second.send_json(RIGHT_ARROW)
            await until(lambda: len(tree.games()) == 1, "the game of the browser that left to end")

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
            await until(lambda: not tree.running(), "the game, its search process and their helpers to end")
            assert process.poll() is None  # the server itself goes on


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
async def test_only_keys_clicks_and_resizes_keep_a_game_alive_not_pings_or_other_messages(tmp_path: Path) -> None:
    """A browser that answers every ping, sends its own pings and pongs and the page's text
    messages twice a second, but no key, click or resize: closed on the idle clock."""
    with server(tmp_path, "--idle-timeout", "3") as (port, process):
        tree = ProcessTree(process.pid)
        async with aiohttp.ClientSession() as session:
            game = await open_game(session, port)
            assert tree.games()
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
        await until(lambda: not tree.running(), "the game and its search process to end")


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
        tree = ProcessTree(process.pid)
        async with aiohttp.ClientSession() as session:
            flood = await open_game(session, port)
            assert tree.games()
            keys = ["stdin", "\x1b[C" * 2000]  # 6 KB a message
            started = time.monotonic()
            while time.monotonic() - started < 2:
                await flood.send_json(keys)
            await flood.close()
            left = time.monotonic()
            await until(lambda: place_open(session, port), "the flood's place to open again")
            assert time.monotonic() - left < 6
            await until(lambda: not tree.running(), "the flood's game and its search process to end")
            assert time.monotonic() - left < 10  # before: its game burned a core for 30–120 s


async def flood_focus_and_blur(browser: aiohttp.ClientWebSocketResponse, seconds: float) -> int:
    """Send the page's ``["focus"]`` and ``["blur"]`` for ``seconds``, as fast as the connection
    takes them; how many were sent."""
    sent, started = 0, time.monotonic()
    while time.monotonic() - started < seconds:
        await browser.send_json(["focus"])
        await browser.send_json(["blur"])
        sent += 2
    return sent


async def read_until(browser: aiohttp.ClientWebSocketResponse, words: str) -> None:
    """Read what the game sends until it has said ``words``."""
    said = ""
    async with asyncio.timeout(TIMEOUT):
        while words not in said:
            message = await browser.receive()
            assert message.type in (WSMsgType.BINARY, WSMsgType.TEXT), message
            if message.type == WSMsgType.BINARY:
                said += message.data.decode("utf-8", "replace")


def searching(tree: ProcessTree) -> bool:
    """Whether a game's search process has started."""
    return any("multiprocessing" in process.command for process in tree.running())


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
async def test_a_focus_and_blur_flood_is_capped_and_its_game_ends_with_its_browser(tmp_path: Path) -> None:
    """Issue 64: 160,000–270,000 focus and blur messages in 5 s were all passed on; 10 s after the
    browser left, its game still ran (~70% CPU, 3 processes) and its place had been given back."""
    with server(tmp_path, "--max-sessions", "1") as (port, process):
        tree = ProcessTree(process.pid)
        async with aiohttp.ClientSession() as session:
            flood = await open_game(session, port)
            await until(lambda: searching(tree), "the game's search process to start")
            assert await flood_focus_and_blur(flood, 5) > 10_000
            await flood.close()
            left = time.monotonic()

            async def open_once_gone() -> bool:
                if not await place_open(session, port):
                    return False
                assert not tree.running(), "the place was given back while processes of its game ran"
                return True

            await until(open_once_gone, "the flood's place to open again")
            assert time.monotonic() - left < 5  # its game ended within 5 s, whatever it was sent


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_ends_serve_and_every_game_within_5_s(tmp_path: Path, signal_number: int) -> None:
    """Two games, one of them flooding focus and blur when the signal comes: serve and every
    process of both games are gone within 5 s (before, the flooding game was re-parented and ran on)."""
    with server(tmp_path) as (port, process):
        tree = ProcessTree(process.pid)
        async with aiohttp.ClientSession() as session:
            browsers = [await open_game(session, port), await open_game(session, port)]
            assert len(tree.games()) == 2
            await until(lambda: searching(tree), "a game's search process to start")
            flooding = asyncio.ensure_future(flood_focus_and_blur(browsers[0], 60))
            try:
                await flood_focus_and_blur(browsers[1], 2)  # (the first floods meanwhile)
                process.send_signal(signal_number)
                sent = time.monotonic()
                await until(
                    lambda: process.poll() is not None and not tree.running(),
                    "serve and every process of its games to end",
                )
                assert time.monotonic() - sent < 5
            finally:
                flooding.cancel()
                with contextlib.suppress(BaseException):
                    await flooding
            for browser in browsers:
                await browser.close()


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
async def test_no_game_outlives_serve_killed_outright(tmp_path: Path) -> None:
    """SIGKILL to ``serve`` alone (or a crash): it can end nothing itself, yet every process of its
    game is gone within 5 s (the game is in a session of its own, which no signal to serve's
    group reaches; and at its input's end it kept running)."""
    with server(tmp_path) as (port, process):
        tree = ProcessTree(process.pid)
        async with aiohttp.ClientSession() as session:
            browser = await open_game(session, port)
            await until(lambda: searching(tree), "the game's search process to start")
            process.kill()
            killed = time.monotonic()
            await until(lambda: process.poll() is not None and not tree.running(), "every process of the game to end")
            assert time.monotonic() - killed < 5
            await browser.close()


@pytest.mark.skipif(not Path("/proc").exists(), reason="counts processes through /proc")
async def test_ctrl_c_on_serve_with_a_browser_connected_ends_it_quietly(tmp_path: Path) -> None:
    """Ctrl+C reaches every process of the terminal's foreground group: before, the games' search
    processes were in it and each printed ``Process tictactoe-search: Traceback … KeyboardInterrupt``."""
    printed = tmp_path / "printed"
    with server(tmp_path, output=printed) as (port, process):
        tree = ProcessTree(process.pid)
        async with aiohttp.ClientSession() as session:
            browser = await open_game(session, port)
            await browser.send_json(["stdin", "5"])  # a move: the search process answers, then waits for the next
            await read_until(browser, "O played")
            os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl+C
            await until(lambda: process.poll() is not None and not tree.running(), "serve and its game to end")
            await browser.close()
    assert process.returncode == 0
    said = printed.read_text()
    assert "Serving" in said  # (textual-serve's banner)
    assert "Traceback" not in said
    assert "KeyboardInterrupt" not in said


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

"""``serve --max-sessions`` and ``--idle-timeout`` with real websockets (issue 26): the cap holds,
the next browser is told the server is full, and every process of a game goes when its
browser leaves or goes idle."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import pytest

from .browser import free_port


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
    """The games themselves (``python -m tictactoe_tui``, without their helpers)."""
    return [command for command in processes(group) if command.rstrip().endswith("-m tictactoe_tui")]


@contextmanager
def server(home: Path, *options: str) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config")}
    process = subprocess.Popen(
        [sys.executable, "-m", "tictactoe_tui", "serve", "--port", str(port), *options],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        yield port, process
    finally:
        os.killpg(process.pid, 9)
        process.wait()


async def until(condition: object, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)


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
            await until(lambda: len(games(group)) == 1, 15)
            deadline = time.monotonic() + 15
            while True:  # the place opens once the game's process has been waited for
                async with session.get(f"http://127.0.0.1:{port}/") as page:
                    if page.status == 200:
                        break
                assert time.monotonic() < deadline, "the place never opened"
                await asyncio.sleep(0.2)

            await second.send_json(RIGHT_ARROW)  # a key, then silence: ended after 8 idle seconds
            silent_since = time.monotonic()
            while True:
                message = await asyncio.wait_for(second.receive(), 30)
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                    break
            assert 7.5 < time.monotonic() - silent_since < 25
            await until(lambda: not processes(group), 15)  # the game, its search process, their helpers
            assert process.poll() is None  # the server itself goes on

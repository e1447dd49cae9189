"""``serve``'s timeouts for real: a silent browser that answers pings, and half-sent requests.

    python benchmarks/bench_serve.py [--idle-timeout 20] [--half-sent 2000]

Starts ``tictactoe-tui serve --idle-timeout N`` (its own data folders, in a temporary
directory). A browser's connection (aiohttp) opens a game, sends one resize and then only what
a forgotten tab sends: it answers the server's pings (every 15 s) and sends the page's own
``ping`` message every 5 s; prints when the server closed it. Then ``--half-sent`` connections
each send part of a request's headers and nothing more; prints how many are still open as
time goes on, and when the last was cut.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def silent_browser(port: int) -> tuple[float, int]:
    """Seconds from the last resize until the server closed the game, and pings answered."""
    async with aiohttp.ClientSession() as session:
        game = await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
        while True:  # the game has drawn its first screen
            message = await asyncio.wait_for(game.receive(), 60)
            if message.type == aiohttp.WSMsgType.BINARY and len(message.data) > 100:
                break
        await game.send_json(["resize", {"width": 80, "height": 24}])
        touched = time.monotonic()

        async def page_pings() -> None:
            while True:
                await asyncio.sleep(5)
                await game.send_json(["ping", str(time.time())])

        pinging = asyncio.ensure_future(page_pings())
        pongs = 0
        try:
            async with asyncio.timeout(120):
                while True:  # receive() answers the server's websocket pings, as a browser does
                    message = await game.receive()
                    if message.type == aiohttp.WSMsgType.TEXT and message.data.startswith('["pong"'):
                        pongs += 1
                    if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                        return time.monotonic() - touched, pongs
        finally:
            pinging.cancel()


def half_sent(port: int, count: int) -> list[tuple[float, int]]:
    """``count`` connections with half a request each: (seconds, still open) every second."""
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: half")
        sock.setblocking(False)
        sockets.append(sock)
    started = time.monotonic()
    open_now = set(sockets)
    counts = []
    try:
        while open_now and time.monotonic() - started < 60:
            for sock in list(open_now):
                try:
                    if not sock.recv(65536):
                        open_now.discard(sock)
                except BlockingIOError:
                    continue
                except OSError:  # reset: cut too
                    open_now.discard(sock)
            counts.append((time.monotonic() - started, len(open_now)))
            time.sleep(0.5)
    finally:
        for sock in sockets:
            sock.close()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--idle-timeout", type=float, default=20.0)
    parser.add_argument("--half-sent", type=int, default=2000)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "XDG_DATA_HOME": f"{home}/data", "XDG_CONFIG_HOME": f"{home}/config"}
        command = [sys.executable, "-m", "tictactoe_tui", "serve", "--port", str(port)]
        server = subprocess.Popen(
            [*command, "--idle-timeout", str(args.idle_timeout)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            cwd=Path(__file__).resolve().parent.parent,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                with contextlib.suppress(OSError):
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                assert time.monotonic() < deadline, "serve did not start"
                time.sleep(0.1)
            closed_after, pongs = asyncio.run(silent_browser(port))
            print(
                f"--idle-timeout {args.idle_timeout:.0f}: a silent browser that answers pings (and got {pongs} "
                f"answers to the page's own) was closed {closed_after:.1f} s after its last resize"
            )
            counts = half_sent(port, args.half_sent)
            marks = [f"{seconds:.0f} s: {still}" for seconds, still in counts if round(seconds * 2) % 4 == 0]
            print(f"{args.half_sent} half-sent requests, still open: " + ", ".join(marks))
            if counts and counts[-1][1] == 0:
                print(f"the last was cut {counts[-1][0]:.1f} s after they were all sent")
        finally:
            os.killpg(server.pid, 9)
            server.wait()


if __name__ == "__main__":
    main()

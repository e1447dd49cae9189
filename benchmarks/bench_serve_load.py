"""``serve``'s memory and CPU: per idle visitor, and under a focus/blur flood (Linux: reads /proc).

    python benchmarks/bench_serve_load.py [--visitors 3] [--idle 10] [--flood 5]

Starts ``tictactoe-tui serve`` (its own data folders, in a temporary directory) and opens
``--visitors`` games with websockets (aiohttp), each once drawn. Then, for ``--idle`` seconds with
no input: the resident memory (RSS) of ``serve`` and of each game's processes (the game, its
search process, multiprocessing's resource tracker: a session of its own each), and the CPU each
used. Then one visitor sends ``["focus"]`` and ``["blur"]`` as fast as the connection takes them
for ``--flood`` seconds: how many it sent, the CPU ``serve`` and that game used meanwhile, their
memory after; then it leaves: seconds until its place opens and until no process of its game is
left. RSS counts pages shared between processes in each of them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.browser import start_server  # noqa: E402  (the tests' own server and /proc readers)
from tests.helpers.processes import ProcessTree, Running  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB (0 if it has gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used (0 if it has gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rfind(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def by_game(processes: list[Running]) -> dict[int, list[Running]]:
    """The processes of each game, by its process group."""
    games: dict[int, list[Running]] = {}
    for process in processes:
        games.setdefault(process.group, []).append(process)
    return games


def usage(pids: list[int]) -> tuple[float, float]:
    """The RSS (MB) and CPU seconds of ``pids`` together."""
    return sum(map(rss_mb, pids)), sum(map(cpu_seconds, pids))


async def open_game(session: aiohttp.ClientSession, port: int) -> aiohttp.ClientWebSocketResponse:
    websocket = await session.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
    while True:
        message = await asyncio.wait_for(websocket.receive(), 60)
        if message.type == aiohttp.WSMsgType.BINARY and len(message.data) > 100:
            return websocket


async def measure(port: int, server: int, visitors: int, idle: float, flood: float) -> None:
    tree = ProcessTree(server)
    async with aiohttp.ClientSession() as session:
        browsers = [await open_game(session, port) for _ in range(visitors)]
        while len([p for p in tree.running() if "multiprocessing-fork" in p.command]) < visitors:
            await asyncio.sleep(0.1)  # every search process started
        await asyncio.sleep(2)  # the starts settle
        games = by_game(tree.running())
        before = {group: usage([p.pid for p in members]) for group, members in games.items()}
        serve_before = usage([server])
        await asyncio.sleep(idle)
        serve_after = usage([server])
        print(f"serve: {serve_after[0]:.1f} MB, {100 * (serve_after[1] - serve_before[1]) / idle:.1f}% CPU idle")
        for group, running in by_game(tree.running()).items():
            memory, cpu = usage([p.pid for p in running])
            print(
                f"a game ({len(running)} processes): {memory:.1f} MB, "
                f"{100 * (cpu - before[group][1]) / idle:.1f}% CPU idle over {idle:.0f} s"
            )
        flooded = browsers[0]
        group = min(games)  # the first game opened (the lowest process id) is the first browser's
        members = [p.pid for p in games[group]]
        serve_before, game_before = usage([server]), usage(members)
        sent, started = 0, time.monotonic()
        while time.monotonic() - started < flood:
            await flooded.send_json(["focus"])
            await flooded.send_json(["blur"])
            sent += 2
        took = time.monotonic() - started
        serve_after, game_after = usage([server]), usage(members)
        print(
            f"flood: {sent:,} focus/blur messages in {took:.1f} s; serve {serve_after[0]:.1f} MB, "
            f"{100 * (serve_after[1] - serve_before[1]) / took:.0f}% CPU; the game {game_after[0]:.1f} MB, "
            f"{100 * (game_after[1] - game_before[1]) / took:.0f}% CPU"
        )
        await flooded.close()
        left = time.monotonic()
        opened: float | None = None
        gone: float | None = None
        while (opened is None or gone is None) and time.monotonic() - left < 60:
            now = time.monotonic() - left
            if gone is None and not any(process.group == group for process in tree.running()):
                gone = round(now, 2)
            if opened is None:
                async with session.get(f"http://127.0.0.1:{port}/") as page:
                    opened = round(now, 2) if page.status == 200 else None
            await asyncio.sleep(0.05)
        print(f"after leaving (None: not in 60 s): its place open {opened} s later, no process of it {gone} s later")
        for browser in browsers[1:]:
            await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--visitors", type=int, default=3)
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--flood", type=float, default=5.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        port, server = start_server(Path(home), "--max-sessions", str(args.visitors))
        try:
            asyncio.run(measure(port, server.pid, args.visitors, args.idle, args.flood))
        finally:
            os.killpg(server.pid, 9)
            server.wait()


if __name__ == "__main__":
    main()

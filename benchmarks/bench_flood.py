"""A host under a flood of join attempts: does its screen stay quick, does the friend get in,
what does it cost in memory?

    python benchmarks/bench_flood.py [--case cursor|memory|hogging|all] [--moves 300] [--seconds 10]
        [--sockets 1000] [--stuffers 2000] [--compare OLD_SOURCE_DIR]

A real app hosts a match (headless, in this process) while ``scripts/flood.py`` runs in its own
process with ``--sockets`` parallel connections guessing codes for ``--seconds``. The host's
player keeps moving the cursor: each move is timed from the key's action to the square's
cursor class (painted with the next frame), first with nobody connecting, then during the
flood of protocol-2 guesses, then during a flood of protocol-1 hellos (an old script). In the
middle of the first flood a friend with the code joins. Prints p50 / p99 per phase, their
ratio to idle, the flood's code verdicts and how long the friend took.

``memory``: a host in its own process; ``--stuffers`` sockets each send a valid hello and then
200 KB without a newline and keep the connection open; the host's resident memory (VmRSS) is
sampled before, at its peak during 8 s and 3 s after the sockets close. ``--compare`` runs a
second host from another source tree (an older checkout) side by side in the same run.

``hogging``: strangers open five new sockets a second, each sending one precomputed valid hello
and never its ``join``, while a friend rejoins a game in progress: seven times as a new guest
(the game closed and ``join`` run again), seven times with the token of a dropped connection;
prints how long each took to be back in the game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.net import HostPlan
from tictactoe_tui.net.channel import Pake
from tictactoe_tui.net.guest import Guest
from tictactoe_tui.net.host import Host
from tictactoe_tui.net.match import Match
from tictactoe_tui.net.protocol import encode
from tictactoe_tui.store.files import Paths

ROOT = Path(__file__).resolve().parent.parent
#: An old client's probe: protocol 1 hellos, each socket reconnecting as soon as it is answered.
OLD_FLOOD = """
import asyncio, sys, time
async def one(host, port, deadline):
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(b'{"v":1,"type":"hello","code":"maple-otter-comet"}\\n')
            await writer.drain()
            await asyncio.wait_for(reader.readline(), 10)
            writer.close()
        except Exception:
            await asyncio.sleep(0.01)
async def main(host, port, sockets, seconds):
    print("ready", flush=True)
    deadline = time.monotonic() + seconds
    await asyncio.gather(*(one(host, port, deadline) for _ in range(sockets)))
    print("{}", flush=True)
asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])))
"""


async def cursor_ms(app: TicTacToeApp, moves: int) -> list[float]:
    """Time ``moves`` cursor moves from the key's action to the new square's cursor class."""
    board = app.query_one(BoardView)
    timings: list[float] = []
    for index in range(moves):
        step = 1 if index % 2 == 0 else -1
        before = app.game_screen.cursor
        started = time.perf_counter()
        board.action_move_cursor(0, step)
        target = (before[0], before[1] + step)
        while not board.squares[target].has_class("-cursor"):
            await asyncio.sleep(0)
        timings.append((time.perf_counter() - started) * 1e3)
        await asyncio.sleep(0.02)  # a person's pace, not a benchmark's
    return timings


async def start_flood(address: tuple[str, int], sockets: int, seconds: float, old: bool) -> asyncio.subprocess.Process:
    if old:
        arguments = ["-c", OLD_FLOOD, address[0], str(address[1]), str(sockets), str(seconds)]
    else:
        arguments = [str(ROOT / "scripts" / "flood.py"), address[0], str(address[1])]
        arguments += ["--sockets", str(sockets), "--seconds", str(seconds)]
    flood = await asyncio.create_subprocess_exec(sys.executable, *arguments, stdout=subprocess.PIPE)
    assert flood.stdout is not None
    await asyncio.wait_for(flood.stdout.readline(), 120)  # "ready"
    return flood


async def run(moves: int, seconds: float, sockets: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = Paths(Path(folder) / "c", Path(folder) / "d")
        app = TicTacToeApp(
            Settings(), paths=paths, searcher=ThreadSearcher(get_strategy), online=HostPlan("127.0.0.1", 0), seed=1
        )
        async with app.run_test(size=(100, 40)):
            while (
                app.game_screen.online is None
                or not isinstance(app.game_screen.online.host, Host)
                or not app.game_screen.online.host.address
            ):
                await asyncio.sleep(0.01)
            host = app.game_screen.online.host
            assert host.address is not None
            await cursor_ms(app, 20)  # warming up: the first frames after start-up are slower
            idle = await cursor_ms(app, moves)

            flood = await start_flood(host.address, sockets, seconds, old=False)
            started = time.monotonic()
            during: list[float] = []
            during += await cursor_ms(app, moves // 2)
            friend = Guest(*host.address, host.code, retry_seconds=0.5)
            joining = time.monotonic()
            friend_task = asyncio.ensure_future(friend.run())
            while friend.match is None:
                await asyncio.sleep(0.01)
            join_seconds = time.monotonic() - joining
            while time.monotonic() - started < seconds - 1:
                during += await cursor_ms(app, 10)
            out, _ = await flood.communicate()
            tally = json.loads(out.splitlines()[-1])
            await friend.close()
            friend_task.cancel()

            old_flood = await start_flood(host.address, sockets, seconds, old=True)
            started = time.monotonic()
            old: list[float] = []
            while time.monotonic() - started < seconds - 1:
                old += await cursor_ms(app, 10)
            await old_flood.communicate()

    def quantile(values: list[float], q: float) -> float:
        return sorted(values)[min(len(values) - 1, int(q * len(values)))]

    base = quantile(idle, 0.99)
    print(f"key → cursor painted on the host, {sockets} flooding sockets for {seconds:.0f} s:")
    print("| phase | moves | p50 | p99 | p99 / idle p99 |")
    print("|---|---|---|---|---|")
    for name, values in (
        ("idle", idle),
        ("protocol-2 flood (SPAKE2 guesses)", during),
        ("protocol-1 flood (old hellos)", old),
    ):
        print(
            f"| {name} | {len(values)} | {statistics.median(values):.1f} ms | {quantile(values, 0.99):.1f} ms "
            f"| {quantile(values, 0.99) / base:.2f} |"
        )
    print(
        f"protocol-2 flood: {tally['connections']} connections, {tally['verdicts']} code verdicts "
        f"({tally['right_codes']} right), {tally['turned_away']} turned away; the friend joined in {join_seconds:.2f} s"
    )


#: A bare host in its own process: prints its port, then serves until killed.
HOST_PROCESS = """
import asyncio
from tictactoe_tui.net.host import Host
from tictactoe_tui.net.match import Match
async def main():
    host = Host(Match())
    print((await host.start())[1], flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""


def rss_mb(pid: int) -> float:
    """A process's resident memory, in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise ValueError("no VmRSS")


def stuff(stuffers: list[socket.socket], port: int, count: int) -> None:
    """Open ``count`` sockets that each send a valid hello and then, over 5 s, 200 KB without a
    newline (in 20 KB pieces, as fast as the host takes them)."""
    hello = encode({"type": "hello", "pake": Pake("a-b-c", "guest").encoded()})
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            sock.connect(("127.0.0.1", port))
        stuffers.append(sock)
    time.sleep(1)
    for sock in stuffers:
        with contextlib.suppress(OSError):
            sock.send(hello)
    for _ in range(10):
        time.sleep(0.5)
        for sock in stuffers:
            with contextlib.suppress(OSError):
                sock.send(b"x" * 20_000)


def memory(stuffers: int, sources: dict[str, Path]) -> None:
    """The host's RSS under ``stuffers`` stuffing strangers, once per source tree."""
    print(f"{stuffers} strangers, each a valid hello then 200 KB without a newline:")
    print("| host | RSS before | peak during (13 s) | 3 s after they close | per stranger at the peak |")
    print("|---|---|---|---|---|")
    for name, source in sources.items():
        env = {**os.environ, "PYTHONPATH": str(source)}
        host = subprocess.Popen([sys.executable, "-c", HOST_PROCESS], stdout=subprocess.PIPE, env=env)
        sockets: list[socket.socket] = []
        try:
            assert host.stdout is not None
            port = int(host.stdout.readline())
            time.sleep(1)
            before = rss_mb(host.pid)
            stuff(sockets, port, stuffers)
            peak = before
            deadline = time.monotonic() + 8  # after the 5 s of stuffing
            while time.monotonic() < deadline:
                peak = max(peak, rss_mb(host.pid))
                time.sleep(0.1)
            for sock in sockets:
                sock.close()
            time.sleep(3)
            after = rss_mb(host.pid)
        finally:
            for sock in sockets:
                sock.close()
            host.kill()
            host.wait()
        print(
            f"| {name} | {before:.0f} MB | {peak:.0f} MB (+{peak - before:.0f}) | {after:.0f} MB "
            f"| {(peak - before) * 1024 / stuffers:.1f} KB |"
        )


async def hogging(attempts: int) -> None:
    """How long a friend takes to be back in a game while strangers hog turns (5 sockets/s)."""
    host = Host(Match())
    address = await host.start()
    hello = encode({"type": "hello", "pake": Pake("a-b-c", "guest").encoded()})
    opened = 0

    async def hog() -> None:
        with contextlib.suppress(OSError):
            _reader, writer = await asyncio.open_connection(*address)
            writer.write(hello)  # and never the join
            await asyncio.sleep(10)
            writer.close()

    async def flood() -> None:
        nonlocal opened
        hogs: set[asyncio.Task[None]] = set()
        try:
            while True:
                task = asyncio.ensure_future(hog())
                hogs.add(task)
                task.add_done_callback(hogs.discard)
                opened += 1
                await asyncio.sleep(0.2)
        finally:
            for task in hogs:
                task.cancel()

    async def until_in(guest: Guest, limit: float) -> float | None:
        started = time.monotonic()
        while not (host.connected and guest.match is not None and guest._stream is not None):
            if time.monotonic() - started > limit:
                return None
            await asyncio.sleep(0.01)
        return time.monotonic() - started

    statuses: list[str] = []
    first = Guest(*address, host.code, on_status=statuses.append)
    running = asyncio.ensure_future(first.run())
    await until_in(first, 10)
    host.play((1, 1))  # a game in progress
    flooding = asyncio.ensure_future(flood())
    await asyncio.sleep(3)
    new_guest: list[float | None] = []
    with_token: list[float | None] = []
    for _ in range(attempts):  # the friend's game closes, and they run join again
        await first.close()
        running.cancel()
        while host.connected:
            await asyncio.sleep(0.01)
        first = Guest(*address, host.code, on_status=statuses.append)
        running = asyncio.ensure_future(first.run())
        new_guest.append(await until_in(first, 40))
    for _ in range(attempts):  # the friend's connection drops, and their guest rejoins
        if first._stream is None:  # not back in the game: nothing to drop
            with_token.append(None)
            continue
        first._stream.writer.transport.abort()
        while host.connected:
            await asyncio.sleep(0.01)
        with_token.append(await until_in(first, 40))
    flooding.cancel()
    await first.close()
    running.cancel()
    await host.close()

    def shown(times: list[float | None]) -> str:
        return ", ".join("not in 40 s" if time is None else f"{time:.2f}" for time in times)

    print(f"strangers hogging turns, 5 new sockets a second ({opened} in all): a friend back in the game after")
    print(f"- join run again (a new guest): {shown(new_guest)} s")
    print(f"- a dropped connection (its token): {shown(with_token)} s")
    told_old = [status for status in statuses if "older" in status]
    print(f"statuses that called the host an older version: {len(told_old)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--case", choices=("cursor", "memory", "hogging", "all"), default="all")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--stuffers", type=int, default=2000)
    parser.add_argument("--attempts", type=int, default=7)
    parser.add_argument("--compare", type=Path, help="another source tree whose host is measured too (memory)")
    args = parser.parse_args()
    if args.case in ("memory", "all"):
        sources = {"this one": ROOT}
        if args.compare is not None:
            sources[str(args.compare)] = args.compare.resolve()
        memory(args.stuffers, sources)
    if args.case in ("hogging", "all"):
        asyncio.run(hogging(args.attempts))
    if args.case in ("cursor", "all"):
        asyncio.run(run(args.moves, args.seconds, args.sockets))


if __name__ == "__main__":
    main()

"""A host under a flood of join attempts: does its screen stay quick, and does the friend get in?

    python benchmarks/bench_flood.py [--moves 300] [--seconds 10] [--sockets 1000]

A real app hosts a match (headless, in this process) while ``scripts/flood.py`` runs in its own
process with ``--sockets`` parallel connections guessing codes for ``--seconds``. The host's
player keeps moving the cursor: each move is timed from the key's action to the square's
cursor class (painted with the next frame), first with nobody connecting, then during the
flood of protocol-2 guesses, then during a flood of protocol-1 hellos (an old script). In the
middle of the first flood a friend with the code joins. Prints p50 / p99 per phase, their
ratio to idle, the flood's code verdicts and how long the friend took.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.ai import ThreadSearcher
from tictactoe_tui.app.board_view import BoardView
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.net import HostPlan
from tictactoe_tui.net.guest import Guest
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
        cell = app.query_one(f"#cell-{target[0]}-{target[1]}")
        while not cell.has_class("-cursor"):
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
                or app.game_screen.online.host is None
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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--sockets", type=int, default=1000)
    args = parser.parse_args()
    asyncio.run(run(args.moves, args.seconds, args.sockets))


if __name__ == "__main__":
    main()

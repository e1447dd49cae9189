"""Archive benchmark: statistics, the browser's first page and recording, with 100,000 games.

    python benchmarks/bench_archive.py [--games N]

Fills a fresh archive (in a temporary folder) with N finished games over 12 kinds (modes,
levels, boards), then times, each as a median of repeated runs:

1. the statistics query, in process, and the statistics screen from key to screen shown (in a
   headless app driven by Textual's pilot, whose key presses wait for the screen to settle:
   the help screen, which reads nothing, is timed the same way for comparison);
2. ``tictactoe-tui stats --json`` as a fresh process, side by side with ``tictactoe-tui --version``
   (the same process start-up without the archive), so the archive's share shows as a ratio;
3. the browser's first page: the query, and the archive screen from key to rows shown;
4. recording one more game: the insert (what the worker does) and what the UI thread pays at
   the end of a game (starting the worker).

Only ratios of times taken in this same run are meaningful on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from textual.widgets import DataTable

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.archive import ArchiveScreen
from tictactoe_tui.app.screens.dialogs.statistics import StatsScreen
from tictactoe_tui.app.screens.help import HelpScreen
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.position import Position
from tictactoe_tui.game import Settings
from tictactoe_tui.store.archive import Archive, GameRecord
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import TWO_PLAYERS, VS_COMPUTER, Seating

KINDS = [
    (mode, level, rows, k)
    for mode, level in (
        (VS_COMPUTER.name, "easy"),
        (VS_COMPUTER.name, "hard"),
        (TWO_PLAYERS.name, ""),
    )
    for rows, k in ((3, 3), (4, 4), (5, 4), (7, 5))
]


def fill(archive: Archive, games: int, rng: random.Random) -> None:
    """Record ``games`` plausible finished games in one transaction."""
    for number in range(games):
        mode, level, rows, k = rng.choice(KINDS)
        outcome = rng.choice((1, 1, 0, -1))
        plies = rng.randint(5, rows * rows)
        moves = tuple((index // rows, index % rows) for index in rng.sample(range(rows * rows), plies))
        players = ("you", "you") if not level else ("you", "computer")
        winner = {1: "x", 0: None, -1: "o"}[outcome]
        times = tuple(1.3 * ply for ply in range(1, plies + 1))
        started = 1_700_000_000.0 + 60 * number
        position, seating = Position(GameShape(rows, rows, k), moves), Seating(mode, players)
        archive.pending.append(GameRecord(position, seating, level, times, winner, outcome, started, started + 50))
    archive.record(archive.pending.pop())


def median_ms(run: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1e3


def process_ms(args: list[str], env: dict[str, str], repeat: int) -> float:
    """A fresh process, after one run that leaves compiled bytecode behind (as installs have)."""
    command = [sys.executable, "-m", "tictactoe_tui", *args]
    subprocess.run(command, env=env, check=True, capture_output=True)
    return median_ms(lambda: subprocess.run(command, env=env, check=True, capture_output=True), repeat)


async def screen_ms(paths: Paths, key: str, ready: Callable[[TicTacToeApp], bool], repeat: int) -> float:
    """Key press to the screen shown and filled, in a headless app on the big archive."""
    samples = []
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name), paths=paths, searcher=ThreadSearcher(get_strategy))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(repeat):
            started = time.perf_counter()
            await pilot.press(key)
            while not ready(app):
                await asyncio.sleep(0.001)
            samples.append(time.perf_counter() - started)
            await pilot.press("escape")
    return statistics.median(samples) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-archive-"))
    paths = Paths(folder / "config", folder / "tictactoe-tui")
    archive = Archive.open(paths)
    started = time.perf_counter()
    fill(archive, args.games, random.Random(7))
    print(f"{archive.count():,} games recorded in {time.perf_counter() - started:.1f} s")
    print(f"database: {paths.archive.stat().st_size / 1e6:.1f} MB")

    stats = median_ms(archive.statistics, args.repeat)
    page = median_ms(archive.page, args.repeat)
    env = {**os.environ, "XDG_DATA_HOME": str(folder), "XDG_CONFIG_HOME": str(folder / "config")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    stats_process = process_ms(["stats", "--json"], env, args.repeat)
    bare_process = process_ms(["--version"], env, args.repeat)

    position, seating = Position(GameShape(3, 3, 3), ((1, 1),)), Seating(TWO_PLAYERS.name, ("you", "you"))
    record = GameRecord(position, seating, "", (1.0,), None, 0, 1.0, 2.0)
    insert = median_ms(lambda: archive.record(record), args.repeat * 4)
    ui_cost = asyncio.run(end_of_game_ms(paths, args.repeat))
    help_screen = asyncio.run(
        screen_ms(paths, "question_mark", lambda app: isinstance(app.screen, HelpScreen), args.repeat)
    )
    stats_screen = asyncio.run(screen_ms(paths, "s", lambda app: isinstance(app.screen, StatsScreen), args.repeat))
    browser = asyncio.run(
        screen_ms(
            paths,
            "g",
            lambda app: isinstance(app.screen, ArchiveScreen) and app.screen.query_one(DataTable).row_count > 0,
            args.repeat,
        )
    )
    archive.close()

    print()
    print(f"| what ({args.games:,} games) | measured | goal |")
    print("|---|---|---|")
    print(f"| statistics query | {stats:.1f} ms | |")
    print(
        f"| statistics screen, key to shown, vs the help screen (no data) | {stats_screen:.0f} ms vs "
        f"{help_screen:.0f} ms: **{stats_screen / help_screen:.2f}×** | the statistics ≤ 100 ms |"
    )
    print(
        f"| `stats --json`, fresh process, vs `--version` | {stats_process:.0f} ms vs {bare_process:.0f} ms: "
        f"**{stats_process / bare_process:.2f}×** (the archive's share {stats_process - bare_process:.0f} ms) "
        "| ≤ 100 ms for the answer |"
    )
    print(f"| archive's first page, query | {page:.2f} ms | |")
    print(
        f"| archive screen, key to rows shown, vs the help screen | {browser:.0f} ms vs {help_screen:.0f} ms: "
        f"**{browser / help_screen:.2f}×** | the page ≤ 50 ms |"
    )
    print(f"| recording a game: the insert (in a worker) | {insert:.2f} ms | |")
    print(f"| recording a game: the UI thread's share at the end of a game | {ui_cost:.2f} ms | ≤ 5 ms |")


async def end_of_game_ms(paths: Paths, repeat: int) -> float:
    """What finishing a game costs the UI thread beyond the move: counting it and starting the
    worker that writes it (measured around ``game_finished``)."""
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name), paths=paths, searcher=ThreadSearcher(get_strategy))
    samples = []
    async with app.run_test() as pilot:
        for _ in range(repeat):
            await pilot.press("n", "1", "4", "2", "5")
            await app.workers.wait_for_complete()
            finished = app.game_screen.game.play((0, 2))
            started = time.perf_counter()
            app.game_screen.game_finished(finished)
            samples.append(time.perf_counter() - started)
            await app.workers.wait_for_complete()
    return statistics.median(samples) * 1e3


if __name__ == "__main__":
    main()

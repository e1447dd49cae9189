"""UI responsiveness, measured in a real pseudo-terminal, side by side in one run.

    python benchmarks/bench_ui.py [--keys N] [--board 7|15]

Key press -> repaint: the time from writing an arrow key to the app until its first output
bytes arrive, p50 and p99, with the computer searching the empty 7×7 board (its hardest
position) against the same app idle.

The first paint, as the player starts the game, is ``benchmarks/bench_first_paint.py``.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import subprocess
import sys
import tempfile
import textwrap
import time

ROWS, COLS = 24, 80  # changed by --board 15 to 40 x 100, where 15x15 fits
HOME = tempfile.mkdtemp(prefix="bench-ui-")

GAME = textwrap.dedent(
    """
    import sys
    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.app.work.ai import ProcessSearcher
    from tictactoe_tui.engine.games import GAME_SEARCHES
    from tictactoe_tui.engine.players import AlphaBetaStrategy, PerfectStrategy
    from tictactoe_tui.game import FirstPlayer, Preset, Settings
    first = FirstPlayer.COMPUTER if sys.argv[1] == "searching" else FirstPlayer.YOU
    size = int(sys.argv[2])
    preset = Preset(size, size, 5)
    settings = Settings(level="impossible", first=first, preset=preset, think_seconds=600)
    # Searches with no node cap, so they run for the whole measurement: exact on 7x7,
    # alpha-beta on 15x15 (what the computer plays there), in a child process as in the app.
    unbounded = (
        PerfectStrategy(max_nodes=None, searches=GAME_SEARCHES)
        if size == 7
        else AlphaBetaStrategy(max_nodes=None, searches=GAME_SEARCHES)
    )
    searcher = ProcessSearcher(strategy_for=lambda name: unbounded)
    TicTacToeApp(settings, searcher=searcher).run()
    """
)


class Terminal:
    """A child process on a pseudo-terminal of 80×24."""

    def __init__(self, code: str, *args: str) -> None:
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
            os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # start as users do: bytecode cached
            os.environ.update(XDG_CONFIG_HOME=HOME, XDG_DATA_HOME=HOME)  # not the user's own files
            os.execv(sys.executable, [sys.executable, "-c", code, *args])
        subprocess.run(["stty", "-F", os.ttyname(self.fd), "rows", str(ROWS), "cols", str(COLS)], check=False)

    def read_until(self, marker: bytes, timeout: float = 30.0) -> float:
        """Read until ``marker`` appears; return the seconds since the process started."""
        seen = b""
        deadline = time.perf_counter() + timeout
        while marker not in seen:
            if time.perf_counter() > deadline:
                raise TimeoutError(marker)
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                seen = seen[-200:] + os.read(self.fd, 65536)
        return time.perf_counter() - self.started

    def drain(self, quiet: float = 0.03) -> None:
        """Read until the child has been silent for ``quiet`` seconds."""
        while select.select([self.fd], [], [], quiet)[0]:
            os.read(self.fd, 65536)

    def key_latency(self, key: bytes) -> float:
        """Seconds from writing ``key`` to the first byte of the app's answer."""
        self.drain()
        sent = time.perf_counter()
        os.write(self.fd, key)
        select.select([self.fd], [], [], 5.0)
        latency = time.perf_counter() - sent
        self.drain()
        return latency

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def key_latencies(state: str, keys: int, size: int) -> list[float]:
    terminal = Terminal(GAME, state, str(size))
    try:
        terminal.read_until(b"Who goes first")
        if state == "searching":
            terminal.read_until(b"thinking")
        arrows = [b"\x1b[C", b"\x1b[B", b"\x1b[D", b"\x1b[A"]
        return [terminal.key_latency(arrows[i % 4]) for i in range(keys)]
    finally:
        terminal.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=200, help="key presses per state (default 200)")
    parser.add_argument("--board", type=int, choices=(7, 15), default=7, help="7 (7x7, 80x24) or 15 (15x15, 100x40)")
    args = parser.parse_args()
    global ROWS, COLS
    if args.board == 15:
        ROWS, COLS = 40, 100
    key_presses(args)


def key_presses(args: argparse.Namespace) -> None:
    print(f"key press -> repaint (arrow keys, {COLS}x{ROWS})")
    idle = key_latencies("idle", args.keys, args.board)
    busy = key_latencies("searching", args.keys, args.board)
    for name, values in (("idle", idle), (f"AI searching {args.board}x{args.board}", busy)):
        print(
            f"   {name:>17}: p50 {percentile(values, 0.5) * 1e3:6.1f} ms, p99 {percentile(values, 0.99) * 1e3:6.1f} ms"
        )
    ratio = percentile(busy, 0.99) / percentile(idle, 0.99)
    print(f"   p99 searching / idle: {ratio:.2f}x (goal <= 2x; <= 1.5x on 15x15)")


if __name__ == "__main__":
    main()

"""UI responsiveness, measured in a real pseudo-terminal, side by side in one run.

    python benchmarks/bench_ui.py [--keys N]

1. Key press -> repaint: the time from writing an arrow key to the app until its first
   output bytes arrive, p50 and p99, with the computer searching the empty 7×7 board (its
   hardest position) against the same app idle.
2. Start -> first paint: from spawning the process until the game's first frame shows (as the
   ``tictactoe-tui`` command starts it), against a bare Textual app showing one line of text.
3. The same as the player does it (``--tmux``): the ``tictactoe-tui`` console script started in
   a real terminal (a tmux window of 100×32 on a tmux server of the benchmark's own), timed
   until "Your turn" is on the screen, against the bare app started the same way, alternated.
   ``--before DIR`` adds the same command with another copy of the package first on
   ``PYTHONPATH`` (say a checkout of the code before a change, ``git worktree add DIR main``),
   alternated with the two, so a change and the code before it are measured in one run.
   ``--instructions`` counts instead the machine instructions each of them executes until that
   frame (valgrind's callgrind, one start each): a count that does not move with the machine's
   load, as the times do.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import shlex
import shutil
import statistics
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
    from tictactoe_tui.app import TicTacToeApp, run_app
    if sys.argv[1] == "default":
        sys.exit(run_app())  # the game exactly as the tictactoe-tui command starts it
    from tictactoe_tui.app.ai import ProcessSearcher
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
BARE = textwrap.dedent(
    """
    from textual.app import App
    from textual.widgets import Static

    class Bare(App[None]):
        def compose(self):
            yield Static("Your turn")

    Bare().run()
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


def first_paint(code: str, marker: bytes, *args: str) -> float:
    terminal = Terminal(code, *args)
    try:
        return terminal.read_until(marker)
    finally:
        terminal.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=200, help="key presses per state (default 200)")
    parser.add_argument("--board", type=int, choices=(7, 15), default=7, help="7 (7x7, 80x24) or 15 (15x15, 100x40)")
    parser.add_argument("--start-only", action="store_true", help="only the start -> first paint comparison")
    parser.add_argument("--starts", type=int, default=7, help="starts of each app to time (default 7)")
    parser.add_argument("--tmux", action="store_true", help="only the console script's first paint in tmux")
    parser.add_argument(
        "--before", metavar="DIR", help="with --tmux: also time the command with the package in DIR (the code before)"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="with --tmux: count instructions to the first frame (valgrind)"
    )
    args = parser.parse_args()
    if args.tmux and args.instructions:
        first_paint_instructions(args.before)
        return
    if args.tmux:
        console_script_first_paint(args.starts, args.before)
        return
    global ROWS, COLS
    if args.board == 15:
        ROWS, COLS = 40, 100

    if not args.start_only:
        key_presses(args)
    start_to_first_paint(args.starts)


def key_presses(args: argparse.Namespace) -> None:
    print(f"1. key press -> repaint (arrow keys, {COLS}x{ROWS})")
    idle = key_latencies("idle", args.keys, args.board)
    busy = key_latencies("searching", args.keys, args.board)
    for name, values in (("idle", idle), (f"AI searching {args.board}x{args.board}", busy)):
        print(
            f"   {name:>17}: p50 {percentile(values, 0.5) * 1e3:6.1f} ms, p99 {percentile(values, 0.99) * 1e3:6.1f} ms"
        )
    ratio = percentile(busy, 0.99) / percentile(idle, 0.99)
    print(f"   p99 searching / idle: {ratio:.2f}x (goal <= 2x; <= 1.5x on 15x15)")


def start_to_first_paint(starts: int) -> None:
    print("2. start -> first paint")
    first_paint(GAME, b"Your turn", "default", "3")  # warm-up: bytecode written, files in the page cache
    first_paint(BARE, b"Your turn")
    ours, bare = [], []
    for _ in range(starts):  # alternated, so a slower stretch of the machine hits both
        ours.append(first_paint(GAME, b"Your turn", "default", "3"))
        bare.append(first_paint(BARE, b"Your turn"))
    ours_median, bare_median = statistics.median(ours), statistics.median(bare)
    print(
        f"   tictactoe-tui {ours_median * 1e3:.0f} ms, bare Textual app {bare_median * 1e3:.0f} ms:"
        f" {ours_median / bare_median:.2f}x (goal <= 1.3x)"
    )


class Tmux:
    """A tmux server of the benchmark's own (``tmux -L``), killed on exit, whose windows are a
    real terminal of 100×32."""

    def __init__(self) -> None:
        self.name = f"bench-ui-{os.getpid()}"
        self("new-session", "-d", "-x", "100", "-y", "32", "-s", "bench", "sleep 3600")
        self("set-option", "-g", "default-size", "100x32")

    def __call__(self, *args: str) -> str:
        result = subprocess.run(["tmux", "-L", self.name, *args], capture_output=True, text=True, check=True)
        return result.stdout

    def first_paint(self, command: str, marker: str, timeout: float = 30.0) -> tuple[float, float]:
        """Seconds from asking tmux for a window running ``command`` until ``marker`` is on its
        screen, and the seconds of CPU its process had used by then."""
        started = time.perf_counter()
        pane, pid = self("new-window", "-d", "-P", "-F", "#{pane_id} #{pane_pid}", command).split()
        try:
            while marker not in self("capture-pane", "-p", "-t", pane):
                if time.perf_counter() - started > timeout:
                    raise TimeoutError(marker)
                time.sleep(0.005)
            return time.perf_counter() - started, cpu_seconds(int(pid))
        finally:
            self("kill-pane", "-t", pane)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.name, "kill-server"], check=False)


def console_script_first_paint(starts: int, before: str | None = None) -> None:
    """The ``tictactoe-tui`` command against the bare app, each started in tmux ``starts`` times;
    with ``before``, also the command with the package in that directory."""
    script = shutil.which("tictactoe-tui", path=os.path.dirname(sys.executable)) or "tictactoe-tui"
    # as a player starts it: a home of its own, bytecode written and cached (as pip's install
    # leaves it; a PYTHONDONTWRITEBYTECODE in the benchmark's environment would make every start
    # compile the package again while Textual's bytecode stays cached)
    environment = (
        f"env -u PYTHONDONTWRITEBYTECODE HOME={HOME} XDG_CONFIG_HOME={HOME} XDG_DATA_HOME={HOME} TERM=xterm-256color"
    )
    commands = {"ours": f"{environment} {script}", "bare": f"{environment} {sys.executable} -c {shlex.quote(BARE)}"}
    if before is not None:
        commands["before"] = f"{environment} PYTHONPATH={shlex.quote(os.path.abspath(before))} {script}"
    tmux = Tmux()
    try:
        for command in commands.values():  # warm-up: settings, archive and bytecode written, files cached
            tmux.first_paint(command, "Your turn")
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(starts):  # alternated, so a slower stretch of the machine hits all
            for name, command in commands.items():
                runs[name].append(tmux.first_paint(command, "Your turn"))
    finally:
        tmux.close()
    print(f"3. the tictactoe-tui command in tmux (100x32), {starts} starts each, until 'Your turn' shows")
    labels = {"ours": "tictactoe-tui", "bare": "bare app", "before": "before"}
    for name in runs:
        walls, cpus = zip(*runs[name], strict=True)
        print(f"   {labels[name] + ':':<15}" + ", ".join(f"{t * 1e3:.0f}" for t in walls) + " ms", end="")
        print(f" (CPU used by then, median {statistics.median(cpus) * 1e3:.0f} ms)")
    for name in ("ours", "before")[: len(runs) - 1]:
        label = labels[name] if name == "before" else "now"
        ratios = sorted(ours[0] / bare[0] for ours, bare in zip(runs[name], runs["bare"], strict=True))
        median = statistics.median(wall for wall, _ in runs[name])
        bare_median = statistics.median(wall for wall, _ in runs["bare"])
        cpu = statistics.median(cpu for _, cpu in runs[name]) / statistics.median(cpu for _, cpu in runs["bare"])
        print(
            f"   {label}: medians {median * 1e3:.0f} vs {bare_median * 1e3:.0f} ms: {median / bare_median:.2f}x;"
            f" start by start {ratios[0]:.2f}x to {ratios[-1]:.2f}x, median {statistics.median(ratios):.2f}x;"
            f" CPU {cpu:.2f}x (goal <= 1.2x)"
        )


#: The console script's code (``main()`` with the command line's arguments), or the bare app's,
#: ended by the first write to the terminal that shows "Your turn": the first frame.
AT_FIRST_FRAME = textwrap.dedent(
    """
    import os, sys
    from textual.drivers import linux_driver

    write = linux_driver.LinuxDriver.write

    def write_and_end_at_the_first_frame(driver, data):
        write(driver, data)
        if "Your turn" in data:
            os._exit(0)

    linux_driver.LinuxDriver.write = write_and_end_at_the_first_frame
    if sys.argv[1] == "bare":
        exec(sys.argv[2])
    else:
        from tictactoe_tui.cli import main

        sys.argv[1:] = []
        sys.exit(main())
    """
)


def first_paint_instructions(before: str | None = None) -> None:
    """Instructions the command (and with ``before``, the command with the package in that
    directory) and the bare app execute until their first frame, each started once in tmux
    under callgrind, after a warm-up start of each as the player starts it (bytecode written,
    files cached)."""
    script = shutil.which("tictactoe-tui", path=os.path.dirname(sys.executable)) or "tictactoe-tui"
    environment = (
        f"env -u PYTHONDONTWRITEBYTECODE HOME={HOME} XDG_CONFIG_HOME={HOME} XDG_DATA_HOME={HOME} TERM=xterm-256color"
    )
    # -P: not the current directory first on the path, as the console script does not put it there
    at_first_frame = f"{sys.executable} -P -c {shlex.quote(AT_FIRST_FRAME)}"
    # each: its warm-up start, its environment and its arguments (the counted start runs
    # at_first_frame under valgrind)
    runs = {
        "ours": (f"{environment} {script}", environment, "ours"),
        "bare": (f"{environment} {sys.executable} -c {shlex.quote(BARE)}", environment, f"bare {shlex.quote(BARE)}"),
    }
    if before is not None:
        path = f"{environment} PYTHONPATH={shlex.quote(os.path.abspath(before))}"
        runs["before"] = (f"{path} {script}", path, "ours")
    tmux = Tmux()
    counts = {}
    try:
        for warm_up, _environment, _arguments in runs.values():
            tmux.first_paint(warm_up, "Your turn")
        for name, (_warm_up, environment_of_run, arguments) in runs.items():
            out = os.path.join(HOME, f"callgrind.{name}")
            valgrind = f"valgrind --tool=callgrind --callgrind-out-file={out}"
            tmux("new-window", "-d", f"{environment_of_run} {valgrind} {at_first_frame} {arguments}")
            counts[name] = callgrind_total(out)
    finally:
        tmux.close()
    print("3. instructions until 'Your turn' shows (callgrind, the command in tmux, 100x32)")
    labels = {"ours": "tictactoe-tui", "bare": "bare app", "before": "before"}
    for name, count in counts.items():
        print(f"   {labels[name] + ':':<15}{count / 1e6:,.0f}M ({count / counts['bare']:.2f}x the bare app)")


def callgrind_total(path: str, timeout: float = 300.0) -> int:
    """The instruction count callgrind writes to ``path`` when its process ends."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if os.path.exists(path):
            with open(path) as counts:
                for line in counts:
                    if line.startswith("totals:"):
                        return int(line.split()[1])
        time.sleep(0.5)
    raise TimeoutError(path)


def cpu_seconds(pid: int) -> float:
    """The CPU time all threads of process ``pid`` have used so far (Linux: /proc/PID/task/*/schedstat)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[0])
        except FileNotFoundError:  # a thread that ended meanwhile
            continue
    return total / 1e9


if __name__ == "__main__":
    main()

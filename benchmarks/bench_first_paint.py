"""First paint by the player's stopwatch: the installed ``tictactoe-tui`` command against a bare
Textual app, each started in a window of a real terminal, interleaved.

    python benchmarks/bench_first_paint.py [--starts 5] [--before DIR] [--instructions]

A tmux server of the benchmark's own (``tmux -L``, started once, before any timing) holds a
window of 100×32 for each start. The window's shell waits on a FIFO; the clock starts when the
benchmark writes to it, the shell ``exec``s the command (as a player's shell runs what they
typed), and the benchmark asks the server for the window's text every 5 ms, over one control-mode
connection (no process started per look), until "Your turn" shows (the bare app's one line says
the same). No server, window or shell is started inside a timing. Each start's time, the CPU its
process had used by then, the medians, their ratio and the ratio start by start are printed,
with the load average before and after.

``--before DIR`` adds the same command with the package in ``DIR`` first on ``PYTHONPATH`` (a
worktree of the code before a change: ``git worktree add --detach DIR main``), interleaved with
the other two. ``--instructions`` counts instead the machine instructions each executes until the
write that shows "Your turn" (valgrind's callgrind, one start each): the steady figure, which does
not move with the machine's load as the times do.
"""

from __future__ import annotations

import argparse
import itertools
import os
import select
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass

MARKER = "Your turn"
POLL = 0.005
HOME = tempfile.mkdtemp(prefix="bench-first-paint-")

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

#: The console script's code (``main()`` with no arguments), or the bare app's, ended by the first
#: write to the terminal that shows "Your turn": the first frame.
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


@dataclass(frozen=True)
class Start:
    """One start: seconds until the marker showed, and the CPU seconds its process had used."""

    wall: float
    cpu: float


class Tmux:
    """A tmux server of the benchmark's own, with one control-mode client to talk to it."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="bench-first-paint-")
        self.name = os.path.basename(self.folder)  # the server's socket name: unique
        self.scripts = 0
        # the server's environment is every window's: a home of its own, bytecode written and
        # cached as an installed package has it (no PYTHONDONTWRITEBYTECODE)
        environment = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        environment.update(HOME=HOME, XDG_CONFIG_HOME=HOME, XDG_DATA_HOME=HOME)
        # the control client makes the session, so it is attached before its first command
        self.control = subprocess.Popen(
            ["tmux", "-L", self.name, "-f", "/dev/null", "-C", "new-session", "-x", "100", "-y", "32", "-s", "bench"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=environment,
        )
        self.unread = b""
        for attempt in itertools.count():  # tmux 3.3 may drop a command sent as it starts: ask again
            if self.reply(self.send(f"display-message -p started-{attempt}"), f"started-{attempt}", 0.2):
                break
        for option in ("default-shell /bin/sh", "default-size 100x32"):
            self(f"set-option -g {option}")

    def send(self, command: str) -> str:
        assert self.control.stdin is not None
        self.control.stdin.write(command.encode() + b"\n")
        self.control.stdin.flush()
        return command

    def __call__(self, command: str) -> list[str]:
        """Run a tmux command over the control connection; its output lines."""
        lines = self.reply(self.send(command))
        if lines is None:
            raise TimeoutError(f"tmux never answered {command!r}")
        return lines

    def reply(self, command: str, saying: str = "", seconds: float = 60.0) -> list[str] | None:
        """The next reply to a command of this client (notifications, the attaching's reply and
        replies without ``saying`` skipped), or None after ``seconds``."""
        deadline = time.perf_counter() + seconds
        lines: list[str] = []
        ours = False
        while (line := self.line(deadline)) is not None:
            if line.startswith("%begin"):
                ours, lines = line.split()[-1] == "1", []
            elif ours and line.startswith(("%end", "%error")):
                if line.startswith("%error"):
                    raise RuntimeError(f"tmux {command!r}: {' '.join(lines)}")
                if saying in "\n".join(lines):
                    return lines
                ours = False
            elif ours:
                lines.append(line)
        return None

    def line(self, deadline: float) -> str | None:
        """The next line the control client writes, or None once ``deadline`` has passed."""
        assert self.control.stdout is not None
        while b"\n" not in self.unread:
            wait = deadline - time.perf_counter()
            if wait <= 0 or not select.select([self.control.stdout], [], [], wait)[0]:
                return None
            data = os.read(self.control.stdout.fileno(), 65536)
            if not data:
                raise RuntimeError("the tmux server went away")
            self.unread += data
        line, _, self.unread = self.unread.partition(b"\n")
        return line.decode(errors="replace")

    def window(self, lines: str) -> tuple[str, int]:
        """A new window of 100×32 whose shell runs ``lines`` (a script: no quoting for tmux); its
        pane and the shell's process."""
        self.scripts += 1
        script = os.path.join(self.folder, f"window-{self.scripts}.sh")
        with open(script, "w") as file:
            file.write(lines + "\n")
        pane, pid = self(f"new-window -d -P -F '#{{pane_id}} #{{pane_pid}}' 'exec /bin/sh {script}'")[0].split()
        return pane, int(pid)

    def start(self, command: str) -> Start:
        """Start ``command`` in a new window of 100×32 and time it until "Your turn" shows there."""
        go = os.path.join(self.folder, f"go-{self.scripts}")
        os.mkfifo(go)
        pane, pid = self.window(f"read go < {shlex.quote(go)}\n{command}")
        try:
            with open(go, "w") as fifo:  # opened once the shell waits on it
                started = time.perf_counter()
                fifo.write("go\n")
            while True:
                looked = time.perf_counter()
                if any(MARKER in line for line in self(f"capture-pane -p -t {pane}")):
                    return Start(looked - started, cpu_seconds(pid))
                if looked - started > 60:
                    raise TimeoutError(f"{command} never showed {MARKER!r}")
                time.sleep(max(0.0, looked + POLL - time.perf_counter()))
        finally:
            self(f"kill-pane -t {pane}")
            os.unlink(go)

    def close(self) -> None:
        if self.control.stdin is not None:
            self.control.stdin.close()
        self.control.wait(10)
        subprocess.run(["tmux", "-L", self.name, "kill-server"], check=False, capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


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


def load_average() -> str:
    with open("/proc/loadavg") as loadavg:
        return " ".join(loadavg.read().split()[:3])


def console_script() -> str:
    return shutil.which("tictactoe-tui", path=os.path.dirname(sys.executable)) or "tictactoe-tui"


def commands(before: str | None) -> dict[str, str]:
    """What each contender's shell runs: the command, ``exec``ed (as a shell runs the last one)."""
    script = shlex.quote(console_script())
    chosen = {
        "tictactoe-tui": f"exec {script}",
        "bare app": f"exec {shlex.quote(sys.executable)} -c {shlex.quote(BARE)}",
    }
    if before is not None:
        chosen["before"] = f"export PYTHONPATH={shlex.quote(os.path.abspath(before))}; exec {script}"
    return chosen


def wall_times(starts: int, before: str | None) -> None:
    """Each contender started ``starts`` times, interleaved, after a warm-up start of each."""
    contenders = commands(before)
    loads = [load_average()]
    tmux = Tmux()
    try:
        for command in contenders.values():  # warm-up: settings, archive and bytecode written, files cached
            tmux.start(command)
        runs: dict[str, list[Start]] = {name: [] for name in contenders}
        for _ in range(starts):  # interleaved, so a slower stretch of the machine hits each
            for name, command in contenders.items():
                runs[name].append(tmux.start(command))
    finally:
        tmux.close()
    loads.append(load_average())
    print(f"first paint: each command in a tmux window of 100x32, {starts} starts each, until '{MARKER}' shows")
    print(f"   load average before {loads[0]}, after {loads[1]}")
    for name, done in runs.items():
        walls = ", ".join(f"{start.wall * 1e3:.0f}" for start in done)
        cpu = statistics.median(start.cpu for start in done)
        print(f"   {name + ':':<15}{walls} ms (CPU used by then, median {cpu * 1e3:.0f} ms)")
    bare = runs["bare app"]
    for name in (name for name in runs if name != "bare app"):
        wall, bare_wall = statistics.median(s.wall for s in runs[name]), statistics.median(s.wall for s in bare)
        cpu, bare_cpu = statistics.median(s.cpu for s in runs[name]), statistics.median(s.cpu for s in bare)
        ratios = sorted(ours.wall / theirs.wall for ours, theirs in zip(runs[name], bare, strict=True))
        print(
            f"   {name}: medians {wall * 1e3:.0f} vs {bare_wall * 1e3:.0f} ms: {wall / bare_wall:.2f}x;"
            f" start by start {ratios[0]:.2f}x to {ratios[-1]:.2f}x, median {statistics.median(ratios):.2f}x;"
            f" CPU {cpu * 1e3:.0f} vs {bare_cpu * 1e3:.0f} ms: {cpu / bare_cpu:.2f}x (goal <= 1.2x)"
        )


def instructions(before: str | None) -> None:
    """Instructions each contender executes until its first frame, started once each in tmux
    under callgrind, after a warm-up start of each as the player starts it."""
    at_first_frame = f"{shlex.quote(sys.executable)} -P -c {shlex.quote(AT_FIRST_FRAME)}"  # -P: as the script
    contenders = commands(before)
    counted = {"tictactoe-tui": "ours", "bare app": f"bare {shlex.quote(BARE)}", "before": "ours"}
    tmux = Tmux()
    counts: dict[str, int] = {}
    try:
        for command in contenders.values():
            tmux.start(command)
        for name in contenders:
            out = os.path.join(HOME, f"callgrind.{name.replace(' ', '-')}")
            path = f"export PYTHONPATH={shlex.quote(os.path.abspath(before))}\n" if name == "before" and before else ""
            tmux.window(f"{path}valgrind --tool=callgrind --callgrind-out-file={out} {at_first_frame} {counted[name]}")
            counts[name] = callgrind_total(out)
    finally:
        tmux.close()
    print(f"instructions until '{MARKER}' shows (callgrind, each command in a tmux window of 100x32)")
    for name, count in counts.items():
        print(f"   {name + ':':<15}{count / 1e6:,.0f}M ({count / counts['bare app']:.2f}x the bare app)")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5, help="timed starts of each command (default 5)")
    parser.add_argument("--before", metavar="DIR", help="also the command with the package in DIR (the code before)")
    parser.add_argument("--instructions", action="store_true", help="count instructions instead (valgrind)")
    args = parser.parse_args()
    if args.instructions:
        instructions(args.before)
    else:
        wall_times(args.starts, args.before)


if __name__ == "__main__":
    main()

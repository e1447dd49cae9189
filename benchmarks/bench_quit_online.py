"""How long the app takes to end after a quit while going online through a mailbox server whose
name is slow to look up (the server down, its name looked up in Twisted's thread pool): each side
runs in a process of its own, quits once the lookup is under way, and says how long the quit
took and whether anything was printed.

    python benchmarks/bench_quit_online.py [--lookup 5]   # seconds a name lookup takes
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.mailbox import free_port  # noqa: E402

QUIT = """
import asyncio, socket, sys, threading, time
from pathlib import Path
looking = threading.Event()
lookup = socket.getaddrinfo
def slow_lookup(*args, **options):
    looking.set()
    time.sleep(float(sys.argv[4]))
    return lookup(*args, **options)
socket.getaddrinfo = slow_lookup
from tests.helpers.online import app_for
from tests.helpers.waiting import until
from tictactoe_tui.net import MailboxHostPlan, MailboxJoinPlan
quit_at = 0.0

async def main():
    global quit_at
    url, home = sys.argv[1], Path(sys.argv[3])
    plan = MailboxHostPlan(url) if sys.argv[2] == "host" else MailboxJoinPlan(url, "5-apple-banana")
    app = app_for(home, plan)
    async with app.run_test():
        await until(looking.is_set, "the name lookup to start")
        quit_at = time.monotonic()
asyncio.run(main())
print(f"{time.monotonic() - quit_at:.2f}")
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lookup", type=float, default=5.0, help="seconds a name lookup takes")
    lookup = parser.parse_args().lookup
    url = f"ws://localhost:{free_port()}/v1"
    print("| side | quit to the end (s) | printed |\n|---|---|---|")
    for side in ("host", "join"):
        with tempfile.TemporaryDirectory() as home:
            done = subprocess.run(
                [sys.executable, "-c", QUIT, url, side, home, str(lookup)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=120,
            )
        took = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "?"
        print(f"| {side} | {took} | {done.stderr.strip()[:80] or 'nothing'} |")


if __name__ == "__main__":
    main()

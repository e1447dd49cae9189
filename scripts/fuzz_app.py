"""Long UI fuzz run: python scripts/fuzz_app.py [--actions 10000] [--per-run 250] [--seed 0]

Drives the real app through seeded runs of random actions (see tests/helpers/fuzz.py) and prints
actions run, faults found and, for each fault, the seed and action number to replay it with
``tests.helpers.fuzz.run(seed, actions)``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.helpers.fuzz import run


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--per-run", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0, help="first seed; each run uses the next")
    args = parser.parse_args()
    started = time.perf_counter()
    total = moves = games = 0
    faults: list[str] = []
    slowest = 0.0
    seed = args.seed
    while total < args.actions:
        report = await run(seed, min(args.per_run, args.actions - total))
        total += report.actions
        moves += report.moves
        games += report.games
        slowest = max(slowest, report.slowest)
        faults += report.faults
        ending = " (then quit from the footer)" if report.quit else ""
        counts = f"{report.actions} actions, {report.moves} moves, {len(report.faults)} faults"
        print(f"seed {seed}: {counts}{ending}", flush=True)
        seed += 1
    print(
        f"\n{total} actions in {seed - args.seed} runs (seeds {args.seed}-{seed - 1}), {moves} moves,"
        f" {games} games; slowest action {slowest:.2f} s; {time.perf_counter() - started:.0f} s"
    )
    print(f"faults: {len(faults)}")
    for fault in faults:
        print(f"  {fault}")


if __name__ == "__main__":
    asyncio.run(main())

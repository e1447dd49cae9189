"""How long Ultimate's levels take a move with the app's default budget of 1 s.

    python benchmarks/bench_ultimate_time.py [--positions 100] [--budget 1.0] [--level impossible]

Positions come from random play (4 to 40 moves in, seeded); each is searched by a fresh copy of
the level (no tree from earlier moves) with the budget, timed from the call to its answer.
Prints p50, p99 and the longest move, and p99 as a multiple of the budget.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time

from tictactoe_tui.engine import Board, get_strategy
from tictactoe_tui.engine.search.budget import Budget


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--level", default="impossible")
    args = parser.parse_args()
    rng = random.Random(11)
    level = get_strategy(args.level)
    times: list[float] = []
    while len(times) < args.positions:
        board = Board.empty(9, 9, 3, "ultimate")
        for _ in range(rng.randrange(4, 41)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if board.is_over:
            continue
        player = copy.deepcopy(level)
        started = time.perf_counter()
        player.decide(board, random.Random(len(times)), Budget.seconds(args.budget))
        times.append(time.perf_counter() - started)
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    median = statistics.median(ordered)
    print(
        f"{args.level} on Ultimate, {args.budget:g} s budget, {len(times)} positions: p50 {median:.2f} s,"
        f" p99 {p99:.2f} s, longest {ordered[-1]:.2f} s; p99 = {p99 / args.budget:.2f} × the budget"
    )


if __name__ == "__main__":
    main()

"""How fast Connect Four's exact values come: every move's value of positions from random games.

    python benchmarks/bench_connect_four_values.py [--positions 1000] [--seconds 1] [--seed 0]
                                                   [--plies 0-41] [--cold] [--check]

Each position is a random game's, stopped at a ply drawn evenly from 0 to 41 (``--plies``: from
that range; a game that ends first is played again). Its analysis (every legal move's exact
value and distance, as the hint, the overlay, the coach and the review ask it) gets
``--seconds`` (the app's budget: 1 s). One solver for them all, as the search process keeps
one, its table warm from the positions before; ``--cold``: a fresh solver each. Prints p50,
p99 and the longest time, by ply band and in all, each in wall-clock seconds and in the
processor time the search took, all its threads (``cpu_p50``, ``cpu_p99``: with one search,
what the wall clock would read on a free core of a machine shared with other work), the load
average, and how many did not finish; ``--check`` compares every value with BitBully's solver
(the test extra's) and counts the ones that differ.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from tictactoe_tui.engine import Board
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.engine.search.budget import Budget
from tictactoe_tui.engine.search.gravity.solver import GravitySolver

EMPTY = Board.empty(6, 7, 4, "gravity")
BANDS = ((0, 7), (8, 11), (12, 16), (17, 24), (25, 41))


def random_position(rng: random.Random, low: int = 0, high: int = 41) -> tuple[Board, str]:
    """A random game's position at a ply drawn evenly from ``low`` to ``high``, and its columns
    (from 1)."""
    plies = rng.randint(low, high)
    while True:
        board, columns = EMPTY, ""
        while board.move_count < plies and not board.is_over:
            move = rng.choice(board.legal_moves())
            board = board.play(move)
            columns += str(move[1] + 1)
        if not board.is_over:
            return board, columns


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(times: list[tuple[float, float]]) -> dict[str, float]:
    """Wall-clock and processor times ``(wall, cpu)``: how many, p50, p99 and the longest."""
    walls, cpus = [wall for wall, _ in times], [cpu for _, cpu in times]
    return {
        "positions": len(times),
        "p50": round(statistics.median(walls), 4),
        "p99": round(percentile(walls, 0.99), 4),
        "max": round(max(walls), 4),
        "cpu_p50": round(statistics.median(cpus), 4),
        "cpu_p99": round(percentile(cpus, 0.99), 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plies", default="0-41", help="the range of plies the positions are drawn from")
    parser.add_argument("--cold", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    low, high = (int(part) for part in args.plies.split("-"))
    rng = random.Random(args.seed)
    win_book = GAMES["gravity"].searches.win_book["6x7k4"]  # as Gravity's kit hands it to its solver
    solver = GravitySolver(EMPTY.geometry, win_book=win_book)
    solver.analyze(EMPTY)  # the kernel's machine code and the books loaded, as a session's start does
    referee = None
    if args.check:
        from bitbully import BitBully

        referee = BitBully()
    times: list[tuple[int, float, float]] = []
    unfinished: list[str] = []
    differing: list[str] = []
    slowest = (0.0, "")
    for _ in range(args.positions):
        board, columns = random_position(rng, low, high)
        if args.cold:
            solver = GravitySolver(EMPTY.geometry, win_book=win_book)
        started, started_cpu = time.perf_counter(), time.process_time()
        analysis = solver.analyze(board, Budget.seconds(args.seconds))
        took = time.perf_counter() - started
        times.append((board.move_count, took, time.process_time() - started_cpu))
        slowest = max(slowest, (took, columns))
        if not analysis.complete:
            unfinished.append(columns)
        elif referee is not None:
            from bitbully import Board as ReferenceBoard

            reference = referee.score_all_moves(ReferenceBoard.from_moves([int(c) - 1 for c in columns]))
            ours = {move.move[1]: move.value for move in analysis.moves}
            if ours != {column: (score > 0) - (score < 0) for column, score in reference.items()}:
                differing.append(columns)
    report = {
        "all": summary([(took, cpu) for _, took, cpu in times]),
        "budget": args.seconds,
        "by_ply": {
            f"{first}-{last}": summary([(took, cpu) for ply, took, cpu in times if first <= ply <= last])
            for first, last in BANDS
            if any(first <= ply <= last for ply, _, _ in times)
        },
        "over_0.25_s": sum(took > 0.25 for _, took, _ in times),
        "cpu_over_0.25_s": sum(cpu > 0.25 for _, _, cpu in times),
        "unfinished": unfinished,
        "slowest": {"seconds": round(slowest[0], 3), "columns": slowest[1]},
        "cold": args.cold,
        "load_average": [round(load, 2) for load in os.getloadavg()],
    }
    if args.check:
        report["differing"] = differing
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

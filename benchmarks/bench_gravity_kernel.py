"""The compiled Gravity kernel against the interpreted search, side by side in one run.

    python benchmarks/bench_gravity_kernel.py [--repeat 2]

1. Nodes a second: every move's exact value (:meth:`GravitySolver.analyze`) on two Connect Four
   middle games and the empty 4×5 board (4 in a row, a draw), by the compiled kernel and by the
   interpreted search, each with a fresh table: nodes, CPU seconds, nodes per CPU second and
   the ratio. Both count the same kind of node; their counts differ a little because the
   kernel's table is of a fixed size.
2. One search or two: :meth:`GravitySolver.winning_move` with a 60 s deadline on won positions
   where `impossible` once let the win go (their wins take 0.2–2 s to prove), wall time with
   one search and with two at once (the app runs two where the load average shows a core
   free), a fresh table each time. Prints the load average, which decides what two can gain.

The kernel is loaded (and compiled, the first time) before anything is timed.
"""

from __future__ import annotations

import argparse
import os
import time

from tictactoe_tui.engine import Board, Budget
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.gravity import solver as gravity_solver
from tictactoe_tui.engine.search.gravity.solver import GravitySolver

#: Positions by their shape and columns (from 1): Connect Four 14 and 13 plies in, empty 4×5.
SPEED_POSITIONS = ((6, 7, "43343433474727"), (6, 7, "4244426225474"), (4, 5, ""))
#: Won positions where `impossible` once let the win go (bench_connect_four.py's runs).
HARD_WINS = (
    "717326576", "5721542522", "11123136133", "76213511", "26716154", "57215425", "317511674",
    "7411564545", "25777131", "532157157", "25427777", "613612757", "45265461", "454126745",
)  # fmt: skip


def position(columns: str, rows: int = 6, cols: int = 7) -> Board:
    return dropped(Board.empty(rows, cols, 4, "gravity"), columns)


def speed(shape_and_columns: tuple[int, int, str], compiled: bool) -> tuple[int, float]:
    """Nodes and CPU seconds of every move's exact value, with a fresh table."""
    rows, cols, columns = shape_and_columns
    board = position(columns, rows, cols)
    solver = GravitySolver(board.geometry, use_book=False, compiled=compiled)
    started = time.process_time()
    analysis = solver.analyze(board)
    return analysis.nodes, time.process_time() - started


def proof_time(columns: str, threads: int) -> float:
    """Wall seconds :meth:`GravitySolver.winning_move` takes on ``columns`` with ``threads`` searches."""
    board = position(columns)
    gravity_solver.searches_at_once = lambda: threads  # as many as asked, whatever the machine's load
    solver = GravitySolver(board.geometry, use_book=False)
    started = time.perf_counter()
    if solver.winning_move(board, Budget.seconds(60)) is None:
        raise SystemExit(f"{columns}: no win proven")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--repeat", type=int, default=2, help="runs of each measurement (the best is kept)")
    args = parser.parse_args()
    speed(SPEED_POSITIONS[0], compiled=True)  # load the kernel first
    print("1. nodes a second (CPU time), compiled kernel vs interpreted search")
    totals = {True: [0, 0.0], False: [0, 0.0]}
    for shape_and_columns in SPEED_POSITIONS:
        row = []
        for compiled in (True, False):
            runs = [speed(shape_and_columns, compiled) for _ in range(args.repeat)]
            nodes, seconds = min(runs, key=lambda run: run[1])
            totals[compiled][0] += nodes
            totals[compiled][1] += seconds
            row.append(f"{nodes:>10,} nodes {seconds:7.2f} s {nodes / seconds:>11,.0f}/s")
        rows, cols, columns = shape_and_columns
        print(f"   {rows}x{cols} {columns or '(empty)':<15} kernel {row[0]} | interpreted {row[1]}")
    kernel, interpreted = (totals[True][0] / totals[True][1]), (totals[False][0] / totals[False][1])
    print(f"   all: kernel {kernel:,.0f} nodes/s, interpreted {interpreted:,.0f}: {kernel / interpreted:.0f}x")
    print(f"2. winning_move on won positions, wall time: one search vs two at once (load {os.getloadavg()[0]:.1f})")
    sums, within = {1: 0.0, 2: 0.0}, {1: 0, 2: 0}
    for columns in HARD_WINS:
        times = {threads: min(proof_time(columns, threads) for _ in range(args.repeat)) for threads in (1, 2)}
        for threads, seconds in times.items():
            sums[threads] += seconds
            within[threads] += seconds <= 0.7
        print(f"   {columns:<12} one {times[1]:5.2f} s, two {times[2]:5.2f} s")
    print(
        f"   all: one {sums[1]:.2f} s, two {sums[2]:.2f} s ({sums[1] / sums[2]:.2f}x);"
        f" proven within 0.7 s (the first proof's share of a move): one {within[1]}, two {within[2]}"
        f" of {len(HARD_WINS)}"
    )


if __name__ == "__main__":
    main()

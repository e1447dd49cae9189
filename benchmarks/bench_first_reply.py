"""The computer's first Connect Four reply from a fresh search process, at the app's 1 s a move.

    python benchmarks/bench_first_reply.py [--delays none,0,1,3] [--runs 3] [--columns 4] [--seconds 1]

For each delay, a fresh search process (the child up: its first request, getting ready for
3×3, answered) is asked for ``impossible``'s move in the position of ``--columns`` (Connect
Four's notation, from 1: ``4`` is X's 4-1), with ``--seconds`` to think (the app's 1 s). As the app does, the
process is first asked to get ready for Connect Four, and the move ``delay`` seconds later
(``none``: no getting ready, the move asked for at once). Prints each reply's seconds from
when it was asked to its answer, the medians by delay, and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time

from tictactoe_tui.engine import Board
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.search_process import ReadyRequest, SearchProcess, SearchRequest


def first_reply(columns: str, delay: float | None, seconds: float) -> tuple[float, int | None]:
    """Seconds from asking to answer, and the reply's exact value (None: not solved)."""
    board = dropped(Board.empty(6, 7, 4, "gravity"), columns)
    process = SearchProcess()
    try:
        process.get_ready(ReadyRequest.of(Board.empty(3, 3)))
        readying = threading.Thread(target=process.get_ready, args=(ReadyRequest.of(board),))
        if delay is not None:
            readying.start()
            time.sleep(delay)  # the person thinking over their move, as the warm-up runs
        request = SearchRequest.of(board, "impossible", 1, seconds)
        decision = process.decide(request, threading.Event())
        took = time.time() - request.asked_at
        if delay is not None:
            readying.join()
    finally:
        process.close()
    return took, decision.value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delays", default="none,0,1,3")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--columns", default="4")
    parser.add_argument("--seconds", type=float, default=1.0, help="the think time (the app's: 1 s)")
    options = parser.parse_args()
    delays = [None if delay == "none" else float(delay) for delay in options.delays.split(",")]
    times: dict[float | None, list[float]] = {delay: [] for delay in delays}
    loads = []
    for run in range(options.runs):
        for delay in delays:
            took, value = first_reply(options.columns, delay, options.seconds)
            times[delay].append(took)
            loads.append(os.getloadavg()[0])
            print(f"run {run} delay {delay}: {took:.2f} s (value {value}, load {loads[-1]:.1f})", flush=True)
    for delay, taken in times.items():
        print(f"delay {delay}: median {statistics.median(taken):.2f} s of {[round(took, 2) for took in taken]}")
    print(f"load average: median {statistics.median(loads):.1f}, {min(loads):.1f}–{max(loads):.1f}")


if __name__ == "__main__":
    main()

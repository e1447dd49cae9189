"""Connect Four's win book read in place against the same positions held in a set, side by side
in one run.

    python benchmarks/bench_win_book.py [--repeat 3] [--lookups 2000]

Each form is loaded ``--repeat`` times, each in a fresh process (spawned, as the search process
is): the shipped book's bytes checked and read (:meth:`WinBook.from_bytes`, its records bisected
in place), and the same positions then put in a set (how the book was held before). For each:
the seconds to load, the memory the process grew by (resident set, from ``/proc``), and the
microseconds :meth:`WinBook.winning_move` takes on ``--lookups`` positions one move before a
book position (each has a move into the book), with the ratios.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from pathlib import Path

from tictactoe_tui.engine import Board
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.engine.search.book import read_data, verified
from tictactoe_tui.engine.search.win_book import WinBook

CONNECT_FOUR = Board.empty(6, 7, 4, "gravity")


def resident_bytes() -> int:
    """This process's resident set, in bytes (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096


def parents(book: WinBook, count: int) -> list[Board]:
    """``count`` positions one move before a book position (spread over the book): the mark on
    top of a column taken back, in the first column whose top mark is the last mover's."""
    shape = CONNECT_FOUR.geometry
    keys = list(book)
    found: list[Board] = []
    for x, o in keys[:: max(1, len(keys) // count)]:
        lost = Board(shape, x, o)
        for col in range(shape.cols):
            top = next((row for row in range(shape.rows) if lost.at((row, col)) is not None), None)
            if top is not None and lost.at((top, col)) is lost.to_move.other:
                bit = 1 << top * shape.cols + col
                found.append(Board(shape, x & ~bit, o & ~bit))
                break
    return found[:count]


def measure(form: str, lookups: int) -> tuple[float, int, float]:
    """Worker: load the book as ``form`` ("in place" or "set"); seconds, bytes grown, µs a look-up."""
    shipped = read_data(GAMES["gravity"].searches.win_book["6x7k4"])
    grown_from = resident_bytes()
    started = time.perf_counter()
    data = verified(shipped)
    assert data is not None
    book = WinBook.from_bytes(data, "gravity")
    if form == "set":
        book = WinBook(book.geometry, book)
    seconds = time.perf_counter() - started
    grown = resident_bytes() - grown_from
    positions = parents(book, lookups)
    started = time.perf_counter()
    for board in positions:
        book.winning_move(board)
    return seconds, grown, (time.perf_counter() - started) / len(positions) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="fresh processes per form (3)")
    parser.add_argument("--lookups", type=int, default=2000, help="positions looked up (2000)")
    args = parser.parse_args()
    context = multiprocessing.get_context("spawn")
    results: dict[str, list[tuple[float, int, float]]] = {"in place": [], "set": []}
    with context.Pool(1, maxtasksperchild=1) as pool:
        for _ in range(args.repeat):
            for form in results:
                results[form].append(pool.apply(measure, (form, args.lookups)))
    medians = {
        form: tuple(statistics.median(run[part] for run in runs) for part in range(3)) for form, runs in results.items()
    }
    print(f"{'form':10} {'load s':>8} {'grew MB':>8} {'look-up µs':>11}   (medians of {args.repeat})")
    for form, (seconds, grown, micro) in medians.items():
        print(f"{form:10} {seconds:8.3f} {grown / 2**20:8.1f} {micro:11.1f}")
    (placed, set_held) = medians["in place"], medians["set"]
    print(
        f"in place / set: load {placed[0] / set_held[0]:.2f}×, memory {placed[1] / set_held[1]:.2f}×, "
        f"look-up {placed[2] / set_held[2]:.2f}×"
    )


if __name__ == "__main__":
    main()

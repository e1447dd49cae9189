"""Build the opening book for 5×5, 4 in a row, from the exact solver.

    python scripts/build_book.py [--plies 7] [--every 5] [--jobs N] [--out PATH]

The book holds, up to symmetry, each with every legal move's exact score (format:
``tictactoe_tui/engine/search/book.py``): every position either seat meets in the first
``--plies`` plies when ``impossible`` follows the book and the other side plays anything, and
every position at all with up to ``--every`` marks (past them the live solver answers within a
second; ``benchmarks/bench_review.py`` measures it). Positions are solved ply by ply in
``--jobs`` processes; each answer is appended to ``PATH.partial`` as it comes, so an
interrupted build resumes where it stopped. The result does not depend on the order the
answers arrive in: the file is the same on every run. Writes ``PATH`` and ``PATH.sha256``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from tictactoe_tui.engine.board import Board, Mark, geometry
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.engine.search.book import EVERY_MARKS, TAKEN, OpeningBook, canonical, preferred, write_data
from tictactoe_tui.engine.search.solver import Solver

ROWS, COLS, K = 5, 5, 4
Key = tuple[int, int]
PACKAGE = Path(__file__).resolve().parent.parent / "tictactoe_tui"
DEFAULT_OUT = PACKAGE / "engine" / "search" / "data" / GAMES["classic"].searches.book[f"{ROWS}x{COLS}k{K}"]

_solver: Solver | None = None


def solve(key: Key) -> tuple[Key, tuple[int, ...]]:
    """Worker: every cell's exact score for the canonical position ``key`` (TAKEN where taken)."""
    global _solver
    if _solver is None:
        _solver = Solver(geometry(ROWS, COLS, K))
    return key, scores_of(_solver, Board(_solver.geometry, *key))


def scores_of(solver: Solver, board: Board) -> tuple[int, ...]:
    """Every cell's exact score for ``board`` (TAKEN where taken)."""
    scores = [TAKEN] * board.geometry.cells
    for move in solver.analyze(board).moves:
        scores[board.index(move.move)] = move.score
    return tuple(scores)


def children(key: Key, seats: set[Mark], scores: tuple[int, ...]) -> Iterator[tuple[Key, Mark]]:
    """Canonical positions one ply on, with the seat whose line reaches them: where it is the
    book player's turn, its choice; where it is the other side's, every move."""
    shape = geometry(ROWS, COLS, K)
    board = Board(shape, *key)
    choice = board.move_at(preferred(scores, shape))
    for seat in seats:
        for move in [choice] if board.to_move is seat else board.legal_moves():
            after = board.play(move)
            if not after.is_over:
                x, o, _ = canonical(after)
                yield (x, o), seat


def every_child(key: Key) -> Iterator[Key]:
    """Canonical positions one ply on by any move (the game not over)."""
    board = Board(geometry(ROWS, COLS, K), *key)
    for move in board.legal_moves():
        after = board.play(move)
        if not after.is_over:
            x, o, _ = canonical(after)
            yield x, o


def progress(done: int, total: int, started: float, ply: int) -> None:
    """One line on standard error: a bar, the count and the time left."""
    width = 30
    filled = width * done // max(total, 1)
    elapsed = time.monotonic() - started
    eta = elapsed / done * (total - done) if done else 0.0
    print(
        f"\rply {ply}: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}  ETA {eta:5.0f} s",
        end="",
        file=sys.stderr,
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=7, help="book lines to this many plies (default 7)")
    parser.add_argument(
        "--every", type=int, default=EVERY_MARKS, help=f"every position with up to this many marks ({EVERY_MARKS})"
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="solver processes (default: one per core)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="book file to write")
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    partial = args.out.with_name(args.out.name + ".partial")
    solved: dict[Key, tuple[int, ...]] = {}
    if partial.exists():
        for line in partial.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                solved[(entry["x"], entry["o"])] = tuple(entry["scores"])
        print(f"resuming: {len(solved)} positions already solved", file=sys.stderr)
    frontier: dict[Key, set[Mark]] = {(0, 0): {Mark.X, Mark.O}}  # the book lines' positions
    everything: set[Key] = {(0, 0)}  # every position, while ply <= --every
    book: dict[Key, tuple[int, ...]] = {}
    context = multiprocessing.get_context("spawn")
    with context.Pool(args.jobs) as pool, partial.open("a") as log:
        for ply in range(args.plies + 1):
            wanted = frontier.keys() | everything if ply <= args.every else set(frontier)
            todo = sorted(key for key in wanted if key not in solved)
            started = time.monotonic()
            progress(0, len(todo), started, ply)
            # In runs of neighbouring keys, so each process's table serves positions alike.
            for done, (key, scores) in enumerate(pool.imap_unordered(solve, todo, chunksize=8), start=1):
                solved[key] = scores
                log.write(json.dumps({"x": key[0], "o": key[1], "scores": scores}) + "\n")
                log.flush()
                progress(done, len(todo), started, ply)
            print(f"\rply {ply}: {len(wanted)} positions ({len(todo)} solved now)" + " " * 30, file=sys.stderr)
            book.update((key, solved[key]) for key in wanted)
            if ply < args.plies:
                following: dict[Key, set[Mark]] = {}
                for key, seats in frontier.items():
                    for child, seat in children(key, seats, book[key]):
                        following.setdefault(child, set()).add(seat)
                frontier = following
                if ply < args.every:
                    everything = {child for key in everything for child in every_child(key)}
    data = OpeningBook(geometry(ROWS, COLS, K), args.plies, book).to_bytes()
    digest = write_data(args.out, data)
    partial.unlink()
    print(f"{len(book)} positions, {len(data):,} bytes, sha256 {digest}")


if __name__ == "__main__":
    main()

"""Add to Connect Four's win book the wins of the openings a random start most often reaches,
where ``impossible``'s own proof would take too long.

    python scripts/build_opening_wins.py [--plies 8 9] [--nodes 3000000] [--marks 13]
                                         [--minutes 60] [--jobs N] [--out PATH]

``impossible`` keeps every win its proofs reach within a move's second, and lets go a few that
take them longer: 8 and 9 plies into a random opening, a winning move can take the solver one to
three seconds to find. This script goes through the positions ``--plies`` plies in, most likely
first: the chance that an opening of random moves (each legal column alike, none completing a
line, the side to move then unable to complete one at once) reaches the position or its mirror
image, each ply's chances counting alike. For each position the side to move wins, the solver
(one search, a fresh table, without the book) looks for the winning move as ``impossible`` does
within ``--nodes`` nodes, about a third of a move's proof; where it does not find one there, it
proves without a limit that a winning move loses for the opponent. That position goes into the
book, and with it every position of at most ``--marks`` marks that the proof's table shows lost
for its side to move: the winning answers to the opponent's replies, a few moves on, which can
be as slow to find. BitBully (``pip install bitbully``, an outside perfect solver, in the test extra) says
which positions are won and which move to prove (the quickest win, nearest the centre), so the
solver spends no time on the others: every position the book gets is proven by our own solver.

Work runs in ``--jobs`` processes until every position is done, ``--minutes`` have passed, or
the build is stopped (Ctrl+C or SIGTERM: its processes end with it); every answer is appended to
``PATH.openings.partial``, so a build resumes where it stopped; positions whose winning move the
book already holds are done too, so a build whose partial file is lost (a new machine) redoes
only the positions that needed no proof. Then it writes ``PATH`` (the book as it was, plus the
new positions) and ``PATH.sha256``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Iterator
from functools import cache, partial
from pathlib import Path
from typing import Any

from tictactoe_tui.engine.board import Board, geometry
from tictactoe_tui.engine.rules.gravity import Gravity, dropped
from tictactoe_tui.engine.search.book import canonical, write_data
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.engine.search.gravity_solver import GravitySolver, Layout
from tictactoe_tui.engine.search.win_book import WIN_BOOKS, WinBook

GAME, ROWS, COLS, K = "gravity", 6, 7, 4
#: The solver's bitboards: bit ``column * LAYOUT.height + row`` (from the bottom) a square.
LAYOUT = Layout.of(geometry(ROWS, COLS, K, GAME))
PACKAGE = Path(__file__).resolve().parent.parent / "tictactoe_tui"
DEFAULT_OUT = PACKAGE / "engine" / "search" / "data" / WIN_BOOKS[(GAME, ROWS, COLS, K)]
#: Columns as stacks of marks, bottom first: 0 for the first player's, 1 for the second's.
Stacks = tuple[tuple[int, ...], ...]


def marks_of(stacks: Stacks, side: int) -> int:
    """The bits of ``side``'s marks, as the solver's layout has them."""
    return sum(
        1 << column * LAYOUT.height + row
        for column, stack in enumerate(stacks)
        for row, mark in enumerate(stack)
        if mark == side
    )


def completes(stacks: Stacks, column: int, side: int) -> bool:
    """Whether ``side`` dropping a mark in ``column`` completes a line."""
    return LAYOUT.line_finder(marks_of(stacks, side) | 1 << column * LAYOUT.height + len(stacks[column]))


def likely_positions(plies: int) -> list[tuple[float, str]]:
    """Every position ``plies`` plies into a random opening (see the module's docstring), one
    per mirror pair, with its chance, most likely first (ties by columns): as the chance and
    the columns (1–7) of one way to reach it."""
    layer: dict[Stacks, tuple[float, str]] = {tuple(() for _ in range(COLS)): (1.0, "")}
    for ply in range(plies):
        side = ply % 2
        following: dict[Stacks, tuple[float, str]] = {}
        for stacks, (chance, columns) in layer.items():
            legal = [column for column in range(COLS) if len(stacks[column]) < ROWS]
            for column in legal:
                if completes(stacks, column, side):
                    continue  # the opening is drawn again
                child = (*stacks[:column], (*stacks[column], side), *stacks[column + 1 :])
                known = following.get(child)
                share = chance / len(legal)
                following[child] = (share, columns + str(column + 1)) if known is None else (known[0] + share, known[1])
        layer = following
    side = plies % 2
    merged: dict[Stacks, tuple[float, str]] = {}
    for stacks, (chance, columns) in layer.items():
        if any(len(stacks[column]) < ROWS and completes(stacks, column, side) for column in range(COLS)):
            continue  # a win at once proves nothing
        key = min(stacks, stacks[::-1])
        known = merged.get(key)
        merged[key] = (chance, columns) if known is None else (known[0] + chance, min(known[1], columns))
    total = sum(chance for chance, _ in merged.values())
    return sorted(
        ((chance / total, columns) for chance, columns in merged.values()), key=lambda item: (-item[0], item[1])
    )


def worklist(plies: list[int]) -> Iterator[str]:
    """The positions of every ply in ``plies``, most likely first across them all."""
    entries = [(chance, columns) for ply in plies for chance, columns in likely_positions(ply)]
    entries.sort(key=lambda item: (-item[0], item[1]))
    return (columns for _, columns in entries)


def in_book(book: WinBook, columns: str) -> bool:
    """Whether ``book`` holds a winning move of the position after ``columns``: an earlier build
    proved it, and the solver answers it from the book."""
    return book.winning_move(dropped(Board.empty(ROWS, COLS, K, GAME), columns)) is not None


@cache
def solver() -> GravitySolver:
    """A worker's solver, without the book; its table is cleared for each position."""
    return GravitySolver(geometry(ROWS, COLS, K, GAME), use_book=False)


@cache
def referee() -> Any:
    """A worker's BitBully, made once: making one loads its opening book (half a second, longer
    than most positions take)."""
    from bitbully import BitBully

    return BitBully()


def settle(columns: str, nodes: int, marks: int) -> tuple[str, str, list[list[int]]]:
    """Worker: what the position after ``columns`` needs. ``("not won", …)``, ``("quick", …)``
    when the solver finds a win within ``nodes`` nodes, else ``("added", …, keys)``: the
    canonical keys of the position after the winning move the solver proved without a limit
    and of every position of at most ``marks`` marks its table proves lost."""
    from bitbully import Board as ReferenceBoard

    board = dropped(Board.empty(ROWS, COLS, K, GAME), columns)
    scores = referee().score_all_moves(ReferenceBoard.from_moves([int(column) - 1 for column in columns]))
    if max(scores.values()) <= 0:
        return "not won", columns, []
    proving = solver()
    proving.table.clear()
    if proving.winning_move(board, UNLIMITED.with_max_nodes(nodes)) is not None:
        return "quick", columns, []
    best = max(scores.values())  # the quickest win; of several, the one nearest the centre
    column = min(
        (column for column, score in scores.items() if score == best), key=lambda column: abs(2 * column - COLS + 1)
    )
    after = board.play(Gravity.landing(board, (0, column)))
    assert proving.is_lost(after), f"{columns}: BitBully's winning move {column + 1} is not proven"
    keys = {canonical(lost)[:2] for lost in proving.proven_losses(marks)} | {canonical(after)[:2]}
    return "added", columns, sorted([x, o] for x, o in keys)


class Stopped(Exception):
    """The build was asked to stop (SIGTERM)."""


def stop(signum: int, frame: object) -> None:
    """SIGTERM's handler: stop the build as Ctrl+C does."""
    raise Stopped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, nargs="+", default=[8, 9], help="openings of these plies (default 8 9)")
    parser.add_argument("--nodes", type=int, default=3_000_000, help="a win found within these is quick (3 M)")
    parser.add_argument("--marks", type=int, default=13, help="keep the proofs' losses up to these marks (13)")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this (default 60)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="book file to write")
    args = parser.parse_args()
    book = WinBook.from_bytes(args.out.read_bytes(), GAME)
    answers = args.out.with_name(args.out.name + ".openings.partial")
    done: set[str] = set()
    if answers.exists():
        for line in answers.read_text().splitlines():
            entry = json.loads(line)
            done.add(entry["columns"])
            book.lost.update((x, o) for x, o in entry["keys"])
        print(f"resuming: {len(done)} positions done", file=sys.stderr)
    todo = [columns for columns in worklist(args.plies) if columns not in done and not in_book(book, columns)]
    started, counts = time.monotonic(), {"not won": 0, "quick": 0, "added": 0}
    signal.signal(signal.SIGTERM, stop)
    # Leaving the pool's block ends its processes, however the loop ends.
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool, answers.open("a") as log:
        try:
            for kind, columns, keys in pool.imap(partial(settle, nodes=args.nodes, marks=args.marks), todo):
                book.lost.update((x, o) for x, o in keys)
                log.write(json.dumps({"columns": columns, "kind": kind, "keys": keys}) + "\n")
                log.flush()
                counts[kind] += 1
                elapsed = time.monotonic() - started
                print(f"\r{elapsed:6.0f} s  {counts}", end="", file=sys.stderr, flush=True)
                if elapsed > args.minutes * 60:
                    break
        except (Stopped, KeyboardInterrupt):
            print("\nstopped", end="", file=sys.stderr)
    print(file=sys.stderr)
    assert book.geometry == geometry(ROWS, COLS, K, GAME)
    data = book.to_bytes()
    digest = write_data(args.out, data)
    print(f"{len(book)} positions, {len(data):,} bytes, sha256 {digest}; kept {answers} to resume or extend")


if __name__ == "__main__":
    main()

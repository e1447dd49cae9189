"""Add to Connect Four's win book the wins of the openings a random start most often reaches,
where ``impossible``'s own proof would take too long.

    python scripts/build_opening_wins.py [--plies 8 9 | --positions COLUMNS ...] [--nodes 3000000]
                                         [--marks 13] [--follow-ups DEPTH] [--leave-held]
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
be as slow to find, though the table keeps only what later work in the proof did not overwrite.
``--follow-ups DEPTH`` closes that gap: instead of the openings, it takes each one the book
answers, the winning move the book answers with (the one ``impossible`` plays), and each reply
with which the opponent loses slowest (a perfect defender's), and settles the position after
it as an opening is settled; ``DEPTH`` replies on, after each winning answer. BitBully (``pip
install bitbully``, an outside perfect solver, in the test extra) says which positions are won,
which move to prove (the quickest win, nearest the centre) and which replies lose slowest, so
the solver spends no time on the others: every position the book gets is proven by our own
solver. With ``--leave-held`` a won position that is not quick is left to the live play, not
added, where our solver proves (within :data:`HELD_NODES` nodes each) that every move
``impossible``'s alpha-beta may choose there (at each depth its node cap and the clock may let
it finish, the moves of the top score) wins: where no proof finishes, the alpha-beta's choice
keeps the win. A choice not proven within that counts as not held, and the position is proven
and added. ``--positions`` takes the
positions it names (as columns, 1–7, from the empty board)
instead of the openings of ``--plies``, in the order given: those a benchmark saw let go, say.

Work runs in ``--jobs`` processes until every position is done, ``--minutes`` have passed, or
the build is stopped (Ctrl+C or SIGTERM: its processes end with it); every answer is appended to
``PATH.openings.partial``, so a build resumes where it stopped; positions whose winning move the
book already holds are done too, so a build whose partial file is lost (a new machine) redoes
only the positions that needed no proof. Each answer records its ``--nodes``: a build with a
lower bar settles again the positions found quick at a higher one, and closes their openings
again, since at its bar their proofs may be needed. Then it writes ``PATH`` (the book as it
was, plus the new positions) and ``PATH.sha256``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache, partial
from pathlib import Path
from typing import Any

from tictactoe_tui.engine.board import Board
from tictactoe_tui.engine.games import GAMES, game_named
from tictactoe_tui.engine.games.gravity import GravityAlphaBetaStrategy
from tictactoe_tui.engine.rules.gravity import Gravity, dropped
from tictactoe_tui.engine.search.book import canonical, write_data
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.engine.search.gravity import alphabeta as gravity
from tictactoe_tui.engine.search.gravity.solver import GravitySolver, Layout
from tictactoe_tui.engine.search.win_book import WinBook, shipped_win_book

GAME, ROWS, COLS, K = "gravity", 6, 7, 4
EMPTY = Board.empty(ROWS, COLS, K, GAME)
#: The solver's bitboards: bit ``column * LAYOUT.height + row`` (from the bottom) a square.
LAYOUT = Layout.of(EMPTY.geometry)
PACKAGE = Path(__file__).resolve().parent.parent / "tictactoe_tui"
DEFAULT_OUT = PACKAGE / "engine" / "search" / "data" / GAMES[GAME].searches.win_book[f"{ROWS}x{COLS}k{K}"]
#: Columns as stacks of marks, bottom first: 0 for the first player's, 1 for the second's.
Stacks = tuple[tuple[int, ...], ...]
#: What the build learned of a position: its kind, its columns and the keys it adds to the book.
Answer = tuple[str, str, list[list[int]]]
#: ``--nodes``' default, and the bar of answers recorded before answers recorded theirs.
FIRST_BAR = 3_000_000
#: The nodes our solver has to prove that one of the alpha-beta's choices wins (``--leave-held``):
#: such a proof 5 to 7 plies in took about 3 M (3.0 M after ``12346``'s column 3, 3.1 M after
#: ``3673326``'s column 2), where refuting ``3673326``'s column 3, which draws, took 22 M.
HELD_NODES = 10_000_000


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
    return book.winning_move(dropped(EMPTY, columns)) is not None


@cache
def solver() -> GravitySolver:
    """A worker's solver, without the book; its table is cleared for each position."""
    return GravitySolver(EMPTY.geometry, use_book=False)


@cache
def referee() -> Any:
    """A worker's BitBully, made once: making one loads its opening book (half a second, longer
    than most positions take)."""
    from bitbully import BitBully

    return BitBully()


def settle(columns: str, nodes: int, marks: int, *, leave_held: bool = False) -> Answer:
    """Worker: what the position after ``columns`` needs. ``("not won", …)``, ``("quick", …)``
    when the solver finds a win within ``nodes`` nodes; with ``leave_held``, ``("held", …)``
    where every move ``impossible``'s alpha-beta may choose (:func:`held`) wins; else
    ``("added", …, keys)``: the canonical keys of the position after the winning move the
    solver proved without a limit and of every position of at most ``marks`` marks its table
    proves lost."""
    kind, keys, _ = settled(columns, nodes, marks, leave_held=leave_held)
    return kind, columns, keys


def held(board: Board, proving: GravitySolver) -> bool:
    """Whether ``proving`` (our solver) proves, within :data:`HELD_NODES` nodes each, that every
    move ``impossible``'s alpha-beta may choose on ``board`` wins, whatever depth its node cap
    and the clock let it finish: where no proof finishes, it keeps the win all the same. A
    choice not proven counts as not winning, so the position is then proven and added."""
    heuristic = game_named(GAME).heuristic
    assert isinstance(heuristic, GravityAlphaBetaStrategy)
    assert heuristic.max_nodes is not None
    choices = set().union(*gravity.choices_by_depth(board, heuristic.max_nodes))
    proof = UNLIMITED.with_max_nodes(HELD_NODES)
    return all(proving.is_lost(board.play(board.move_at(cell)), proof) for cell in sorted(choices))


def settled(
    columns: str, nodes: int, marks: int, *, leave_held: bool = False
) -> tuple[str, list[list[int]], int | None]:
    """:func:`settle`'s kind and keys, and the column (0 on the left) of the winning move found
    or proven (None when the position is not won, or held)."""
    from bitbully import Board as ReferenceBoard

    board = dropped(EMPTY, columns)
    scores = referee().score_all_moves(ReferenceBoard.from_moves([int(column) - 1 for column in columns]))
    if max(scores.values()) <= 0:
        return "not won", [], None
    proving = solver()
    proving.table.clear()
    found = proving.winning_move(board, UNLIMITED.with_max_nodes(nodes))
    if found is not None:
        return "quick", [], board.move_at(found)[1]
    if leave_held and held(board, proving):
        return "held", [], None
    best = max(scores.values())  # the quickest win; of several, the one nearest the centre
    column = min(
        (column for column, score in scores.items() if score == best), key=lambda column: abs(2 * column - COLS + 1)
    )
    after = board.play(Gravity.landing(board, (0, column)))
    assert proving.is_lost(after), f"{columns}: BitBully's winning move {column + 1} is not proven"
    keys = {canonical(lost)[:2] for lost in proving.proven_losses(marks)} | {canonical(after)[:2]}
    return "added", sorted([x, o] for x, o in keys), column


def close(
    after: str, depth: int, nodes: int, marks: int, *, leave_held: bool = False, book: WinBook | None = None
) -> list[Answer]:
    """Worker: settle the defender's best replies to the position after ``after`` (whose last
    move is a winning one), as :func:`settle` does, and ``depth - 1`` more replies on after each
    winning answer that does not end the game; replies ``book`` answers (the shipped one in a
    build) are only followed. As :func:`settle`'s answers, one per reply settled."""
    from bitbully import Board as ReferenceBoard

    scores = referee().score_all_moves(ReferenceBoard.from_moves([int(column) - 1 for column in after]))
    best = max(scores.values())  # the defender's best: the slowest loss
    answers = []
    for reply in sorted(column for column, score in scores.items() if score == best):
        columns = after + str(reply + 1)
        booked = None if book is None else book.winning_move(dropped(EMPTY, columns))
        if booked is not None:
            column: int | None = booked[1]
        else:
            kind, keys, column = settled(columns, nodes, marks, leave_held=leave_held)
            answers.append((kind, columns, keys))
        if depth > 1 and column is not None and not dropped(EMPTY, columns + str(column + 1)).is_over:
            answers += close(columns + str(column + 1), depth - 1, nodes, marks, leave_held=leave_held, book=book)
    return answers


def book_moves(book: WinBook, positions: Iterable[str]) -> Iterator[str]:
    """Of ``positions``, those ``book`` answers, each with the winning move it answers with
    (the one ``impossible`` plays) appended."""
    for columns in positions:
        move = book.winning_move(dropped(EMPTY, columns))
        if move is not None:
            yield columns + str(move[1] + 1)


def settle_one(columns: str, nodes: int, marks: int, *, leave_held: bool = False) -> list[Answer]:
    """Worker: :func:`settle`'s answer, as the build's work answers (a list)."""
    return [settle(columns, nodes, marks, leave_held=leave_held)]


def close_after(after: str, depth: int, nodes: int, marks: int, *, leave_held: bool = False) -> list[Answer]:
    """Worker: :func:`close`'s answers, then ``("closed", "AFTER/DEPTH", [])``: done to that
    depth, for a build that resumes."""
    book = shipped_win_book(EMPTY.geometry, DEFAULT_OUT.name)
    return [*close(after, depth, nodes, marks, leave_held=leave_held, book=book), ("closed", f"{after}/{depth}", [])]


def resumed(lines: Iterable[str], nodes: int) -> tuple[dict[str, set[str]], set[tuple[int, int]]]:
    """From a partial file's ``lines``: what a build at a bar of ``nodes`` need not do again, as
    the positions settled and the openings closed (``AFTER/DEPTH``), and every key the answers
    add to the book. A quick win and a closing done at a higher bar are done again."""
    done: dict[str, set[str]] = {"settled": set(), "closed": set()}
    keys: set[tuple[int, int]] = set()
    for line in lines:
        entry = json.loads(line)
        keys.update((x, o) for x, o in entry["keys"])
        if entry["kind"] in ("quick", "held", "closed") and entry.get("nodes", FIRST_BAR) > nodes:
            continue
        done["closed" if entry["kind"] == "closed" else "settled"].add(entry["columns"])
    return done, keys


class Stopped(Exception):
    """The build was asked to stop (SIGTERM)."""


def stop(signum: int, frame: object) -> None:
    """SIGTERM's handler: stop the build as Ctrl+C does."""
    raise Stopped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, nargs="+", default=[8, 9], help="openings of these plies (default 8 9)")
    parser.add_argument("--positions", nargs="+", metavar="COLUMNS", help="these positions instead of --plies'")
    parser.add_argument(
        "--leave-held",
        action="store_true",
        help="leave to the live play the positions where every move the alpha-beta may choose wins",
    )
    parser.add_argument("--nodes", type=int, default=FIRST_BAR, help="a win found within these is quick (3 M)")
    parser.add_argument("--marks", type=int, default=13, help="keep the proofs' losses up to these marks (13)")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this (default 60)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="book file to write")
    parser.add_argument(
        "--follow-ups",
        type=int,
        default=0,
        metavar="DEPTH",
        help="instead of the openings, the defender's best replies after the book's winning moves, DEPTH replies on",
    )
    args = parser.parse_args()
    book = WinBook.from_bytes(args.out.read_bytes(), GAME)
    answers = args.out.with_name(args.out.name + ".openings.partial")
    done, resumed_keys = resumed(answers.read_text().splitlines() if answers.exists() else [], args.nodes)
    book.update(resumed_keys)
    if answers.exists():
        print(f"resuming: {len(done['settled'])} positions settled, {len(done['closed'])} closed", file=sys.stderr)
    openings = args.positions or worklist(args.plies)
    if args.follow_ups:
        depth = args.follow_ups
        work = partial(close_after, depth=depth, nodes=args.nodes, marks=args.marks, leave_held=args.leave_held)
        todo = [after for after in book_moves(book, openings) if f"{after}/{depth}" not in done["closed"]]
    else:
        work = partial(settle_one, nodes=args.nodes, marks=args.marks, leave_held=args.leave_held)
        todo = [columns for columns in openings if columns not in done["settled"] and not in_book(book, columns)]
    started, counts = time.monotonic(), Counter[str]()
    signal.signal(signal.SIGTERM, stop)
    # Leaving the pool's block ends its processes, however the loop ends.
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool, answers.open("a") as log:
        try:
            for settled_here in pool.imap(work, todo):
                for kind, columns, keys in settled_here:
                    book.update((x, o) for x, o in keys)
                    log.write(json.dumps({"columns": columns, "kind": kind, "keys": keys, "nodes": args.nodes}) + "\n")
                    counts[kind] += 1
                log.flush()
                elapsed = time.monotonic() - started
                print(f"\r{elapsed:6.0f} s  {dict(counts)}", end="", file=sys.stderr, flush=True)
                if elapsed > args.minutes * 60:
                    break
        except (Stopped, KeyboardInterrupt):
            print("\nstopped", end="", file=sys.stderr)
    print(file=sys.stderr)
    assert book.geometry == EMPTY.geometry
    data = book.to_bytes()
    digest = write_data(args.out, data)
    print(f"{len(book)} positions, {len(data):,} bytes, sha256 {digest}; kept {answers} to resume or extend")


if __name__ == "__main__":
    main()

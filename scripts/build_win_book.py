"""Build Connect Four's win book: positions proven lost for the side to move, from the proofs of
the wins impossible meets as X.

    python scripts/build_win_book.py [--solve COLUMNS ...] [--lost COLUMNS ...]
                                     [--games 4000] [--minutes 60] [--from-ply 6]
                                     [--to-ply 16] [--marks 17] [--nodes 20000000]
                                     [--table-min-empty 0] [--seed 1000] [--jobs N]
                                     [--out PATH]

Connect Four's first player wins, but from ply 6 to about ply 16 the solver needs from a second
to a minute to prove a winning move: more than a move's budget. This script plays
``impossible`` as X against the ``mcts-1000`` yardstick in seeded games. Where X is to move
from ``--from-ply`` to ``--to-ply`` plies in and no move leads to a position of the book, the
solver (without the book) looks for a winning move within ``--nodes`` nodes and X plays it; a
position without one is recorded as unsolved and ends the game. After each proof, every
position of at most ``--marks`` marks that the solver's table proves lost for the side to move
goes into the book: the proof's positions, every reply of O's included, so the games that
follow find their next winning moves there. Before ``--from-ply`` X plays ``impossible``'s own
moves, as it does in play. ``--solve 4554`` first proves the positions named (by the columns
the marks were dropped in, numbered from 1) in the same way, to add wins earlier in the game
where the solver needs more nodes (give them with ``--nodes``). ``--lost 452`` proves the
position named lost for its side to move, which proves the move that led to it: a winning
move the solver's own tries reach only after failing on moves that do not win (X's 2 after
``45``: it tries the centre column first, which only draws).

Games run in ``--jobs`` processes, each started with the book as it stands, until ``--games``
games or ``--minutes`` have passed. Every answer is appended to ``PATH.partial``, so an
interrupted build resumes (and a finished one can be extended). Which positions the book holds
depends on the games played; every one of them is a proof. Writes ``PATH`` and ``PATH.sha256``
(format: ``engine/search/win_book.py``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, as_completed, wait
from dataclasses import dataclass, field
from pathlib import Path

from tictactoe_tui.engine.arena import REFERENCE
from tictactoe_tui.engine.board import Board, Mark, geometry
from tictactoe_tui.engine.games import GAMES, get_strategy
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.book import canonical, write_data
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.engine.search.gravity.solver import GravitySolver
from tictactoe_tui.engine.search.win_book import WinBook

GAME, ROWS, COLS, K = "gravity", 6, 7, 4
Key = tuple[int, int]
PACKAGE = Path(__file__).resolve().parent.parent / "tictactoe_tui"
DEFAULT_OUT = PACKAGE / "engine" / "search" / "data" / GAMES[GAME].searches.win_book[f"{ROWS}x{COLS}k{K}"]

_solver: GravitySolver | None = None


@dataclass
class Found:
    """What one game added: positions proven lost, positions without a proven win for X."""

    lost: set[Key] = field(default_factory=set)
    unsolved: set[Key] = field(default_factory=set)


def solver(args: argparse.Namespace) -> GravitySolver:
    """This process's solver (without the book), its table kept between proofs: interpreted, as its
    table keeps every position it proved (the compiled one replaces old entries)."""
    global _solver
    if _solver is None:
        _solver = GravitySolver(
            geometry(ROWS, COLS, K, GAME), use_book=False, table_min_empty=args.table_min_empty, compiled=False
        )
    return _solver


def keep_losses(book: WinBook, args: argparse.Namespace, found: Found) -> None:
    """Put every position of at most ``--marks`` marks the solver's table proves lost into
    ``book`` and ``found``."""
    for lost in solver(args).proven_losses(args.marks):
        found.lost.add(book.add(lost))


def prove(board: Board, book: WinBook, args: argparse.Namespace, found: Found) -> Board | None:
    """Look for a winning move of ``board`` with the solver within ``--nodes`` and keep the
    losses its table proves. The position after the winning move, or None (recorded unsolved)."""
    winning = solver(args).winning_move(board, UNLIMITED.with_max_nodes(args.nodes))
    keep_losses(book, args, found)
    if winning is None:
        found.unsolved.add(canonical(board)[:2])
        return None
    return board.play(board.move_at(winning))


def after(columns: str) -> Board:
    """The position after marks dropped in ``columns`` (1–7)."""
    return dropped(Board.empty(ROWS, COLS, K, GAME), columns)


def prove_listed(columns: str, book: WinBook, args: argparse.Namespace) -> Found:
    """Worker: :func:`prove` on the position after ``columns``."""
    found = Found()
    prove(after(columns), book, args, found)
    return found


def prove_lost(columns: str, book: WinBook, args: argparse.Namespace) -> Found:
    """Worker: prove the position after ``columns`` lost for its side to move within
    ``--nodes`` and keep the losses the solver's table proves (the position itself among them)."""
    board, found = after(columns), Found()
    if not solver(args).is_lost(board, UNLIMITED.with_max_nodes(args.nodes)):
        found.unsolved.add(canonical(board)[:2])
    keep_losses(book, args, found)
    return found


def play_one(game_seed: int, book: WinBook, unsolved: set[Key], args: argparse.Namespace) -> Found:
    """Worker: one game up to ``--to-ply``, solving where the book has no winning move."""
    players = {Mark.X: get_strategy("impossible"), Mark.O: get_strategy(REFERENCE)}
    rng = random.Random(game_seed)
    board: Board | None = Board.empty(ROWS, COLS, K, GAME)
    found = Found()
    while board is not None and not board.is_over and board.move_count <= args.to_ply:
        if board.to_move is Mark.X and board.move_count >= args.from_ply:
            move = book.winning_move(board)
            if move is not None:
                board = board.play(move)
            elif canonical(board)[:2] in unsolved | found.unsolved:
                break  # X's win is not proven here, so the book has nothing to add below it
            else:
                board = prove(board, book, args, found)
        else:
            board = board.play(players[board.to_move].choose(board, rng))
    return found


def report(book: WinBook, unsolved: set[Key], games: int, started: float) -> None:
    """One line on standard error: games, the book's positions by marks, unsolved ones."""
    shape = book.geometry
    by_marks = Counter(Board(shape, *key).move_count for key in book)
    missing = Counter(Board(shape, *key).move_count for key in unsolved)
    marks = " ".join(f"{count}:{number}" for count, number in sorted(by_marks.items()))
    unproven = " ".join(f"{count}:{number}" for count, number in sorted(missing.items())) or "none"
    elapsed = time.monotonic() - started
    print(f"{elapsed:6.0f} s  {games} games  book {marks}  unsolved {unproven}", file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games to play at most (default 4000)")
    parser.add_argument("--minutes", type=float, default=60.0, help="start no game after this (default 60)")
    parser.add_argument("--from-ply", type=int, default=6, help="first ply X solves at (default 6)")
    parser.add_argument("--to-ply", type=int, default=16, help="last ply X solves at (default 16)")
    parser.add_argument("--marks", type=int, default=17, help="keep positions of up to this many marks (default 17)")
    parser.add_argument("--nodes", type=int, default=20_000_000, help="solver nodes per position (default 20 M)")
    parser.add_argument(
        "--table-min-empty",
        type=int,
        default=0,
        metavar="N",
        help="keep no position with fewer than N empty squares in the solver's table (less memory, more nodes)",
    )
    parser.add_argument("--seed", type=int, default=1000, help="seed of the games' seeds (default 1000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    parser.add_argument(
        "--solve",
        action="append",
        default=[],
        metavar="COLUMNS",
        help="first prove the position after marks dropped in these columns (1-7; repeatable)",
    )
    parser.add_argument(
        "--lost",
        action="append",
        default=[],
        metavar="COLUMNS",
        help="first prove the position after these columns lost for its side to move (repeatable)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="book file to write")
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    partial = args.out.with_name(args.out.name + ".partial")
    book = WinBook(geometry(ROWS, COLS, K, GAME))
    unsolved: set[Key] = set()
    if partial.exists():
        for line in partial.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                book.update((x, o) for x, o in entry["lost"])
                unsolved.update(tuple(key) for key in entry["unsolved"])
        print(f"resuming: {len(book)} positions, {len(unsolved)} unsolved", file=sys.stderr)
    seeds = random.Random(args.seed)
    started = time.monotonic()
    played = 0
    running: set[Future[Found]] = set()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(args.jobs, mp_context=context) as pool, partial.open("a") as log:

        def merge(found: Found) -> None:
            new = {key for key in found.lost if not book.holds(key)}
            book.update(new)
            unsolved.update(found.unsolved)
            log.write(json.dumps({"lost": sorted(new), "unsolved": sorted(found.unsolved)}) + "\n")
            log.flush()

        listed = {pool.submit(prove_listed, columns, book, args): columns for columns in args.solve}
        listed |= {pool.submit(prove_lost, columns, book, args): f"{columns} lost" for columns in args.lost}
        for future in as_completed(listed):
            found = future.result()
            merge(found)
            print(f"{listed[future]}: {'not proven' if found.unsolved else 'proven'}", file=sys.stderr)
            report(book, unsolved, played, started)
        while True:
            in_time = time.monotonic() - started < args.minutes * 60
            while in_time and len(running) < args.jobs and played + len(running) < args.games:
                running.add(pool.submit(play_one, seeds.getrandbits(64), book, unsolved, args))
            if not running:
                break
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                played += 1
                merge(future.result())
                report(book, unsolved, played, started)
    data = book.to_bytes()
    digest = write_data(args.out, data)
    print(f"{len(book)} positions, {len(data):,} bytes, sha256 {digest}; kept {partial} to resume or extend")


if __name__ == "__main__":
    main()

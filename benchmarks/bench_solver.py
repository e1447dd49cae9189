"""The exact solver against the copy kept from before the 5×5 work (``reference_solver.py``)
and against itself without its Maker–Breaker proofs.

    python benchmarks/bench_solver.py [--skip-reference] [--empty-reference] [--after-book N]

Each solve runs in a fresh process, so its peak memory (max RSS) is its own. Positions are
5×5 boards, 4 in a row, with 2 to 4 marks where the old solver finishes in minutes; then the
empty 5×5 board (every first move's value and plies) with today's solver, and with the old one
too when ``--empty-reference`` is given (about three minutes and 4 GB). Then how long the
opening book takes to load in a fresh process. Last, the first positions past the opening
book: N games (default 40) where ``impossible`` follows the book and the other side plays at
random (half) or one of its best moves (half), each position at the first ply the book does
not cover solved cold by a fresh solver: p50, p99 and the longest.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the child imports the one it runs
    import reference_solver

    from tictactoe_tui.engine.search.solver import Solver

HERE = Path(__file__).resolve().parent

POSITIONS = (
    "...../.x.../..o../...x./.....",
    "...../.xo../..x../...o./.....",
    "...../.o.../..x../...../.....",
)
EMPTY = "...../...../...../...../....."


def solve_here(which: str, text: str) -> None:
    """Child process: solve ``text`` with one solver and print one JSON line."""
    sys.path.insert(0, str(HERE))
    from tictactoe_tui.engine.board import Board

    board = Board.parse(text, k=4)
    solver: reference_solver.Solver | Solver
    if which == "reference":
        import reference_solver

        solver = reference_solver.Solver(board.geometry)
    else:
        from tictactoe_tui.engine.search.solver import Solver

        # The search itself, not the book; "unproved": without the Maker–Breaker proofs.
        solver = Solver(board.geometry, maker_breaker=which != "unproved")
    started = time.perf_counter()
    analysis = solver.analyze(board)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    moves = [(move.move, move.value, move.plies) for move in analysis.moves]
    print(json.dumps({"seconds": seconds, "nodes": analysis.nodes, "peak": peak, "moves": moves}))


def solve(which: str, text: str) -> dict[str, object]:
    """Solve in a fresh process; return its measurements."""
    out = subprocess.run(
        [sys.executable, __file__, "--child", which, text], check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def line(label: str, result: dict[str, object]) -> str:
    seconds, nodes, peak = float(str(result["seconds"])), int(str(result["nodes"])), int(str(result["peak"]))
    return f"{label:<10} {seconds:8.2f} s {nodes:>12,} nodes {peak / 2**20:8.0f} MB"


def compare_unproved(text: str, today: dict[str, object]) -> float:
    """Solve ``text`` without the Maker–Breaker proofs too; print it and return the time ratio."""
    unproved = solve("unproved", text)
    print(line("unproved", unproved))
    if unproved["moves"] != today["moves"]:
        raise SystemExit("the solver disagrees with itself without its proofs on " + text)
    ratio = float(str(unproved["seconds"])) / float(str(today["seconds"]))
    fewer = int(str(unproved["nodes"])) / int(str(today["nodes"]))
    print(f"{'ratio':<10} {ratio:8.1f}x faster with the proofs, {fewer:.1f}x fewer nodes")
    return ratio


BOOK_LOAD = """
import time
from tictactoe_tui.engine.board import geometry
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.engine.search.book import opening_book
name = GAMES["classic"].searches.book["5x5k4"]
started = time.perf_counter()
book = opening_book(geometry(5, 5, 4), name)
print(time.perf_counter() - started, len(book) if book else 0)
"""


def book_load() -> tuple[float, int]:
    """Seconds to read, check and unpack the 5×5 book in a fresh process, and its positions."""
    out = subprocess.run([sys.executable, "-c", BOOK_LOAD], check=True, capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1])


def after_book(games: int) -> list[float]:
    """Cold solve times of the first position past the book in ``games`` seeded games."""
    import random

    from tictactoe_tui.engine import Board, Mark
    from tictactoe_tui.engine.games import GAMES, LEVELS, game_of
    from tictactoe_tui.engine.search.book import opening_book
    from tictactoe_tui.engine.search.solver import Solver

    start = Board.empty(5, 5, 4)
    book = opening_book(start.geometry, GAMES["classic"].searches.book["5x5k4"])
    assert book is not None
    solver = game_of(start).searches.solver(start.geometry)
    seconds = []
    for game in range(games):
        rng = random.Random(game)
        seat = (Mark.X, Mark.O)[game % 2]
        strong = game % 4 >= 2
        board = start
        while board.move_count <= book.plies and not board.is_over:
            if board.to_move is seat:
                board = board.play(LEVELS["impossible"].choose(board, rng))
            elif strong:
                board = board.play(rng.choice(solver.analyze(board).best_moves).move)
            else:
                board = board.play(rng.choice(board.legal_moves()))
        if board.is_over:
            continue
        started = time.perf_counter()
        Solver(start.geometry).analyze(board)
        seconds.append(time.perf_counter() - started)
    return sorted(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-reference", action="store_true", help="time today's solver only")
    parser.add_argument("--empty-reference", action="store_true", help="also solve the empty board with the old one")
    parser.add_argument("--after-book", type=int, default=40, help="games for the past-the-book timing")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        solve_here(*args.child)
        return
    time_ratios, memory_ratios, proof_ratios = [], [], []
    for text in POSITIONS:
        print(text)
        today = solve("today", text)
        print(line("today", today))
        proof_ratios.append(compare_unproved(text, today))
        if args.skip_reference:
            continue
        before = solve("reference", text)
        print(line("reference", before))
        if before["moves"] != today["moves"]:
            raise SystemExit("the two solvers disagree on " + text)
        time_ratios.append(float(str(before["seconds"])) / float(str(today["seconds"])))
        memory_ratios.append(int(str(before["peak"])) / int(str(today["peak"])))
        print(f"{'ratio':<10} {time_ratios[-1]:8.1f}x faster, {memory_ratios[-1]:.1f}x less memory")
    if time_ratios:
        print(f"smallest ratios: {min(time_ratios):.1f}x time, {min(memory_ratios):.1f}x memory")
    print("empty 5x5, 4 in a row")
    today = solve("today", EMPTY)
    print(line("today", today))
    proof_ratios.append(compare_unproved(EMPTY, today))
    print(f"the proofs save: {min(proof_ratios):.1f}x to {max(proof_ratios):.1f}x time")
    if args.empty_reference:
        before = solve("reference", EMPTY)
        print(line("reference", before))
        print(f"{'ratio':<10} {float(str(before['seconds'])) / float(str(today['seconds'])):8.1f}x faster")
    seconds, positions = book_load()
    print(f"the 5x5 book: {positions:,} positions, loaded in {seconds * 1e3:.0f} ms in a fresh process")
    times = after_book(args.after_book)
    if times:
        p50, p99 = times[len(times) // 2], times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"first position past the book, cold, {len(times)} games: "
            f"p50 {p50 * 1e3:.0f} ms, p99 {p99 * 1e3:.0f} ms, longest {times[-1] * 1e3:.0f} ms"
        )


if __name__ == "__main__":
    main()

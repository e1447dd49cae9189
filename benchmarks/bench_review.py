"""The game review's cost, and how far exact analysis of 5×5 (4 in a row) reaches within 1 s.

    python benchmarks/bench_review.py [--positions 10] [--seconds 1] [--cold] [--cli 0] [--marks 0-12]

Each review runs in a fresh process (nothing solved before, the book read from disk): a 3×3
game, and the first 20 plies of a 5×5 game from random play (the first seeded game that lasts
them). Then ``analyze`` of random 5×5 positions
with 0 to 12 marks (``--positions`` per count, each in the same process, so the solver's table
warms up as a real session's would; with ``--cold`` each on a fresh solver, as a new process
meets it) with ``--seconds`` each: p50, p99 and max time, and how many it could not finish,
and how many the solver could not finish without its Maker–Breaker proofs (given the same
time, one after the other). ``--cli N`` also times N positions per count as whole
``tictactoe-tui analyze --time SECONDS --json`` commands (Python's start and the book's load
included) and counts the answers that are not exact.

``--long`` instead reviews two long games as the app does, each move in the search process
with ``--seconds`` (the app's 1 s): a random Ultimate game's first 58 plies and a random
15×15 game's first 18, the time of each move (what the progress bar steps by) and of the
whole, and what a second review of the same game costs: the kept text read back.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tictactoe_tui.engine import Board, Move
from tictactoe_tui.engine.games import game_of
from tictactoe_tui.engine.review import Review
from tictactoe_tui.engine.search.budget import Budget
from tictactoe_tui.engine.search.solver import Solver

REVIEW = """
import random, sys, time
from tictactoe_tui.engine import Board
from tictactoe_tui.engine.review import review_game
rows, cols, k, plies, seconds = map(float, sys.argv[1:])
seed = 0
moves = []
while len(moves) < min(plies, rows * cols):  # the first seeded random game that lasts the plies
    seed += 1
    rng = random.Random(seed)
    board = Board.empty(int(rows), int(cols), int(k))
    moves = []
    while not board.is_over and len(moves) < plies:
        move = rng.choice(board.legal_moves())
        moves.append(move)
        board = board.play(move)
started = time.perf_counter()
review = review_game(Board.empty(int(rows), int(cols), int(k)), moves, seconds)
exact = sum(move.exact for move in review.moves)
print(f"{time.perf_counter() - started:.2f} {len(moves)} {exact}")
"""


def review_in_fresh_process(rows: int, k: int, plies: int, seconds: float) -> tuple[float, int, int]:
    """Seconds, plies reviewed and plies judged exactly, in a new interpreter."""
    out = subprocess.run(
        [sys.executable, "-c", REVIEW, str(rows), str(rows), str(k), str(plies), str(seconds)],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    return float(out[0]), int(out[1]), int(out[2])


def percentiles(times: list[float]) -> str:
    """``p50 | p99 | max`` of ``times`` as table cells."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{statistics.median(ordered):.2f} s | {p99:.2f} s | {ordered[-1]:.2f} s"


def analyze_command(board: Board, seconds: float) -> tuple[float, bool]:
    """Wall seconds of a whole ``tictactoe-tui analyze`` command, and whether it answered exactly."""
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "tictactoe_tui", "analyze", str(board), "--k", "4", "--time", str(seconds), "--json"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return time.perf_counter() - started, json.loads(out)["complete"]


def long_reviews(seconds: float) -> None:
    """Review long games move by move in the search process, as the app's review screen does."""
    import threading

    from tictactoe_tui.engine.review import MoveReview, loads
    from tictactoe_tui.search_process import ReviewRequest, SearchProcess

    child = SearchProcess()
    child.start()
    print(f"| game (move by move in the search process, {seconds:g} s each) | plies | exact | per move p50 / max "
          "| whole | kept text | read back |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for label, rows, k, game, plies in (
        ("Ultimate", 9, 3, "ultimate", 58),
        ("15×15, 5 in a row", 15, 5, "classic", 18),
    ):
        seed, moves = 0, list[Move]()
        while len(moves) < plies:  # the first seeded random game that lasts the plies
            seed += 1
            rng = random.Random(seed)
            board = Board.empty(rows, rows, k, game)
            moves = []
            while not board.is_over and len(moves) < plies:
                moves.append(rng.choice(board.legal_moves()))
                board = board.play(moves[-1])
        start = board = Board.empty(rows, rows, k, game)
        judged: list[MoveReview] = []
        each: list[float] = []
        began = time.perf_counter()
        for move in moves:
            started = time.perf_counter()
            judged.append(child.judge(ReviewRequest.of(board, move, seconds), threading.Event()))
            each.append(time.perf_counter() - started)
            board = board.play(move)
        whole = time.perf_counter() - began
        text = Review(start, tuple(judged)).dumps()
        started = time.perf_counter()
        assert loads(text) is not None
        read = time.perf_counter() - started
        exact = sum(move.exact for move in judged)
        slowest = each.index(max(each)) + 1
        print(f"| {label} | {plies} | {exact} | {statistics.median(each):.2f} s / {max(each):.2f} s (move {slowest}) "
              f"| {whole:.1f} s | {len(text):,} bytes | {read * 1000:.1f} ms |")  # fmt: skip
        if game == "ultimate":
            second = second_v(start, tuple(moves), Review(start, tuple(judged)))
    child.close()
    print(
        f"\nA second v on the Ultimate game (its kept review read from the archive and parsed): {second * 1000:.1f} ms"
    )


def second_v(start: Board, moves: tuple[Move, ...], review: Review) -> float:
    """Seconds a second v spends getting the review: the archive's kept text read and parsed
    (the judging it replaces took the whole review's time)."""
    import tempfile

    from tictactoe_tui.engine.board import GameShape
    from tictactoe_tui.engine.position import Position
    from tictactoe_tui.engine.review import FORMAT, loads
    from tictactoe_tui.store.archive import Archive, GameRecord
    from tictactoe_tui.table import Seating

    final = start.play_all(moves)
    winner = final.winner
    record = GameRecord(
        Position(GameShape.of(start), moves), Seating("two players", ("you", "you")), "", (1.0,) * len(moves),
        None if winner is None else winner.value, 0, 0.0, 1.0,
    )  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        archive = Archive(Path(folder) / "games.sqlite3")
        archive.record(record)
        game_id = archive.page()[0].id
        archive.keep_review(game_id, review.dumps(), FORMAT)
        started = time.perf_counter()
        kept = archive.kept_review(game_id, FORMAT)
        assert kept is not None
        assert loads(kept) == review
        seconds = time.perf_counter() - started
        archive.close()
        return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--cold", action="store_true", help="a fresh solver for each position")
    parser.add_argument("--cli", type=int, default=0, help="positions per count timed as whole commands")
    parser.add_argument("--marks", default="0-12", help="the mark counts, FIRST-LAST")
    parser.add_argument("--long", action="store_true", help="review long games as the app does, and read them back")
    args = parser.parse_args()
    if args.long:
        long_reviews(args.seconds)
        return
    first, last = map(int, args.marks.split("-"))
    print("| review (fresh process) | plies | judged exactly | time |")
    print("|---|---|---|---|")
    for label, rows, k, plies in (("3×3 game", 3, 3, 9), ("5×5 game, 4 in a row", 5, 4, 20)):
        seconds, played, exact = review_in_fresh_process(rows, k, plies, args.seconds)
        print(f"| {label} | {played} | {exact} | {seconds:.2f} s |")
    print()
    table = "a fresh solver for each" if args.cold else "one solver for all, as a session's"
    print(
        f"analyze on 5×5, 4 in a row, {args.seconds:g} s each, {args.positions} random positions per mark count"
        f" ({table}):"
    )
    print("| marks | p50 | p99 | max | not finished | not finished without the Maker–Breaker proofs |")
    print("|---|---|---|---|---|---|")
    rng = random.Random(5)
    shape = Board.empty(5, 5, 4).geometry
    unproved = Solver(shape, maker_breaker=False)  # warms up as analyze's own does
    commands: dict[int, list[tuple[float, bool]]] = {}
    for marks in range(first, last + 1):
        times: list[float] = []
        unfinished = unfinished_unproved = 0
        for position in range(args.positions):
            board = Board.empty(5, 5, 4)
            while board.move_count < marks and not board.is_over:
                board = board.play(rng.choice(board.legal_moves()))
            if board.is_over:
                continue
            solver = Solver(shape) if args.cold else game_of(board).searches.solver(shape)
            started = time.perf_counter()
            analysis = solver.analyze(board, Budget.seconds(args.seconds))
            times.append(time.perf_counter() - started)
            unfinished += not analysis.complete
            without = Solver(shape, maker_breaker=False) if args.cold else unproved
            unfinished_unproved += not without.analyze(board, Budget.seconds(args.seconds)).complete
            if position < args.cli:
                commands.setdefault(marks, []).append(analyze_command(board, args.seconds))
        if times:
            print(
                f"| {marks} | {percentiles(times)} | {unfinished} of {len(times)} "
                f"| {unfinished_unproved} of {len(times)} |"
            )
    if commands:
        print()
        print(f"whole commands, tictactoe-tui analyze BOARD --time {args.seconds:g} --json:")
        print("| marks | p50 | p99 | max | not exact |")
        print("|---|---|---|---|---|")
        for marks, runs in commands.items():
            print(f"| {marks} | {percentiles([wall for wall, _ in runs])} | {sum(not exact for _, exact in runs)} "
                  f"of {len(runs)} |")  # fmt: skip


if __name__ == "__main__":
    main()

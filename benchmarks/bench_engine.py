"""Engine benchmark: the solver against plain references, measured side by side in one run.

    python benchmarks/bench_engine.py [--quick]

1. A perfect move on 3×3, warm (solved once, then asked again), against a brute-force player
   written here after seed 000's algorithm (full minimax, no memory, shuffle then sort), per
   number of marks on the board and over every reachable position.
2. A fresh process to its first perfect move on the empty board, both ways.
3. An exact solve of the empty 4×4 board (k=4 and k=3) against a plain memoised negamax
   (same bitboards, no pruning, no symmetry).

Only ratios of times taken in this same run are meaningful on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path

from tictactoe_tui.engine import Analysis, Board, Strategy, get_strategy
from tictactoe_tui.engine.search.solver import Solver

sys.path.insert(0, str(Path(__file__).parent))
from seed000_reference import brute_force_move

# -- plain memoised negamax for m×n×k -----------------------------------------------------------


def plain_move_scores(board: Board) -> dict[int, int]:
    """Exact score of every move (the solver's scale) by memoised negamax with no pruning."""
    shape = board.geometry
    memo: dict[tuple[int, int], int] = {}
    through = shape.lines_through

    def score_after(me: int, opp: int, bit: int) -> int:
        mine = me | bit
        empties = shape.cells - (mine | opp).bit_count()
        if any(mine & line == line for line in through[bit.bit_length() - 1]):
            return empties + 1
        return -score(opp, mine)

    def score(me: int, opp: int) -> int:
        key = (me, opp)
        known = memo.get(key)
        if known is None:
            free = shape.full & ~(me | opp)
            known = 0 if not free else max(score_after(me, opp, 1 << c) for c in range(shape.cells) if free >> c & 1)
            memo[key] = known
        return known

    mover = board.to_move
    me, opp = board.bits_of(mover), board.bits_of(mover.other)
    return {c: score_after(me, opp, 1 << c) for c in range(shape.cells) if board.empty_bits >> c & 1}


def plain_negamax(board: Board) -> int:
    """Value for the side to move by memoised negamax: no pruning, no symmetry, no threats."""
    shape = board.geometry
    memo: dict[tuple[int, int], int] = {}
    through = shape.lines_through

    def value(me: int, opp: int) -> int:
        key = (me, opp)
        known = memo.get(key)
        if known is not None:
            return known
        free = shape.full & ~(me | opp)
        best = 0 if not free else -1
        while free:
            bit = free & -free
            free ^= bit
            mine = me | bit
            cell = bit.bit_length() - 1
            if any(mine & line == line for line in through[cell]):
                best = 1
                break
            best = max(best, -value(opp, mine))
            if best == 1:
                break
        memo[key] = best
        return best

    mover = board.to_move
    return value(board.bits_of(mover), board.bits_of(mover.other))


# -- helpers -------------------------------------------------------------------------------------


def timed(action: Callable[[], object], repeat: int = 1) -> float:
    """Best-of-``repeat`` seconds for ``action``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def positions_3x3() -> Iterator[Board]:
    """Every reachable, unfinished 3×3 position, once each."""
    seen: set[Board] = set()
    stack = [Board.empty()]
    while stack:
        board = stack.pop()
        if board in seen or board.is_over:
            continue
        seen.add(board)
        yield board
        stack.extend(board.play(move) for move in board.legal_moves())


def pieces_of(board: Board) -> list[str]:
    return [" " if c == "." else c for c in str(board).replace("/", "")]


def brute_force_on(board: Board, rng: random.Random) -> int:
    """Seed 000's move on ``board``, from its pieces."""
    return brute_force_move(pieces_of(board), str(board.to_move), rng)


def choose_each(strategy: Strategy, boards: Sequence[Board], rng: random.Random) -> None:
    """``strategy``'s move on each of ``boards`` in turn."""
    for board in boards:
        strategy.choose(board, rng)


def solved(board: Board) -> Analysis:
    """A fresh solver's analysis of ``board``."""
    return Solver(board.geometry).analyze(board)


def bench_warm_3x3(quick: bool) -> None:
    print("1. perfect move on 3x3, warm, against seed 000's brute force")
    perfect = get_strategy("perfect")
    rng = random.Random(0)
    by_marks: dict[int, list[Board]] = {}
    for board in positions_3x3():
        by_marks.setdefault(board.move_count, []).append(board)
    total_brute = total_ours = 0.0
    print(f"   {'marks':>5} {'positions':>9} {'brute force':>12} {'perfect':>10} {'ratio':>10}")
    for marks in sorted(by_marks):
        boards = by_marks[marks]
        if quick and marks < 2:
            boards = boards[:2]
        choose_each(perfect, boards, rng)  # warm: every position solved once before timing
        brute = sum(timed(partial(brute_force_on, b, rng)) for b in boards)
        ours = sum(timed(partial(choose_each, perfect, [b] * 200, rng), repeat=3) for b in boards) / 200
        total_brute += brute
        total_ours += ours
        print(
            f"   {marks:>5} {len(boards):>9} {brute * 1e3:>10.1f}ms {ours * 1e6 / len(boards):>8.2f}us/move"
            f" {brute / ours:>9,.0f}x"
        )
    print(f"   all positions: {total_brute / total_ours:,.0f}x (goal >= 50,000x)")


def bench_levels_3x3() -> None:
    print("1b. every level's warm decision on 3x3 (every unfinished reachable position, each asked")
    print("    before timing), against seed 000's brute-force first move on the empty board")
    rng = random.Random(0)
    boards = [board for board in positions_3x3() if not board.is_over]
    first_move = timed(lambda: brute_force_move([" "] * 9, "x", rng))
    print(f"   seed 000's first move: {first_move * 1e3:.0f} ms")
    for name in ("easy", "medium", "hard", "impossible", "perfect"):
        strategy = get_strategy(name)
        choose_each(strategy, boards, rng)
        per_move = timed(partial(choose_each, strategy, boards, rng), repeat=3) / len(boards)
        print(f"   {name:>10}: {per_move * 1e6:8.2f} us/move, {first_move / per_move:>12,.0f}x seed 000's first move")


FRESH_OURS = (
    "import random; from tictactoe_tui.engine import Board, get_strategy;"
    "get_strategy('perfect').choose(Board.empty(), random.Random(0))"
)


def bench_fresh_process() -> None:
    print("2. fresh process: analyze an empty 3x3 board vs seed 000's first move, and the floor under both")
    brute_code = (
        f"import random, sys; sys.path.insert(0, {str(Path(__file__).parent)!r});"
        "import seed000_reference as s; s.brute_force_move([' '] * 9, 'x', random.Random(0))"
    )
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}  # as installed
    command = [str(Path(sys.executable).with_name("tictactoe-tui")), "analyze", ".../.../...", "--json"]

    def run(args: list[str]) -> float:
        start = time.perf_counter()
        subprocess.run(args, check=True, env=env, capture_output=True)
        return time.perf_counter() - start

    cases = {
        "tictactoe-tui analyze ... --json": command,
        "perfect move from the library": [sys.executable, "-c", FRESH_OURS],
        "seed 000 brute force": [sys.executable, "-c", brute_code],
        "python, nothing imported": [sys.executable, "-c", "pass"],
        "python importing typing, dataclasses, enum, argparse, json": [
            sys.executable,
            "-c",
            "import typing, dataclasses, enum, argparse, json",
        ],
    }
    times = {}
    for name, args in cases.items():
        run(args)  # warm-up: bytecode written, files in the page cache
        times[name] = statistics.median(run(args) for _ in range(7))
        print(f"   {name}: {times[name] * 1e3:.0f} ms")
    brute = times["seed 000 brute force"]
    print(
        f"   brute force / analyze: {brute / times['tictactoe-tui analyze ... --json']:.1f}x (goal >= 10x);"
        f" brute force / the floor of any Python command with those modules:"
        f" {brute / times['python importing typing, dataclasses, enum, argparse, json']:.1f}x"
    )


def bench_4x4(quick: bool) -> None:
    print("3. exact solve of the empty 4x4 board against plain memoised negamax")
    for k in (4, 3):
        board = Board.empty(4, 4, k)
        ours_seconds = timed(partial(solved, board), repeat=3)
        analysis = solved(board)
        if quick:
            print(f"   k={k}: solver {ours_seconds:.3f} s, value {analysis.value} (reference skipped)")
            continue
        start = time.perf_counter()
        reference_value = plain_negamax(board)
        value_seconds = time.perf_counter() - start
        assert reference_value == analysis.value, (reference_value, analysis.value)
        start = time.perf_counter()
        scores = plain_move_scores(board)
        scores_seconds = time.perf_counter() - start
        assert scores == {board.index(mv.move): mv.score for mv in analysis.moves}
        print(
            f"   k={k}: value {analysis.value:+d}; solver {ours_seconds:.3f} s ({analysis.nodes:,} nodes)"
            f" for every move's value and plies.\n"
            f"        plain negamax, same answer: {scores_seconds:.1f} s"
            f" = {scores_seconds / ours_seconds:,.0f}x;"
            f" value of the position only (stops at the first win): {value_seconds:.2f} s ="
            f" {value_seconds / ours_seconds:,.0f}x  (goal >= 100x; k=4 <= 1 s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions, no 4x4 reference")
    args = parser.parse_args()
    bench_warm_3x3(args.quick)
    bench_levels_3x3()
    bench_fresh_process()
    bench_4x4(args.quick)


if __name__ == "__main__":
    main()

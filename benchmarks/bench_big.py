"""Big boards: the computer's move time against its budget, and search speed.

    python benchmarks/bench_big.py [--budget S] [--positions N]

1. For every preset, the ``impossible`` level chooses moves in N positions from seeded
   random games, each under the time budget (default 1 s, as in the app): p50, p99 and the
   longest move time, and p99 / budget (goal <= 1.1). Its node caps often end a search first.
2. The same for alpha-beta with no node cap, so that the clock alone ends every search.
3. Nodes per second of the exact solver (empty 4×4, k=4), of the alpha-beta search and of
   the threat-space search (the same 15×15 middle game), measured in the same run.
"""

from __future__ import annotations

import argparse
import random
import time

from tictactoe_tui.engine import Board, Budget, get_strategy
from tictactoe_tui.engine.games import GAME_SEARCHES
from tictactoe_tui.engine.players import AlphaBetaStrategy
from tictactoe_tui.engine.search import threats
from tictactoe_tui.engine.search.alphabeta import search
from tictactoe_tui.engine.search.solver import Solver
from tictactoe_tui.game import PRESETS


def positions(rows: int, cols: int, k: int, count: int, seed: int) -> list[Board]:
    """Unfinished positions from random games, from the empty board on."""
    rng = random.Random(seed)
    found = [Board.empty(rows, cols, k)]
    while len(found) < count:
        board = Board.empty(rows, cols, k)
        for _ in range(rng.randrange(min(rows * cols - 1, 20))):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            found.append(board)
    return found


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per move (default 1)")
    parser.add_argument("--positions", type=int, default=20, help="positions per preset (default 20)")
    args = parser.parse_args()

    players = (
        ("impossible", get_strategy("impossible")),
        ("alpha-beta without a node cap (only the clock stops it)", AlphaBetaStrategy(None, searches=GAME_SEARCHES)),
    )
    for number, (name, player) in enumerate(players, start=1):
        print(f"{number}. {name}: move time with a {args.budget:g} s budget")
        for preset in PRESETS:
            times = []
            for board in positions(preset.rows, preset.cols, preset.k, args.positions, seed=1):
                started = time.perf_counter()
                player.choose(board, random.Random(0), Budget.seconds(args.budget))
                times.append(time.perf_counter() - started)
            p99 = percentile(times, 0.99)
            print(
                f"   {preset.label:>22}: p50 {percentile(times, 0.5):6.3f} s, p99 {p99:6.3f} s,"
                f" max {max(times):6.3f} s; p99/budget {p99 / args.budget:.2f} (goal <= 1.1)"
            )

    print("3. nodes per second")
    board = Board.empty(4, 4, 4)
    started = time.perf_counter()
    analysis = Solver(board.geometry).analyze(board)
    seconds = time.perf_counter() - started
    rate = analysis.nodes / seconds
    print(f"   exact solver, empty 4x4 k=4: {analysis.nodes:,} nodes in {seconds:.3f} s = {rate:,.0f} nodes/s")
    middle = Board.empty(15, 15, 5)
    for move in ((7, 7), (7, 8), (8, 7), (6, 6), (8, 9), (9, 8)):
        middle = middle.play(move)
    started = time.perf_counter()
    outcome = search(middle, Budget.seconds(2.0))
    seconds = time.perf_counter() - started
    print(
        f"   alpha-beta, 15x15 middle game: {outcome.nodes:,} nodes in {seconds:.3f} s"
        f" = {outcome.nodes / seconds:,.0f}/s, depth {outcome.depth}"
    )
    started = time.perf_counter()
    found = threats.search(middle, Budget.seconds(2.0))
    seconds = time.perf_counter() - started
    print(
        f"   threat-space, 15x15 middle game: {found.nodes:,} nodes in {seconds:.3f} s"
        f" = {found.nodes / seconds:,.0f}/s, alpha-beta depth {found.depth} ({found.reason})"
    )


if __name__ == "__main__":
    main()

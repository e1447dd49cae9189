"""Would an exact endgame search make Ultimate's ``impossible`` stronger? (issue 28)

    python benchmarks/bench_ultimate_endgame.py [--games 6] [--nodes 30000]

Plays seeded games of ``mcts-solver-1000`` against itself (moves from a real search, not random
ones). Before every move the rules solver tries the position within ``--nodes``; wherever it
finishes, a fresh ``impossible`` (no tree from earlier moves) chooses a move there, and the
solver's values say whether that move keeps the position's value. Prints how many positions the
solver finished, how long it took, how many plies before the end it first finished in each
game, and how many of ``impossible``'s moves there threw a value away: an endgame search only
helps where that count is not zero.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time

from tictactoe_tui.engine import Board, get_strategy
from tictactoe_tui.engine.search.budget import Budget
from tictactoe_tui.engine.search.rules_solver import RulesSolver


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--nodes", type=int, default=30_000)
    args = parser.parse_args()
    reference, level = get_strategy("mcts-solver-1000"), get_strategy("impossible")
    positions = finished = thrown = 0
    solve_seconds: list[float] = []
    lead: list[int] = []  # plies from the first finished position to the game's end
    for game in range(args.games):
        rng = random.Random(game)
        board = Board.empty(9, 9, 3, "ultimate")
        solver = RulesSolver(board.geometry)
        first: int | None = None
        while not board.is_over:
            positions += 1
            started = time.perf_counter()
            analysis = solver.analyze(board, Budget(max_nodes=args.nodes))
            solve_seconds.append(time.perf_counter() - started)
            if analysis.complete:
                finished += 1
                first = board.move_count if first is None else first
                move = copy.deepcopy(level).choose(board, random.Random(game * 1000 + board.move_count))
                if next(found.value for found in analysis.moves if found.move == move) != analysis.value:
                    thrown += 1
            board = board.play(reference.choose(board, rng))
        if first is not None:
            lead.append(board.move_count - first)
    print(
        f"{args.games} games, {positions} positions: the solver finished {finished} within {args.nodes:,} nodes"
        f" (p50 {statistics.median(solve_seconds):.2f} s, longest {max(solve_seconds):.2f} s a position),"
        f" first {min(lead, default=0)}–{max(lead, default=0)} plies before the end;"
        f" impossible threw the value away in {thrown} of those {finished}"
    )


if __name__ == "__main__":
    main()

"""Ideas for Ultimate's search, one at a time: does each make it stronger?

    python benchmarks/bench_ultimate_guides.py [--games 40] [--playouts 2000] [--seed 7] [--jobs 2] [--only TEXT]

Each idea (playouts that take a small board when offered; playouts that do not send the
opponent to a board they can claim at once; both; a smaller UCT constant) plays MCTS-Solver
with ``--playouts`` playouts against the same search as the levels run it (random playouts,
the default constant), half the games from each seat, seeded. Prints each idea's score (wins
plus half the draws) and its playouts per second against the plain search's, measured side by
side on the same positions. ``--only`` runs the ideas whose name contains TEXT.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tictactoe_tui.engine import Board, Mark
from tictactoe_tui.engine.arena import play_game
from tictactoe_tui.engine.search import rules_mcts
from tictactoe_tui.engine.search.solver import UNLIMITED
from tictactoe_tui.engine.search.ultimate_playout import RANDOM, Guide
from tictactoe_tui.engine.strategies import MctsStrategy

IDEAS: dict[str, dict[str, Any]] = {
    "playouts take a small board when offered": {"guide": Guide(take_wins=True)},
    "playouts do not send to a board the opponent claims at once": {"guide": Guide(avoid_gifts=True)},
    "both playout guides": {"guide": Guide(take_wins=True, avoid_gifts=True)},
    "UCT constant 0.5 instead of 1.4": {"exploration": 0.5},
}


def one_game(idea: dict[str, Any], playouts: int, guided_is_x: bool, seed: int) -> int:
    """+1 if the search with the idea wins, -1 if it loses, 0 for a draw."""
    guided, plain = MctsStrategy(playouts, solve=True, **idea), MctsStrategy(playouts, solve=True)
    x, o = (guided, plain) if guided_is_x else (plain, guided)
    final = play_game(Board.empty(9, 9, 3, "ultimate"), x, o, random.Random(seed))
    if final.winner is None:
        return 0
    return 1 if (final.winner is Mark.X) == guided_is_x else -1


def playout_rate(idea: dict[str, Any], seconds: float) -> float:
    """Playouts a second of a search from positions a few random moves in."""
    rng = random.Random(3)
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        board = Board.empty(9, 9, 3, "ultimate")
        for _ in range(rng.randrange(4, 20)):
            board = board.play(board.move_at(rng.choice([c for c in range(81) if board.legal_bits >> c & 1])))
        done += rules_mcts.search(
            board, rng, 2000, UNLIMITED, idea.get("exploration", rules_mcts.EXPLORATION), solve=True,
            guide=idea.get("guide", RANDOM),
        ).playouts  # fmt: skip
    return done / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0, help="per idea, for the playout rate")
    parser.add_argument("--only", default="", help="run only the ideas whose name contains this")
    args = parser.parse_args()
    base_rate = playout_rate({}, args.seconds)
    print(f"{args.games} games per idea against the plain search, MCTS-Solver with {args.playouts} playouts each:")
    print("| idea | wins | losses | draws | score | playouts/s vs plain |")
    print("|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, idea in IDEAS.items():
            if args.only not in name:
                continue
            seeds = [args.seed * 1000 + game for game in range(args.games)]
            seats = [game % 2 == 0 for game in range(args.games)]
            results = list(pool.map(one_game, [idea] * args.games, [args.playouts] * args.games, seats, seeds))
            wins, losses = results.count(1), results.count(-1)
            draws = results.count(0)
            rate = playout_rate(idea, args.seconds)
            print(
                f"| {name} | {wins} | {losses} | {draws} | {(wins + draws / 2) / args.games:.1%} "
                f"| {rate:,.0f} vs {base_rate:,.0f} ({rate / base_rate:.2f}×) |"
            )


if __name__ == "__main__":
    main()

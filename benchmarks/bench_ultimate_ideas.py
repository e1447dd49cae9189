"""Ideas for Ultimate's search, one at a time: does each make it stronger?

    python benchmarks/bench_ultimate_ideas.py [--games 100] [--playouts 2000] [--seed 7] [--jobs 2] [--only TEXT]

Each idea changes one thing in Ultimate's MCTS-Solver (``engine/search/ultimate/mcts.py``)
with ``--playouts`` playouts, and plays the same search with its defaults (what the levels
run), half the games from each seat, seeded. Prints each idea's score (wins plus half the
draws) and its playouts per second against the defaults', measured side by side on the same
positions. ``--only`` runs the ideas whose name contains TEXT.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tictactoe_tui.engine import Board, Decision, Mark, Strategy
from tictactoe_tui.engine.arena import play_game
from tictactoe_tui.engine.search.budget import UNLIMITED, Budget
from tictactoe_tui.engine.search.ultimate import mcts as ultimate_mcts
from tictactoe_tui.engine.search.ultimate.playout import Guide

IDEAS: dict[str, dict[str, Any]] = {
    "no decisive moves (neither first in the tree nor taken in playouts)": {"decisive": False},
    "UCT constant 1.4": {"exploration": 1.4},
    "UCT constant 1.0": {"exploration": 1.0},
    "UCT constant 0.7": {"exploration": 0.7},
    "UCT constant 0.35": {"exploration": 0.35},
    "playouts take a small board when offered": {"guide": Guide(take_wins=True)},
    "playouts do not send to a board the opponent claims at once": {"guide": Guide(avoid_gifts=True)},
}


class Variant(Strategy):
    """Ultimate's search with an idea's settings, its tree kept between moves."""

    name = "variant"

    def __init__(self, playouts: int, settings: dict[str, Any]) -> None:
        self.playouts, self.settings = playouts, settings
        self.tree = ultimate_mcts.SearchTree()

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        found = ultimate_mcts.search(board, rng, self.playouts, budget, tree=self.tree, **self.settings)
        return Decision(board.move_at(found.cell), estimate=found.win_rate)


def one_game(idea: dict[str, Any], playouts: int, idea_is_x: bool, seed: int) -> int:
    """+1 if the search with the idea wins, -1 if it loses, 0 for a draw."""
    changed, plain = Variant(playouts, idea), Variant(playouts, {})
    x, o = (changed, plain) if idea_is_x else (plain, changed)
    final = play_game(Board.empty(9, 9, 3, "ultimate"), x, o, random.Random(seed))
    if final.winner is None:
        return 0
    return 1 if (final.winner is Mark.X) == idea_is_x else -1


def playout_rate(idea: dict[str, Any], seconds: float) -> float:
    """Playouts a second of a search from positions a few random moves in."""
    rng = random.Random(3)
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        board = Board.empty(9, 9, 3, "ultimate")
        for _ in range(rng.randrange(4, 20)):
            board = board.play(rng.choice(board.legal_moves()))
        done += ultimate_mcts.search(board, rng, 2000, UNLIMITED, **idea).playouts
    return done / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0, help="per idea, for the playout rate")
    parser.add_argument("--only", default="", help="run only the ideas whose name contains this")
    args = parser.parse_args()
    base_rate = playout_rate({}, args.seconds)
    print(
        f"{args.games} games per idea against the search's defaults (UCT constant {ultimate_mcts.EXPLORATION}),"
        f" {args.playouts} playouts a move each:"
    )
    print("| idea | wins | losses | draws | score | playouts/s vs the defaults' |")
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
                f"| {rate:,.0f} vs {base_rate:,.0f} ({rate / base_rate:.2f}×) |",
                flush=True,
            )


if __name__ == "__main__":
    main()

"""Does Connect Four's `impossible` keep every win it is given, against a perfect defender?

    python benchmarks/bench_connect_four.py [--positions 100] [--budget 1.0] [--seed 0] [--level impossible]

Needs BitBully (``pip install bitbully``), an outside perfect Connect Four solver (C++), which
is the referee and the defender. Positions: random openings the side to move wins with best
play, by BitBully's values: half of them 8 plies in (`impossible` is X), half 9 plies in (it is
O). From each, `impossible` plays with the budget a move (the app's default is 1 s, timed from
the call to the answer), with a fresh solver table each game; the defender answers with the
move that loses slowest by BitBully's scores (ties at random). Every move of `impossible` is
checked: a move after which the opponent wins or draws with best play has let a win go.
Prints the games won, drawn and lost, the moves that let a win go (with the position), and
the move time p50 and p99 against the budget.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bitbully import BitBully
from bitbully import Board as ReferenceBoard

from tictactoe_tui.engine import Board, get_strategy
from tictactoe_tui.engine.games import game_of
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.budget import Budget

REFEREE = BitBully()


def won_opening(rng: random.Random, plies: int) -> str:
    """Columns (from 1) of a random opening of ``plies`` plies, no line completed, that the side
    to move wins with best play."""
    while True:
        board, columns = ReferenceBoard(), ""
        for _ in range(plies):
            column = rng.choice([c for c in range(7) if board.is_legal_move(c)])
            if board.can_win_next(column):
                break
            board.play(column)
            columns += str(column + 1)
        if len(columns) < plies or board.can_win_next():  # a win at once proves nothing
            continue
        if max(REFEREE.score_all_moves(board).values()) > 0:
            return columns


def defend(columns: str, rng: random.Random) -> str:
    """The defender's column (from 1): the move that loses slowest, ties at random."""
    scores = REFEREE.score_all_moves(ReferenceBoard.from_moves([int(c) - 1 for c in columns]))
    best = max(scores.values())
    return str(rng.choice([column for column, score in scores.items() if score == best]) + 1)


def value(columns: str) -> int:
    """+1, 0 or -1: the outcome with best play for the side to move after ``columns``."""
    board = ReferenceBoard.from_moves([int(c) - 1 for c in columns])
    if board.has_win():
        return -1
    scores = REFEREE.score_all_moves(board)
    best = max(scores.values()) if scores else 0  # a full board is a draw
    return (best > 0) - (best < 0)


def play(columns: str, budget: float, level: str, rng: random.Random) -> tuple[str, list[float], list[str]]:
    """One game from ``columns``: its result for the level ('win', 'draw', 'loss'), the level's
    move times and the positions where its move let the win go."""
    strategy = get_strategy(level)
    board = dropped(Board.empty(6, 7, 4, "gravity"), columns)
    solver = game_of(board).searches.solver(board.geometry)
    getattr(solver, "table", {}).clear()
    getattr(solver, "finished", {}).clear()
    mover = board.to_move
    times: list[float] = []
    slips: list[str] = []
    while not board.is_over:
        if board.to_move is mover:
            started = time.perf_counter()
            decision = strategy.decide(board, rng, Budget.seconds(budget))
            times.append(time.perf_counter() - started)
            column = str(decision.move[1] + 1)
            if value(columns) > 0 and value(columns + column) >= 0:
                slips.append(f"{columns}+{column}")
        else:
            column = defend(columns, rng)
        columns += column
        board = dropped(board, column)
    result = "win" if board.winner is mover else "draw" if board.winner is None else "loss"
    return result, times, slips


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="impossible")
    args = parser.parse_args()
    openings, rng = random.Random(args.seed), random.Random(args.seed + 1)  # the same openings whatever is played
    results = {"X": {"win": 0, "draw": 0, "loss": 0}, "O": {"win": 0, "draw": 0, "loss": 0}}
    times: list[float] = []
    slips: list[str] = []
    for index in range(args.positions):
        seat = "X" if index % 2 == 0 else "O"
        opening = won_opening(openings, 8 if seat == "X" else 9)
        result, game_times, game_slips = play(opening, args.budget, args.level, rng)
        results[seat][result] += 1
        times += game_times
        slips += game_slips
        print(
            f"{index + 1:3} {seat} {opening}: {result}, {len(game_times)} moves, longest {max(game_times):.2f} s"
            + (f", let go: {' '.join(game_slips)}" if game_slips else ""),
            flush=True,
        )
    for seat, counts in results.items():
        print(f"{args.level} as {seat}: {counts['win']} won, {counts['draw']} drawn, {counts['loss']} lost")
    p50, p99 = statistics.median(times), statistics.quantiles(times, n=100)[98]
    print(
        f"moves: {len(times)}, {len(slips)} let a win go; move time p50 {p50:.3f} s, p99 {p99:.3f} s,"
        f" longest {max(times):.3f} s: p99 {p99 / args.budget:.2f}x the budget of {args.budget:g} s"
    )


if __name__ == "__main__":
    main()

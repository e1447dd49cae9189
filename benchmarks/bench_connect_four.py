"""Does Connect Four's `impossible` keep every win it is given, against a perfect defender?

    python benchmarks/bench_connect_four.py [--positions 100] [--plies 8 9 | --openings COLUMNS ...]
                                            [--budget 1.0] [--seed 0] [--level impossible] [--log PATH]

Needs BitBully (``pip install bitbully``), an outside perfect Connect Four solver (C++), which
is the referee and the defender. Positions: random openings the side to move wins with best
play, by BitBully's values, their lengths taking ``--plies`` in turn: by default half of them
8 plies in (`impossible` is X), half 9 plies in (it is O); ``--openings`` plays the won
positions it names (columns, 1–7, from the empty board) in turn instead, such as those a run
let go. From each, `impossible` plays with
the budget a move (the app's default is 1 s, timed from the call to the answer), with a fresh
solver table each game; the defender answers with the move that loses slowest by BitBully's
scores (ties at random). Every move of `impossible` is
checked: a move after which the opponent wins or draws with best play has let a win go.
Prints the games won, drawn and lost, the moves that let a win go (with the position), and
the move time p50 and p99 against the budget; then, ply by ply (the ply a move is, counted
from 1: after a 7-ply opening the move is ply 8), of the moves made in a won position, the
share that let the win go and the share whose win was not proven (the decision carried no
proven value: no proof finished within the move's time, and the alpha-beta chose).
``--log`` writes each of those moves as a line of JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from bitbully import BitBully
from bitbully import Board as ReferenceBoard

from tictactoe_tui.engine import Board, get_strategy
from tictactoe_tui.engine.games import game_of
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.budget import Budget

REFEREE = BitBully()
#: The per-ply table's last row of a ply of its own; the moves after it share one.
LAST_ROW = 20


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


def is_won(columns: str) -> bool:
    """Whether ``columns`` (1–7) are legal moves, none completing a line, after which the side
    to move wins with best play."""
    if not re.fullmatch(r"[1-7]+", columns):
        return False
    board = ReferenceBoard()
    for column in columns:
        if not board.is_legal_move(int(column) - 1) or board.can_win_next(int(column) - 1):
            return False
        board.play(int(column) - 1)
    return value(columns) > 0


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


@dataclass(frozen=True)
class Move:
    """One move of the level's in a won position: the position (its columns), the column
    played, the time it took, whether it let the win go and whether the level proved it."""

    columns: str
    column: str
    seconds: float
    let_go: bool
    proven: bool

    @property
    def ply(self) -> int:
        """The move's ply, counted from 1."""
        return len(self.columns) + 1


def play(columns: str, budget: float, level: str, rng: random.Random) -> tuple[str, list[float], list[Move]]:
    """One game from ``columns``: its result for the level ('win', 'draw', 'loss'), the level's
    move times and its moves made in a won position."""
    strategy = get_strategy(level)
    board = dropped(Board.empty(6, 7, 4, "gravity"), columns)
    solver = game_of(board).searches.solver(board.geometry)
    getattr(solver, "table", {}).clear()
    getattr(solver, "finished", {}).clear()
    mover = board.to_move
    times: list[float] = []
    moves: list[Move] = []
    while not board.is_over:
        if board.to_move is mover:
            started = time.perf_counter()
            decision = strategy.decide(board, rng, Budget.seconds(budget))
            times.append(time.perf_counter() - started)
            column = str(decision.move[1] + 1)
            if value(columns) > 0:
                let_go = value(columns + column) >= 0
                moves.append(Move(columns, column, times[-1], let_go, decision.value == 1))
        else:
            column = defend(columns, rng)
        columns += column
        board = dropped(board, column)
    result = "win" if board.winner is mover else "draw" if board.winner is None else "loss"
    return result, times, moves


def by_ply(moves: list[Move]) -> None:
    """Print, ply by ply, the moves made in a won position, the share that let the win go and
    the share not proven."""
    print("  ply | moves | let a win go | not proven")
    rows = {f"{ply:5}": [move for move in moves if move.ply == ply] for ply in range(1, LAST_ROW + 1)}
    rows[f"{LAST_ROW + 1}+"] = [move for move in moves if move.ply > LAST_ROW]
    for ply, here in rows.items():
        if here:
            let_go, unproven = sum(move.let_go for move in here), sum(not move.proven for move in here)
            shares = f"{let_go:4} ({let_go / len(here):6.1%}) | {unproven:4} ({unproven / len(here):6.1%})"
            print(f"{ply:>5} | {len(here):5} | {shares}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="impossible")
    parser.add_argument("--plies", type=int, nargs="+", default=[8, 9], help="opening lengths, in turn (8 9)")
    parser.add_argument("--openings", nargs="+", metavar="COLUMNS", help="these won positions, in turn, instead")
    parser.add_argument("--log", type=Path, help="write each move made in a won position as a line of JSON")
    args = parser.parse_args()
    if args.positions < 1:
        parser.error("--positions: at least one game")
    for columns in args.openings or []:
        if not is_won(columns):
            parser.error(f"--openings: {columns} is not a position the side to move wins")
    openings, rng = random.Random(args.seed), random.Random(args.seed + 1)  # the same openings whatever is played
    results = {"X": {"win": 0, "draw": 0, "loss": 0}, "O": {"win": 0, "draw": 0, "loss": 0}}
    times: list[float] = []
    moves: list[Move] = []
    log = None if args.log is None else args.log.open("a")
    for index in range(args.positions):
        if args.openings:
            opening = args.openings[index % len(args.openings)]
        else:
            opening = won_opening(openings, args.plies[index % len(args.plies)])
        seat = "X" if len(opening) % 2 == 0 else "O"
        result, game_times, game_moves = play(opening, args.budget, args.level, rng)
        results[seat][result] += 1
        times += game_times
        moves += game_moves
        game_slips = [f"{move.columns}+{move.column}" for move in game_moves if move.let_go]
        if log is not None:
            log.writelines(json.dumps({"opening": opening, **asdict(move)}) + "\n" for move in game_moves)
            log.flush()
        print(
            f"{index + 1:3} {seat} {opening}: {result}, {len(game_times)} moves, longest {max(game_times):.2f} s"
            + (f", let go: {' '.join(game_slips)}" if game_slips else ""),
            flush=True,
        )
    for seat, counts in results.items():
        print(f"{args.level} as {seat}: {counts['win']} won, {counts['draw']} drawn, {counts['loss']} lost")
    p50, p99 = statistics.median(times), statistics.quantiles(times, n=100, method="inclusive")[98]
    let_go = sum(move.let_go for move in moves)
    print(
        f"moves: {len(times)}, {let_go} let a win go; move time p50 {p50:.3f} s, p99 {p99:.3f} s,"
        f" longest {max(times):.3f} s: p99 {p99 / args.budget:.2f}x the budget of {args.budget:g} s"
    )
    by_ply(moves)


if __name__ == "__main__":
    main()

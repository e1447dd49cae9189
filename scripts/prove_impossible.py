"""Prove by search that ``impossible`` never loses, from either seat.

    python scripts/prove_impossible.py --board 5x5 [--game classic|misere] [--seat x|o|both]
                                       [--every-reply-plies N] [--lines N --seed S]

From the empty board, ``impossible`` (the level exactly as the app runs it, with no clock: only
its node limits) is asked for every move it might pick where it is its turn; the other side
plays every legal reply for the first ``--every-reply-plies`` plies (default: the whole game
on 3×3 and 4×4, 6 on 5×5), then an adversary takes over: of its best moves by
the exact solver, the one that leaves ``impossible`` the fewest moves that do not lose. Every
line is played to its end. Positions met twice, or as a mirror image, are checked once. The proof fails, naming the
position, if ``impossible`` ever chooses a move worth less than the best one, cannot decide
exactly (it would fall back to a heuristic), or a line ends in its loss.

``--lines N`` checks only N lines, where the replies are chosen at random among the other
side's best moves (for CI).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field

from tictactoe_tui.engine import Board, Mark
from tictactoe_tui.engine.games import LEVELS, game_of
from tictactoe_tui.engine.players import PerfectStrategy
from tictactoe_tui.engine.search.book import canonical
from tictactoe_tui.engine.search.solver import ExactSolver

SHAPES = {"3x3": (3, 3, 3), "4x4": (4, 4, 4), "5x5": (5, 5, 4)}
#: Plies in which every reply is tried on boards bigger than 4×4 (by default).
BIG_BOARD_PLIES = 6


class NotProven(Exception):
    """A position where ``impossible`` is not shown to hold: the message says why."""


@dataclass
class Proof:
    """Counters of one seat's proof."""

    seat: Mark
    every_reply_plies: int
    checked: set[tuple[int, int]] = field(default_factory=set)
    lines: int = 0
    wins: int = 0
    draws: int = 0
    verbose: bool = False

    def player(self, board: Board) -> PerfectStrategy:
        strategy = LEVELS["impossible"].pick(board)
        if not isinstance(strategy, PerfectStrategy):
            raise NotProven(f"impossible does not play exactly on {board.rows}x{board.cols}")
        return strategy

    def explore(self, board: Board) -> None:
        """Check every line from ``board`` (see the module's docstring)."""
        if board.is_over:
            self.finish(board)
            return
        x, o, _ = canonical(board)  # symmetric positions stand or fall together
        key = (x, o)
        if key in self.checked:
            return
        self.checked.add(key)
        if self.verbose and not len(self.checked) % 10_000:
            print(f"  {len(self.checked):,} positions checked", file=sys.stderr, flush=True)
        if board.to_move is self.seat:
            for move in self.moves_of_impossible(board):
                self.explore(board.play(move))
        elif board.move_count < self.every_reply_plies:
            for move in board.legal_moves():
                self.explore(board.play(move))
        else:
            self.explore(board.play(adversary_move(board)))

    def moves_of_impossible(self, board: Board) -> list[tuple[int, int]]:
        choices = self.player(board).choices(board)
        if choices is None:
            raise NotProven(f"impossible cannot solve {board} within its node limit")
        best = solver_of(board).analyze(board).moves[0].score
        for option in choices.moves:
            if option.score != best:
                raise NotProven(f"impossible may play {option.move} in {board}, worth less than the best")
        return [option.move for option in choices.moves]

    def finish(self, board: Board) -> None:
        self.lines += 1
        if board.winner is self.seat:
            self.wins += 1
        elif board.winner is None:
            self.draws += 1
        else:
            raise NotProven(f"impossible loses the line ending in {board}")


def solver_of(board: Board) -> ExactSolver:
    """The process's exact solver of ``board``'s game and shape (the one ``impossible`` uses)."""
    return game_of(board).searches.solver(board.geometry)


def adversary_move(board: Board) -> tuple[int, int]:
    """Of the side to move's best moves, the one leaving the opponent fewest moves that hold."""
    solver = solver_of(board)
    best = solver.analyze(board).best_moves

    def holding_replies(move: tuple[int, int]) -> int:
        after = board.play(move)
        if after.is_over:
            return 0
        replies = solver.analyze(after).moves
        return sum(reply.score == replies[0].score for reply in replies)

    return min((mv.move for mv in best), key=holding_replies)


def sample_lines(start: Board, seat: Mark, plies: int, count: int, rng: random.Random) -> list[Board]:
    """``count`` positions at the end of the every-reply plies, reached by random best replies."""
    found = []
    for _ in range(count):
        board = start
        while not board.is_over and board.move_count < plies:
            if board.to_move is seat:
                choices = LEVELS["impossible"].pick(board)
                assert isinstance(choices, PerfectStrategy)
                options = choices.choices(board)
                if options is None:
                    raise NotProven(f"impossible cannot solve {board} within its node limit")
                board = board.play(rng.choice(options.moves).move)
            else:  # a strong opponent: any of its best replies
                board = board.play(rng.choice(solver_of(board).analyze(board).best_moves).move)
        found.append(board)
    return found


def default_plies(start: Board) -> int:
    """Every reply for the whole game on boards of up to 16 squares, else the first 6 plies."""
    return start.geometry.cells if start.geometry.cells <= 16 else BIG_BOARD_PLIES


def prove(start: Board, seat: Mark, plies: int, lines: int | None, seed: int, verbose: bool = False) -> Proof:
    """Run one seat's proof; raises :class:`NotProven` on the first failure."""
    proof = Proof(seat, plies, verbose=verbose)
    if lines is None:
        proof.explore(start)
    else:
        for board in sample_lines(start, seat, plies, lines, random.Random(seed)):
            proof.explore(board)
    return proof


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(SHAPES), default="3x3")
    parser.add_argument("--game", choices=("classic", "misere"), default="classic")
    parser.add_argument("--seat", choices=("x", "o", "both"), default="both")
    parser.add_argument("--every-reply-plies", type=int, help="plies in which every reply is tried")
    parser.add_argument("--lines", type=int, help="check only this many random lines")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    start = Board.empty(*SHAPES[args.board], game=args.game)
    plies = args.every_reply_plies if args.every_reply_plies is not None else default_plies(start)
    seats = [Mark.X, Mark.O] if args.seat == "both" else [Mark(args.seat)]
    for seat in seats:
        started = time.monotonic()
        try:
            proof = prove(start, seat, plies, args.lines, args.seed, verbose=True)
        except NotProven as reason:
            print(f"{args.game} {args.board} as {seat.upper()}: NOT PROVEN: {reason}")
            return 1
        print(
            f"{args.game} {args.board} as {seat.upper()}: never loses — {len(proof.checked):,} positions, "
            f"{proof.lines:,} distinct "
            f"end positions ({proof.wins:,} won, {proof.draws:,} drawn), every reply for {plies} plies, "
            f"{time.monotonic() - started:.0f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Search speed in each game: solver nodes, alpha-beta nodes and MCTS playouts per second.

    python benchmarks/bench_variants.py [--seconds S]

Every figure is measured in this one run, and each game-generic search is also timed on the
classic game beside the classic game's own search, so the ratio shows what going through the
rules costs (2 shared cores: single figures wander ±20%, ratios less).

1. Exact solvers, nodes per second solving an empty board: the classic solver and the
   rules solver on classic 3×4 (k=3), then the rules solver on Gravity 4×4, Misère 4×4 and
   (from a late position) Ultimate.
2. Gravity's exact solvers side by side: the bitboard solver and the rules solver, time to
   solve the empty 4×5 board (a draw) and a Connect Four position 14 plies in (lost for X).
3. Gravity's alpha-beta on the empty Connect Four board and a middle game, nodes per second.
4. MCTS playouts per second for S seconds from the empty board: classic 7×7 with the classic
   MCTS and the rules MCTS, then Connect Four, Misère 4×4 and Ultimate with the rules MCTS
   (Ultimate also as an MCTS-Solver, and as its own MCTS-Solver, which its levels run);
   then Ultimate's random playouts alone, through the rules against its own engine.
5. Connect Four's win book: its size and load time, and a winning move ten plies in found in
   it against proven by the solver without it, on the same positions.
"""

from __future__ import annotations

import argparse
import random
import time

from tictactoe_tui.engine import Board, Budget
from tictactoe_tui.engine.games import GAMES, game_of
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search import mcts, playouts, rules_mcts
from tictactoe_tui.engine.search.gravity import alphabeta as gravity
from tictactoe_tui.engine.search.gravity.solver import GravitySolver
from tictactoe_tui.engine.search.rules_solver import RulesSolver
from tictactoe_tui.engine.search.solver import Solver
from tictactoe_tui.engine.search.ultimate import mcts as ultimate_mcts
from tictactoe_tui.engine.search.win_book import WinBook, shipped_win_book


def late_ultimate(plies: int, seed: int) -> Board:
    """A position from a random Ultimate game, ``plies`` moves in (still going)."""
    rng = random.Random(seed)
    while True:
        board = Board.empty(9, 9, 3, "ultimate")
        for _ in range(plies):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            return board


def connect_four(columns: str) -> Board:
    """The Connect Four position after marks dropped in ``columns`` (numbered from 1)."""
    return dropped(Board.empty(6, 7, 4, "gravity"), columns)


def before_book_positions(book: WinBook, marks: int, count: int) -> list[Board]:
    """``count`` positions with ``marks`` marks whose side to move has a move into the book
    (each book position of one mark more with its mover's top mark of a column taken back)."""
    found: list[Board] = []
    cols = book.geometry.cols
    for key in sorted(book):
        lost = Board(book.geometry, *key)
        if lost.move_count != marks + 1:
            continue
        taken = lost.x_bits | lost.o_bits
        x_moved = lost.move_count % 2 == 1
        mover = lost.x_bits if x_moved else lost.o_bits
        for cell in range(book.geometry.cells):
            if mover >> cell & 1 and (cell < cols or not taken >> (cell - cols) & 1):
                x, o = lost.x_bits, lost.o_bits
                before = (
                    Board(book.geometry, x & ~(1 << cell), o) if x_moved else Board(book.geometry, x, o & ~(1 << cell))
                )
                if not before.is_over and book.winning_move(before) is not None:
                    found.append(before)
                    break
        if len(found) == count:
            break
    return found


def solver_rate(solver: Solver | RulesSolver | GravitySolver, board: Board) -> tuple[float, int, float]:
    """Nodes per second, nodes and seconds to solve ``board``."""
    started = time.perf_counter()
    analysis = solver.analyze(board)
    seconds = time.perf_counter() - started
    assert analysis.complete
    return analysis.nodes / seconds, analysis.nodes, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per MCTS measurement (default 3)")
    args = parser.parse_args()

    print("1. Exact solvers: nodes per second (nodes and time to solve)")
    classic = Board.empty(3, 4, 3)
    own, own_nodes, own_seconds = solver_rate(Solver(classic.geometry), classic)
    generic, generic_nodes, generic_seconds = solver_rate(RulesSolver(classic.geometry), classic)
    print(f"   classic 3x4 k3, classic solver : {own:>10,.0f}/s ({own_nodes:,} nodes, {own_seconds:.3f} s)")
    print(f"   classic 3x4 k3, rules solver   : {generic:>10,.0f}/s ({generic_nodes:,} nodes, {generic_seconds:.3f} s)"
          f" — {generic_seconds / own_seconds:.0f}x the classic solver's time")  # fmt: skip
    for label, board in (
        ("gravity 4x4 k4", Board.empty(4, 4, 4, "gravity")),
        ("misere 4x4 k4", Board.empty(4, 4, 4, "misere")),
        ("ultimate, 50 plies in", late_ultimate(50, seed=1)),
    ):
        rate, nodes, seconds = solver_rate(RulesSolver(board.geometry), board)
        print(f"   {label:<31}: {rate:>10,.0f}/s ({nodes:,} nodes, {seconds:.2f} s)")

    print("2. Gravity: the bitboard solver against the rules solver (time to solve)")
    for label, board in (
        ("gravity 4x5 k4, empty", Board.empty(4, 5, 4, "gravity")),
        ("connect four 43343433474727", connect_four("43343433474727")),
    ):
        bitboard, bitboard_nodes, bitboard_seconds = solver_rate(GravitySolver(board.geometry), board)
        _, rules_nodes, rules_seconds = solver_rate(RulesSolver(board.geometry), board)
        ratio = rules_seconds / bitboard_seconds
        print(f"   {label:<31}: bitboard {bitboard_seconds:.2f} s ({bitboard_nodes:,} nodes, {bitboard:,.0f}/s),"
              f" rules {rules_seconds:.2f} s ({rules_nodes:,} nodes) — {ratio:.1f}x")  # fmt: skip

    print("3. Gravity alpha-beta on the empty Connect Four board")
    board = Board.empty(6, 7, 4, "gravity")
    started = time.perf_counter()
    outcome = gravity.search(board, Budget.seconds(args.seconds))
    elapsed = time.perf_counter() - started
    print(f"   {outcome.nodes / elapsed:>10,.0f} nodes/s, depth {outcome.depth} in {elapsed:.1f} s")
    middle = connect_four("43343433474727")
    started = time.perf_counter()
    outcome = gravity.search(middle, Budget.seconds(args.seconds))
    elapsed = time.perf_counter() - started
    print(f"   {outcome.nodes / elapsed:>10,.0f} nodes/s on the middle game 43343433474727, depth {outcome.depth}")

    print(f"4. MCTS playouts per second ({args.seconds:g} s each, from the empty board)")
    seven = Board.empty(7, 7, 5)
    classic_rate = mcts.search(seven, random.Random(1), 10**9, Budget.seconds(args.seconds)).playouts / args.seconds
    generic_rate = (
        rules_mcts.search(seven, random.Random(1), 10**9, Budget.seconds(args.seconds)).playouts / args.seconds
    )
    print(f"   classic 7x7 k5, classic MCTS   : {classic_rate:>8,.0f}/s")
    print(f"   classic 7x7 k5, rules MCTS     : {generic_rate:>8,.0f}/s — {classic_rate / generic_rate:.1f}x slower")
    ultimate = Board.empty(9, 9, 3, "ultimate")
    for label, board in (
        ("connect four 6x7", Board.empty(6, 7, 4, "gravity")),
        ("misere 4x4 k4", Board.empty(4, 4, 4, "misere")),
        ("ultimate", ultimate),
    ):
        found = game_of(board).searches.estimate(board, random.Random(1), 10**9, Budget.seconds(args.seconds))
        print(f"   {label:<31}: {found.playouts / args.seconds:>8,.0f}/s")
    plain_rate = found.playouts  # Ultimate's, the last in the loop
    solving = game_of(ultimate).searches.estimate(
        ultimate, random.Random(1), 10**9, Budget.seconds(args.seconds), solve=True
    )
    own_solver = ultimate_mcts.search(ultimate, random.Random(1), 10**9, Budget.seconds(args.seconds))
    print(f"   ultimate, MCTS-Solver, rules   : {solving.playouts / args.seconds:>8,.0f}/s")
    print(
        f"   ultimate, its own MCTS-Solver  : {own_solver.playouts / args.seconds:>8,.0f}/s (hard, impossible)"
        f" — {own_solver.playouts / plain_rate:.1f}x the plain MCTS through the rules"
    )
    me, opp = ultimate.sides()
    rates = []
    for playout in (playouts.rules_playout, game_of(ultimate).searches.playout):
        rng, done, began = random.Random(1), 0, time.perf_counter()
        while time.perf_counter() - began < args.seconds:
            playout(ultimate.geometry, me, opp, ultimate.state, rng)
            done += 1
        rates.append(done / (time.perf_counter() - began))
    print(f"   ultimate playouts, rules       : {rates[0]:>8,.0f}/s")
    print(f"   ultimate playouts, own engine  : {rates[1]:>8,.0f}/s — {rates[1] / rates[0]:.1f}x as many")

    print("5. Connect Four's win book")
    shape = connect_four("").geometry
    started = time.perf_counter()
    book = shipped_win_book(shape, GAMES["gravity"].searches.win_book["6x7k4"])
    loaded = time.perf_counter() - started
    assert book is not None, f"the win book {GAMES['gravity'].searches.win_book['6x7k4']} is missing"
    print(f"   {len(book):,} positions, loaded in {loaded * 1000:.0f} ms")
    positions = before_book_positions(book, 10, 5)
    started = time.perf_counter()
    for board in positions:
        assert book.winning_move(board) is not None
    looked_up = (time.perf_counter() - started) / len(positions)
    started = time.perf_counter()
    for board in positions:
        assert GravitySolver(shape, use_book=False).winning_move(board) is not None
    proved = (time.perf_counter() - started) / len(positions)
    print(
        f"   a winning move ten plies in, mean of {len(positions)}: from the book {looked_up * 1e6:.0f} µs,"
        f" proven by the solver {proved:.2f} s — {proved / looked_up:,.0f}x"
    )


if __name__ == "__main__":
    main()

"""The exact solver against an independent reference, known results, and its budget."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, Budget, analyze
from tictactoe_tui.engine.search.solver import Solver

from ..helpers.engine import reachable
from ..helpers.reference import make_solver


def reference_values(board: Board) -> dict[tuple[int, int], tuple[int, int]]:
    _, move_values = make_solver(board.rows, board.cols, board.k)
    cells = tuple(str(board).replace("/", ""))
    return {divmod(i, board.cols): outcome for i, outcome in move_values(cells).items()}


def solver_values(board: Board) -> dict[tuple[int, int], tuple[int, int]]:
    analysis = analyze(board)
    assert analysis.complete
    return {mv.move: (mv.value, mv.plies) for mv in analysis.moves}


def test_every_reachable_3x3_position_matches_the_reference() -> None:
    _, move_values = make_solver(3, 3, 3)
    positions = [b for b in reachable(Board.empty(), set()) if not b.is_over]
    assert len(positions) == 4_520
    for board in positions:
        cells = tuple(str(board).replace("/", ""))
        expected = {divmod(i, 3): outcome for i, outcome in move_values(cells).items()}
        assert solver_values(board) == expected, str(board)


@pytest.mark.parametrize(
    ("rows", "cols", "k", "value"),
    [(3, 3, 3, 0), (4, 4, 3, 1), (4, 4, 4, 0), (3, 4, 3, 1), (3, 5, 4, 0)],
)
def test_known_results_from_the_empty_board(rows: int, cols: int, k: int, value: int) -> None:
    analysis = analyze(Board.empty(rows, cols, k))
    assert analysis.complete
    assert analysis.value == value


def random_position(data: st.DataObject, rows: int, cols: int, k: int, min_marks: int) -> Board:
    board = Board.empty(rows, cols, k)
    marks = data.draw(st.integers(min_marks, rows * cols - 1), label="marks")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    for _ in range(marks):
        if board.is_over:
            break
        board = board.play(rng.choice(board.legal_moves()))
    return board


SHAPES = [(3, 4, 3, 4), (4, 3, 3, 4), (3, 5, 3, 6), (4, 4, 3, 7), (4, 4, 4, 7), (3, 6, 4, 8), (5, 5, 4, 15)]


@pytest.mark.parametrize(("rows", "cols", "k", "min_marks"), SHAPES)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_positions_match_the_reference(
    data: st.DataObject, rows: int, cols: int, k: int, min_marks: int
) -> None:
    board = random_position(data, rows, cols, k, min_marks)
    if board.is_over:
        return
    assert solver_values(board) == reference_values(board), str(board)


def test_moves_are_sorted_best_first_and_plies_follow_the_score() -> None:
    # X to move can win at once (b2... no: c3) or more slowly elsewhere.
    analysis = analyze(Board.parse("xo./.x./o.."))
    assert analysis.moves[0].move == (2, 2)
    assert (analysis.moves[0].value, analysis.moves[0].plies) == (1, 1)
    scores = [mv.score for mv in analysis.moves]
    assert scores == sorted(scores, reverse=True)
    assert analysis.value == 1
    assert analysis.plies == 1


def test_a_cancelled_search_says_it_did_not_finish() -> None:
    cancel = threading.Event()
    cancel.set()
    board = Board.empty(5, 5, 4)
    analysis = Solver(board.geometry).analyze(board, Budget(cancel=cancel))
    assert not analysis.complete
    assert analysis.value is None
    assert analysis.best_moves == ()


def test_a_passed_deadline_and_a_node_limit_stop_the_search() -> None:
    shape = Board.empty(5, 5, 4)
    late = Solver(shape.geometry).analyze(shape, Budget(deadline=0.0))
    assert not late.complete
    capped = Solver(shape.geometry).analyze(shape, Budget(max_nodes=5_000))
    assert not capped.complete
    assert capped.nodes < 5_000 + 1_024  # the limit is looked at every 1,024 nodes


def test_solved_positions_are_answered_from_memory() -> None:
    board = Board.parse("x../.../...")
    solver = Solver(board.geometry)
    first = solver.analyze(board)
    assert solver.analyze(board) is first

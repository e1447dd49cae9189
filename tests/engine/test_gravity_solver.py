"""Gravity's bitboard solver: its threat squares, its values and its proofs of a win.

The values are checked against the generic rules solver (itself checked against a brute force
in ``test_variants``), on random positions of many shapes and both sides to move.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, Budget, get_strategy
from tictactoe_tui.engine.board import winning_cells
from tictactoe_tui.engine.games import game_named
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.gravity.solver import GravitySolver, Layout
from tictactoe_tui.engine.search.rules_solver import RulesSolver
from tictactoe_tui.engine.search.solver import CHECK_EVERY

from ..helpers.engine import SHAPES, random_play


@pytest.mark.parametrize(("rows", "cols", "k"), SHAPES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 49))
def test_threat_squares_are_where_a_line_would_be_completed(
    rows: int, cols: int, k: int, seed: int, plies: int
) -> None:
    board = random_play(Board.empty(rows, cols, k, "gravity"), seed, plies)
    layout = Layout.of(board.geometry)
    own, mask = layout.position(board)
    me, opp = board.sides()
    for side, bits in ((me, own), (opp, own ^ mask)):
        other = (me | opp) & ~side
        expected = winning_cells(side, other, board.geometry.lines)
        # Below a column's top the squares are taken, so only the free ones can be compared.
        found = {
            layout.cell_of(1 << bit) for bit in range(layout.height * cols) if layout.threats(bits, mask) >> bit & 1
        }
        assert found == {cell for cell in range(rows * cols) if expected >> cell & 1}, str(board)


@pytest.mark.parametrize(
    ("rows", "cols", "k", "least_plies"),
    [(4, 4, 3, 0), (4, 5, 4, 3), (3, 7, 3, 2), (5, 4, 3, 0), (6, 5, 4, 12), (5, 5, 4, 8)],
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 10))
def test_values_agree_with_the_rules_solver(
    rows: int, cols: int, k: int, least_plies: int, seed: int, extra: int
) -> None:
    board = random_play(Board.empty(rows, cols, k, "gravity"), seed, least_plies + extra)
    if board.is_over:
        return
    fast = GravitySolver(board.geometry).analyze(board)
    generic = RulesSolver(board.geometry).analyze(board)
    assert fast.complete
    assert generic.complete
    assert {(mv.move, mv.value, mv.plies) for mv in fast.moves} == {
        (mv.move, mv.value, mv.plies) for mv in generic.moves
    }
    winning = GravitySolver(board.geometry).winning_move(board)
    assert (winning is not None) == (generic.value == 1), str(board)
    if winning is not None:
        assert next(mv for mv in generic.moves if mv.move == board.move_at(winning)).value == 1


def test_gravity_boards_get_the_bitboard_solver() -> None:
    assert isinstance(game_named("gravity").searches.solver(Board.empty(6, 7, 4, "gravity").geometry), GravitySolver)


def test_the_proof_gives_up_within_its_node_limit() -> None:
    board = Board.empty(6, 7, 4, "gravity")
    solver = GravitySolver(board.geometry)
    assert solver.winning_move(board, Budget(max_nodes=2_000)) is None
    assert len(solver.table) <= 2_000 + CHECK_EVERY  # the budget is looked at every CHECK_EVERY nodes


@pytest.mark.parametrize("holding", [False, True])
def test_a_move_that_completes_a_line_is_proven_whatever_the_budget(holding: bool) -> None:
    """X completes d2..g2 by dropping into column e; searched in turn, the moves before it
    ran out of 300,000 nodes (the win book's build met this position)."""
    board = dropped(Board.empty(6, 7, 4, "gravity"), "1223335441")
    solver = GravitySolver(board.geometry, use_book=False)
    prove = solver.holding_move if holding else solver.winning_move
    move = prove(board, Budget(max_nodes=1_000))
    assert move is not None
    assert board.play(board.move_at(move)).winner is board.to_move


@pytest.mark.parametrize("seed", range(4))
def test_impossible_plays_a_proven_win_in_connect_four(seed: int) -> None:
    rng = random.Random(seed)
    board = Board.empty(6, 7, 4, "gravity")
    # Random play to the middle game, until the side to move has a win the solver can prove.
    solver = GravitySolver(board.geometry)
    while True:
        board = board.play(rng.choice(board.legal_moves()))
        if board.is_over:
            board = Board.empty(6, 7, 4, "gravity")
        elif board.move_count >= 14 and solver.winning_move(board, Budget(max_nodes=50_000)) is not None:
            break
    move = get_strategy("impossible").choose(board, random.Random(seed))
    after = board.play(move)
    assert after.winner is board.to_move or GravitySolver(board.geometry).analyze(after).value == -1, str(board)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(4, 16))
def test_a_position_and_its_mirror_image_are_searched_alike(seed: int, plies: int) -> None:
    """The same search for both images, cut off after the same nodes: a win the win book's
    build found quick in one image is as quick in the other."""
    board = random_play(Board.empty(6, 7, 4, "gravity"), seed, plies)
    images = board.symmetries()
    assume(not board.is_over and len(images) == 2)
    cols = board.cols

    def in_first(cell: int | None) -> int | None:
        """A cell of the mirror image, as the first image has it."""
        return None if cell is None else cell - cell % cols + cols - 1 - cell % cols

    solver = GravitySolver(board.geometry, use_book=False)
    seen: list[tuple[int | None, set[int | None], int]] = []
    as_firsts: tuple[Callable[[int | None], int | None], ...] = (lambda cell: cell, in_first)
    for image, as_first in zip(images, as_firsts, strict=True):
        solver.table.clear()
        move = solver.winning_move(image, Budget(max_nodes=5_000))
        not_winning = {as_first(cell) for cell in solver.proven_not_winning(image)}
        seen.append((as_first(move), not_winning, len(solver.table)))
    assert seen[0] == seen[1], str(board)

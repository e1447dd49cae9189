"""Gravity's alpha-beta (:mod:`tictactoe_tui.engine.search.gravity.alphabeta`): its window score on the
solver's bitboards against a plain count over the board's lines, on many shapes and both sides
to move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, Budget
from tictactoe_tui.engine.board import Geometry
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.engine.rules.gravity import Gravity, dropped
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.engine.search.gravity import alphabeta as gravity
from tictactoe_tui.engine.search.gravity.solver import GravitySolver

from ..helpers.engine import SHAPES, random_play


def counted_windows(me: int, opp: int, shape: Geometry) -> int:
    """The live windows' score for ``me``, line by line: MARK_WEIGHT ** marks for each line
    holding none of the other side's marks, less the same for the other side."""
    score = 0
    for line in shape.lines:
        if not line & opp:
            score += gravity.MARK_WEIGHT ** (line & me).bit_count()
        if not line & me:
            score -= gravity.MARK_WEIGHT ** (line & opp).bit_count()
    return score


@pytest.mark.parametrize(("rows", "cols", "k"), SHAPES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 49))
def test_the_window_score_counts_every_live_line(rows: int, cols: int, k: int, seed: int, plies: int) -> None:
    board = random_play(Board.empty(rows, cols, k, "gravity"), seed, plies)
    if board.winner is not None:
        return  # the search never scores a finished game
    search = gravity._Search(board.geometry, Budget())
    own, mask = search.layout.position(board)
    me, opp = board.sides()
    assert search.windows(own, own ^ mask) == counted_windows(me, opp, board.geometry), str(board)


def test_a_move_with_a_deadline_proves_until_its_time_and_one_without_until_its_nodes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A node cap cut proofs off after about 0.4 s of a move's second (a win the bench let go
    needed 3 M to 10 M nodes): with a deadline, the time is the proofs' only bound."""
    budgets: list[Budget] = []
    proving = GravitySolver.winning_move

    def recorded(
        solver: GravitySolver, board: Board, budget: Budget = UNLIMITED, first: int | None = None
    ) -> int | None:
        budgets.append(budget)
        return proving(solver, board, budget, first)

    monkeypatch.setattr(GravitySolver, "winning_move", recorded)
    board = dropped(Board.empty(6, 7, 4, "gravity"), "44")  # no win a moment proves
    gravity.search_and_prove(board, Budget.seconds(0.3), 2_000, 200_000, GAMES["gravity"].searches.solver)
    assert len(budgets) == 2
    assert all(budget.deadline is not None and budget.max_nodes is None for budget in budgets)
    budgets.clear()
    gravity.search_and_prove(board, Budget(), 2_000, 1_000, GAMES["gravity"].searches.solver)
    solver = GAMES["gravity"].searches.solver(board.geometry)
    assert isinstance(solver, GravitySolver)
    speed = solver.speed
    assert [budget.max_nodes for budget in budgets] == [1_000 * speed // 2] * 2


def test_where_no_move_is_proven_to_win_a_move_seen_to_lose_comes_last() -> None:
    """62663426: X draws with column 2 and loses with every other (BitBully's values; the solver's
    exact analysis agrees), and Gravity's alpha-beta (30,000 nodes) prefers column 3. Once every
    move is proven short of a win and the others proven lost, the drawing move is played: before
    (issue 59), a choice proven short of a win was kept whenever every move was so proven, lost
    or not. Where only the choice is seen to lose, the search's best of the others is played."""
    board = dropped(Board.empty(6, 7, 4, "gravity"), "62663426")
    cells = {column + 1: board.index(Gravity.landing(board, (0, column))) for column in range(board.cols)}
    outcome = gravity.search(board, UNLIMITED.with_max_nodes(30_000))
    assert outcome.cell == cells[3]
    losing = {cell for column, cell in cells.items() if column != 2}
    assert gravity._unless_seen_worse(outcome, set(cells.values()), losing).cell == cells[2]
    others = {cell: score for cell, score in outcome.scores.items() if cell != cells[3]}
    best_other = max(others, key=others.__getitem__)
    assert gravity._unless_seen_worse(outcome, set(), {cells[3]}).cell == best_other
    assert gravity._unless_seen_worse(outcome, set(), set()).cell == cells[3]


def test_each_depth_the_search_finishes_has_its_choices_listed() -> None:
    """Whatever node cap ends the search, its move is one of the top-scored moves listed for the
    depth it finished; 3673326 is where they differ: column 2 at depth 5, column 3 at depth 6."""
    board = dropped(Board.empty(6, 7, 4, "gravity"), "3673326")
    by_depth = gravity.choices_by_depth(board, 30_000)
    for nodes in (100, 1_000, 3_000, 10_000, 30_000):
        outcome = gravity.search(board, UNLIMITED.with_max_nodes(nodes))
        assert outcome.cell in by_depth[outcome.depth - 1]
    assert [{cell % board.cols + 1 for cell in cells} for cells in by_depth[4:6]] == [{2}, {3}]

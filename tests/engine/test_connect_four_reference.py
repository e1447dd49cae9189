"""Connect Four against an outside perfect solver: BitBully (C++, from PyPI), a code path of its
own. Our solver's values, its proofs of a win and `impossible`'s moves from won positions."""

from __future__ import annotations

import random

import pytest
from bitbully import BitBully
from bitbully import Board as ReferenceBoard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, get_strategy
from tictactoe_tui.engine.rules.gravity import Gravity, dropped
from tictactoe_tui.engine.search.budget import Budget
from tictactoe_tui.engine.search.gravity.solver import GravitySolver

REFEREE = BitBully()
EMPTY = Board.empty(6, 7, 4, "gravity")


def random_columns(rng: random.Random, plies: int) -> str | None:
    """A random opening of ``plies`` plies (columns from 1) in which no line was completed and
    none can be at once, or None when the random play ran into one."""
    board, columns = ReferenceBoard(), ""
    for _ in range(plies):
        column = rng.choice([c for c in range(7) if board.is_legal_move(c)])
        if board.can_win_next(column):
            return None
        board.play(column)
        columns += str(column + 1)
    return None if board.can_win_next() else columns


def reference_values(columns: str) -> dict[int, int]:
    """Each legal column's (from 1) outcome for the side to move: +1, 0 or -1."""
    scores = REFEREE.score_all_moves(ReferenceBoard.from_moves([int(c) - 1 for c in columns]))
    return {column + 1: (score > 0) - (score < 0) for column, score in scores.items()}


def won_positions(seed: int, plies: int, count: int) -> list[str]:
    """``count`` random openings of ``plies`` plies that the side to move wins."""
    rng, found = random.Random(seed), list[str]()
    while len(found) < count:
        columns = random_columns(rng, plies)
        if columns is not None and max(reference_values(columns).values()) > 0:
            found.append(columns)
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plies=st.integers(22, 36))
def test_every_moves_value_agrees_with_the_reference(seed: int, plies: int) -> None:
    columns = random_columns(random.Random(seed), plies)
    if columns is None:
        return
    analysis = GravitySolver(EMPTY.geometry, use_book=False).analyze(dropped(EMPTY, columns))
    ours = {move.move[1] + 1: move.value for move in analysis.moves}
    assert ours == reference_values(columns), columns


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plies=st.integers(16, 24))
def test_a_win_is_found_exactly_where_the_reference_has_one(seed: int, plies: int) -> None:
    columns = random_columns(random.Random(seed), plies)
    if columns is None:
        return
    board = dropped(EMPTY, columns)
    winning = GravitySolver(EMPTY.geometry, use_book=False).winning_move(board)
    values = reference_values(columns)
    if winning is None:
        assert max(values.values()) <= 0, columns
    else:
        assert values[board.move_at(winning)[1] + 1] == 1, columns


@pytest.mark.parametrize("compiled", [False, True])
def test_a_win_is_found_behind_a_losing_first_try(compiled: bool) -> None:
    # Only column 4 wins (in 15 plies); the heuristic search's choice, 6, loses. Trying 6 first,
    # the interpreted proof of any win does not finish in 50,000 nodes; its quick win does. The
    # compiled kernel, with the nodes it searches in the same time, proves the win itself.
    columns = "47723641"
    assert reference_values(columns) == {1: -1, 2: 0, 3: 0, 4: 1, 5: 0, 6: -1, 7: -1}
    board = dropped(EMPTY, columns)
    solver = GravitySolver(EMPTY.geometry, use_book=False, compiled=compiled)
    budget = Budget(max_nodes=50_000 * solver.speed)
    winning = solver.winning_move(board, budget, first=board.index(Gravity.landing(board, (0, 5))))
    assert winning is not None
    assert board.move_at(winning)[1] == 3


def test_impossible_keeps_the_win_from_sampled_won_positions() -> None:
    # Node budgets, no deadline: the same moves on every run and machine.
    impossible = get_strategy("impossible")
    for columns in won_positions(seed=42, plies=14, count=6) + won_positions(seed=43, plies=17, count=6):
        decision = impossible.decide(dropped(EMPTY, columns), random.Random(0))
        assert reference_values(columns)[decision.move[1] + 1] == 1, columns


@pytest.mark.parametrize(("compiled", "plies", "count", "nodes"), [(False, 18, 4, 20_000), (True, 12, 6, 100_000)])
def test_moves_shown_not_to_win_after_an_unfinished_proof_do_not_win(
    compiled: bool, plies: int, count: int, nodes: int
) -> None:
    # What impossible falls back on when a proof does not finish in a move's time: the moves the
    # searches so far proved short of a win, never one that wins.
    shown = 0
    for columns in won_positions(seed=44, plies=plies, count=count):
        board = dropped(EMPTY, columns)
        solver = GravitySolver(EMPTY.geometry, use_book=False, compiled=compiled)
        solver.winning_move(board, Budget(max_nodes=nodes))
        values = reference_values(columns)
        not_winning = solver.proven_not_winning(board)
        assert all(values[board.move_at(cell)[1] + 1] <= 0 for cell in not_winning), columns
        shown += len(not_winning)
    assert shown


#: Random openings that the side to move draws with best play (BitBully's values, checked again
#: below), found by sampling as :func:`won_positions` does: 15 and 17 plies in.
DRAWN = "142741136317524"
DRAWN_LATER = ("31226574277745455", "76343351273721722", "21412713141766515", "37651447616675116")


def test_impossible_holds_the_draw_where_no_move_wins() -> None:
    # 4555444525512: the arena's mcts-solver-1000 won a game where impossible, as O, played 3
    # (a loss) from this drawn position, its proofs having shown that no move wins.
    impossible = get_strategy("impossible")
    for columns in ("4555444525512", DRAWN):
        assert max(reference_values(columns).values()) == 0, columns
        decision = impossible.decide(dropped(EMPTY, columns), random.Random(0))
        assert reference_values(columns)[decision.move[1] + 1] == 0, columns


def test_moves_shown_to_lose_lose() -> None:
    shown = 0
    for columns in DRAWN_LATER:
        board = dropped(EMPTY, columns)
        solver = GravitySolver(EMPTY.geometry, use_book=False)
        solver.holding_move(board, Budget(max_nodes=200_000))
        values = reference_values(columns)
        assert max(values.values()) == 0, columns
        losing = solver.proven_losing(board)
        assert all(values[board.move_at(cell)[1] + 1] < 0 for cell in losing), columns
        assert solver.proven_not_winning(board) >= losing
        shown += len(losing)
    assert shown

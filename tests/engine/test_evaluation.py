"""A position's evaluation (issue 66: an evaluation always, exact where it can be, else the
search's winning chances): what the evaluation bar and the overlay's squares show."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Board, Budget, analyze, parse_move
from tictactoe_tui.engine.evaluation import Evaluation, MoveChance, evaluate, score_chance
from tictactoe_tui.engine.review import judge_move

from ..helpers.stand_ins import record


def played(board: Board, moves: str) -> Board:
    """``board`` after ``moves`` (square names, e.g. ``h8 h9``)."""
    return board.play_all(parse_move(name, board.rows, board.cols) for name in moves.split())


def test_a_small_board_is_exact_and_its_chance_is_its_value() -> None:
    board = played(Board.empty(), "b2 b1")
    evaluation = evaluate(board, Budget.seconds(5))
    assert evaluation.exact
    assert evaluation.estimates == ()
    assert analyze(board).value == 1  # X wins after an edge
    assert evaluation.chance == 1.0
    assert evaluation.choice is None


@pytest.mark.parametrize(
    ("rows", "cols", "k", "game", "moves"),
    [(15, 15, 5, "classic", "h8 h9 i9"), (9, 9, 3, "ultimate", "e5 e4 d2"), (7, 7, 5, "classic", "d4 c3")],
)
def test_a_board_too_big_to_solve_gets_each_moves_estimated_chances(
    rows: int, cols: int, k: int, game: str, moves: str
) -> None:
    board = played(Board.empty(rows, cols, k, game=game), moves)
    evaluation = evaluate(board, Budget.seconds(1.5))
    assert not evaluation.exact
    assert evaluation.estimates, "no estimate: the overlay would show no values"
    legal = set(board.legal_moves())
    assert {estimate.move for estimate in evaluation.estimates} <= legal
    assert all(0.0 <= estimate.chance <= 1.0 for estimate in evaluation.estimates)
    assert evaluation.chance is not None
    assert 0.0 <= evaluation.chance <= 1.0
    assert evaluation.choice == evaluation.estimates[0].move
    if game == "ultimate":  # MCTS plays every move at least once: every square has its estimate
        assert {estimate.move for estimate in evaluation.estimates} == legal


def test_an_estimate_is_best_first_by_the_search() -> None:
    board = played(Board.empty(15, 15, 5), "h8 h9 i9 g9 j10")  # X threatens an open three
    evaluation = evaluate(board, Budget.seconds(1.5))
    chances = [estimate.chance for estimate in evaluation.estimates]
    assert chances == sorted(chances, reverse=True)


def test_a_forced_score_is_a_certain_chance() -> None:
    assert score_chance(999_990, 1.0) == 1.0
    assert score_chance(-999_990, 0.0) == 0.0
    assert score_chance(0, None) == 0.5
    assert 0.5 < score_chance(3000, None) < 0.8


def test_an_evaluation_without_time_for_any_estimate_has_no_chance() -> None:
    board = played(Board.empty(15, 15, 5), "h8")
    unsolved = analyze(board, Budget.seconds(0))
    assert Evaluation(unsolved).chance is None
    assert not Evaluation(unsolved).shows_values
    assert Evaluation(unsolved, (MoveChance((0, 0), 0.25),)).shows_values


def test_the_same_position_is_searched_from_the_same_seed() -> None:
    from tictactoe_tui.engine.estimates import position_seed

    board = played(Board.empty(9, 9, 3, game="ultimate"), "e5 e4")
    again = played(Board.empty(9, 9, 3, game="ultimate"), "e5 e4")
    assert position_seed(board) == position_seed(again) != position_seed(board.play(board.legal_moves()[0]))
    assert random.Random(position_seed(board)).random() == random.Random(position_seed(again)).random()


def test_the_bar_and_the_review_judge_a_position_by_the_same_figure() -> None:
    """Issue 66: the review's estimate of a position is the evaluation bar's (one search, seeded
    by the position): X's open three on 15×15 with X to move is a forced win for both."""
    board = played(Board.empty(15, 15, 5), "h8 a1 i8 a2 j8 a3")
    evaluation = evaluate(board, Budget.seconds(2))
    judged = judge_move(board, parse_move("k8", 15, 15), 1.0)
    assert not evaluation.exact
    assert not judged.exact
    assert evaluation.chance == judged.estimate_before == 1.0


def test_the_position_s_chance_is_its_best_square_s() -> None:
    """On 15×15 the bar said the threat search's 74% while the best square showed the alpha-beta's
    49: the position's chance is now the figure on its best square, wherever moves have figures."""
    board = played(Board.empty(15, 15, 5), "h8 h9")
    unsolved = analyze(board, Budget.seconds(0))
    best, other = MoveChance((7, 9), 0.49), MoveChance((6, 6), 0.4)
    evaluation = Evaluation(unsolved, (best, other), position=0.74)
    assert evaluation.chance == 0.49
    assert evaluation.chance_of((6, 6)) == 0.4  # the hint on that square says the overlay's figure
    assert evaluation.chance_of((0, 0)) == 0.49  # a square with no figure: the position's
    assert Evaluation(unsolved, position=0.74).chance == 0.74  # no move's figure: the position's own
    searched = evaluate(played(Board.empty(15, 15, 5), "h8 h9 i9 g9 j10"), Budget.seconds(1.0))
    assert searched.estimates
    assert searched.chance == searched.estimates[0].chance


def test_a_move_s_outlook_asks_the_solver_only_near_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact outlook of a move chosen by its chances costs nothing early on a big board: on
    15×15 the solver's setting up alone took 70 ms a move, beyond the move's time."""
    from tictactoe_tui.engine.evaluation import OUTLOOK_EMPTY, exact_outlook
    from tictactoe_tui.engine.games import game_of
    from tictactoe_tui.engine.players.base import Decision

    small = Board.empty(3, 3).play((1, 0))
    assert small.geometry.cells - 1 <= OUTLOOK_EMPTY
    assert exact_outlook(small, Decision((1, 1), estimate=0.5)).value == 0  # a draw, as the solver says
    asked: list[Board] = []
    early = Board.empty(15, 15, 5).play((7, 7))
    kit = type(game_of(early).searches)
    monkeypatch.setattr(kit, "analyze", lambda searches, board, budget: record(asked, board, None))
    decision = Decision((7, 8), estimate=0.5)
    assert exact_outlook(early, decision) is decision
    assert asked == []

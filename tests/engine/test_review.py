"""The game review (issue 27): verdicts against an independent solver written here, on random
3×3 and 4×4 games; the turning point; the JSON's keys."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from tictactoe_tui import cli
from tictactoe_tui.engine import Board, Mark, Move
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.position import Position
from tictactoe_tui.engine.reasons import refutation, winning_squares
from tictactoe_tui.engine.review import MoveReview, Review, judge_move, review_game
from tictactoe_tui.store.archive import Archive, GameRecord
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import Seating

from ..helpers.engine import lines, random_game


@cache
def value(cells: tuple[str, ...], rows: int, cols: int, k: int) -> int:
    """Plain negamax without pruning: the value for the side to move (+1, 0, -1)."""
    mover = "x" if cells.count("x") == cells.count("o") else "o"
    other = "o" if mover == "x" else "x"
    for run in lines(rows, cols, k):
        if all(cells[r * cols + c] == other for r, c in run):
            return -1
    free = [index for index, cell in enumerate(cells) if cell == "."]
    if not free:
        return 0
    return max(-value((*cells[:index], mover, *cells[index + 1 :]), rows, cols, k) for index in free)


def move_value(cells: tuple[str, ...], index: int, rows: int, cols: int, k: int) -> int:
    mover = "x" if cells.count("x") == cells.count("o") else "o"
    return -value((*cells[:index], mover, *cells[index + 1 :]), rows, cols, k)


@pytest.mark.parametrize(("rows", "cols", "k", "checked_from"), [(3, 3, 3, 0), (4, 4, 4, 6), (4, 4, 3, 5)])
@pytest.mark.parametrize("seed", range(8))
def test_every_verdict_matches_an_independent_solver(
    rows: int, cols: int, k: int, checked_from: int, seed: int
) -> None:
    """Plain negamax checks each move from ``checked_from`` marks on (earlier 4×4 positions are
    too many for it; the review itself judges them all)."""
    moves = random_game(rows, cols, k, seed)
    review = review_game(Board.empty(rows, cols, k), moves, seconds_per_move=30)
    assert review.exact
    cells = ["."] * (rows * cols)
    for judged, move in zip(review.moves, moves, strict=True):
        index = move[0] * cols + move[1]
        if judged.ply > checked_from:
            state = tuple(cells)
            before = value(state, rows, cols, k)
            after = move_value(state, index, rows, cols, k)
            assert (judged.value_before, judged.value_after) == (before, after)
            assert (judged.verdict == "best") == (before == after)
            assert judged.verdict == {0: "best", 1: "mistake", 2: "blunder"}[before - after]
            free = [i for i, cell in enumerate(cells) if cell == "."]
            keeping = {i for i in free if move_value(state, i, rows, cols, k) == before}
            assert {m[0] * cols + m[1] for m in judged.best} == keeping
        cells[index] = judged.by.value


def test_the_turning_point_is_the_last_move_that_changed_the_value() -> None:
    # X b2, O b1 (a mistake: X now wins), X a1, O c3, X c1 (lets the win go), O a3, X a2 (loses)
    moves = [(1, 1), (0, 1), (0, 0), (2, 2), (0, 2), (2, 0), (1, 0)]
    review = review_game(Board.empty(), moves)
    verdicts = [move.verdict for move in review.moves]
    assert verdicts == ["best", "mistake", "best", "best", "mistake", "best", "mistake"]
    assert review.turning_point is review.moves[6]
    assert review.turning_text() == "move 7, a2: turned a draw into a loss; b3 held the draw"
    assert review.accuracy(Mark.X) == 0.5
    assert review.accuracy(Mark.O) == pytest.approx(2 / 3)
    assert review.values_for_x() == [0, 0, 1, 1, 1, 0, 0, -1]


def test_a_slower_win_is_still_best() -> None:
    start = Board.parse(".../.x./oox", k=3)  # X to move: a1 wins at once, c1 wins two moves later
    slower, fastest = review_game(start, [(0, 2)]).moves[0], review_game(start, [(0, 0)]).moves[0]
    assert (slower.verdict, slower.slower) == ("best", True)
    assert (fastest.verdict, fastest.slower) == ("best", False)
    assert slower.ply == 5


def test_json_entries_have_exactly_the_keys() -> None:
    review = review_game(Board.empty(), [(1, 1), (0, 0)])
    for entry in (move.as_json(review.start.name) for move in review.moves):
        assert list(entry) == ["ply", "move", "by", "value_before", "value_after", "verdict", "best", "exact"]
    assert review.moves[0].as_json(review.start.name)["move"] == "b2"
    assert review.moves[1].as_json(review.start.name)["by"] == "o"


def test_where_the_solver_cannot_finish_the_review_says_it_estimates() -> None:
    moves = [(7, 7), (7, 8), (8, 8)]
    review = review_game(Board.empty(15, 15, 5), moves, seconds_per_move=0.3)
    entry = review.moves[1].as_json(review.start.name)
    assert entry["exact"] is False
    assert entry["value_before"] is None
    assert entry["value_after"] is None
    assert entry["verdict"] is None
    assert "estimate" in entry["estimate"]
    assert "too big to solve exactly" in entry["estimate"]


def test_the_estimate_names_the_solvers_time_as_a_player_reads_it() -> None:
    """The review asks for what is left of its second: "within 0.4 s", not 0.399772 s."""
    judged = judge_move(Board.empty(15, 15, 5).play((7, 7)), (0, 0), 0.0999)
    assert judged.estimate_source.endswith("too big to solve exactly within 0.04 s")


def test_the_coachs_check_is_the_exact_verdict_or_none() -> None:
    board = Board.empty(3, 3, 3).play((0, 0)).play((1, 1)).play((0, 1))  # O must block at c1
    gives_up = judge_move(board, (2, 2), 0.5, verdict_only=True)
    assert (gives_up.verdict, gives_up.value_before, gives_up.value_after) == ("mistake", 0, -1)
    assert gives_up.line == ((0, 2),)  # X completes the top row: the coach says why
    assert judge_move(board, (0, 2), 0.5, verdict_only=True).verdict == "best"
    unsolved = judge_move(Board.empty(15, 15, 5).play((7, 7)), (0, 0), 0.05, verdict_only=True)
    assert (unsolved.value_before, unsolved.judged, unsolved.estimate_source) == (None, None, "")  # no guess


def test_games_review_on_the_command_line(home: Paths, capsys: pytest.CaptureFixture[str]) -> None:
    archive = Archive.open(home)
    moves = ((1, 1), (0, 1), (0, 0), (2, 2), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1))
    final = Board.empty().play_all(moves)
    record = GameRecord(Position(GameShape(3, 3, 3), moves), Seating("two players", ("you", "you"), ("O", "X")), "",
                        (1.0,) * 9, "o" if final.winner is Mark.O else None, 0, 1_000.0, 1_010.0)  # fmt: skip
    archive.record(record)
    archive.close()
    assert cli.main(["games", "review", "1", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [entry["ply"] for entry in entries] == list(range(1, 10))
    assert entries[0]["by"] == "o"  # the first mover showed O in this game
    assert entries[1]["verdict"] == "mistake"
    assert cli.main(["games", "review", "1"]) == 0
    shown = capsys.readouterr().out
    assert "Turning point: move 8, c2: turned a win into a draw; b3 kept the win" in shown  # after a2
    assert "accuracy" in shown
    assert cli.main(["games", "review", "7"]) == 2
    assert capsys.readouterr().err.strip() == "tictactoe-tui: error: no game 7 in the archive"


def test_games_review_gives_each_mistake_its_line(home: Paths, capsys: pytest.CaptureFixture[str]) -> None:
    """``--json``: a mistake's "line" runs from the position after it to the end; the text names
    it too, and ``games show`` numbers single turns as the review does."""
    archive = Archive.open(home)
    moves = ((1, 1), (0, 1), (0, 0), (2, 2))  # O's b1 lets X win: X's fastest win follows
    record = GameRecord(Position(GameShape(3, 3, 3), moves), Seating("two players", ("you", "you")), "", (1.0,) * 4,
                        None, 0, 1_000.0, 1_010.0)  # fmt: skip
    archive.record(record)
    archive.close()
    assert cli.main(["games", "review", "1", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    mistake = entries[1]
    assert mistake["verdict"] == "mistake"
    board = Board.empty().play_all(moves[:2])
    for name in mistake["line"]:
        board = board.play(("123".index(name[1]), "abc".index(name[0])))
    assert board.winner is Mark.X
    assert "line" not in entries[0]
    assert cli.main(["games", "review", "1"]) == 0
    assert f"Move 2, b1: then {' '.join(mistake['line'])}" in capsys.readouterr().out
    assert cli.main(["games", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert "2. O b1" in shown
    assert "4. O c3" in shown


def estimated(ply: int, move: Move, by: Mark, choice: Move, before: float, after: float) -> MoveReview:
    """A move judged by estimates: the search preferred ``choice``; the mover's chances."""
    return MoveReview(ply, move, by, None, None, (choice,), estimate_before=before, estimate_after=after)


def test_an_estimated_review_never_blames_the_searchs_choice_and_the_loser_is_not_flawless() -> None:
    """Connect Four, lost in 36 moves: the review blamed move 3, "the search preferred c6" (the
    move played), and gave both sides 100% though the estimates fell to a loss."""
    start = Board.empty(3, 3, 3)
    played = ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2))  # X wins on the top row
    moves = (
        estimated(1, played[0], Mark.X, played[0], 0.6, 0.6),
        estimated(2, played[1], Mark.O, played[1], 0.5, 0.38),  # the search's own choice fell most
        estimated(3, played[2], Mark.X, played[2], 0.7, 0.7),
        estimated(4, played[3], Mark.O, (2, 2), 0.3, 0.25),  # another move than the search's
        estimated(5, played[4], Mark.X, played[4], 0.9, 0.9),
    )
    review = Review(start, moves)
    assert all(move.judged == "best" for move in moves)  # each fall within the estimates' noise
    assert review.turning_point is moves[3]
    assert review.accuracy(Mark.O) == 0.5
    assert review.accuracy(Mark.X) == 1.0


def test_games_review_of_an_estimated_game_the_loser_lost(home: Paths, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 66, judged by the same figures as the evaluation: a 15×15 game X won with five in
    a row while O played in the corner. O, who
    lost, is not 100% accurate, and the turning point is a move of O's the search did not prefer
    (the first moves are too big to solve: the review is estimated)."""
    archive = Archive.open(home)
    x_moves = [(7, 7), (7, 8), (7, 9), (7, 10), (7, 11)]
    o_moves = [(0, 0), (1, 0), (2, 0), (3, 0)]
    moves = tuple(move for pair in zip(x_moves, [*o_moves, None], strict=True) for move in pair if move)
    assert Board.empty(15, 15, 5).play_all(moves).winner is Mark.X
    record = GameRecord(Position(GameShape(15, 15, 5), moves), Seating("two players", ("you", "you")), "",
                        (1.0,) * len(moves), "x", 1, 1_000.0, 1_010.0)  # fmt: skip
    archive.record(record)
    archive.close()
    assert cli.main(["games", "review", "1", "--json", "--time", "0.5"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert not entries[0]["exact"]  # the start is too big to solve: the review is estimated
    assert cli.main(["games", "review", "1", "--time", "0.5"]) == 0
    shown = capsys.readouterr().out
    o_accuracy = re.search(r"O's accuracy: (\d+)%", shown)
    assert o_accuracy is not None, shown
    assert int(o_accuracy[1]) < 100
    turn = re.search(r"Turning point: move (\d+), (\w+)", shown)
    assert turn is not None, shown
    turned = entries[int(turn[1]) - 1]
    assert turned["by"] == "o"
    assert turned["move"] not in turned["best"]  # never the move the search preferred


def test_a_refutation_names_the_other_sides_winning_moves_and_its_fork() -> None:
    """The coach said a move "gives up the draw" but never why (issue 66): the reason is read
    off the solver's line after it."""
    board = Board.empty(3, 3, 3).play_all([(0, 0), (1, 1), (2, 2)])  # X a1, O b2, X c3
    judged = judge_move(board, (0, 2), 1.0, verdict_only=True)  # O c1: X must block a3, then forks
    refuted = refutation(board, judged)
    assert refuted is not None
    assert refuted.value_after == -1
    assert refuted.replies[0] == (2, 0)  # X a3, blocking O's diagonal
    assert refuted.forks
    assert set(refuted.threats) == {(1, 0), (2, 1)}  # a2 and b3: only one can be blocked
    straight = Board.empty(3, 3, 3).play_all([(0, 0), (1, 1), (0, 1)])  # O must block c1
    plain = refutation(straight, judge_move(straight, (2, 2), 1.0, verdict_only=True))
    assert plain is not None
    assert (plain.replies, plain.forks) == (((0, 2),), False)
    assert refutation(straight, judge_move(straight, (0, 2), 1.0, verdict_only=True)) is None  # it held the draw


def test_winning_squares_are_the_threats_of_the_side_that_just_moved() -> None:
    board = Board.empty(3, 3, 3).play_all([(0, 0), (1, 1), (0, 1)])  # X a1 b1: c1 completes the row
    assert winning_squares(board) == ((0, 2),)
    assert winning_squares(Board.empty(3, 3, 3).play((1, 1))) == ()


def test_a_slower_win_names_the_quicker_one() -> None:
    """The review said "best (a slower win)" without the win it was slower than."""
    start = Board.parse(".../.x./oox", k=3)  # X to move: a1 wins at once, c1 wins two moves later
    slower = review_game(start, [(0, 2)]).moves[0]
    assert slower.quicker_win(start.name) == f"{start.name((0, 0))} wins at once"
    assert review_game(start, [(0, 0)]).moves[0].quicker_win(start.name) == ""
    later = MoveReview(5, (0, 2), Mark.X, 1, 1, ((2, 2), (0, 2)), slower=True, best_plies=3)
    assert later.quicker_win(start.name) == f"{start.name((2, 2))} wins in 2 of their moves"


def test_a_chance_of_nothing_is_graphed_as_lost_not_as_even() -> None:
    """An estimate of 0 (a loss the search proved) drew as an even game on the review's graph,
    as a missing one does: ``estimate or 0.5`` took 0.0 for "none"."""
    board = Board.empty(9, 9, 3, "ultimate")
    lost = MoveReview(1, (4, 4), Mark.X, None, None, ((4, 4),), estimate_before=0.0, estimate_after=1.0)
    assert Review(board, (lost,)).values_for_x() == [-1.0, 1.0]
    unknown = MoveReview(1, (4, 4), Mark.O, None, None, ((4, 4),))
    assert Review(board, (unknown,)).values_for_x() == [0.0, 0.0]

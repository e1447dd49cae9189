"""The line of every move that lost value (issue 40): checked move by move against the exact
solver on random 3×3, 4×4 and 5×5 games — each move of the line a best move for its side (the
winner's fastest win, the loser's longest defence), ending in the promised result after the
promised plies. Near the end, where it is quick, a plain negamax written here (no pruning, no
tables, no book) is the reference; earlier, a fresh solver that shares nothing with the review's."""

from __future__ import annotations

import random
from functools import cache

import pytest

from tictactoe_tui.engine import Board, Mark, Move
from tictactoe_tui.engine.board import Geometry
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.engine.review import MoveReview, Review, loads, review_game
from tictactoe_tui.engine.search.solver import ExactSolver

from ..helpers.engine import lines, random_game

runs_of = cache(lines)

#: Plain negamax's scale: a win in p plies scores WIN - p for the side to move.
WIN = 100
#: Positions with at most this many free squares get plain negamax.
PLAIN_UP_TO = 10


@cache
def score(cells: tuple[str, ...], rows: int, cols: int, k: int) -> int:
    """Plain negamax for the side to move: WIN - p for a win in p plies, -(WIN - p) for a loss
    in p plies, 0 for a draw."""
    mover = "x" if cells.count("x") == cells.count("o") else "o"
    other = "o" if mover == "x" else "x"
    if any(all(cells[r * cols + c] == other for r, c in run) for run in runs_of(rows, cols, k)):
        return -WIN
    free = [index for index, cell in enumerate(cells) if cell == "."]
    if not free:
        return 0
    best = -WIN - 1
    for index in free:
        child = -score((*cells[:index], mover, *cells[index + 1 :]), rows, cols, k)
        best = max(best, child - (child > 0) + (child < 0))  # one ply further away
    return best


class Reference:
    """Each move's exact score for the side playing it, from plain negamax or a fresh solver."""

    def __init__(self, geometry: Geometry) -> None:
        self.solver: ExactSolver = GAMES[geometry.rules.name].searches.exact(geometry)

    def scores(self, board: Board) -> dict[Move, tuple[int, int]]:
        """Every legal move's (value, plies to the end counting the move) for the side to move."""
        free = board.geometry.cells - board.move_count
        if free <= PLAIN_UP_TO:
            cells = tuple(str(board).replace("/", ""))
            found = {}
            for move in board.legal_moves():
                index = move[0] * board.cols + move[1]
                after = (*cells[:index], board.to_move.value, *cells[index + 1 :])
                child = -score(after, board.rows, board.cols, board.k)
                plies = free if child == 0 else WIN - abs(child) + 1
                found[move] = ((child > 0) - (child < 0), plies)
            return found
        analysis = self.solver.analyze(board)
        assert analysis.complete
        return {found.move: (found.value, found.plies) for found in analysis.moves}


def best_of(scores: dict[Move, tuple[int, int]]) -> set[Move]:
    """The moves with the best outcome: the fastest win, any draw, the longest defence."""

    def rank(outcome: tuple[int, int]) -> tuple[int, int]:
        value, plies = outcome
        return (value, -plies if value > 0 else plies if value < 0 else 0)

    top = max(rank(outcome) for outcome in scores.values())
    return {move for move, outcome in scores.items() if rank(outcome) == top}


def check_line(reference: Reference, board: Board, line: tuple[Move, ...], value: int, plies: int) -> None:
    """``line`` from ``board`` is best play for both sides and ends after ``plies`` plies in
    ``value`` for the side to move at ``board``."""
    mover = board.to_move
    assert len(line) == plies
    for move in line:
        assert move in best_of(reference.scores(board)), f"{move} is not best at {board}"
        board = board.play(move)
    assert board.is_over
    result = 0 if board.winner is None else 1 if board.winner is mover else -1
    assert result == value


def check_review(review: Review, reference: Reference) -> int:
    """Check the lines of every mistake and blunder; how many there were."""
    board = review.start
    checked = 0
    for judged in review.moves:
        assert judged.exact
        if judged.lost_value:
            assert judged.value_before is not None
            assert judged.value_after is not None
            after = board.play(judged.move)
            promised = reference.scores(board)[judged.move]
            assert promised[0] == judged.value_after
            check_line(reference, after, judged.line, -judged.value_after, promised[1] - 1)
            assert judged.best_line[0] in judged.best
            assert judged.best_plies is not None
            check_line(reference, board, judged.best_line, judged.value_before, judged.best_plies)
            checked += 1
        else:
            assert judged.line == judged.best_line == ()
        board = board.play(judged.move)
    return checked


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 3, 3), (4, 4, 3), (4, 4, 4), (5, 5, 4)])
@pytest.mark.parametrize("seed", range(6))
def test_every_mistake_has_its_best_line_to_the_end(rows: int, cols: int, k: int, seed: int) -> None:
    moves = random_game(rows, cols, k, seed)
    review = review_game(Board.empty(rows, cols, k), moves, seconds_per_move=30)
    checked = check_review(review, Reference(Board.empty(rows, cols, k).geometry))
    assert checked == sum(move.verdict in ("mistake", "blunder") for move in review.moves)


def test_random_games_make_mistakes_to_check() -> None:
    """The games above are not all perfect play: the test checks lines, not nothing."""
    moves = random_game(3, 3, 3, 0)
    review = review_game(Board.empty(), moves)
    assert any(move.lost_value for move in review.moves)


def test_a_draw_thrown_away_on_3x3() -> None:
    # X b2, O b1 (a mistake: X now wins): X's fastest win and O's longest defence follow
    review = review_game(Board.empty(), [(1, 1), (0, 1)])
    mistake = review.moves[1]
    assert mistake.verdict == "mistake"
    reference = Reference(Board.empty().geometry)
    after = Board.empty().play_all([(1, 1), (0, 1)])
    check_line(reference, after, mistake.line, 1, len(mistake.line))
    assert mistake.as_json(review.start.name)["line"] == [f"{'abc'[c]}{r + 1}" for r, c in mistake.line]


def test_the_review_reads_back_as_it_was_kept() -> None:
    review = review_game(Board.empty(), random_game(3, 3, 3, 1))
    assert loads(review.dumps()) == review


def test_a_connect_four_review_names_columns_by_their_keys_and_reads_back() -> None:
    """A review's squares are Connect Four's (column key, row from the floor), in its text and
    its JSON; kept reviews written with the old names (``d6``) still read back."""
    start = Board.empty(6, 7, 4, "gravity")
    moves = [(5, 0), (5, 3), (4, 0), (4, 3)]
    review = review_game(start, moves, seconds_per_move=0.3)
    assert [move.as_json(start.name)["move"] for move in review.moves] == ["1-1", "4-1", "1-2", "4-2"]
    assert loads(review.dumps()) == review
    old = review.dumps().replace('"1-1"', '"a6"').replace('"4-1"', '"d6"')
    assert loads(old) == review
    assert loads(review.dumps().replace("review-", "review-0")) is None  # another version: judge again
    assert loads("not a review") is None


def test_estimated_moves_judge_both_sides_alike() -> None:
    """On 15×15 every move is an estimate: both sides get an estimated accuracy (never one
    exact beside "not judged"), a lost game names a move of the loser's as its turning point,
    and each estimated mistake has the search's line."""
    rng = random.Random(2)
    board = Board.empty(15, 15, 5)
    moves: list[Move] = [(7, 7), (7, 8), (8, 8), (0, 0), (6, 6), (0, 1), (9, 9), (0, 2), (5, 5)]  # X makes five
    for move in moves:
        board = board.play(move)
    assert board.winner is Mark.X
    review = review_game(Board.empty(15, 15, 5), moves, seconds_per_move=0.3, seed=rng.randrange(99))
    assert not review.exact
    assert review.accuracy(Mark.X) is not None
    assert review.accuracy(Mark.O) is not None
    turn = review.turning_point
    assert turn is not None
    assert turn.by is Mark.O
    assert "(estimated)" in review.turning_text()
    for judged in review.moves:
        entry = judged.as_json(review.start.name)
        assert (entry["verdict"] if judged.exact else entry["estimated_verdict"]) == judged.judged
        if judged.lost_value:
            assert judged.line
            assert judged.best_line
            assert "line" in entry


def test_a_move_review_without_lines_keeps_them_empty() -> None:
    judged = MoveReview(1, (1, 1), Mark.X, 0, 0, ((1, 1),))
    assert (judged.line, judged.best_line, judged.lost_value) == ((), (), False)

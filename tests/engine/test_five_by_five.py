"""Exact analysis of any 5×5 position with 4 in a row (issue 27): the book and the live solver
together answer random positions of every number of marks, and every move's value agrees with
the position it leads to."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Board, analyze
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.engine.search.book import opening_book
from tictactoe_tui.engine.search.budget import Budget
from tictactoe_tui.engine.search.solver import Solver

EMPTY = Board.empty(5, 5, 4)
BOOK = GAMES["classic"].searches.book["5x5k4"]
#: Far more than any position the book leaves to the live solver needs (a test stops rather
#: than hangs).
NODE_CAP = 500_000


def random_position(marks: int, seed: int) -> Board:
    """A position from random play with ``marks`` marks (or where the game ended sooner)."""
    rng = random.Random(seed)
    board = EMPTY
    while board.move_count < marks and not board.is_over:
        board = board.play(rng.choice(board.legal_moves()))
    return board


@pytest.mark.parametrize("marks", range(15))
def test_every_move_value_is_the_value_of_the_position_it_leads_to(marks: int) -> None:
    board = random_position(marks, seed=marks)
    if board.is_over:
        return
    analysis = analyze(board, Budget(max_nodes=NODE_CAP))
    assert analysis.complete, str(board)
    rng = random.Random(marks)
    empty = EMPTY.geometry.cells - board.move_count
    for move in {analysis.moves[0], *rng.sample(analysis.moves, min(3, len(analysis.moves)))}:
        after = board.play(move.move)
        if after.is_over:
            assert move.score == (empty if after.winner else 0)
            continue
        reply = analyze(after, Budget(max_nodes=NODE_CAP))
        assert reply.complete, str(after)
        assert reply.moves[0].score == -move.score, f"{board} then {move.move}"


@pytest.mark.parametrize("marks", [5, 6])
def test_the_value_the_book_gives_a_position_one_mark_on_changes_no_score(marks: int) -> None:
    """Past the book the solver starts each move's search below the position's value, which the
    book holds one mark back: the scores are those of a solver that does not read the book."""
    book = opening_book(EMPTY.geometry, BOOK)
    assert book is not None
    for seed in range(3):
        board = random_position(marks, seed=100 * marks + seed)
        if board.is_over or book.scores(board) is not None:
            continue
        with_book = Solver(EMPTY.geometry, book=BOOK).analyze(board, Budget(max_nodes=NODE_CAP))
        without = Solver(EMPTY.geometry).analyze(board, Budget(max_nodes=NODE_CAP))
        assert with_book.complete
        assert without.complete
        assert [(mv.move, mv.score) for mv in with_book.moves] == [(mv.move, mv.score) for mv in without.moves]

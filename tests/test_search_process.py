"""Searching in a child process: same answers, history kept, cancellation that really stops it."""

from __future__ import annotations

import random
import threading

import pytest

from tictactoe_tui.engine import Board, Budget, Decision, Strategy, analyze
from tictactoe_tui.engine.search import exact
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.search_process import (
    AnalysisRequest,
    ReadyRequest,
    SearchProcess,
    SearchProcessError,
    SearchRequest,
)


class UntilCancelled(Strategy):
    """Thinks until its search is cancelled, then plays the first free square."""

    name = "until-cancelled"
    summary = "stops only when cancelled"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        while not budget.exhausted():
            pass
        return Decision(board.legal_moves()[0])


class SolverMade(Strategy):
    """Plays the first free square where the process already has the exact solver of the
    board's game and shape, the second where it has not."""

    name = "solver-made"
    summary = "tells whether the solver was made"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        made = any(shape == board.geometry for shape, _ in exact._solvers)
        return Decision(board.legal_moves()[0 if made else 1])


class Exploding(Strategy):
    name = "exploding"
    summary = "raises"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        raise ValueError("no moves for you")


@pytest.fixture(scope="module")
def process() -> SearchProcess:
    searcher = SearchProcess()
    yield searcher  # type: ignore[misc]
    searcher.close()


def test_the_child_plays_a_best_move(process: SearchProcess) -> None:
    board = Board.parse("x.o/.x./..o")
    decision = process.decide(SearchRequest.of(board, "impossible", 1, 5.0), threading.Event())
    assert decision.move in {mv.move for mv in analyze(board).best_moves}
    assert decision.value == 0


def test_getting_ready_makes_the_solver_of_that_game_and_shape_only(process: SearchProcess) -> None:
    readied, other = Board.empty(4, 5, 4), Board.empty(5, 4, 4)
    process.get_ready(ReadyRequest.of(readied))
    decide = process.decide
    assert decide(SearchRequest.of(readied, SolverMade(), 0, None), threading.Event()).move == readied.legal_moves()[0]
    assert decide(SearchRequest.of(other, SolverMade(), 0, None), threading.Event()).move == other.legal_moves()[1]


def test_the_history_travels_with_the_position() -> None:
    board = Board.empty().play((1, 1)).play((2, 2))
    request = SearchRequest.of(board, "opening-table", 0, None)
    assert request.position.board().history == ((1, 1), (2, 2))
    assert SearchRequest.of(Board.parse("x../.../..."), "random", 0, None).position.board().history is None


def test_cancelling_stops_the_search_in_the_child(process: SearchProcess) -> None:
    cancel = threading.Event()
    request = SearchRequest.of(Board.empty(7, 7, 5), UntilCancelled(), 0, None)  # no deadline
    answers: list[Decision] = []
    searching = threading.Thread(target=lambda: answers.append(process.decide(request, cancel)))
    searching.start()
    cancel.set()
    searching.join(timeout=30)
    assert not searching.is_alive()
    assert answers == [Decision((0, 0))]
    # The child is still there for the next search.
    assert process.decide(SearchRequest.of(Board.empty(), "rules", 0, None), threading.Event()).move


def test_a_failing_search_is_reported_and_the_child_carries_on(process: SearchProcess) -> None:
    with pytest.raises(SearchProcessError, match=r"^no moves for you$"):  # the reason, not the exception's name
        process.decide(SearchRequest.of(Board.empty(), Exploding(), 0, None), threading.Event())
    assert process.decide(SearchRequest.of(Board.empty(), "random", 0, None), threading.Event()).move


def test_the_child_analyses_positions(process: SearchProcess) -> None:
    board = Board.parse("x.o/.x./..o")
    remote = process.analyze(AnalysisRequest.of(board, 5.0), threading.Event())
    assert remote.complete
    assert remote.board == board
    assert remote.moves == analyze(board).moves


def test_a_dead_child_is_replaced_before_the_next_search(process: SearchProcess) -> None:
    process.start()
    assert process._process is not None
    process._process.kill()
    process._process.join()
    # The next search sees it is gone, starts a new child and answers.
    decision = process.decide(SearchRequest.of(Board.empty(), "medium", 0, None), threading.Event())
    assert decision.move

"""Searching in a child process: same answers, history kept, cancellation that really stops it."""

from __future__ import annotations

import os
import pickle
import random
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tictactoe_tui.engine import Board, Budget, Decision, Strategy, analyze
from tictactoe_tui.engine.search import exact
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.search_process import (
    AnalysisRequest,
    PuzzlesRequest,
    ReadyRequest,
    ReviewRequest,
    SearchProcess,
    SearchProcessError,
    SearchRequest,
    seconds_left,
)

from .helpers.stand_ins import record
from .helpers.waiting import until, until_blocking


class UntilCancelled(Strategy):
    """Thinks until its search is cancelled, then plays the first free square."""

    name = "until-cancelled"
    summary = "stops only when cancelled"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        while not budget.exhausted():
            pass
        return Decision(board.legal_moves()[0])


class Announced(UntilCancelled):
    """Like :class:`UntilCancelled`, but first makes the file ``started``: the sign, seen from the
    parent, that the child is busy with it."""

    name = "announced"

    def __init__(self, started: Path) -> None:
        self.started = started

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        self.started.touch()
        return super().decide(board, rng, budget)


class SolverMade(Strategy):
    """Plays the first free square where the process already has the exact solver of the
    board's game and shape, the second where it has not."""

    name = "solver-made"
    summary = "tells whether the solver was made"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        made = any(shape == board.geometry for shape, _ in exact._solvers)
        return Decision(board.legal_moves()[0 if made else 1])


class SecondsLeft(Strategy):
    """Plays the first free square, its estimate the seconds its budget had left."""

    name = "seconds-left"
    summary = "tells the time it was given"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        return Decision(board.legal_moves()[0], estimate=budget.remaining())


class Exploding(Strategy):
    name = "exploding"
    summary = "raises"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        raise ValueError("no moves for you")


@pytest.fixture(scope="module")
def process() -> Iterator[SearchProcess]:
    searcher = SearchProcess()
    yield searcher
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


@pytest.mark.parametrize(
    "board",
    [
        Board.empty().play((1, 1)).play((2, 2)),
        Board.parse("x../.../..."),
        Board.empty(9, 9, 3, "ultimate").play((4, 4)).play((3, 3)),
        Board.parse("/".join(["x........", *["........."] * 8]) + "@a1", game="ultimate"),
    ],
    ids=["played", "parsed", "ultimate-played", "ultimate-parsed"],
)
def test_a_board_travels_whole_its_history_known_or_not(board: Board) -> None:
    """A request carries the board itself: its marks, the rules' state, its moves where known
    (None for a parsed one), and its shape, found again as the one geometry of that shape."""
    sent = pickle.loads(pickle.dumps(SearchRequest.of(board, "random", 0, None))).board
    assert (sent, sent.state, sent.history) == (board, board.state, board.history)
    assert sent.geometry is board.geometry


def test_the_child_answers_for_a_board_without_its_moves(process: SearchProcess) -> None:
    board = Board.parse("x../.o./..x")
    decision = process.decide(SearchRequest.of(board, "impossible", 0, 1.0), threading.Event())
    assert decision.move in board.legal_moves()


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


def test_ctrl_c_reaches_the_child_without_stopping_it(process: SearchProcess, tmp_path: Path) -> None:
    """A terminal's Ctrl+C goes to every process of its foreground group: the child ignores it
    (its parent tells it when to stop). Before, it died mid-search, printing ``Process
    tictactoe-search: Traceback … KeyboardInterrupt``."""
    started, cancel = tmp_path / "started", threading.Event()
    request = SearchRequest.of(Board.empty(7, 7, 5), Announced(started), 0, None)
    answers: list[Decision] = []
    searching = threading.Thread(target=lambda: answers.append(process.decide(request, cancel)))
    searching.start()
    until_blocking(started.exists, "the child to be searching")
    child = process._process
    assert child is not None
    assert child.pid is not None
    os.kill(child.pid, signal.SIGINT)
    cancel.set()
    searching.join(timeout=30)
    assert answers == [Decision((0, 0))]
    assert process._process is child
    assert child.is_alive()


def test_a_failing_search_is_reported_and_the_child_carries_on(process: SearchProcess) -> None:
    with pytest.raises(SearchProcessError, match=r"^no moves for you$"):  # the reason, not the exception's name
        process.decide(SearchRequest.of(Board.empty(), Exploding(), 0, None), threading.Event())
    assert process.decide(SearchRequest.of(Board.empty(), "random", 0, None), threading.Event()).move


def test_the_child_analyses_positions(process: SearchProcess) -> None:
    board = Board.parse("x.o/.x./..o")
    remote = process.analyze(AnalysisRequest.of(board, 5.0), threading.Event())
    assert remote.exact
    assert remote.board == board
    assert remote.analysis.moves == analyze(board).moves


def test_the_child_evaluates_a_position_too_big_to_solve(process: SearchProcess) -> None:
    """Issue 66: the evaluation (the bar's, the overlay's) is worked out in the search process."""
    board = Board.empty(9, 9, 3, game="ultimate").play((4, 4))
    remote = process.analyze(AnalysisRequest.of(board, 1.0), threading.Event())
    assert not remote.exact
    assert remote.chance is not None
    assert {estimate.move for estimate in remote.estimates} == set(board.legal_moves())


def test_a_dead_child_is_replaced_before_the_next_search(process: SearchProcess) -> None:
    process.start()
    assert process._process is not None
    process._process.kill()
    process._process.join()
    # The next search sees it is gone, starts a new child and answers.
    decision = process.decide(SearchRequest.of(Board.empty(), "medium", 0, None), threading.Event())
    assert decision.move


@pytest.mark.parametrize(
    ("waited", "least", "most"),
    [(0.0, 0.9, 1.0), (0.6, 0.3, 0.4), (5.0, 0.1, 0.1), (-5.0, 0.9, 1.0)],
    ids=["asked-now", "waited-most-of-it", "waited-past-it", "clock-went-back"],
)
def test_a_search_gets_what_is_left_of_the_time_asked_for(waited: float, least: float, most: float) -> None:
    """The time before a request runs (the child starting, a solver loading) counts, so the
    answer comes when it was asked for; a request that waited past it still gets a tenth."""
    request = SearchRequest(Board.empty(3, 3), SecondsLeft(), 0, 1.0, asked_at=time.time() - waited)
    left = request.run(threading.Event()).estimate
    assert left is not None
    assert least - 0.01 <= left <= most + 0.001
    assert seconds_left(None, time.time() - waited) is None


def test_a_move_chosen_by_its_chances_on_a_board_solved_exactly_says_the_result() -> None:
    """A play-tester: hard on 3×3 said "O played b2 — O's chances 51%" while the bar and the
    overlay showed the exact values. The computer's move now tells the result with best play,
    as they do, where the solver finds it at once."""
    from tictactoe_tui.engine.evaluation import evaluate
    from tictactoe_tui.game import AiMove

    board = Board.empty(3, 3).play((1, 0))  # X a2
    decision = SearchRequest.of(board, "hard", 0, 1.0).run(threading.Event())
    assert decision.estimate is not None  # hard chose it by its chances
    after = board.play(decision.move)
    assert decision.value == -(evaluate(after, UNLIMITED).analysis.value or 0)
    said = AiMove("O", decision.move, 0.01, decision, "hard").describe(board)
    assert " with best play (" in said  # (the time last)
    assert "chances" not in said


@pytest.mark.parametrize(("verdict_only", "calls"), [(True, ["ready", 0.5]), (False, [0.05])], ids=["coach", "review"])
def test_the_coach_s_check_gets_all_its_seconds_however_long_it_waited(
    monkeypatch: pytest.MonkeyPatch, verdict_only: bool, calls: list[object]
) -> None:
    """The coach's check (the reply waits for it) solves for all its seconds from when it runs,
    its solver loaded first: on a busy machine it waited behind the overlay's analysis, was left
    a tenth of them, found no verdict and let the computer reply past a blunder (on Connect Four
    the kernel's loading alone took them). A review's judgement still counts the wait."""
    from tictactoe_tui import search_process

    made: list[object] = []
    monkeypatch.setattr(search_process, "judge_move", lambda board, move, left, **options: record(made, left, None))
    monkeypatch.setattr(ReadyRequest, "run", lambda request, cancel: record(made, "ready", None))
    request = ReviewRequest(Board.empty(3, 3), (1, 1), 0.5, verdict_only, asked_at=time.time() - 5.0)
    request.run(threading.Event())
    assert made == [pytest.approx(call) if isinstance(call, float) else call for call in calls]


async def test_a_search_asked_while_the_child_is_busy_answers_in_its_time(
    process: SearchProcess, tmp_path: Path
) -> None:
    """A move asked for while the child was busy (getting ready, an earlier search) is given
    what is left of its seconds, not its seconds again."""
    process.get_ready(ReadyRequest.of(Board.empty(3, 3)))  # the child is up: the earlier search starts at once
    started = tmp_path / "started"
    earlier = SearchRequest.of(Board.empty(3, 3), Announced(started), 0, 1.0)
    busy = threading.Thread(target=process.decide, args=(earlier, threading.Event()))
    busy.start()
    await until(started.exists, "the child to start the earlier search")
    left = process.decide(SearchRequest.of(Board.empty(3, 3), SecondsLeft(), 0, 1.0), threading.Event()).estimate
    busy.join()
    assert left is not None
    assert left < 0.9


def test_making_puzzles_stops_when_cancelled(process: SearchProcess) -> None:
    """The puzzles screen's request: puzzles made in the child, none once cancelled."""
    made = process.make_puzzles(PuzzlesRequest(3, 2), threading.Event())
    assert made is not None
    assert len(made) == 2
    cancelled = threading.Event()
    cancelled.set()
    assert PuzzlesRequest(3, 2).run(cancelled) is None


#: What a reply may take past its seconds on a loaded two-core machine: the child reading the
#: Connect Four books in (0.9 s at load 8.5), the request and the answer crossing the pipe. The
#: compiled kernel's loading (Numba, the machine code, the 64 MB table: 1.5–3.8 s at loads of
#: 6.7–8.5) must not be in it.
REPLY_TOLERANCE = 1.0


class KernelLoaded(Strategy):
    """Plays the first free square where the process has loaded the compiled Gravity kernel,
    the second where it has not."""

    name = "kernel-loaded"
    summary = "tells whether the compiled kernel was loaded"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        import sys

        loaded = "tictactoe_tui.engine.search.gravity.kernel" in sys.modules
        return Decision(board.legal_moves()[0 if loaded else 1])


@pytest.mark.parametrize("columns", ["4", "4444333"], ids=["first-reply", "deeper-in-the-book"])
@pytest.mark.parametrize("warm_up", [False, True], ids=["asked-at-once", "asked-while-getting-ready"])
def test_a_fresh_child_answers_a_connect_four_move_in_its_time(columns: str, warm_up: bool) -> None:
    """The first Connect Four reply of a child that has not loaded Connect Four's solver (just
    up, or getting ready for the game) comes within its seconds, from the opening book, the
    compiled kernel not loaded for it: "O played 4-2 in 2.43 s" with a second a move, the reply
    waiting for a kernel it did not need (in the warm-up, or loading it itself)."""
    from tictactoe_tui.engine.rules.gravity import dropped

    board = dropped(Board.empty(6, 7, 4, "gravity"), columns)
    searcher = SearchProcess()
    try:
        searcher.get_ready(ReadyRequest.of(Board.empty(3, 3)))  # the child is up, Connect Four untouched
        readying = threading.Thread(target=searcher.get_ready, args=(ReadyRequest.of(board),))
        if warm_up:
            readying.start()
        request = SearchRequest.of(board, "impossible", 1, 1.0)
        decision = searcher.decide(request, threading.Event())
        took = time.time() - request.asked_at
        if warm_up:
            readying.join()
        else:
            kernel = searcher.decide(SearchRequest.of(board, KernelLoaded(), 0, None), threading.Event()).move
            assert kernel == board.legal_moves()[1]  # not loaded
    finally:
        searcher.close()
    assert decision.value is not None  # exact, from the book
    assert took < 1.0 + REPLY_TOLERANCE

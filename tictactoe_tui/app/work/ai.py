"""The searchers that run the computer's jobs (:mod:`.jobs`) inside a worker thread. No widgets here."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ...engine.board import Board
from ...engine.games import game_of
from ...game import GameState

#: Seconds a hint, the analysis overlay or a replay's analysis may spend solving: longer on
#: a shape whose game ships a book for it (an opening book, a win book), where the promise is
#: exact values from the first move.
ANALYSIS_SECONDS = 1.0
BOOK_ANALYSIS_SECONDS = 10.0


def analysis_seconds(board: Board) -> float:
    """The time an analysis of ``board`` may take (see :data:`ANALYSIS_SECONDS`)."""
    return BOOK_ANALYSIS_SECONDS if game_of(board).searches.ships_book(board.geometry) else ANALYSIS_SECONDS


if TYPE_CHECKING:  # the searches and multiprocessing load with the first search, not at start
    from ...engine import Strategy
    from ...engine.board import Move
    from ...engine.puzzles import Puzzle
    from ...engine.review import MoveReview
    from ...search_process import SearchProcess
    from .jobs import AiJob, AiResult, AnalysisResult


class Searcher(Protocol):
    """Runs jobs in a worker thread; ``cancel`` stops them early."""

    def __call__(self, job: AiJob, cancel: threading.Event) -> AiResult:
        """The computer's move for ``job``."""

    def analyze(self, state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
        """Every move's exact value, for hints and the overlay."""

    def judge(
        self, board: Board, move: Move, seconds: float, cancel: threading.Event, *, verdict_only: bool = False
    ) -> MoveReview:
        """A review's judgement of ``move`` played on ``board``, within ``seconds``
        (``verdict_only``: exact or not judged, as the coach asks)."""

    def make_puzzles(self, seed: int, count: int, cancel: threading.Event) -> list[Puzzle] | None:
        """Up to ``count`` puzzles the solver picks, from ``seed`` (None: cancelled)."""

    def get_ready(self, board: Board) -> None:
        """Make ready, ahead of the computer's first move, what searching ``board``'s game and
        shape needs."""

    def close(self) -> None:
        """Release what the searcher holds."""


class ThreadSearcher:
    """Searches in the calling thread (which shares the GIL with the UI): for any strategy object."""

    def __init__(self, strategy_for: Callable[[str], Strategy]) -> None:
        self.strategy_for = strategy_for

    def __call__(self, job: AiJob, cancel: threading.Event) -> AiResult:
        from ...search_process import SearchRequest
        from .jobs import AiResult

        started = time.perf_counter()
        request = SearchRequest.of(job.state.board, self.strategy_for(job.level), job.seed, job.seconds)
        return AiResult(job, request.run(cancel), time.perf_counter() - started)

    def analyze(self, state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
        from ...search_process import AnalysisRequest
        from .jobs import AnalysisResult

        return AnalysisResult(state, AnalysisRequest.of(state.board, seconds).run(cancel))

    def judge(
        self, board: Board, move: Move, seconds: float, cancel: threading.Event, *, verdict_only: bool = False
    ) -> MoveReview:
        from ...search_process import ReviewRequest

        return ReviewRequest.of(board, move, seconds, verdict_only).run(cancel)

    def make_puzzles(self, seed: int, count: int, cancel: threading.Event) -> list[Puzzle] | None:
        from ...search_process import PuzzlesRequest

        return PuzzlesRequest(seed, count).run(cancel)

    def get_ready(self, board: Board) -> None:
        """Nothing ahead of time: the first search loads what it needs, in the UI's process,
        where loading it early would only compete with the UI sooner."""

    def close(self) -> None:
        """Nothing to release."""


class ProcessSearcher:
    """Searches in a child process, leaving the UI's GIL alone.

    The child looks levels up by name; ``strategy_for`` may instead supply strategy objects
    (they must pickle). The children (and multiprocessing) are set up on first use.
    """

    def __init__(self, strategy_for: Callable[[str], Strategy] | None = None) -> None:
        self.strategy_for = strategy_for
        self._processes: dict[str, SearchProcess] = {}
        self._lock = threading.Lock()

    def _child(self, role: str) -> SearchProcess:
        """The child for ``role``, set up on first use."""
        with self._lock:
            if role not in self._processes:
                from ...search_process import SearchProcess

                self._processes[role] = SearchProcess()
            return self._processes[role]

    def prepare(self) -> None:
        """Set up both children now, in the calling (UI) thread, before a worker needs one."""
        self._child("moves")
        self._child("analysis")

    @property
    def process(self) -> SearchProcess:
        """The child that finds the computer's moves."""
        return self._child("moves")

    @property
    def analysis_process(self) -> SearchProcess:
        """The child for hints and the overlay: they never wait behind the computer's search."""
        return self._child("analysis")

    def __call__(self, job: AiJob, cancel: threading.Event) -> AiResult:
        from ...search_process import SearchRequest
        from .jobs import AiResult

        started = time.perf_counter()
        strategy = job.level if self.strategy_for is None else self.strategy_for(job.level)
        request = SearchRequest.of(job.state.board, strategy, job.seed, job.seconds)
        decision = self.process.decide(request, cancel)
        return AiResult(job, decision, time.perf_counter() - started)

    def analyze(self, state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
        from ...search_process import AnalysisRequest
        from .jobs import AnalysisResult

        return AnalysisResult(state, self.analysis_process.analyze(AnalysisRequest.of(state.board, seconds), cancel))

    def judge(
        self, board: Board, move: Move, seconds: float, cancel: threading.Event, *, verdict_only: bool = False
    ) -> MoveReview:
        from ...search_process import ReviewRequest

        return self.analysis_process.judge(ReviewRequest.of(board, move, seconds, verdict_only), cancel)

    def make_puzzles(self, seed: int, count: int, cancel: threading.Event) -> list[Puzzle] | None:
        """Made by the child for analyses (a few tenths of a second on the small boards)."""
        from ...search_process import PuzzlesRequest

        return self.analysis_process.make_puzzles(PuzzlesRequest(seed, count), cancel)

    def get_ready(self, board: Board) -> None:
        """Have the child that finds the computer's moves load ``board``'s solver now."""
        from ...search_process import ReadyRequest

        self.process.get_ready(ReadyRequest.of(board))

    def close(self) -> None:
        """Stop the child processes that were started."""
        with self._lock:
            for child in self._processes.values():
                child.close()

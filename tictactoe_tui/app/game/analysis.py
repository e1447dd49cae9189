"""One screen's analyses of the position it shows (hints, the values overlay), the same on
every screen: one at a time in a worker thread (a new request cancels the one before), the
answer posted to the screen as :class:`AnalysisReady` or :class:`AnalysisFailed`, and an
answer about a position no longer wanted dropped. The notices they lead to are here too.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import Any

from textual.screen import Screen

from ...engine import Board, Move
from ...engine.estimates import position_seed
from ...game import GameState
from ..work.ai import Searcher, analysis_seconds
from ..work.jobs import AiJob, Job
from .messages import AnalysisFailed, AnalysisReady


def working_out(hint: bool, values: bool) -> str:
    """What the player is told while a ``hint`` or the overlay's ``values`` are being worked
    out ("" when neither is): the answer replaces it."""
    if hint and values:
        return "Looking for the best move and every square's value…"
    if hint:
        return "Looking for the best move…"
    return "Working out every square's value…" if values else ""


def failed(message: AnalysisFailed) -> str:
    """What the player is told when an analysis raised."""
    return f"The analysis failed: {message.error}"


class AnalysisRequests:
    """A screen's requests for the values of the position it shows.

    A hint asked for (and not answered yet) stays asked for when the overlay asks again about
    the same position; :meth:`drop` forgets every request when the position changes.
    """

    def __init__(self, screen: Screen[Any], searcher: Searcher) -> None:
        self._searcher = searcher
        self._job: Job[GameState] = Job(screen, "analysis")
        self._hint = False
        self._estimates: dict[Board, Move] = {}  # each position's estimated hint

    def ask(self, state: GameState, hint: bool = False) -> None:
        """Solve ``state`` in a worker (a finished game has nothing to solve); ``hint``: the
        answer also names a move, from the strongest search where the solver does not finish."""
        if state.board.is_over:
            return
        self._hint = hint or (self._hint and state is self._job.asked)
        hinted = self._hint
        self._job.start(state, partial(self._analyze, state, hinted), partial(AnalysisFailed, state))

    @property
    def asked(self) -> bool:
        """Whether a request is in force (not answered, not dropped)."""
        return self._job.asked is not None

    @property
    def hint_asked(self) -> bool:
        """Whether the request in force asks for a hint."""
        return self.asked and self._hint

    def drop(self) -> None:
        """Cancel the request in force; an answer that still comes is dropped."""
        self._job.cancel()
        self._hint = False

    def answers(self, message: AnalysisReady | AnalysisFailed) -> bool:
        """Whether ``message`` answers the request in force (which is then done)."""
        if not self._job.answers(message.state):
            return False
        self._hint = False
        return True

    def _analyze(self, state: GameState, hint: bool, cancel: threading.Event) -> AnalysisReady:
        """Run in a worker thread: evaluate ``state``. A hint the solver cannot give in time
        comes from the strongest search instead, as an estimate."""
        seconds = analysis_seconds(state.board)
        result = self._searcher.analyze(state, seconds, cancel)
        move = None
        if hint and not result.analysis.complete and not cancel.is_set():
            move = self._estimates.get(state.board)
            if move is None:
                job = AiJob(state, "impossible", position_seed(state.board), seconds)
                move = self._searcher(job, cancel).decision.move
                if not cancel.is_set():
                    self._estimates[state.board] = move
        # an estimated hint's chances are the evaluation's of its square: the figure the overlay shows there
        return AnalysisReady(result, hint, move, None if move is None else result.evaluation.chance_of(move))

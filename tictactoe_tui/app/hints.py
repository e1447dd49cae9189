"""Hints and the analysis overlay on the game screen: one analysis at a time, in a worker,
its answer dropped if the game moved on."""

from __future__ import annotations

import threading
from functools import partial

from ..engine import move_name
from ..game import GameState, Settings
from .ai import AiJob, AnalysisResult, analysis_seconds
from .board_view import VALUE_LEGEND, value_words
from .messages import AnalysisFailed, AnalysisReady
from .play import GameHost, PlayScreen


class Hints(PlayScreen):
    """The game screen's analysis part: i for a hint, a for every square's value."""

    def __init__(self, host: GameHost, settings: Settings, first: GameState) -> None:
        super().__init__(host, settings, first)
        self._analysis_cancel = threading.Event()
        self._wanted_analysis: GameState | None = None
        self._hint_wanted = False

    def action_hint(self) -> None:
        """Show the best move for the side to move, with its value."""
        if self.game.board.is_over:
            self.notice = "The game is over: no hint"
            return
        self.notice = "Looking for the best move…"
        self.request_analysis(for_hint=True)

    def action_toggle_overlay(self) -> None:
        """Show or hide every free square's exact value."""
        self.overlay = not self.overlay
        if self.overlay:
            self.request_analysis()
        else:
            self.analysis = None
            self.notice = ""

    def request_analysis(self, for_hint: bool = False) -> None:
        """Solve the position shown, in a worker; the answer is dropped if the game moved on."""
        state = self.game
        if state.board.is_over:
            return
        self._analysis_cancel.set()
        cancel = self._analysis_cancel = threading.Event()
        self._wanted_analysis = state
        self._hint_wanted = for_hint or self._hint_wanted
        work = partial(self._analyze, state, cancel, self._hint_wanted)
        self.run_worker(work, name="analysis", group="analysis", thread=True, exclusive=True)

    def _analyze(self, state: GameState, cancel: threading.Event, for_hint: bool) -> None:
        """Run in a worker thread: analyse ``state``, then post the answer. A hint the solver
        cannot give in time comes from the strongest search instead, as an estimate."""
        seconds = analysis_seconds(state.board)
        try:
            result = self.host.searcher.analyze(state, seconds, cancel)
            estimate = None
            if for_hint and not result.analysis.complete and not cancel.is_set():
                job = AiJob(state, "impossible", self.host.rng.getrandbits(64), seconds)
                estimate = self.host.searcher(job, cancel).decision.move
        except Exception as error:  # the status says so; the game goes on
            self.post_message(AnalysisFailed(error))
            return
        self.post_message(AnalysisReady(result, estimate))

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        self.notice = f"The analysis failed: {message.error}"

    def on_analysis_ready(self, message: AnalysisReady) -> None:
        """Apply an analysis if it is still about the position shown."""
        result: AnalysisResult = message.result
        if result.state is not self.game or result.state is not self._wanted_analysis:
            return
        analysis = result.analysis
        hint_wanted, self._hint_wanted = self._hint_wanted, False
        if not analysis.complete and hint_wanted and message.estimate is not None:
            self.hint = message.estimate
            mover = self.game.symbol(self.game.board.to_move)
            self.notice = (
                f"Hint for {mover}: {move_name(message.estimate)} (an estimate from the computer's search:"
                " too big to solve exactly yet)"
            )
            return
        if not analysis.complete:
            self.notice = (
                f"Too big to solve within {analysis_seconds(self.game.board):g} s "
                f"({len(analysis.moves)} of {len(self.game.board.legal_moves())} squares solved): no values shown"
            )
            return
        if self.overlay:
            self.analysis = analysis
            self.notice = VALUE_LEGEND
        if hint_wanted:
            best = analysis.best_moves[0]
            self.hint = best.move
            mover = self.game.symbol(self.game.board.to_move)
            source = ", from the opening book" if analysis.source == "book" else ""
            self.notice = f"Hint for {mover}: {move_name(best.move)} ({value_words(best)}{source})"

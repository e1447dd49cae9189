"""Hints and the analysis overlay on the game screen: one analysis at a time, in a worker,
its answer dropped if the game moved on."""

from __future__ import annotations

from ..engine import move_name
from ..game import GameState, Settings
from .analysis import AnalysisRequests, failed, too_big
from .board_view import VALUE_LEGEND, value_words
from .messages import AnalysisFailed, AnalysisReady
from .play import GameHost, PlayScreen


class Hints(PlayScreen):
    """The game screen's analysis part: i for a hint, a for every square's value."""

    def __init__(self, host: GameHost, settings: Settings, first: GameState) -> None:
        super().__init__(host, settings, first)
        self.analyses = AnalysisRequests(self, host.searcher, host.rng)

    def action_hint(self) -> None:
        """Show the best move for the side to move, with its value."""
        if self.game.board.is_over:
            self.notice = "The game is over: no hint"
            return
        self.notice = "Looking for the best move…"
        self.analyses.ask(self.game, hint=True)

    def action_toggle_overlay(self) -> None:
        """Show or hide every free square's exact value."""
        self.overlay = not self.overlay
        if self.overlay:
            self.analyses.ask(self.game)
        else:
            self.analysis = None
            self.notice = ""

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        if self.analyses.answers(message):
            self.notice = failed(message)

    def on_analysis_ready(self, message: AnalysisReady) -> None:
        """Apply an analysis if it is still about the position shown."""
        if not self.analyses.answers(message):
            return
        analysis = message.result.analysis
        if not analysis.complete and message.hint and message.estimate is not None:
            self.hint = message.estimate
            mover = self.game.symbol(self.game.board.to_move)
            self.notice = (
                f"Hint for {mover}: {move_name(message.estimate)} (an estimate from the computer's search:"
                " too big to solve exactly yet)"
            )
            return
        if not analysis.complete:
            self.notice = too_big(self.game.board, analysis)
            return
        if self.overlay:
            self.analysis = analysis
            self.notice = VALUE_LEGEND
        if message.hint:
            best = analysis.best_moves[0]
            self.hint = best.move
            mover = self.game.symbol(self.game.board.to_move)
            source = ", from the opening book" if analysis.source == "book" else ""
            self.notice = f"Hint for {mover}: {move_name(best.move)} ({value_words(best)}{source})"

"""Hints and the analysis overlay on the game screen: one analysis at a time, in a worker,
its answer dropped if the game moved on."""

from __future__ import annotations

from ..engine import Move, move_name
from ..game import GameState
from .analysis import AnalysisRequests, failed, too_big, working_out
from .board_view import VALUE_LEGEND, value_words
from .messages import AnalysisFailed, AnalysisReady
from .play import PlayScreen


class Hints:
    """The game screen's analysis part: i for a hint, a for every square's value. The screen
    makes it when it is first needed."""

    def __init__(self, screen: PlayScreen) -> None:
        self._screen = screen
        self._requests = AnalysisRequests(screen, screen.host.searcher, screen.host.rng)
        self._hint_value = ""  # the value of the hint shown, e.g. "(D, a draw with best play)"; "" for an estimate

    def hint(self) -> None:
        """Show the best move for the side to move, with its value."""
        screen = self._screen
        if screen.game.board.is_over:
            screen.notice = "The game is over: no hint"
            return
        self._requests.ask(screen.game, hint=True)
        self._say_what_is_asked()

    def toggle_overlay(self) -> None:
        """Show or hide every free square's exact value."""
        screen = self._screen
        screen.overlay = not screen.overlay
        if screen.overlay:
            self._ask_values(screen.game)
        else:
            screen.analysis = None
            if screen.hint is not None and not self._requests.asked:
                screen.notice = self._hint_said(screen.hint)  # its ◆ is on the board again
            else:
                self._say_what_is_asked()  # a hint may still be looked for

    def game_changed(self, game: GameState) -> None:
        """The game shown is now ``game``: what was asked about the one before is dropped, and
        the overlay asks about this one."""
        self._requests.drop()
        if self._screen.overlay:
            self._ask_values(game)

    def _ask_values(self, game: GameState) -> None:
        """Ask for every square's value in ``game`` and say so (a finished game has none)."""
        self._requests.ask(game)
        if self._requests.asked:
            self._say_what_is_asked()

    def _say_what_is_asked(self) -> None:
        """Say what is being worked out, for as long as it is: its answer (or the next
        position's news) replaces the notice."""
        requests = self._requests
        self._screen.notice = working_out(requests.hint_asked, self._screen.overlay and requests.asked)

    def drop(self) -> None:
        """Cancel the analysis in force; an answer that still comes is dropped."""
        self._requests.drop()

    def failed(self, message: AnalysisFailed) -> None:
        if self._requests.answers(message):
            self._screen.notice = failed(message)

    def ready(self, message: AnalysisReady) -> None:
        """Apply an analysis if it is still about the position shown."""
        if not self._requests.answers(message):
            return
        screen = self._screen
        analysis = message.result.analysis
        if not analysis.complete and message.hint and message.estimate is not None:
            screen.hint, self._hint_value = message.estimate, ""
            screen.notice = self._hint_said(message.estimate)
            return
        if not analysis.complete:  # the overlay's: an estimate shown says why it has no values
            if screen.hint is not None and not self._hint_value:
                screen.notice = self._hint_said(screen.hint)
            else:
                screen.notice = too_big(screen.game.board, analysis)
            return
        if screen.overlay:
            screen.analysis = analysis
            screen.notice = VALUE_LEGEND
        if message.hint:
            best = analysis.best_moves[0]
            source = ", from the opening book" if analysis.source == "book" else ""
            screen.hint, self._hint_value = best.move, f"({value_words(best)}{source})"
            screen.notice = self._hint_said(best.move)

    def _hint_said(self, hint: Move) -> str:
        """What the hint shown (``hint``) says: its move and value, or that it is an estimate
        (and, with the overlay on, that this is why the overlay shows no values)."""
        screen = self._screen
        said = f"Hint for {screen.game.symbol(screen.game.board.to_move)}: {move_name(hint)}"
        if self._hint_value:
            return f"{said} {self._hint_value}"
        why = "too big to solve exactly yet" + (", so no values are shown" if screen.overlay else "")
        return f"{said} (an estimate from the computer's search: {why})"

"""Hints and the analysis overlay on the game screen: one analysis at a time, in a worker,
its answer dropped if the game moved on. What they find is returned to the screen, which shows
it (the overlay's values, the hint's square) and says it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine import Move
from ...game import GameState
from ..widgets.evaluation import VALUE_LEGEND, legend, too_big, value_words
from ..widgets.status import Cause, Notice
from ..work.ai import analysis_seconds
from .analysis import AnalysisRequests, failed, working_out
from .messages import AnalysisFailed, AnalysisReady
from .play import PlayScreen

if TYPE_CHECKING:
    from ...engine.evaluation import Evaluation


def said(text: str) -> Notice:
    """What the hints say (it ends with the position, or when the hint and the overlay go)."""
    return Notice(text, Cause.ANALYSIS)


@dataclass(frozen=True)
class Found:
    """What an analysis found for the screen: what the status says, the overlay's values and
    the hint's square (None: as they are)."""

    notice: Notice | None = None
    values: Evaluation | None = None
    hint: Move | None = None


class Hints:
    """The game screen's analysis part: i for a hint, a for every square's value. The screen
    makes it when it is first needed; each method returns what the screen is to say and show,
    and the screen does it."""

    def __init__(self, screen: PlayScreen) -> None:
        """``screen``: the screen its analyses post their answers to."""
        self._requests = AnalysisRequests(screen, screen.host.searcher)
        self._hint_value = ""  # the value of the hint shown, e.g. "(D, a draw with best play)"; "" for an estimate
        self._hint_chances: float | None = None  # an estimated hint's: the mover's chances, where the search says

    def hint(self, game: GameState, overlay: bool) -> Notice:
        """Look for the best move for the side to move in ``game``, with its value (the
        ``overlay`` on or off)."""
        if game.board.is_over:
            return Notice("The game is over: no hint", Cause.KEY)
        self._requests.ask(game, hint=True)
        return self._what_is_asked(overlay)

    def overlay_switched(self, on: bool, game: GameState, hint: Move | None) -> Notice | None:
        """The overlay was turned ``on`` (ask for every square's value in ``game``) or off (the
        hint shown, if any, is said again: its ◆ is on the board again)."""
        if on:
            return self._ask_values(game)
        if hint is not None and not self._requests.asked:
            return said(self._hint_said(game, hint, overlay=False))
        return self._what_is_asked(overlay=False)  # a hint may still be looked for

    def game_changed(self, game: GameState, overlay: bool) -> Notice | None:
        """The game shown is now ``game``: what was asked about the one before is dropped, and
        the overlay asks about this one."""
        self._requests.drop()
        return self._ask_values(game) if overlay else None

    def _ask_values(self, game: GameState) -> Notice | None:
        """Ask for every square's value in ``game`` (a finished game has none)."""
        self._requests.ask(game)
        return self._what_is_asked(overlay=True) if self._requests.asked else None

    def _what_is_asked(self, overlay: bool) -> Notice:
        """What is being worked out, for as long as it is: its answer (or the next position's
        news) replaces it."""
        requests = self._requests
        return said(working_out(requests.hint_asked, overlay and requests.asked))

    def drop(self) -> None:
        """Cancel the analysis in force; an answer that still comes is dropped."""
        self._requests.drop()

    def failed(self, message: AnalysisFailed) -> Notice | None:
        """What the status says of an analysis that raised (None: one no longer wanted)."""
        return Notice(failed(message), Cause.FAULT) if self._requests.answers(message) else None

    def ready(self, message: AnalysisReady, overlay: bool, shown: Move | None) -> Found | None:
        """What an analysis still about the position shown found (None: one no longer wanted),
        with the ``overlay`` on or off and the hint ``shown`` on the board, if any."""
        if not self._requests.answers(message) or not (overlay or message.hint or shown is not None):
            return None  # (asked for the overlay, which has gone since: nothing left to say of it)
        game = message.state
        evaluation = message.result.evaluation
        analysis = evaluation.analysis
        values = evaluation if overlay else None  # exact values, or the search's estimates
        if not analysis.complete and message.hint and message.estimate is not None:
            self._hint_value, self._hint_chances = "", message.chances
            return Found(said(self._hint_said(game, message.estimate, overlay)), values, message.estimate)
        seconds = analysis_seconds(game.board)
        if not analysis.complete:
            if shown is not None and not self._hint_value:  # its chances as this evaluation, the one shown, has them
                self._hint_chances = evaluation.chance_of(shown)
                return Found(said(self._hint_said(game, shown, overlay)), values=values)
            return Found(said(legend(game, evaluation, seconds) if overlay else too_big(analysis, seconds)), values)
        if not message.hint:
            return Found(said(VALUE_LEGEND), values=values) if overlay else Found()
        best = analysis.best_moves[0]
        source = ", from the opening book" if analysis.source == "book" else ""
        self._hint_value = f"({value_words(best)}{source})"
        notice = said(self._hint_said(game, best.move, overlay))
        return Found(notice, values=values, hint=best.move)

    def _hint_said(self, game: GameState, hint: Move, overlay: bool) -> str:
        """What the hint shown (``hint``) says: its move and value, or that it is an estimate
        (like the numbers shown, with the ``overlay`` on) and the mover's chances with it. Short:
        whole in two lines of the status at 80×24, "(game unrated)" added, under Ultimate's headline."""
        mover = game.symbol(game.board.to_move)
        said = f"Hint for {mover}: {game.board.name(hint)}"
        if self._hint_value:
            return f"{said} {self._hint_value}"
        chances = self._hint_chances
        what = "too big to solve exactly yet" if chances is None else f"{mover}'s chances {chances:.0%}"
        return f"{said} (an estimate{', like the numbers' if overlay else ''}: {what})"

"""The coach on the game screen: at a table that lets a coach speak (you against the computer),
a move played at this keyboard that gives up a win or a draw is told at once, before the other
side replies ("That gives up the draw: u takes it back").

The move is judged by the review's own check (:func:`tictactoe_tui.engine.review.judge_move`,
exact or not at all) in the search process, in a worker; the next seat takes its turn once the
verdict is in. Where the solver does not finish in :data:`COACH_SECONDS`, the coach says nothing
rather than guess.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from ..engine import Move, move_name
from ..game import GameState
from .messages import Coached
from .play import PlayScreen

if TYPE_CHECKING:  # the review's code loads with the first check, not at start
    from ..engine.review import MoveReview

#: What a value given up is called.
GIVEN_UP = {1: "win", 0: "draw"}

#: Seconds the exact solver may take to judge your move before the computer replies.
COACH_SECONDS = 0.5
#: What the status says while the coach judges (it shows only where that takes a while).
CHECKING = "The coach is checking your move…"


@dataclass(frozen=True)
class Remark:
    """What the coach said of the move that led to ``after``."""

    after: GameState
    judged: MoveReview

    def text(self, game: GameState) -> str:
        """The remark as ``game`` shows it: while the move is on the board and you have not
        moved since (the computer's reply may follow it), else empty."""
        after = self.after
        plies = after.ply
        if not plies <= game.ply <= plies + 1 or game.line[:plies] != after.line[:plies]:
            return ""
        given_up = GIVEN_UP[self.judged.value_before or 0]
        if game.board.is_over:
            return f"Your move {move_name(self.judged.move)} gave up the {given_up}: v reviews the game"
        return f"That gives up the {given_up}: u takes it back"


class Coach:
    """The game screen's coach: judges your move before the next seat takes its turn. The
    screen makes it when it is first needed."""

    def __init__(self, screen: PlayScreen) -> None:
        self._screen = screen
        self._cancel = threading.Event()
        self._remark: Remark | None = None

    def after_your_move(self, before: GameState, move: Move) -> None:
        """``move``, played at this keyboard, led from ``before`` to the game shown: the next
        seat takes its turn, once the coach (when on, at a table that lets it speak) has
        judged the move."""
        screen = self._screen
        game = screen.game
        if not screen.settings.coach or not game.table.coaches or game.board.is_over:
            screen.take_turns()
            return
        self._cancel.set()
        cancel = self._cancel = threading.Event()
        screen.notice = CHECKING
        work = partial(self._judge, before, move, game, cancel)
        screen.run_worker(work, name="coach", group="coach", thread=True, exclusive=True)

    def _judge(self, before: GameState, move: Move, after: GameState, cancel: threading.Event) -> None:
        """Run in a worker thread: judge the move, then post the verdict."""
        screen = self._screen
        try:
            judged = screen.host.searcher.judge(before.board, move, COACH_SECONDS, cancel, verdict_only=True)
        except Exception as error:  # the game goes on: the status says the check failed
            screen.post_message(Coached(after, None, error))
            return
        screen.post_message(Coached(after, judged))

    def coached(self, message: Coached) -> None:
        """Say what the coach found, then let the next seat move (unless the game moved on:
        whoever changed it has let the seat to move take its turn)."""
        screen = self._screen
        if message.state is not screen.game:
            return
        judged = message.judged
        if judged is not None and judged.verdict in ("mistake", "blunder"):
            self._remark = Remark(message.state, judged)
        screen.notice = screen.news(screen.game)
        if message.error is not None:
            screen.notice = f"The coach's check failed: {message.error}"
        screen.take_turns()

    def remark(self, game: GameState) -> str:
        """The coach's remark on your last move while it stands as ``game`` shows it, else empty."""
        return self._remark.text(game) if self._remark is not None else ""

    def switched(self, on: bool) -> None:
        """The coach was turned on or off (at once): a game coached at any point counts apart."""
        screen = self._screen
        game = screen.game.with_coach(on)
        if game is not screen.game:  # marked coached: a search about the old state would be dropped
            screen.stop_turns()
            screen.game = game
            screen.take_turns()
        if not on:
            screen.notice = "Coach off (this game still counts as coached)" if game.coached else "Coach off"
        elif game.table.coaches:
            screen.notice = "Coach on: it says when your move gives up a win or a draw (coached games count apart)"
        else:
            screen.notice = "Coach on: it speaks in games against the computer"

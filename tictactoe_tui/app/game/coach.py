"""The coach on the game screen: at a table that lets a coach speak (you against the computer),
a move played at this keyboard that gives up a win or a draw is told before the other side
replies, and the reply waits: u takes the move back, another move key or Enter plays on
("That gives up the draw: X then wins with b2 and c3 · u takes it back, Enter plays on"); once
taken back, it names the better move ("Taken back: b3 holds the draw").

The coach is a gate the screen's turn loop asks (:meth:`Coach.holds`): while it judges your
move, and after a remark until you play on, the other side's reply waits. The move is judged by
the review's own check (:func:`tictactoe_tui.engine.review.judge_move`, exact or not at all) in
the search process, in a worker; where the solver does not finish in :data:`COACH_SECONDS`, the
coach says nothing rather than guess. It writes nothing on the screen: it tells the screen what
it decided, and the screen says it and runs the turns.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from textual.dom import DOMNode

from ...engine import Move
from ...game import GameState
from ...table import mover
from ..widgets.status import Cause, Notice
from .messages import Coached

if TYPE_CHECKING:  # the review's code and the job helper load with the first check, not at start
    from ...engine.reasons import Refutation
    from ...engine.review import MoveReview
    from ..work.ai import Searcher
    from ..work.jobs import Job

#: What a value given up is called.
GIVEN_UP = {1: "win", 0: "draw"}

#: Seconds the exact solver may take to judge your move before the computer replies (its own:
#: the time the check waits for the search process, busy or starting, does not count).
COACH_SECONDS = 0.5
#: What the status says while the coach judges (it shows only where that takes a while).
CHECKING = "The coach is checking your move…"


@dataclass(frozen=True)
class Remark:
    """What the coach said of the move that led to ``after``, and why (``refuted``: how the other
    side punishes it, from the solver's line, where one was found)."""

    after: GameState
    judged: MoveReview
    refuted: Refutation | None = None

    def text(self, game: GameState) -> str:
        """The remark as ``game`` shows it: while the move is on the board and you have not
        moved since (the computer's reply may follow it), else empty; once it is taken back, the
        move that was better."""
        after = self.after
        plies = after.ply
        if not plies - 1 <= game.ply <= plies + 1 or game.line[:plies] != after.line[:plies]:
            return ""
        given_up = GIVEN_UP[self.judged.value_before or 0]
        if game.ply == plies - 1:
            return f"Taken back: {better(self.judged, game.board.name)}"
        if game.board.is_over:
            return f"Your move {game.board.name(self.judged.move)} gave up the {given_up}: v reviews the game"
        why = self.why(game)
        if game.ply == plies:  # the reply waits
            return f"That gives up the {given_up}{why} · u takes it back, Enter plays on"
        return f"That gave up the {given_up}{why} · u takes it back"

    def why(self, game: GameState) -> str:
        """Why the move is bad, in words (": X then wins with b2 and c3"), or "" where the
        solver's line was not found in time."""
        refuted = self.refuted
        if refuted is None:
            return ""
        other = game.symbol(self.judged.by.other)
        name = game.board.name
        first = name(refuted.replies[0])
        if refuted.value_after == 0:
            return f": {other} then holds the draw with {first}"
        if refuted.forks:
            one, two = (name(threat) for threat in refuted.threats[:2])
            return f": {other} then plays {first}, threatening {one} and {two}, and both can't be stopped"
        return f": {other} then wins with {listed(refuted.replies, name)}"


def better(judged: MoveReview, name: Callable[[Move], str]) -> str:
    """The moves that kept what ``judged`` gave up, in words (squares as ``name`` calls them):
    ``b3 or c1 holds the draw``."""
    kept = "keeps the win" if judged.value_before == 1 else "holds the draw"
    return f"{listed(judged.best[:3], name, 'or')} {kept}"


def listed(moves: tuple[Move, ...], name: Callable[[Move], str], joint: str = "and") -> str:
    """``b2``, ``b2 and c3``, ``b2, c3 and a1`` (or ``or``), squares as ``name`` calls them."""
    names = [name(move) for move in moves]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {joint} {names[-1]}"


class Coach:
    """The game screen's coach (made when it is first needed): judges a move played at this
    keyboard and holds the reply to a move that gave something up until the player plays on."""

    def __init__(self, owner: DOMNode, searcher: Searcher, marked: Callable[[], None]) -> None:
        """``owner``: the screen its checks post their verdicts to; ``marked``: called when it
        has marked a move (:attr:`marks`)."""
        from ..work.jobs import Job

        self._searcher = searcher
        self._checks: Job[GameState] = Job(owner, "coach")
        self._remark: Remark | None = None
        self._held: GameState | None = None
        """The position whose reply waits for the player to play on."""
        self._marked = marked
        self.marks: dict[tuple[Move, ...], str] = {}
        """The mark of each move it judged (``??``, ``?``, ``?!``), by the line up to that move."""

    def check(self, before: GameState, move: Move, after: GameState) -> Notice | None:
        """``move``, played at this keyboard, led from ``before`` to ``after``: judge it where
        the table lets a coach speak and the game goes on (the reply waits for the verdict);
        what the status says meanwhile (None: nothing is judged)."""
        if not after.table.coaches or after.board.is_over:
            return None
        self._checks.start(after, partial(self._judge, before, move, after), partial(Coached, after, None))
        return Notice(CHECKING, Cause.COACH)

    def _judge(self, before: GameState, move: Move, after: GameState, cancel: threading.Event) -> Coached:
        """Run in a worker thread: judge the move."""
        return Coached(after, self._searcher.judge(before.board, move, COACH_SECONDS, cancel, verdict_only=True))

    def coached(self, message: Coached) -> str | None:
        """Take the verdict on the move that led to ``message.state``: what the status says of it
        (a remark, "" for none, why the check failed), or None for a verdict no longer wanted.
        After a remark, the reply waits until the player plays on."""
        if not self._checks.answers(message.state):
            return None
        if message.error is not None:
            return f"The coach's check failed: {message.error}"
        judged = message.judged
        if judged is not None and judged.annotation:
            self.marks[message.state.line[: message.state.ply]] = judged.annotation
            self._marked()
        if judged is None or judged.verdict not in ("mistake", "blunder"):
            return ""
        from ...engine.reasons import refutation

        state = message.state
        self._remark = Remark(state, judged, refutation(state.at_ply(state.ply - 1).board, judged))
        self._held = message.state
        return self._remark.text(message.state)

    def holds(self, game: GameState) -> bool:
        """Whether the other side's reply in ``game`` waits: while the coach judges the move that
        led to it, and after a remark until the player plays on."""
        return game is self._checks.asked or game is self._held

    def judging(self, game: GameState) -> bool:
        """Whether the coach is still judging the move that led to ``game`` (no remark yet)."""
        return game is self._checks.asked

    def play_on(self, game: GameState) -> bool:
        """Let the reply the coach holds in ``game`` go on (whether it held one): after a remark,
        or while it still judges the move (the verdict is no longer wanted)."""
        if game is self._checks.asked:
            self._checks.cancel()
            return True
        if game is not self._held:
            return False
        self._held = None
        return True

    def game_changed(self, game: GameState) -> None:
        """The screen shows ``game`` now (a move taken back, another game): a check of a position
        no longer shown is dropped, and a reply held there is no longer held."""
        if self._checks.asked is not None and self._checks.asked is not game:
            self._checks.cancel()
        if self._held is not game:
            self._held = None

    def brought_back(self, game: GameState) -> Notice | None:
        """``game`` was brought back (resumed after the app stopped, loaded, played on): if your
        move was its last, it is judged before the reply, as it was when you played it (a reply
        held when the app was killed is held again); what the status says meanwhile."""
        if not game.ply or not game.seating.of(mover(game.ply - 1)).at_keyboard:
            return None
        return self.check(game.at_ply(game.ply - 1), game.line[game.ply - 1], game)

    def remark(self, game: GameState) -> str:
        """The coach's remark on your last move while it stands as ``game`` shows it, else empty."""
        return self._remark.text(game) if self._remark is not None else ""

    def switched(self, on: bool, game: GameState) -> str:
        """The coach was turned on or off (at once) in ``game``: what the status says. Turned
        off, it judges and holds nothing more."""
        if not on:
            self._checks.cancel()
            self._held = None
            return "Coach off (this game still counts as coached)" if game.coached else "Coach off"
        if game.table.coaches:
            return "Coach on: it says when your move gives up a win or a draw (coached games stay out of the scores)"
        return "Coach on: it speaks in games against the computer"

"""The computer: its moves come from a search in a worker, posted back as messages."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ...engine.board import Board, Geometry
from ...game import GameState
from ..game.messages import AiFailed
from .base import Seat, SeatMoved, SeatPorts

if TYPE_CHECKING:  # loaded with the first job
    from ..work.jobs import AiJob, AiResult, Job


class ComputerSeat(Seat):
    """Searches in a thread worker of ``owner`` (the search itself runs in a child process);
        the worker touches no widget: it posts :class:`SeatMoved` (as every seat that answers later
    does, tagged with its job) or :class:`AiFailed` to ``owner``.
        A job is tagged with the exact state it was asked about; the level and think time are read
        when the turn starts, so a level changed mid-game applies to the very next move."""

    def __init__(self, ports: SeatPorts) -> None:
        self.owner, self.searcher = ports.owner, ports.searcher
        self.level, self.seconds, self.rng = ports.level, ports.seconds, ports.rng
        self._searches: Job[AiJob] | None = None
        """The search for the move (made with the first one: the first frame needs none)."""
        self._ready_for: set[Geometry] = set()
        """The boards (each a shape in a game) the search was made ready for."""
        self._readying: Job[Board] | None = None
        """The search process getting ready for a board (made with the first)."""

    @property
    def job(self) -> AiJob | None:
        """The search this seat waits for (None: none)."""
        return None if self._searches is None else self._searches.asked

    def take_turn(self, state: GameState) -> None:
        job = self.job
        if job is not None and job.state is state and job.level == self.level():
            return  # already thinking about exactly this
        from ..work.jobs import AiJob, Job

        if self._searches is None:
            self._searches = Job(self.owner, "ai")
        job = AiJob(state, self.level(), self.rng.getrandbits(64), self.seconds())
        self._searches.start(job, lambda cancel: self.moved(self.searcher(job, cancel)), partial(AiFailed, job))

    def moved(self, result: AiResult) -> SeatMoved:
        """The message that plays the search's move (made in the worker)."""
        from ...game import AiMove

        job, decision = result.job, result.decision
        mark = job.state.symbol(job.state.board.to_move)
        ai = AiMove(mark, decision.move, result.seconds, decision, job.level)
        return SeatMoved(self, job.state, decision.move, token=job, ai=ai)

    def wait_turn(self, state: GameState) -> None:
        """While the person moves, have the search load what a game of this kind and shape
        needs (once each), so the computer's first move is not the one that pays for it."""
        board = state.board
        if board.geometry in self._ready_for:
            return
        self._ready_for.add(board.geometry)

        def get_ready() -> None:
            from ..work.jobs import Job

            if self._readying is None:
                self._readying = Job(self.owner, "get-ready")
            self._readying.start(board, lambda cancel: self.searcher.get_ready(board), lambda error: None)

        # after the screen's next frame: at the start, the search process then starts after the
        # first frame, as the app starts it, not in a thread that competes with drawing it
        self.owner.call_after_refresh(get_ready)

    def takes(self, token: object) -> bool:
        """Whether ``token`` is the search this seat still waits for (then it waits no more)."""
        return self._searches is not None and self._searches.answers(token)

    def stop(self) -> None:
        if self._searches is not None:
            self._searches.cancel()

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def refusal(self, state: GameState) -> str | None:
        return "Not played: that key came during the computer's turn"

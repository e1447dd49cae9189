"""The computer's jobs and their answers, and the one helper that runs work of that kind: what
a search is asked, about which state, and what it returns. Loaded with the first search or
analysis (the first frame needs none)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from ...game import GameState

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.message import Message

    from ...engine import Analysis, Decision
    from ...engine.evaluation import Evaluation

About = TypeVar("About")


class Job(Generic[About]):
    """One kind of work a node runs in a worker thread, one at a time: :meth:`start` cancels
    the work in force and runs the new one, whose answer (a message) is posted to the node;
    the node asks :meth:`answers` of each answer it gets and drops the late ones. Work that
    says how far it has got posts through :meth:`report`, and the node asks :meth:`in_force` of
    each report. The work is handed its cancel event, which the search it runs watches. The
    worker touches no widget."""

    def __init__(self, owner: DOMNode, name: str) -> None:
        self._owner, self._name = owner, name
        self._cancel: threading.Event | None = None
        """The work in force's cancel event (None before the first)."""
        self._about: About | None = None

    def start(
        self,
        about: About,
        work: Callable[[threading.Event], Message | None],
        failed: Callable[[Exception], Message | None],
    ) -> threading.Event:
        """Cancel the work in force and run ``work`` (asked about ``about``) in a thread: the
        message it returns, or ``failed``'s for what it raised, is posted to the owner unless the
        work was cancelled meanwhile (work that answers nothing returns None). Returns the work's
        cancel event."""
        self.cancel()
        cancel = self._cancel = threading.Event()
        self._about = about

        def run() -> None:
            try:
                message = work(cancel)
            except Exception as error:  # the owner says so and goes on
                message = failed(error)
            if message is not None and not cancel.is_set():
                self._owner.post_message(message)

        self._owner.run_worker(run, name=self._name, group=self._name, thread=True, exit_on_error=False)
        return cancel

    def report(self, cancel: threading.Event, message: Message) -> None:
        """Post ``message``, news of the work whose cancel event is ``cancel`` (how far it has
        got), unless that work was cancelled (one posted just before still arrives: the owner
        asks :meth:`in_force`)."""
        if not cancel.is_set():
            self._owner.post_message(message)

    def in_force(self, about: object) -> bool:
        """Whether news about ``about`` is of the work in force (which goes on)."""
        return self._about is not None and about is self._about

    @property
    def running(self) -> bool:
        """Whether work is in force: started, and neither answered nor cancelled."""
        return self._about is not None

    @property
    def asked(self) -> About | None:
        """What the work in force is about (None: none is)."""
        return self._about

    def answers(self, about: object) -> bool:
        """Whether an answer about ``about`` answers the work in force (which is then done)."""
        if self._about is None or about is not self._about:
            return False
        self._about = None
        return True

    def cancel(self) -> None:
        """Stop the work in force; an answer that still comes is dropped."""
        if self._cancel is not None:
            self._cancel.set()
        self._about = None


@dataclass(frozen=True, eq=False)
class AiJob:
    """A request for a move: the exact state it was asked about and the level in force.

    Jobs compare by identity, so a result is applied only to the job the app still waits for.
    """

    state: GameState
    level: str
    seed: int
    seconds: float


@dataclass(frozen=True)
class AiResult:
    """A finished job: the decision and how long it took."""

    job: AiJob
    decision: Decision
    seconds: float


@dataclass(frozen=True)
class AnalysisResult:
    """The evaluation of the position of ``state``: every move's exact value (incomplete when
    too big to solve), else the search's estimates."""

    state: GameState
    evaluation: Evaluation

    @property
    def analysis(self) -> Analysis:
        """The solver's values (complete when exact)."""
        return self.evaluation.analysis

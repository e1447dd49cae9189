"""Searches in a separate process, so a long search never competes with the UI for the GIL.

A :class:`SearchProcess` keeps one child process (started with ``spawn``: the app's terminal
driver runs threads, which ``fork`` would copy in a broken state) and runs one strategy
search at a time in it. Cancelling sets a ``multiprocessing.Event`` the child's search checks,
so the search really stops. Pure Python, no Textual: the child imports only the engine.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.synchronize import Event as ProcessEvent

from .engine import Board, Budget, Decision, Move, Strategy, get_strategy
from .engine.blended import BlendedLevel
from .engine.evaluation import Evaluation, evaluate, exact_outlook
from .engine.games import Game, game_of, plug_ins
from .engine.puzzles import Puzzle, solver_puzzles
from .engine.review import MoveReview, judge_move
from .engine.search.budget import CancelFlag
from .engine.search.solver import LoadsAhead
from .engine.strength import Blend
from .plugins import adopt

#: How often (seconds) the waiting side looks at the cancel flag and the child's health.
POLL_SECONDS = 0.02
#: The least share of its time a request searches for, however long it waited to start.
LEAST_SHARE = 0.1


def seconds_left(seconds: float | None, asked_at: float) -> float | None:
    """What is left of ``seconds`` asked for at ``asked_at`` (``time.time()``: the clock two
    processes share): the time spent before the request runs (the child starting, a solver
    loading, an earlier request finishing) counts, so the answer comes when it was asked for. At
    least :data:`LEAST_SHARE` of it, so a request that waited still searches."""
    if seconds is None:
        return None
    waited = max(time.time() - asked_at, 0.0)
    return max(seconds - waited, seconds * LEAST_SHARE)


class SearchProcessError(RuntimeError):
    """The child process died or could not run the search."""


def named_strategy(name: str) -> Strategy:
    """The strategy ``name`` names: a blend of levels (``hard+impossible@0.35``: what "match me"
    asks the search to play), else a level or strategy."""
    blend = Blend.parse(name)
    return get_strategy(name) if blend is None else BlendedLevel(blend, get_strategy)


@dataclass(frozen=True)
class SearchRequest:
    """Choose a move with a strategy."""

    board: Board
    """The position (a board pickles as its marks, its moves when known, and its shape, which
    the child finds again as its own one geometry of that shape)."""
    strategy: str | Strategy
    """A level or strategy name, or a strategy object that pickles."""
    seed: int
    seconds: float | None
    asked_at: float = field(default_factory=time.time)

    @classmethod
    def of(cls, board: Board, strategy: str | Strategy, seed: int, seconds: float | None) -> SearchRequest:
        """The request for searching ``board`` with a strategy."""
        return cls(board, strategy, seed, seconds)

    def run(self, cancel: CancelFlag) -> Decision:
        """Search (in the child, or in-process) for what is left of the seconds asked for; a
        move chosen by its chances gets the exact outcome where the solver finds it at once."""
        budget = Budget.seconds(seconds_left(self.seconds, self.asked_at), cancel)
        strategy = named_strategy(self.strategy) if isinstance(self.strategy, str) else self.strategy
        board = self.board
        if not strategy.supports(board):
            raise ValueError(f"{strategy.name} does not play {board.rules.title} on this board: choose another level")
        return exact_outlook(board, strategy.decide(board, random.Random(self.seed), budget), cancel)


@dataclass(frozen=True)
class AnalysisRequest:
    """Evaluate a position (every move exact where the solver finishes, else estimated), within
    a time budget."""

    board: Board
    seconds: float | None
    asked_at: float = field(default_factory=time.time)

    @classmethod
    def of(cls, board: Board, seconds: float | None) -> AnalysisRequest:
        return cls(board, seconds)

    def run(self, cancel: CancelFlag) -> Evaluation:
        """Evaluate (in the child, or in-process) for what is left of the seconds asked for."""
        return evaluate(self.board, Budget.seconds(seconds_left(self.seconds, self.asked_at), cancel))


@dataclass(frozen=True)
class ReviewRequest:
    """Judge one move of a game for its review, the solver and the estimates given ``seconds``
    (``verdict_only``: the exact verdict or none, as the coach asks)."""

    board: Board
    """The position before the move."""
    move: Move
    seconds: float
    verdict_only: bool = False
    asked_at: float = field(default_factory=time.time)

    @classmethod
    def of(cls, board: Board, move: Move, seconds: float, verdict_only: bool = False) -> ReviewRequest:
        return cls(board, move, seconds, verdict_only)

    def run(self, cancel: CancelFlag) -> MoveReview:
        """Judge (in the child, or in-process) in what is left of the seconds asked for; the
        coach's check (``verdict_only``) in all of them from when it runs: the reply waits for
        its verdict, so the time it waited (the child starting, the overlay's analysis ahead of
        it, the solver loading) must not cost it the verdict it would have given at once (it
        said nothing, and the computer replied past a blunder)."""
        if self.verdict_only:  # its game's solver loads first (Connect Four's kernel: seconds), outside them
            ReadyRequest.of(self.board, wait=True).run(cancel)
        seconds = self.seconds if self.verdict_only else seconds_left(self.seconds, self.asked_at)
        assert seconds is not None
        return judge_move(self.board, self.move, seconds, cancel=cancel, verdict_only=self.verdict_only)


@dataclass(frozen=True)
class ReadyRequest:
    """Get ready to search a game of this board's shape: make its game's exact solver, which
    loads its books, and have it load what its searches need on a thread of its own (Connect
    Four's compiled kernel: 3–10 s in a fresh search process on a busy machine), so a search
    asked for meanwhile runs at once, answered from the books or searched in the interpreter
    until the kernel is in. ``wait``: load that too before answering."""

    board: Board
    wait: bool = False

    @classmethod
    def of(cls, board: Board, wait: bool = False) -> ReadyRequest:
        return cls(board, wait)

    def run(self, cancel: CancelFlag) -> None:
        """Make the solver and start its loading (in the child, or in-process)."""
        board = self.board
        solver = game_of(board).searches.solver(board.geometry)
        if isinstance(solver, LoadsAhead):
            solver.get_ready(self.wait)


@dataclass(frozen=True)
class PuzzlesRequest:
    """Make up to ``count`` puzzles on small boards, the solver picking the positions, the
    n-th from ``seed + n`` (what the puzzles screen asks for when few are left unsolved)."""

    seed: int
    count: int

    def run(self, cancel: CancelFlag) -> list[Puzzle] | None:
        """Make them (in the child, or in-process); None when ``cancel`` was set."""
        return solver_puzzles(self.seed, self.count, cancel)


Request = SearchRequest | AnalysisRequest | ReviewRequest | ReadyRequest | PuzzlesRequest


def _serve(conn: Connection, cancel: ProcessEvent, plugged_in: tuple[Game, ...]) -> None:
    """The child's loop: answer requests until the pipe closes. It loads the plug-ins, as every
    process does, and registers ``plugged_in``: the games the app's process registered from
    outside the package (this process imported it afresh).

    Ctrl+C is ignored here: a terminal sends it to every process of its foreground group, and
    this one is told to stop by its parent (the pipe closing, the cancel event), so it never
    prints a ``KeyboardInterrupt`` of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    adopt(plugged_in)
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        try:
            conn.send(("ok", request.run(cancel)))
        except Exception as error:  # reported to the app, which shows it and goes on
            conn.send(("error", str(error) or "an unexpected error in the search"))


def _real_stderr() -> contextlib.AbstractContextManager[object]:
    """Lend the process's real standard error while multiprocessing sets up shared state: its
    resource tracker is handed ``sys.stderr`` by file descriptor, and a program that captures
    output (Textual does) has put an object without one there."""
    real = sys.__stderr__
    return contextlib.redirect_stderr(real) if real is not None else contextlib.nullcontext()


class SearchProcess:
    """One child process that runs searches on request; safe to call from worker threads."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None
        with _real_stderr():
            self._cancel: ProcessEvent = self._context.Event()

    def start(self) -> None:
        """Start the child now (otherwise the first search starts it)."""
        with self._lock:
            self._ensure_started()

    def _ensure_started(self) -> Connection:
        if self._process is None or not self._process.is_alive() or self._conn is None:
            parent, child = self._context.Pipe()
            with _real_stderr():
                cancel = self._context.Event()
                process = self._context.Process(
                    target=_serve, args=(child, cancel, plug_ins()), name="tictactoe-search", daemon=True
                )
                process.start()
            child.close()
            self._process, self._conn, self._cancel = process, parent, cancel
        return self._conn

    def decide(self, request: SearchRequest, cancel: threading.Event) -> Decision:
        """Search in the child; setting ``cancel`` stops the search there."""
        decision = self._run(request, cancel)
        assert isinstance(decision, Decision)
        return decision

    def analyze(self, request: AnalysisRequest, cancel: threading.Event) -> Evaluation:
        """Evaluate in the child; setting ``cancel`` stops it there."""
        evaluation = self._run(request, cancel)
        assert isinstance(evaluation, Evaluation)
        return evaluation

    def judge(self, request: ReviewRequest, cancel: threading.Event) -> MoveReview:
        """Judge a move in the child; setting ``cancel`` stops it there."""
        judged = self._run(request, cancel)
        assert isinstance(judged, MoveReview)
        return judged

    def make_puzzles(self, request: PuzzlesRequest, cancel: threading.Event) -> list[Puzzle] | None:
        """Make puzzles in the child; setting ``cancel`` stops it there (None)."""
        made = self._run(request, cancel)
        assert made is None or isinstance(made, list)
        return made

    def get_ready(self, request: ReadyRequest) -> None:
        """Get the child ready for a game's shape; a search asked for meanwhile waits for it."""
        self._run(request, threading.Event())

    def _run(self, request: Request, cancel: threading.Event) -> object:
        with self._lock:
            conn = self._ensure_started()
            self._cancel.clear()
            conn.send(request)
            while not wait([conn], POLL_SECONDS):
                if cancel.is_set():
                    self._cancel.set()
                if self._process is None or not self._process.is_alive():
                    self._conn = None
                    raise SearchProcessError("the search process stopped unexpectedly")
            try:
                status, payload = conn.recv()
            except EOFError:
                self._conn = None
                raise SearchProcessError("the search process stopped unexpectedly") from None
        if status == "error":
            raise SearchProcessError(payload)
        return payload

    def close(self) -> None:
        """Stop the child."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            if self._process is not None:
                self._process.join(timeout=1)
                if self._process.is_alive():
                    self._process.kill()
                self._process = None

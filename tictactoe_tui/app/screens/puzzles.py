"""The Puzzles screen: find a move that keeps the win or holds the draw.

Puzzles come from the mistakes reviews found in your games (yours first) and, when fewer than
a few are left unsolved, from positions the solver picks on small boards. Any move that keeps
the position's exact value solves one; each attempt is kept in the archive.
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ...engine import Board, Move
from ...engine.puzzles import SOLVER, Puzzle, solver_puzzle
from ...game import GameState
from ...store.archive import Archive, ArchiveError
from ...store.puzzles import PuzzleEntry
from ...table import TWO_PLAYERS, Seating
from ..game.aiming import DIGIT_BINDINGS, Aiming, centre, rules_refusal
from ..themes import PANELS_CSS
from ..widgets.board_view import BoardView
from ..widgets.footer import KeysFooter
from ..widgets.notices import tell_archive_news
from ..work.jobs import Job

#: Unsolved puzzles below which the solver makes more.
KEEP_UNSOLVED = 5


#: Tries a puzzle gets before its answer is shown.
TRIES = 2


class PuzzleScreen(Aiming, Screen[None]):
    """One puzzle at a time: click a square, press its number key, or move the cursor and press
    Enter (each aimed as on the game screen); ``n`` for the next, through every puzzle in turn
    (unsolved first, yours first among them)."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back"),
        Binding("n", "next", "Next puzzle"),
        *DIGIT_BINDINGS,
    ]

    class Made(Message):
        """The solver's new puzzles, asked for with ``seed`` (the puzzle job's answer); None
        with ``error`` when making them failed."""

        def __init__(self, seed: int, puzzles: list[Puzzle] | None, error: Exception | None = None) -> None:
            super().__init__()
            self.seed, self.puzzles, self.error = seed, puzzles, error

    def __init__(self, archive: Archive, keypad: Callable[[int], Move], seed: int | None = None) -> None:
        """``keypad``: the square each number key names on 3×3 (the player's key layout)."""
        super().__init__()
        self.archive = archive
        self._keypad = keypad
        self.rng = random.Random(seed)
        self.entries: list[PuzzleEntry] = []
        """Every puzzle, in the order ``n`` goes through them (new ones join at the end)."""
        self.current: PuzzleEntry | None = None
        self.answered = False
        self.misses = 0
        """Wrong tries at the puzzle shown."""
        self._making: Job[int] = Job(self, "puzzle-solver")
        """The solver making more puzzles, asked with a seed."""

    def compose(self) -> ComposeResult:
        with Vertical(id="puzzle"):
            yield Static("Looking for puzzles…", id="puzzle-title")
            yield Static("", id="puzzle-answer")
        yield KeysFooter()

    async def on_mount(self) -> None:
        await self.load()

    async def load(self) -> None:
        """Read the puzzles; ask the solver for more when few are left unsolved."""
        try:
            self.entries = self.archive.puzzles()
        except ArchiveError as error:
            self.query_one("#puzzle-title", Static).update(f"The archive cannot be read: {error}")
            return
        tell_archive_news(self, self.archive)
        unsolved = [entry for entry in self.entries if not entry.solved]
        if len(unsolved) < KEEP_UNSOLVED:
            seed = self.rng.getrandbits(32)

            def make(cancel: threading.Event) -> PuzzleScreen.Made | None:
                found = []
                for n in range(KEEP_UNSOLVED):
                    if cancel.is_set():  # the screen closed: no more
                        return None
                    puzzle = solver_puzzle(random.Random(seed + n))
                    found += [] if puzzle is None else [puzzle]
                return self.Made(seed, found)

            self._making.start(seed, make, lambda error: self.Made(seed, None, error))
        if unsolved:
            await self.show(unsolved[0])

    @on(Made)
    async def made(self, event: Made) -> None:
        """The solver's new puzzles: keep them, and show one if none is shown."""
        event.stop()
        if not self._making.answers(event.seed):
            return
        if event.puzzles is None:
            self.query_one("#puzzle-answer", Static).update(f"New puzzles could not be made: {event.error}")
            return
        found = event.puzzles
        try:
            self.archive.add_puzzles(found)
            self._join(self.archive.puzzles())
        except ArchiveError as error:
            self.query_one("#puzzle-answer", Static).update(f"New puzzles could not be kept: {error}")
            return
        finally:
            tell_archive_news(self, self.archive)
        if self.current is None:
            await self.action_next()
        else:
            self._say_title()

    def _join(self, entries: list[PuzzleEntry]) -> None:
        """Take in a fresh read of the puzzles: those known keep their place (their results
        updated), new ones join at the end."""
        fresh = {entry.id: entry for entry in entries}
        known = [fresh[entry.id] for entry in self.entries if entry.id in fresh]
        ids = {entry.id for entry in known}
        self.entries = known + [entry for entry in entries if entry.id not in ids]

    async def show(self, entry: PuzzleEntry) -> None:
        """Set up ``entry``'s position for the player to solve (a board of its shape)."""
        self.current, self.answered, self.misses = entry, False, 0
        puzzle = entry.puzzle
        board = puzzle.board
        shape = (board.rows, board.cols, board.rules.block_size)
        shown = self.query(BoardView)
        if shown and shown.first().shape == shape:
            view = shown.first()
        else:
            await shown.remove()
            view = BoardView(shape)
            await self.query_one("#puzzle").mount(view, after="#puzzle-title")
        view.game = GameState(board, Seating(TWO_PLAYERS.name, TWO_PLAYERS.players, puzzle.symbols.value))
        view.cursor = centre(board)
        view.focus()
        self._say_title()
        self.query_one("#puzzle-answer", Static).update(
            f"Click a square, or move the cursor and press Enter · {TRIES} tries"
        )

    def _say_title(self) -> None:
        """``Puzzle 3 of 12: X to play and win now``, its game and where it comes from."""
        entry = self.current
        if entry is None:
            return
        puzzle = entry.puzzle
        record = f" · solved {entry.solved}, missed {entry.failed}" if entry.solved or entry.failed else ""
        if all(known.puzzle.source == SOLVER for known in self.entries):  # yours come first, when there are any
            record += " · none from your games yet: a game's review (v) keeps its mistakes here"
        place = next((n for n, known in enumerate(self.entries, start=1) if known.id == entry.id), 0)
        self.query_one("#puzzle-title", Static).update(
            f"[b]Puzzle {place} of {len(self.entries)}[/b]: {puzzle.task}\n"
            f"{puzzle.game_text}\n[dim]{puzzle.origin}{record}[/dim]"
        )

    @property
    def cursor(self) -> Move:
        return self.query_one(BoardView).cursor

    @cursor.setter
    def cursor(self, move: Move) -> None:
        self.query_one(BoardView).cursor = move

    def aimed_board(self) -> Board | None:
        return None if self.current is None else self.current.puzzle.board

    def keypad(self) -> Callable[[int], Move]:
        return self._keypad

    def place(self, move: Move) -> None:
        self.answer(move)

    def say(self, text: str) -> None:
        self.query_one("#puzzle-answer", Static).update(text)

    def answer(self, move: Move) -> None:
        """Judge ``move`` (once per showing) and keep the result."""
        entry = self.current
        if entry is None or self.answered:
            return
        board = entry.puzzle.board
        refusal = rules_refusal(board, move)
        if refusal:
            self.say(refusal)
            return
        solved = entry.puzzle.solves(move)
        if not solved and self.misses + 1 < TRIES:
            self.misses += 1
            self.query_one("#puzzle-answer", Static).update(entry.puzzle.answer_text(move, last_try=False))
            return
        self.answered = True
        view = self.query_one(BoardView)
        if view.game is not None:  # the answer stays on the board, the last move played
            view.game = view.game.play(move)
        text = entry.puzzle.answer_text(move)
        try:
            self.archive.puzzle_result(entry.id, solved)
        except ArchiveError as error:
            text += f" (not kept: {error})"
        tell_archive_news(self, self.archive)
        self.query_one("#puzzle-answer", Static).update(f"{text}\n[dim]n: next puzzle · esc: back[/dim]")

    async def action_next(self) -> None:
        """The next puzzle in turn, round to the first after the last."""
        with contextlib.suppress(ArchiveError):  # the list read last is still there
            self._join(self.archive.puzzles())
        if not self.entries:
            self.query_one("#puzzle-title", Static).update("No puzzles yet: the solver is making some…")
            return
        ids = [entry.id for entry in self.entries]
        place = ids.index(self.current.id) + 1 if self.current is not None and self.current.id in ids else 0
        await self.show(self.entries[place % len(self.entries)])

    def action_close(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        self._making.cancel()

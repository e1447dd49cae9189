"""The Puzzles screen: find a move that keeps the win or holds the draw.

Puzzles come from your own finished games first (:mod:`.own_games` judges those not mined yet
as the screen opens), from the mistakes reviews found and, when fewer than a few are left
unsolved, from positions the solver picks on small boards. Any move that keeps
the position's exact value is right; the computer answers it with its best defence and the
puzzle goes on to its end ("win in 2" is two of your moves: after the first, the fastest wins
only). A wrong try shows on the board why: the other side's best answer to it, drawn; ``u``
takes both back to try again. Each puzzle's result is kept in the archive.
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
from ...engine.puzzles import SOLVER, Puzzle, best_reply, keeping_now, refutation_text
from ...game import GameState
from ...store.archive import Archive, ArchiveError
from ...store.puzzles import PuzzleEntry
from ...table import TWO_PLAYERS, Seating
from ..game.aiming import DIGIT_BINDINGS, Aiming, centre, rules_refusal
from ..themes import PANELS_CSS
from ..widgets.board.view import BoardView
from ..widgets.footer import KeysFooter
from ..widgets.notices import tell_archive_news
from ..work.ai import Searcher
from ..work.jobs import AnalysisResult, Job
from .own_games import Mined, none_of_yours, start_mining

#: Seconds the computer has to answer a move of a puzzle's line (its positions solve at once).
REPLY_SECONDS = 2.0

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
        Binding("u", "retry", "Try again"),
        *DIGIT_BINDINGS,
    ]

    class Made(Message):
        """The solver's new puzzles, asked for with ``seed`` (the puzzle job's answer); None
        with ``error`` when making them failed."""

        def __init__(self, seed: int, puzzles: list[Puzzle] | None, error: Exception | None = None) -> None:
            super().__init__()
            self.seed, self.puzzles, self.error = seed, puzzles, error

    class Answered(Message):
        """The computer's analysis of ``board``, a position of the puzzle's line (the answer
        job's answer); None with ``error`` when it failed."""

        def __init__(self, board: Board, result: AnalysisResult | None, error: Exception | None = None) -> None:
            super().__init__()
            self.board, self.result, self.error = board, result, error

    def __init__(
        self, archive: Archive, keypad: Callable[[int], Move], searcher: Searcher, seed: int | None = None
    ) -> None:
        """``keypad``: the square each number key names on 3×3 (the player's key layout);
        ``searcher``: where the computer's answers are worked out."""
        super().__init__()
        self.archive = archive
        self.searcher = searcher
        self.line: tuple[Move, ...] = ()
        """The moves played in the puzzle so far, yours and the answers (or a wrong try and its refutation)."""
        self.keeping: tuple[Move, ...] = ()
        """The moves that are right in the position now."""
        self.refuted = False
        """The board shows a wrong try and its refutation: u tries again."""
        self._keypad = keypad
        self.rng = random.Random(seed)
        self.entries: list[PuzzleEntry] = []
        """Every puzzle, in the order ``n`` goes through them (new ones join at the end)."""
        self.current: PuzzleEntry | None = None
        self.answered = False
        self.misses = 0
        """Wrong tries at the puzzle shown."""
        self._making: Job[int] = Job(self, "puzzle-solver")
        """The solver making more puzzles in the searcher (the search process), asked with a seed."""
        self._answering: Job[Board] = Job(self, "puzzle-line")
        """The computer working out the other side's answer in a position of the puzzle's line."""
        self._mining: Job[tuple[int, ...]] = Job(self, "puzzle-mining")
        """Your games not mined yet, judged for your mistakes (asked with their numbers)."""
        self.played = False  # whether the archive holds a finished game

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
            self.played = self.archive.count() > 0
            if start_mining(self._mining, self.archive, self.searcher):  # shown first once judged
                self.query_one("#puzzle-title", Static).update("Looking for puzzles in your finished games…")
        except ArchiveError as error:
            self.query_one("#puzzle-title", Static).update(f"The archive cannot be read: {error}")
            return
        tell_archive_news(self, self.archive)
        unsolved = [entry for entry in self.entries if not entry.solved]
        if len(unsolved) < KEEP_UNSOLVED:
            seed = self.rng.getrandbits(32)

            def make(cancel: threading.Event) -> PuzzleScreen.Made | None:
                found = self.searcher.make_puzzles(seed, KEEP_UNSOLVED, cancel)
                return None if found is None else self.Made(seed, found)

            self._making.start(seed, make, lambda error: self.Made(seed, None, error))
        if unsolved and not self._mining.running:
            await self.show(unsolved[0])

    @on(Mined)
    async def mined(self, event: Mined) -> None:
        """The puzzles from your games: kept (the games marked mined), and shown first if none is shown yet."""
        event.stop()
        if not self._mining.answers(event.games):
            return
        problem = event.error
        try:
            if event.puzzles is not None:  # else judged again on the next visit
                self.archive.keep_mined(event.games, event.puzzles)
            self._join(self.archive.puzzles(), fresh_order=self.current is None)  # unsolved first, yours first
        except ArchiveError as error:
            problem = problem or error
        tell_archive_news(self, self.archive)
        if self.current is None:
            await self.action_next()
        if problem is not None:
            self.say(f"No puzzles could be found in your games: {problem}")

    @on(Answered)
    def line_answered(self, event: Answered) -> None:
        """The computer's answer in the puzzle's line (:meth:`answered_by`), if still asked for."""
        event.stop()
        if not self._answering.answers(event.board):
            return
        if event.result is None:
            self.say(f"The computer could not answer: {event.error}")
            return
        self.answered_by(event.result)

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
        if self.current is None and not self._mining.running:
            await self.action_next()
        elif self.current is not None:
            self._say_title()

    def _join(self, entries: list[PuzzleEntry], fresh_order: bool = False) -> None:
        """Take in a fresh read of the puzzles: those known keep their place (their results
        updated), new ones join at the end (``fresh_order``: all in the read's order)."""
        if fresh_order:
            self.entries = entries
        fresh = {entry.id: entry for entry in entries}
        known = [fresh[entry.id] for entry in self.entries if entry.id in fresh]
        ids = {entry.id for entry in known}
        self.entries = known + [entry for entry in entries if entry.id not in ids]

    async def show(self, entry: PuzzleEntry) -> None:
        """Set up ``entry``'s position for the player to solve (a board of its shape)."""
        self.current, self.answered, self.misses = entry, False, 0
        self._answering.cancel()
        self.line, self.keeping, self.refuted = (), entry.puzzle.keeping, False
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
            record += f" · {none_of_yours(self.played)}"
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

    def position(self) -> Board:
        """The puzzle's position with the moves of its line played."""
        assert self.current is not None
        return self.current.puzzle.board.play_all(self.line)

    def answer(self, move: Move) -> None:
        """Judge ``move`` in the position now: a right one is played and answered, a wrong one
        refuted on the board (after the last try, the puzzle ends and its result is kept)."""
        entry = self.current
        if entry is None or self.answered:
            return
        if self._answering.running:
            self.say("The computer is answering…")
            return
        if self.refuted:
            self.say("u takes the try and its answer back: then try again")
            return
        board = self.position()
        refusal = rules_refusal(board, move)
        if refusal:
            self.say(refusal)
            return
        right, after = move in self.keeping, board.play(move)
        self.misses += not right
        self._play(move)
        if right and after.is_over:
            self._finish(entry.puzzle.answer_text(move) if not self.line[:-1] else "Solved: the line is played out")
        elif after.is_over:  # a wrong try that ends the game: the board shows how
            self.refuted = self.misses < TRIES
            ends = f"Not {board.name(move)}: the game ends {'drawn' if after.winner is None else 'lost'}"
            if self.refuted:
                self.say(f"{ends}. u: try again")
            else:
                self._finish(entry.puzzle.answer_text(move))
        else:
            self._ask(after)

    def _play(self, move: Move) -> None:
        """Play ``move`` on the board shown (the last move marked)."""
        self.line = (*self.line, move)
        view = self.query_one(BoardView)
        if view.game is not None:
            view.game = view.game.play(move)

    @property
    def answering(self) -> bool:
        """Whether the computer is working out an answer in the puzzle's line."""
        return self._answering.running

    def _ask(self, board: Board) -> None:
        """Have the computer work out the other side's answer in ``board``."""
        view = self.query_one(BoardView)
        assert view.game is not None
        state = view.game

        def answer(cancel: threading.Event) -> PuzzleScreen.Answered:
            return self.Answered(board, self.searcher.analyze(state, REPLY_SECONDS, cancel))

        self._answering.start(board, answer, lambda error: self.Answered(board, None, error))
        if not self.refuted:
            self.say("The computer is answering…")

    def answered_by(self, result: AnalysisResult) -> None:
        """The computer's analysis of the position it was asked about: after a right move its
        best defence is played and your next move awaited (or the puzzle ends); after a wrong
        one, its best answer is drawn as the refutation."""
        entry = self.current
        if entry is None:
            return
        puzzle, board = entry.puzzle, result.state.board
        reply = best_reply(result.analysis)
        if board.to_move is puzzle.mover:  # after the answer: what is right now
            self.keeping = keeping_now(result.analysis, puzzle.kind)
            own = (reply.plies + 1) // 2 if reply and puzzle.kind == "win" else 0
            left = "" if not own else " now" if own == 1 else f" in {own} of your moves"
            self.say(f"Right: your move again, {puzzle.mover_symbol} to play and {puzzle.kind_words}{left}")
            return
        if reply is None:
            self.say("The computer found no answer in time")
            return
        wrong = self.line[-1] not in self.keeping
        before = self.position()
        self._play(reply.move)
        if wrong:
            self.refuted = True
            text = refutation_text(puzzle, self.line[-2], reply, before)
            if self.misses < TRIES:
                self.say(f"{text} (on the board). u: try again")
            else:
                self._finish(f"{text}. {puzzle.answer_text(self.line[-2])}" if len(self.line) == 2 else text)
        elif self.position().is_over:
            self._finish("Solved: the line is played out" if puzzle.kind == "win" else "Solved: the draw is held")
        else:
            self._ask(self.position())

    def action_retry(self) -> None:
        """Take back a wrong try and its refutation, to try again."""
        if not self.refuted or self.answered or self.current is None:
            return
        self.line, self.refuted = self.line[:-2], False
        view = self.query_one(BoardView)
        if view.game is not None:
            view.game = view.game.at_ply(view.game.ply - 2)
        self.say(f"Try again: {self.current.puzzle.mover_symbol} to play")

    def _finish(self, text: str) -> None:
        """The puzzle is over: its result (right without running out of tries) is kept."""
        entry = self.current
        assert entry is not None
        self.answered = True
        solved = self.misses < TRIES
        try:
            self.archive.puzzle_result(entry.id, solved)
        except ArchiveError as error:
            text += f" (not kept: {error})"
        tell_archive_news(self, self.archive)
        self.say(f"{text}\n[dim]n: next puzzle · esc: back[/dim]")

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
        self._answering.cancel()
        self._mining.cancel()

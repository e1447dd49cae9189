"""The game review's panel: the progress while moves are judged, the summary, and the line of a
mistake to step through, beside the graph of the game's value (:mod:`.value_graph`)."""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Static

from ...engine.board import Board, Mark, Move
from ...engine.puzzles import puzzles_from_review
from ...engine.review import FORMAT, MISTAKE_DROP, MoveReview, Review, loads
from ...store.archive import Archive, ArchiveError
from ...table import Seating
from ...words import counted
from ..work.ai import Searcher
from .value_graph import ValueGraph

if TYPE_CHECKING:
    from ..work.jobs import Job

#: Columns of the progress bar shown while moves are judged.
PROGRESS_WIDTH = 16


def summary(review: Review, symbol: dict[Mark, str]) -> str:
    """Accuracy of each side and the turning point, as the players saw their symbols."""
    estimated = "" if review.exact else " (estimated)"
    parts = []
    for mark in Mark:
        accuracy = review.accuracy(mark)
        parts.append(f"{symbol[mark]}: " + ("not judged" if accuracy is None else f"{accuracy:.0%} accurate"))
    sources = sorted({move.estimate_source for move in review.moves if not move.exact})
    where = "".join(f"\n[dim]Estimated: {source}[/dim]" for source in sources[:2])
    return f"[b]Review[/b] · {' · '.join(parts)}{estimated}\nTurning point: {review.turning_text()}{where}"


def puzzles_kept(review: Review, archive: Archive, game: str, seating: Seating, game_id: int | None = None) -> str:
    """Keep the review's mistakes as puzzles, shown as ``seating`` showed the game (yours first),
    and archived game ``game_id`` as mined (the puzzles screen does not judge it again); a dim
    line saying how many were new (or why none)."""
    found = puzzles_from_review(review, game, seating.keyboard, symbols=seating.symbols)
    try:
        new = archive.add_puzzles(found) if game_id is None else archive.keep_mined((game_id,), found)
    except ArchiveError as error:
        return f"\n[dim]Its puzzles were not kept: {error}[/dim]"
    return f"\n[dim]{counted(new, 'new puzzle')} from its mistakes (z on the game screen)[/dim]" if new else ""


def verdict_line(review: Review, ply: int) -> str:
    """What the review says of the move that led to the position after ``ply`` moves."""
    if not 1 <= ply <= len(review.moves):
        return ""
    move, name = review.moves[ply - 1], review.start.name
    if move.verdict is None:
        return estimated_words(move) + _line_hint(move)
    if move.verdict == "best":
        return "best" + (f" (a slower win: {move.quicker_win(name)})" if move.slower else "")
    instead = ", ".join(name(best) for best in move.best[:4])
    lost = "win" if move.value_before == 1 else "draw"
    return f"{move.verdict}: {name(move.move)} gave up the {lost}; {instead} instead" + _line_hint(move)


def estimated_words(move: MoveReview) -> str:
    """An estimated verdict in a player's words: the mover's chance before the move (with the
    search's choice) and after it, and why a fall that small still counts as the best."""
    before, after = move.estimate_before or 0.0, move.estimate_after or 0.0
    chances = f"{move.estimated_verdict}: their chances {before:.0%} → {after:.0%} (estimate)"
    if move.estimated_verdict == "best" and after < before:
        return f"{chances} (a fall under {MISTAKE_DROP * 100:.0f} points: within the estimates' noise)"
    return chances


def _line_hint(move: MoveReview) -> str:
    return " · l: its line" if move.lost_value and move.line else ""


@dataclass(frozen=True)
class LineView:
    """Stepping through the line of one mistake: the position after the mistake and ``step``
    moves of its line (the game's own position stays as it was)."""

    move: MoveReview
    after: Board
    """The position right after the mistake."""
    step: int = 0

    @property
    def board(self) -> Board:
        return self.after.play_all(self.move.line[: self.step])

    def stepped(self, plies: int) -> LineView:
        return LineView(self.move, self.after, min(max(self.step + plies, 0), len(self.move.line)))

    def describe(self) -> str:
        """``Line after move 6, c3 (the best play): a3 [a2] c2 c3 · 2 of 4``."""
        names = [self.after.name(move) for move in self.move.line]
        if self.step:
            names[self.step - 1] = f"[reverse]{names[self.step - 1]}[/reverse]"
        kind = "the best play" if self.move.exact else "the search's line, an estimate"
        return (
            f"Line after move {self.move.ply}, {self.after.name(self.move.move)} ({kind}): {' '.join(names)}"
            f" · {self.step} of {len(names)}"
        )


@dataclass(frozen=True, eq=False)
class Judging:
    """One judging of a game's moves: its reports and its answer name it (by identity), so a
    late one from a judging cancelled is dropped, even when the same moves are judged again."""

    moves: tuple[Move, ...]


class ReviewPanel(Vertical):
    """The review of one game: judged move by move in the search process with a progress bar
    (``cancel`` stops it), or read back from the archive where it was kept. It holds a
    :class:`ValueGraph` and the ``#replay-review`` summary (composed by the screen)."""

    DEFAULT_CSS = """
    ReviewPanel { height: auto; }
    """

    review: Review | None = None
    judged: int = 0
    """Moves judged so far."""

    class Progress(Message):
        """The moves ``judging`` has judged so far (reported by the review's job; it goes on to
        the screen, whose status line shows :meth:`ReviewPanel.progress`)."""

        def __init__(self, judging: Judging, partial: Review) -> None:
            super().__init__()
            self.judging, self.partial = judging, partial

    class Judged(Message):
        """Every move of the game has been judged: ``review`` (the review's job's answer)."""

        def __init__(self, judging: Judging, review: Review) -> None:
            super().__init__()
            self.judging, self.review = judging, review

    class Failed(Message):
        """Judging the moves raised ``error`` (the review's job's answer)."""

        def __init__(self, judging: Judging, error: Exception) -> None:
            super().__init__()
            self.judging, self.error = judging, error

    class Reviewed(Message):
        """The review is complete."""

        def __init__(self, review: Review, kept: bool) -> None:
            super().__init__()
            self.review = review
            self.kept = kept
            """Read back from the archive, not judged now."""

    def __init__(self, seconds: float, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seconds = seconds
        self._judging: Job[Judging] | None = None
        """The judging of the moves (made when a review is first judged)."""
        self._keep: tuple[Archive | None, int | None] = (None, None)
        """Where the review being judged is kept once complete."""

    @property
    def judging(self) -> bool:
        """Whether the moves are being judged (the review's job is in force)."""
        return self._judging is not None and self._judging.running

    def start(
        self, start: Board, moves: tuple[Move, ...], searcher: Searcher, archive: Archive, game_id: int | None
    ) -> None:
        """Show the review the archive keeps for game ``game_id`` if there is one of this
        version, else judge every move (and keep the review, once complete)."""
        graph = self.query_one(ValueGraph)
        graph.positions = len(moves) + 1
        kept = None
        if game_id is not None:
            with contextlib.suppress(ArchiveError):  # not kept: it is judged again
                kept = archive.kept_review(game_id, FORMAT)
        review = None if kept is None else loads(kept)
        if review is not None and [move.move for move in review.moves] == list(moves):
            self.post_message(self.Reviewed(review, kept=True))
            return
        from ..work.jobs import Job

        self._keep = (archive, game_id)
        self.judged = 0
        job = self._judging = self._judging or Job(self, "review")
        judging = Judging(moves)

        def judge_all(cancel: threading.Event) -> ReviewPanel.Judged | None:
            judged: list[MoveReview] = []
            board = start
            for move in moves:
                if cancel.is_set():
                    return None
                judged.append(searcher.judge(board, move, self.seconds, cancel))
                board = board.play(move)
                job.report(cancel, self.Progress(judging, Review(start, tuple(judged))))
            return self.Judged(judging, Review(start, tuple(judged)))

        job.start(judging, judge_all, lambda error: self.Failed(judging, error))

    def progress(self) -> str:
        """``━━━━━━╺━━━━━━━━ judging move 21 of 54 (up to 1 s each) · c cancels``."""
        total = self.query_one(ValueGraph).positions - 1
        done = round(PROGRESS_WIDTH * self.judged / max(total, 1))
        bar = "━" * done + ("╺" if done < PROGRESS_WIDTH else "") + " " * max(PROGRESS_WIDTH - done - 1, 0)
        return (
            f"[b]{bar}[/b] judging move {min(self.judged + 1, total)} of {total} "
            f"(up to {self.seconds:g} s each) · c cancels"
        )

    @on(Progress)
    def progressed(self, event: Progress) -> None:
        if self._judging is None or not self._judging.in_force(event.judging):
            event.stop()  # cancelled: a late report
            return
        self.judged = len(event.partial.moves)
        self.query_one(ValueGraph).review = event.partial

    def cancel(self) -> bool:
        """Stop judging (True if it was running); what was judged stays on the graph."""
        if not self.judging:
            return False
        assert self._judging is not None
        self._judging.cancel()
        total = self.query_one(ValueGraph).positions - 1
        self.query_one("#replay-review", Static).update(
            f"Review cancelled after {self.judged} of {counted(total, 'move')}: v starts it again"
        )
        return True

    @on(Judged)
    def finished(self, event: Judged) -> None:
        """Keep the complete review in the archive and show it (unless it was cancelled)."""
        event.stop()
        if self._judging is None or not self._judging.answers(event.judging):
            return
        archive, game_id = self._keep
        if archive is not None and game_id is not None:
            with contextlib.suppress(ArchiveError):  # not kept: the next v judges it again
                archive.keep_review(game_id, event.review.dumps(), FORMAT)
        self.post_message(self.Reviewed(event.review, kept=False))

    @on(Failed)
    def failed(self, event: Failed) -> None:
        event.stop()
        if self._judging is None or not self._judging.answers(event.judging):
            return
        self.query_one("#replay-review", Static).update(f"The review failed: {event.error}")

    def show(self, review: Review, text: str) -> None:
        """Show the whole review and its summary ``text``."""
        self.review = review
        self.query_one(ValueGraph).review = review
        self.query_one("#replay-review", Static).update(text)

    def on_unmount(self) -> None:
        if self._judging is not None:
            self._judging.cancel()

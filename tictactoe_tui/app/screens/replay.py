"""Replaying one archived game: move by move, with the overlay, the review and its lines;
play on from a position, export or delete it (the archive list shares these two actions).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

from ...engine import Mark
from ...game import format_seconds
from ...store.archive import Archive, ArchiveError, GameRecord, local_time
from ...store.savefile import SavedGame
from ...table import mover
from ...words import counted
from ..game.analysis import AnalysisRequests, failed, working_out
from ..game.messages import AnalysisFailed, AnalysisReady
from ..themes import PANELS_CSS
from ..transfer import Folder, GameFiles
from ..widgets.board.view import BoardView
from ..widgets.evaluation import EvaluationBar, legend
from ..widgets.footer import KeysFooter
from ..widgets.notices import tell_archive_news
from ..widgets.review import LineView, ReviewPanel, puzzles_kept, summary, verdict_line
from ..widgets.sidebar import HistoryList
from ..widgets.status import phrased
from ..widgets.value_graph import ValueGraph
from ..work.ai import Searcher, analysis_seconds
from .dialogs.confirm import ConfirmScreen

if TYPE_CHECKING:  # the searches load with the first one
    from ...engine.evaluation import Evaluation

#: The solver's seconds for each position of a review.
REVIEW_SECONDS = 1.0


def export_game(screen: Screen[Any], record: GameRecord, files: GameFiles) -> None:
    """Save ``record`` where the player's games go (``files``): a file named, or a download."""

    def sent(news: str) -> None:
        screen.notify(f"Game #{record.id}: {news[0].lower()}{news[1:]}", title="Exported")

    name = f"tictactoe-game-{record.id}.ttt"
    files.send(screen, f"Export game #{record.id} as", name, record.board(), record.seating, sent)


def delete_game(screen: Screen[Any], archive: Archive, record: GameRecord) -> None:
    """Delete ``record`` from the archive, telling the player how it went."""
    assert record.id is not None
    try:
        gone = archive.delete(record.id)
    except ArchiveError as error:
        screen.notify(str(error), severity="error")
        return
    tell_archive_news(screen, archive)  # a damaged file set aside first holds the game
    screen.notify(f"Game #{record.id} deleted" if gone else f"Game #{record.id} was already gone")


#: The narrowest window whose replay shows the side panel (game, players, moves) beside the board.
REPLAY_SIDE_FROM = 64
#: Lines the replay's status has (``#replay-status`` in ``panels.tcss``).
STATUS_LINES = 4


class ReplayScreen(Screen[SavedGame | bool | None]):
    """One archived game, move by move, with the analysis overlay on any position and the
    game review (``v``: every move's verdict, the value over the game, the turning point).

    Dismissed with a position to play on from, ``True`` once the game was deleted, or None.
    """

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back"),
        Binding("left", "step(-1)", "Back a move", priority=True),
        Binding("right", "step(1)", "Forward", priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("pagedown", "scroll_notes(1)", "Scroll the notes down", show=False, priority=True),
        Binding("pageup", "scroll_notes(-1)", "Scroll the notes up", show=False, priority=True),
        Binding("a", "toggle_overlay", "Analysis"),
        Binding("v", "review", "Review"),
        Binding("l", "line", "Line", show=False),
        Binding("c", "cancel_review", "Cancel review", show=False),
        Binding("p", "play_on", "Play on"),
        Binding("e", "export", "Export"),
        Binding("d,delete", "delete", "Delete"),
    ]

    def __init__(
        self,
        record: GameRecord,
        archive: Archive,
        searcher: Searcher,
        *,
        review: bool = False,
        files: GameFiles | None = None,
    ) -> None:
        """``review``: start the review at once (the game that just ended); ``files``: where an
        exported game goes (a file typed, in the current folder unless said)."""
        super().__init__()
        self.record = record
        self.archive = archive
        self.searcher = searcher
        self.files: GameFiles = Folder(Path()) if files is None else files
        self.state = record.state()
        self.overlay = False
        self._review_at_once = review
        self.line: LineView | None = None  # a mistake's line being stepped through (the replay stays)
        self._extra = ""
        """What the status says besides where the replay stands (empty: the keys)."""
        self.analyses = AnalysisRequests(self, searcher)

    def compose(self) -> ComposeResult:
        record = self.record
        with Horizontal(id="replay"):
            with Vertical(id="replay-play"):
                yield EvaluationBar(id="replay-bar")
                board = BoardView((record.shape.rows, record.shape.cols, record.shape.rules.block_size))
                board.can_focus = False
                yield board
                with VerticalScroll(id="replay-notes"):
                    yield Static("", id="replay-status")
                    with ReviewPanel(REVIEW_SECONDS, id="review"):  # its parts mount with the screen's
                        yield ValueGraph(symbols=self.state.seating.symbols, id="replay-graph")
                        yield Static("", id="replay-review")
            with Vertical(id="replay-side"):
                x_player, o_player = record.players_by_symbol
                players = f"X: {x_player} · O: {o_player}"
                ended = local_time(record.ended_at)
                title = "This game" if record.id is None else f"Game #{record.id}"
                yield Static(
                    f"[b]{title}[/b]\n{record.board_label}\n{record.seating.table}\n{players}\n"
                    f"{ended}\n[b]{record.result_text}[/b]",
                    id="replay-info",
                )
                yield HistoryList(id="replay-moves")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show(len(self.record.moves))
        self.query_one(HistoryList).focus()
        if self._review_at_once:
            self.action_review()

    def on_resize(self, event: Resize) -> None:
        # The side panel (32 columns) folds away where it would leave the board too little room.
        self.query_one("#replay-side").display = event.size.width >= REPLAY_SIDE_FROM
        self.call_after_refresh(self._board_first)

    def _board_first(self) -> None:
        """The board first: the notes below it (status, graph, review) get the lines it does not
        need, and scroll when that is fewer than theirs. The status is broken to its new width."""
        self.say(self._extra)
        room = self.query_one("#replay-play").size.height - self.query_one(BoardView).least_height
        self.query_one("#replay-notes").styles.max_height = max(room, 3)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game not yet in the archive (just finished) cannot be exported or deleted here;
        PgUp and PgDn scroll the notes where they do not fit (else they page the moves)."""
        if action in ("export", "delete"):
            return self.record.id is not None
        if action == "scroll_notes":
            return self.query_one("#replay-notes").max_scroll_y > 0
        return True

    def action_scroll_notes(self, pages: int) -> None:
        """Scroll the notes under the board (the status, the graph, the review) by a page."""
        notes = self.query_one("#replay-notes")
        notes.scroll_to(y=notes.scroll_y + pages * max(notes.size.height - 1, 1), animate=False)

    def show(self, ply: int) -> None:
        """Show the position after ``ply`` moves."""
        self.line = None
        self.state = self.state.at_ply(ply)
        self.query_one(ValueGraph).shown = ply
        board_view = self.query_one(BoardView)
        board_view.analysis = None
        board_view.game = self.state
        self.show_evaluation(None)
        self._list_moves()
        self.say()
        if self.overlay:
            self.ask_values()

    def say(self, extra: str = "") -> None:
        """Show where the replay stands, and ``extra`` (what a key did) or the keys, each line
        whole: broken between its phrases where it is wider than the notes."""
        self._extra = extra
        self.query_one("#replay-status", Static).update(self.describe(extra))

    def describe(self, extra: str = "") -> str:
        """Where the replay stands: the move shown and when it was played."""
        ply, total = self.state.ply, len(self.record.moves)
        if ply == 0:
            where = f"Start of the game · {counted(total, 'move')}"
        else:
            played_by = self.state.symbol(mover(ply - 1))
            when = self.record.times[ply - 1] if ply <= len(self.record.times) else 0.0
            played = self.state.board.name(self.record.moves[ply - 1])
            where = f"Move {ply} of {total}: {played_by} {played} at {format_seconds(when)}"
        if ply == total:
            where += f" · {self.record.result_text}"
        panel = self.query_one(ReviewPanel)
        review = panel.review
        if panel.judging:
            extra = extra or panel.progress()
        if self.line is not None:
            where = self.line.describe()
            extra = extra or "←/→ step the line · l back to the game"
        elif review is not None and ply:
            where += f"\n{verdict_line(review, ply)}"
        extra = extra or "←/→ step · PgDn/PgUp scroll · a analysis · v review · p play on from here"
        width = self.query_one("#replay-status").content_size.width
        room = STATUS_LINES - len(where.splitlines())
        return f"{where}\n[dim]{phrased(extra, width, room)}[/dim]"

    def action_step(self, plies: int) -> None:
        """Step the replay, or the line of a mistake while it is shown; the notes scroll back
        to the line that says where it stands."""
        if self.line is not None:
            self.line = self.line.stepped(plies)
            self._show_line(self.line)
        else:
            self.show(min(max(self.state.ply + plies, 0), len(self.record.moves)))
        self.query_one("#replay-notes").scroll_to_widget(self.query_one("#replay-status"), animate=False)

    def action_line(self) -> None:
        """Step through the line of the mistake shown (``l`` again: back to the game)."""
        review, ply = self.query_one(ReviewPanel).review, self.state.ply
        if self.line is not None:
            self.show(ply)
        elif review is not None and 1 <= ply <= len(review.moves) and review.moves[ply - 1].line:
            self.line = LineView(review.moves[ply - 1], self.state.board)
            self._show_line(self.line)

    def _show_line(self, line: LineView) -> None:
        self.analyses.drop()  # the overlay's values are the game's, not the line's
        board_view = self.query_one(BoardView)
        board_view.analysis = None
        board_view.game = replace(self.state, board=line.board)
        self.show_evaluation(None)
        self.say()

    def action_jump(self, ply: int) -> None:
        self.show(len(self.record.moves) if ply < 0 else ply)

    @on(HistoryList.Jump)
    def history_jump(self, event: HistoryList.Jump) -> None:
        event.stop()
        self.show(event.ply)

    @on(ValueGraph.Jump)
    def graph_jump(self, event: ValueGraph.Jump) -> None:
        event.stop()
        self.show(event.ply)

    @on(BoardView.CellClicked)
    def cell_clicked(self, event: BoardView.CellClicked) -> None:
        event.stop()  # a replay is watched, not played

    def action_review(self) -> None:
        """Judge every move (in the search process, with a progress bar), or show the review kept."""
        panel = self.query_one(ReviewPanel)
        if panel.review is not None or panel.judging or not self.record.moves:
            return
        panel.start(self.record.board(0), self.record.moves, self.searcher, self.archive, self.record.id)
        self.say()

    def action_cancel_review(self) -> None:
        if self.query_one(ReviewPanel).cancel():
            self.say()

    @on(ReviewPanel.Progress)
    def review_progressed(self) -> None:
        self.say()

    @property
    def game_name(self) -> str:
        """How a puzzle names the game it comes from."""
        return "a game just played" if self.record.id is None else f"game {self.record.id}"

    @on(ReviewPanel.Reviewed)
    def reviewed(self, event: ReviewPanel.Reviewed) -> None:
        """Show the review: the graph, the summary, and the verdict of the move shown."""
        review = event.review
        symbol = {mark: self.state.symbol(mark) for mark in Mark}
        text = summary(review, symbol) + puzzles_kept(
            review, self.archive, self.game_name, self.record.seating, self.record.id
        )
        tell_archive_news(self, self.archive)
        self.query_one(ReviewPanel).show(review, text)
        self._list_moves()
        self.say()

    def _list_moves(self) -> None:
        """The moves, up to the one shown, each with its review's mark once reviewed."""
        review = self.query_one(ReviewPanel).review
        self.query_one(HistoryList).show(self.state, None if review is None else review.annotations())

    def action_toggle_overlay(self) -> None:
        """Show or hide every free square's exact value for the position shown."""
        self.overlay = not self.overlay
        if self.overlay:
            self.ask_values()
        else:
            self.analyses.drop()
            self.query_one(BoardView).analysis = None
            self.say()
        self.show_evaluation(None)

    def show_evaluation(self, evaluation: Evaluation | None) -> None:
        """The evaluation bar: shown with the overlay on the game's positions (not on a line),
        with ``evaluation`` of the position shown (None: not known yet)."""
        bar = self.query_one(EvaluationBar)
        bar.game, bar.evaluation = self.state, evaluation
        bar.overlay = self.overlay and self.line is None

    def ask_values(self) -> None:
        """Ask for every square's value in the position shown, and say so while it is worked out."""
        self.analyses.ask(self.state)
        if self.analyses.asked:  # (a finished game has none)
            self.say(working_out(hint=False, values=True))

    def on_analysis_ready(self, message: AnalysisReady) -> None:
        """Show the values if they are still about the position shown."""
        if not self.analyses.answers(message):
            return
        evaluation = message.result.evaluation
        if evaluation.shows_values:  # exact values, or the search's estimates
            self.query_one(BoardView).analysis = evaluation
        self.show_evaluation(evaluation)
        self.say(legend(message.state, evaluation, analysis_seconds(self.state.board)))

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        if self.analyses.answers(message):
            self.say(failed(message))

    def action_play_on(self) -> None:
        """Leave the archive and continue this game from the position shown, as a new game (not
        from its end, where there is nothing left to play)."""
        if self.state.board.is_over:
            notice = "The game is over here: ← to an earlier move, then p plays on from it"
            self.say(notice)
            return
        self.analyses.drop()
        self.dismiss(SavedGame(self.state.board, self.record.seating))

    def action_export(self) -> None:
        export_game(self, self.record, self.files)

    def action_delete(self) -> None:
        record = self.record
        self.app.push_screen(ConfirmScreen(f"Delete game #{record.id} ({record.result_text})?"), self.deleted)

    def deleted(self, yes: bool | None) -> None:
        if yes:
            delete_game(self, self.archive, self.record)
            self.analyses.drop()
            self.dismiss(True)

    def action_close(self) -> None:
        self.analyses.drop()
        self.dismiss(None)

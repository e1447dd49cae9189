"""The game screen: holds the game being played and drives its seats; its widgets render it.

Every change of state goes through here: a key or click (an action), a sidebar choice (a
message), the computer's move or an analysis (messages posted by workers), a friend's move
(a message posted by the online link). Each is checked against the state it was about, so an
answer that comes too late is dropped.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import Provider
from textual.containers import Vertical
from textual.events import Resize
from textual.reactive import reactive
from textual.screen import Screen

from ..engine import Analysis, Board, Mark, Move, move_name
from ..engine.games import game_of
from ..game import AiMove, GameState, Preset, Scoreboard, Settings
from ..store import savefile
from ..table import Table
from .ai import AiJob, AnalysisResult, Searcher, analysis_seconds
from .board_view import BoardView, overlay_label
from .commands import GameCommands
from .messages import AiFailed, AiMoved, AnalysisFailed, AnalysisReady, Archived, FriendMoved, FriendSaid
from .seats import SeatPorts, Seats
from .status import StatusLine

if TYPE_CHECKING:  # loaded when first used: the first frame needs only the board and status
    from textual.widgets import Select

    from ..net import HostPlan, JoinPlan
    from ..store.archive import Archive, GameRecord
    from .online import OnlineLink
    from .sidebar import HistoryList


#: The game screen's own keys (the board's keys go to it too, from the focused board).
GAME_ACTIONS = frozenset(
    {"new_game", "undo", "redo", "hint", "toggle_overlay", "toggle_pause", "stats", "archive", "save_game"}
    | {"load_game", "place_number", "focus_board"}
)


#: Below this width the sidebar starts folded away.
NARROW = 72

#: Why a finished game cannot be taken back: it has been counted and archived once.
FINAL = "The game is over and counted: press n for a new game (g replays it and can play on from any move)"


def resumed(settings: Settings, saved: savefile.SavedGame, number: int = 1) -> GameState:
    """A saved game brought back as it was saved: who played which side, which symbol each showed."""
    return GameState.resume(settings, saved.board, number, saved.seating)


def coin_flip_news(settings: Settings, game: GameState) -> str:
    """What the start of the game decided (who goes first after a coin flip), or empty."""
    return game.table.news(game, settings.first)


class GameHost(Protocol):
    """What the game screen needs from the app around it."""

    searcher: Searcher
    rng: random.Random
    watch_delay: float
    saved_games: Path
    """Where saved games go by default."""

    @property
    def archive(self) -> Archive:
        """The game archive."""

    def remember(self, settings: Settings) -> None:
        """Keep ``settings`` for the next launch."""


class GameScreen(Screen[None]):
    """The board, the status line and the sidebar, bound to the game this screen holds."""

    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {GameCommands}
    # The game's keys work wherever the focus is on this screen (a sidebar select would
    # otherwise take letters and digits for its type-to-search): priority bindings.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game", priority=True),
        Binding("u", "undo", "Undo", priority=True),
        Binding("r", "redo", "Redo", show=False, priority=True),
        Binding("i", "hint", "Hint", priority=True),
        Binding("a", "toggle_overlay", "Analysis", show=False, priority=True),
        *(
            Binding(str(digit), f"place_number({digit})", f"Square {digit}", show=False, priority=True)
            for digit in range(1, 10)
        ),
        Binding("escape", "focus_board", "Back to the board", show=False),
        Binding("f2", "toggle_sidebar", "Sidebar", show=False),
        Binding("p", "toggle_pause", "Pause"),
        Binding("c", "new_code", "New join code"),
        Binding("v", "review", "Review"),
        Binding("z", "puzzles", "Puzzles", show=False),
        Binding("s", "stats", "Statistics", show=False),
        Binding("g", "archive", "Games", show=False),
        Binding("ctrl+s", "save_game", "Save game", show=False),
        Binding("ctrl+o", "load_game", "Load game", show=False),
    ]

    # The screen draws nothing itself (its widgets do): repaint=False everywhere.
    game: reactive[GameState] = reactive(GameState.start(Settings(), random.Random(0)), init=False, repaint=False)
    settings: reactive[Settings] = reactive(Settings, init=False, repaint=False)
    cursor: reactive[Move] = reactive((1, 1), init=False, repaint=False)
    thinking: reactive[bool] = reactive(False, init=False, repaint=False)
    paused: reactive[bool] = reactive(False, init=False, repaint=False)
    notice: reactive[str] = reactive("", init=False, repaint=False)
    online_status: reactive[str] = reactive("", init=False, repaint=False)
    online_banner: reactive[str] = reactive("", init=False, repaint=False)
    """Online, what stays on screen: the host's join code and address, or whom the guest plays."""
    """Where an online match stands: the address and code, whether the friend is there."""
    scores: reactive[Scoreboard] = reactive(Scoreboard, init=False, repaint=False)
    overlay: reactive[bool] = reactive(False, init=False, repaint=False)
    analysis: reactive[Analysis | None] = reactive(None, init=False, repaint=False)
    """The overlay's values for the position shown (None when off or not yet known)."""
    hint: reactive[Move | None] = reactive(None, init=False, repaint=False)
    coordinates: reactive[bool] = reactive(True, init=False, repaint=False)

    def __init__(
        self, host: GameHost, settings: Settings, first: GameState, online: HostPlan | JoinPlan | None = None
    ) -> None:
        """``first``: the game to show; ``online``: host or join a match once shown."""
        super().__init__()
        self.host = host
        self.seats = self.local_seats = Seats.made(
            SeatPorts(self, host.searcher, lambda: self.settings.level, lambda: self.settings.think_seconds, host.rng)
        )
        self._analysis_cancel = threading.Event()
        self._wanted_analysis: GameState | None = None
        self._hint_wanted = False
        self.online: OnlineLink | None = None
        self._online_plan = online
        self._narrow = False
        self._online_requests: set[asyncio.Task[None]] = set()
        self.set_reactive(GameScreen.settings, settings)
        self.set_reactive(GameScreen.coordinates, settings.coordinates)
        self.set_reactive(GameScreen.game, first)
        self.set_reactive(GameScreen.cursor, self._centre())
        self.set_reactive(GameScreen.scores, Scoreboard.for_game(first))
        self.set_reactive(GameScreen.notice, coin_flip_news(settings, first))

    def compose(self) -> ComposeResult:
        with Vertical(id="play"):
            board = self.game.board
            yield BoardView((board.rows, board.cols, board.rules.block_size)).data_bind(
                GameScreen.game,
                GameScreen.cursor,
                GameScreen.thinking,
                GameScreen.analysis,
                GameScreen.hint,
                GameScreen.coordinates,
            )
            yield StatusLine(id="status").data_bind(
                GameScreen.game,
                GameScreen.thinking,
                GameScreen.paused,
                GameScreen.notice,
                GameScreen.online_status,
                GameScreen.online_banner,
            )
        yield Vertical(id="side")  # the sidebar and the footer go in after the first frame: see on_mount

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()
        # The board and status make the first frame; the sidebar (a few dozen widgets) follows
        # straight after it, so the game shows sooner.
        self.call_after_refresh(self.after_first_frame)
        if self._online_plan is not None:
            self.go_online(self._online_plan)
        self.take_turns()

    def after_first_frame(self) -> None:
        """Mount the sidebar and the footer."""
        from textual.widgets import Footer

        from .sidebar import Sidebar

        self.mount(Footer())
        self.call_after_refresh(self.refresh_bindings)  # the footer lists the keys in force from now
        sidebar = Sidebar(self.settings, id="sidebar")
        self.query_one("#side").mount(sidebar.data_bind(GameScreen.settings, GameScreen.game, GameScreen.scores))

    async def close(self) -> None:
        """Stop every search and leave the online match (the app is quitting)."""
        self.seats.stop()
        self._analysis_cancel.set()
        if self.online is not None:
            await self.online.close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys are off while a dialog covers the screen; pause only in
        computer-vs-computer games."""
        if action in GAME_ACTIONS and self.app.screen is not self:
            return False
        if action == "toggle_pause":
            return self.game.table.watch_only(self.game)
        if action == "new_code":
            return self.game.table.hosting
        if action == "review":
            return self.game.board.is_over
        return True

    def watch_game(self, old: GameState, new: GameState) -> None:
        if old.table is not new.table or old.board.is_over != new.board.is_over:
            self.refresh_bindings()  # pause, a new code and the review depend on them
        if new.board.geometry is old.board.geometry:
            self.cursor = self.playable_near(new.board, self.cursor)
        else:  # another board: the old cursor may lie off it
            self.cursor = self._centre()
        self.hint = None
        self.analysis = None
        self._hint_wanted = False
        if self.overlay:
            self.request_analysis()

    def watch_settings(self, settings: Settings) -> None:
        self.coordinates = settings.coordinates
        self.host.remember(settings)

    # -- turns: whoever is to move takes their turn ----------------------------------------

    def take_turns(self) -> None:
        """Let the seat to move take its turn (the computer starts thinking; the others wait)."""
        game = self.game
        if not game.board.is_over and not self.paused:
            self.seats.to_move(game).take_turn(game)
        self.thinking = self.seats.thinking

    def stop_turns(self) -> None:
        """Stop every search; what it returns later is dropped."""
        self.seats.stop()
        self.thinking = False

    # -- the player at this keyboard -------------------------------------------------------

    def on_board_view_cursor_moved(self, event: BoardView.CursorMoved) -> None:
        """Move the cursor, staying on the board (in Gravity, on the square a mark would land)."""
        board = self.game.board
        row, col = self.cursor
        moved = (min(max(row + event.rows, 0), board.rows - 1), min(max(col + event.cols, 0), board.cols - 1))
        self.cursor = game_of(board).presentation.aim(board, moved)

    def on_resize(self, event: Resize) -> None:
        """On a narrow screen the sidebar folds away (F2 shows it) so the board has the room."""
        narrow = event.size.width < NARROW
        if narrow != self._narrow:  # folds (or unfolds) when the width crosses the line
            self._narrow = narrow
            self.query_one("#side").display = not narrow

    def action_toggle_sidebar(self) -> None:
        """Show or hide the sidebar."""
        side = self.query_one("#side")
        side.display = shown = not side.display
        if not shown:
            self.action_focus_board()

    def action_focus_board(self) -> None:
        """Give the keys back to the board (from the sidebar)."""
        self.query_one(BoardView).focus()

    def on_board_view_place_at_cursor(self) -> None:
        """Place a mark under the cursor."""
        self.place(self.cursor)

    def action_place_number(self, digit: int) -> None:
        """Place a mark on the square a number key names: on 3×3, a Gravity board's column, or
        the square of the small board Ultimate sends you to."""
        board = self.game.board
        move = game_of(board).presentation.digit_square(board, digit, self.settings.layout.square)
        if move is None:
            self.notice = "Number keys name squares on 3×3 and columns in Gravity; here use the arrows and Enter"
            return
        self.cursor = move
        self.place(move)

    @on(BoardView.CellClicked)
    def cell_clicked(self, event: BoardView.CellClicked) -> None:
        board = self.game.board
        move = game_of(board).presentation.aim(board, event.move)  # a click anywhere in a Gravity column drops there
        self.cursor = move
        self.place(move)

    def place(self, move: Move) -> None:
        """Play ``move`` for the player at this keyboard, or say briefly why not."""
        refusal = self.refusal(move)
        if refusal:
            self.notice = refusal
            return
        self.notice = ""
        played = self.seats.to_move(self.game).play(self.game, move)
        if played is not None:  # else it went to the match, which sends the new state back
            self.advance(played)
            self.take_turns()

    def refusal(self, move: Move) -> str | None:
        """Why the player at this keyboard may not play ``move`` now, or None."""
        game = self.game
        if not self.query_one(BoardView).fits:
            return "Make the window larger to see the whole board first"
        if game.board.is_over:
            return "The game is over: n plays again, v reviews it"
        seat_refusal = game.table.refusal(game) or self.seats.to_move(game).refusal(game)
        if seat_refusal:
            return seat_refusal
        board = game.board
        cell = board.index(move)
        return None if board.legal_bits >> cell & 1 else board.rules.refusal(board, cell)

    def advance(self, game: GameState) -> None:
        """Show a position reached by playing a move; a game that ends here is counted."""
        self.game = game
        if game.board.is_over:
            self.game_finished(game)

    @staticmethod
    def playable_near(board: Board, cursor: Move) -> Move:
        """Where the cursor goes after a move: where it was, but in games that limit the squares
        (Gravity, Ultimate) the nearest square the side to move may play."""
        legal = board.legal_bits
        if not legal or legal == board.empty_bits:
            return cursor
        row, col = game_of(board).presentation.aim(board, cursor)
        return min(board.legal_moves(), key=lambda move: (abs(move[0] - row) + abs(move[1] - col), move))

    def _centre(self) -> Move:
        """The centre square (in Gravity, where a mark in the centre column lands)."""
        board = self.game.board
        return self.playable_near(board, ((board.rows - 1) // 2, (board.cols - 1) // 2))

    # -- the computer's moves ----------------------------------------------------------------

    def on_ai_moved(self, message: AiMoved) -> None:
        """Play the computer's move, unless the game moved on since it was asked (then drop it)."""
        result = message.result
        job = result.job
        if job.state is not self.game or not self.seats.answering(job):
            return
        self.thinking = self.seats.thinking
        board = self.game.board
        ai = AiMove(self.game.symbol(board.to_move), result.decision.move, result.seconds, result.decision)
        self.advance(self.game.play(result.decision.move, ai))
        if self.game.computer_to_move and self.host.watch_delay:
            self.set_timer(self.host.watch_delay, self.take_turns)
        else:
            self.call_later(self.take_turns)

    def on_ai_failed(self, message: AiFailed) -> None:
        if self.seats.answering(message.job):
            self.thinking = self.seats.thinking
            self.notice = f"The computer player failed: {message.error}. Press n for a new game."

    # -- undo, redo and time travel ----------------------------------------------------------

    def action_undo(self) -> None:
        """Take back your last move (and the computer's reply)."""
        self._travel_to(self.game.undo_target(), "Undone", "Nothing to undo")

    def action_redo(self) -> None:
        """Play again what was undone."""
        self._travel_to(self.game.redo_target(), "Redone", "Nothing to redo")

    def _travel_to(self, target: int | None, done: str, nothing: str) -> None:
        refusal = self.game.table.undo_refusal()
        if refusal:
            self.notice = refusal
        elif self.game.board.is_over:
            self.notice = FINAL
        elif target is None:
            self.notice = nothing
        else:
            self.travel(target, done)

    def on_history_list_jump(self, event: HistoryList.Jump) -> None:
        refusal = self.game.table.undo_refusal()
        if refusal:
            self.notice = refusal
        elif self.game.board.is_over and event.ply != self.game.ply:
            self.notice = FINAL
        elif event.ply != self.game.ply:
            self.travel(event.ply, f"Back to move {event.ply}" if event.ply else "Back to the start")

    def travel(self, ply: int, what: str) -> None:
        """Show the game after ``ply`` moves; a search in progress is cancelled and dropped."""
        self.stop_turns()
        if self.game.table.watch_only(self.game):  # the computers wait to be let go on
            self.paused = True
        self.game = self.game.at_ply(ply)
        self.notice = f"{what}: play on from here" if ply < len(self.game.line) else what
        self.take_turns()

    # -- games, scores and settings ----------------------------------------------------------

    def action_new_game(self) -> None:
        """Start a new game with the current settings (cancels any running search). Online, a
        rematch once the game is over; choosing an online mode starts hosting or joining."""
        table = self.settings.table
        if self.online is not None and table is self.online.table:
            self.online_request(self.online.rematch())
            return
        if self.online is not None:
            self.leave_online()
        if table.through_match:
            self.open_match(table)
        else:
            self.new_game(GameState.start(self.settings, self.host.rng, number=self.game.number + 1))

    def new_game(self, game: GameState) -> None:
        """Replace the game; searches for the old one are cancelled and their results dropped."""
        self.stop_turns()
        self.paused = False
        self.game = game
        self.cursor = self._centre()
        self.notice = coin_flip_news(self.settings, game)
        self.take_turns()

    def game_finished(self, game: GameState) -> None:
        """Count a game that just ended in the session's scores (online, the match counts them),
        and keep it in the archive (written by a worker: another copy of the app may hold the
        database for a moment)."""
        if not game.table.through_match:  # online, the match keeps the scores
            self.scores = self.scores.count(game)
        from ..store.archive import GameRecord

        record = GameRecord.of(game, self.settings.level)
        self.run_worker(partial(self._archive, record), name="archive", group="archive", thread=True)

    def _archive(self, record: GameRecord) -> None:
        """Run in a worker thread: write ``record``, then tell the screen how it went."""
        try:
            problem = self.host.archive.record(record)
        except Exception as error:  # the game goes on; the status says it was not kept
            problem = f"The game was not archived: {error}"
        self.post_message(Archived(problem))

    def on_archived(self, message: Archived) -> None:
        if message.problem:
            self.notify(message.problem, title="Not saved", severity="warning", timeout=10)

    def on_sidebar_reset_scores(self) -> None:
        self.action_reset_scores()

    def action_reset_scores(self) -> None:
        """Ask, then set the session's scores back to zero (statistics are kept)."""
        from .archive import ConfirmScreen

        self.app.push_screen(ConfirmScreen(f"Reset the scores ({self.scores})?"), self.reset_scores)

    def reset_scores(self, yes: bool | None) -> None:
        """Set the session's scores back to zero if the player said yes."""
        if yes:
            self.scores = Scoreboard.for_game(self.game)
            self.notice = "Scores reset"

    @property
    def unfinished(self) -> bool:
        """Whether quitting or replacing the game now would leave it half played."""
        board = self.game.board
        return bool(board.move_count) and not board.is_over

    def action_toggle_pause(self) -> None:
        """Pause or resume computer-vs-computer play."""
        self.paused = not self.paused
        if self.paused:
            self.stop_turns()
        else:
            self.take_turns()

    def action_stats(self) -> None:
        """Show the lasting statistics."""
        from ..store.archive import ArchiveError

        try:
            statistics = self.host.archive.statistics()
        except ArchiveError as error:
            self.notify(str(error), title="No statistics", severity="error")
            return
        from .screens import StatsScreen

        self.app.push_screen(StatsScreen(statistics))

    def action_archive(self) -> None:
        """Browse the finished games; replaying one may end in playing on from it."""
        from .archive import ArchiveScreen

        self.app.push_screen(ArchiveScreen(self.host.archive, self.host.searcher), self.play_on)

    def action_puzzles(self) -> None:
        """Find the move that keeps the win or holds the draw: your own mistakes first."""
        from .puzzles import PuzzleScreen

        self.app.push_screen(PuzzleScreen(self.host.archive, seed=self.host.rng.getrandbits(32)))

    def action_review(self) -> None:
        """Review the game that just ended: its replay, every move judged."""
        from ..store.archive import GameRecord
        from .archive import ReplayScreen

        if not self.game.board.is_over:
            self.notice = "Finish the game first: then v reviews it"
            return
        record = GameRecord.of(self.game, self.settings.level)
        self.app.push_screen(ReplayScreen(record, self.host.archive, self.host.searcher, review=True), self.play_on)

    def play_on(self, board: Board | bool | None) -> None:
        """Continue an archived game from ``board`` as a new game (None: nothing to do)."""
        if not isinstance(board, Board):
            return
        self.new_game(GameState.resume(self.settings, board, number=self.game.number + 1))
        self.notice = f"Playing on from the archive after {board.move_count} moves"

    def change_setting(self, field: str, value: Any) -> None:
        """Change one setting: the level at once, the others from the next game."""
        if getattr(self.settings, field) == value:
            return
        # the game comes with its board: the same size where it has one
        settings = self.settings.with_game(value) if field == "game" else replace(self.settings, **{field: value})
        if field == "coordinates":
            self.settings = settings
            self.notice = "Coordinates shown" if value else "Coordinates hidden"
            return
        if field == "level":
            self.settings = settings
            self.notice = f"Computer level: {value}"
            self.stop_turns()  # the new level plays the very next move, even one being searched
            self.take_turns()
            return
        from .sidebar import plays

        self.notice = "Applies from the next game: press n to start it now"
        if not plays(settings.level, settings):  # a strategy of another game or board
            self.notice = f"{settings.level} does not play that board: the computer will play impossible (n: start)"
            settings = replace(settings, level="impossible")
        self.settings = settings

    def on_select_changed(self, event: Select.Changed) -> None:
        from textual.widgets import Select

        from .screens import CustomBoardScreen
        from .sidebar import CUSTOM

        if event.select.id is None or event.value is Select.NULL:
            return
        if event.value == CUSTOM:
            self.app.push_screen(CustomBoardScreen(self.settings.preset), self.custom_board_chosen)
            return
        self.change_setting(event.select.id, event.value)

    def custom_board_chosen(self, preset: Preset | None) -> None:
        """Use a custom board from the next game (or put the select back if cancelled)."""
        if preset is None:
            self.mutate_reactive(GameScreen.settings)  # the sidebar shows the board in use again
            return
        self.change_setting("preset", preset)

    # -- online play ---------------------------------------------------------------------------

    def go_online(self, plan: HostPlan | JoinPlan) -> None:
        """Host a match or join one (asking for the code when the plan has none)."""
        from ..net import JoinPlan
        from ..net.match import Match
        from .online import MatchSeat, OnlineLink

        if isinstance(plan, JoinPlan) and not plan.code:
            self.ask_join_code(plan, f"Join code for {plan.host}:{plan.port} (three words)")
            return
        preset = self.settings.preset
        match = Match(preset.rows, preset.cols, preset.k, game=preset.game)
        link = OnlineLink(
            plan,
            match,
            lambda state, scores: self._post(FriendMoved(state, scores)),
            lambda banner, text: self._post(FriendSaid(banner, text)),
        )
        self.online = link
        self.seats = self.local_seats.seating("you", MatchSeat(lambda move: self.online_request(link.play(move))))
        self.new_game(GameState.start(self.settings, self.host.rng, number=self.game.number + 1))
        self.run_worker(link.run(), name="online", group="online", exclusive=True, exit_on_error=False)

    def open_match(self, table: Table) -> None:
        """Host a match, or ask where the friend's is and join it, as ``table`` says."""
        from ..net import HostPlan
        from .screens import PathPrompt

        if table.hosting:
            self.go_online(HostPlan())
        else:
            self.app.push_screen(PathPrompt("Join a friend's game at (address[:port])", ""), self.join_address_chosen)

    def leave_online(self) -> None:
        """Hang up the match; this keyboard's moves are played here again."""
        if self.online is not None:
            self.run_worker(self.online.close(), group="online-close", exit_on_error=False)
        self.online, self.online_status, self.online_banner = None, "", ""
        self.seats = self.local_seats

    def action_new_code(self) -> None:
        """Host: retire the join code and show a new one (a friend already playing stays)."""
        refusal = self.online.new_code() if self.online is not None else "Not hosting a game"
        if refusal:
            self.notice = refusal

    def ask_join_code(self, plan: JoinPlan, question: str) -> None:
        """Ask for the join code, then join with it (Esc: stay where we are)."""
        from .screens import PathPrompt

        self.app.push_screen(
            PathPrompt(question, ""), lambda code: self.go_online(replace(plan, code=code)) if code else None
        )

    def _post(self, message: FriendMoved | FriendSaid) -> None:
        self.post_message(message)

    def join_address_chosen(self, address: str | None) -> None:
        from ..net import JoinPlan
        from ..net.address import split_address

        if not address:
            return
        try:
            host, port = split_address(address)
        except ValueError as error:
            self.notice = f"Cannot join {address}: {error}"
            return
        self.go_online(JoinPlan(host, port))

    def online_request(self, request: Coroutine[Any, Any, str | None]) -> None:
        """Send a move or rematch to the match at once (a task, not a worker: this is on the
        critical path of every online move); say why it was refused, if it was."""

        async def send() -> None:
            refusal = await request
            if refusal:
                self.notice = refusal

        task = asyncio.create_task(send())
        self._online_requests.add(task)  # held until done (the loop keeps only weak references)
        task.add_done_callback(self._online_requests.discard)

    def on_friend_moved(self, message: FriendMoved) -> None:
        """Show the match's new state, its scores, and its game and board in the sidebar; a game
        that ends here is archived once."""
        game, previous = message.state, self.game
        ended_before = previous.table is game.table and previous.number == game.number and previous.board.is_over
        board = game.board
        played = Preset(board.rows, board.cols, board.k, board.rules.name)
        if self.settings.preset != played:  # the host's choice, on both sides
            self.settings = replace(self.settings, preset=played)
        self.scores = message.scores
        self.game = game
        if game.number != previous.number:  # (watch_game centres it on a new board)
            self.cursor = self._centre()
        if game.board.is_over and not ended_before:
            self.game_finished(game)

    def on_friend_said(self, message: FriendSaid) -> None:
        """Show news of the match (it replaces an older notice); a guest turned away for a wrong
        code is asked for the code again."""
        self.notice = ""
        self.online_banner, self.online_status = message.banner, message.text
        from ..net import JoinPlan

        link = self.online
        if link is not None and link.refused and isinstance(link.plan, JoinPlan):
            link.refused = ""
            self.ask_join_code(link.plan, f"{message.text}. Type the code again (three words), or Esc")

    # -- saving and loading --------------------------------------------------------------------

    def _saved_games(self) -> Path:
        """The saved-games folder, made on first use (a typed path may point anywhere else)."""
        folder = self.host.saved_games
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.notify(f"Cannot make {folder}: {error.strerror or error}", title="Saved games", severity="warning")
        return folder

    def _in_saved_games(self, path: str) -> Path:
        """A typed path: a plain name goes in the saved-games folder."""
        return self.host.saved_games / Path(path).expanduser()

    def action_save_game(self) -> None:
        """Ask for a file (in the saved-games folder unless a path says otherwise) and write the game to it."""
        from .screens import SavedGamePrompt

        prompt = SavedGamePrompt("Save game as", self._saved_games(), time.strftime("tictactoe-%Y%m%d-%H%M%S.ttt"))
        self.app.push_screen(prompt, self.save_game)

    def save_game(self, path: str | None) -> None:
        """Write the game (its moves so far) to ``path``."""
        if path is None:
            return
        try:
            game = self.game
            seating = savefile.Seating(game.seats(), (game.symbol(Mark.X), game.symbol(Mark.O)))
            savefile.save(self._in_saved_games(path), game.board, seating)
        except savefile.SaveFileError as error:
            self.notify(str(error), title="Not saved", severity="error")
            return
        self.notice = f"Saved to {path}"

    def action_load_game(self) -> None:
        """Ask for a file and resume the game in it."""
        from .screens import SavedGamePrompt

        self.app.push_screen(SavedGamePrompt("Load game from", self._saved_games()), self.load_game)

    def load_game(self, path: str | None) -> None:
        """Resume the game saved in ``path``, or say why it cannot be loaded."""
        if path is None:
            return
        try:
            saved = savefile.read_game(self._in_saved_games(path))
        except savefile.SaveFileError as error:
            self.notify(str(error), title="Cannot load the game", severity="error", timeout=10)
            return
        self.new_game(resumed(self.settings, saved, self.game.number + 1))
        self.notice = f"Loaded {path}"

    # -- hints and the analysis overlay --------------------------------------------------------

    def action_hint(self) -> None:
        """Show the best move for the side to move, with its value."""
        if self.game.board.is_over:
            self.notice = "The game is over: no hint"
            return
        self.notice = "Looking for the best move…"
        self.request_analysis(for_hint=True)

    def action_toggle_overlay(self) -> None:
        """Show or hide every free square's exact value."""
        self.overlay = not self.overlay
        if self.overlay:
            self.request_analysis()
        else:
            self.analysis = None
            self.notice = ""

    def request_analysis(self, for_hint: bool = False) -> None:
        """Solve the position shown, in a worker; the answer is dropped if the game moved on."""
        state = self.game
        if state.board.is_over:
            return
        self._analysis_cancel.set()
        cancel = self._analysis_cancel = threading.Event()
        self._wanted_analysis = state
        self._hint_wanted = for_hint or self._hint_wanted
        work = partial(self._analyze, state, cancel, self._hint_wanted)
        self.run_worker(work, name="analysis", group="analysis", thread=True, exclusive=True)

    def _analyze(self, state: GameState, cancel: threading.Event, for_hint: bool) -> None:
        """Run in a worker thread: analyse ``state``, then post the answer. A hint the solver
        cannot give in time comes from the strongest search instead, as an estimate."""
        seconds = analysis_seconds(state.board)
        try:
            result = self.host.searcher.analyze(state, seconds, cancel)
            estimate = None
            if for_hint and not result.analysis.complete and not cancel.is_set():
                job = AiJob(state, "impossible", self.host.rng.getrandbits(64), seconds)
                estimate = self.host.searcher(job, cancel).decision.move
        except Exception as error:  # the status says so; the game goes on
            self.post_message(AnalysisFailed(error))
            return
        self.post_message(AnalysisReady(result, estimate))

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        self.notice = f"The analysis failed: {message.error}"

    def on_analysis_ready(self, message: AnalysisReady) -> None:
        """Apply an analysis if it is still about the position shown."""
        result: AnalysisResult = message.result
        if result.state is not self.game or result.state is not self._wanted_analysis:
            return
        analysis = result.analysis
        hint_wanted, self._hint_wanted = self._hint_wanted, False
        if not analysis.complete and hint_wanted and message.estimate is not None:
            self.hint = message.estimate
            mover = self.game.symbol(self.game.board.to_move)
            self.notice = (
                f"Hint for {mover}: {move_name(message.estimate)} (an estimate from the computer's search:"
                " too big to solve exactly yet)"
            )
            return
        if not analysis.complete:
            self.notice = (
                f"Too big to solve within {analysis_seconds(self.game.board):g} s "
                f"({len(analysis.moves)} of {len(self.game.board.legal_moves())} squares solved): no values shown"
            )
            return
        if self.overlay:
            self.analysis = analysis
        if hint_wanted:
            best = analysis.best_moves[0]
            self.hint = best.move
            mover = self.game.symbol(self.game.board.to_move)
            source = ", from the opening book" if analysis.source == "book" else ""
            self.notice = f"Hint for {mover}: {move_name(best.move)} ({overlay_label(best)}{source})"

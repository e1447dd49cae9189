"""The Textual app: owns the game state and the workers; widgets render what it holds."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Coroutine, Iterable, Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from ..engine import Analysis, Board, Move, move_name, strategy_names
from ..engine.games import game_of
from ..engine.rules import RULES
from ..game import AiMove, FirstPlayer, GameState, Mode, Preset, Scoreboard, Settings, presets_for
from ..store import savefile
from ..store.files import Paths, update_json
from ..store.settings import DEFAULT_THEME, load_settings, settings_to_json
from .ai import AiJob, AiResult, AnalysisResult, ProcessSearcher, Searcher, analysis_seconds
from .board_view import BoardView, overlay_label
from .status import StatusLine
from .themes import THEMES

if TYPE_CHECKING:  # loaded when first used: the first frame needs only the board and status
    from textual.widgets import Select

    from ..net import HostPlan, JoinPlan
    from ..store.archive import Archive
    from .online import OnlineLink
    from .sidebar import HistoryList

#: Actions on the game being played, offered only while its screen is showing.
GAME_ACTIONS = frozenset(
    ("new_game", "undo", "redo", "hint", "toggle_overlay", "toggle_pause", "stats", "archive", "save_game", "load_game")
)
#: Pause between moves in computer-vs-computer games, so people can follow them.
WATCH_DELAY = 0.6


class TicTacToeApp(App[None]):
    """Tic-tac-toe: the board, the sidebar, the status line and the computer player."""

    CSS_PATH = "tictactoe.tcss"
    TITLE = "tictactoe-tui"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo", show=False),
        Binding("i", "hint", "Hint"),
        Binding("a", "toggle_overlay", "Analysis", show=False),
        Binding("p", "toggle_pause", "Pause"),
        Binding("s", "stats", "Statistics", show=False),
        Binding("g", "archive", "Games", show=False),
        Binding("ctrl+s", "save_game", "Save game", show=False),
        Binding("ctrl+o", "load_game", "Load game", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    # The app's state. The app draws nothing itself (its widgets do), so a change must not
    # repaint the whole screen: repaint=False everywhere.
    game: reactive[GameState] = reactive(GameState.start(Settings(), random.Random(0)), init=False, repaint=False)
    settings: reactive[Settings] = reactive(Settings, init=False, repaint=False)
    cursor: reactive[Move] = reactive((1, 1), init=False, repaint=False)
    thinking: reactive[bool] = reactive(False, init=False, repaint=False)
    paused: reactive[bool] = reactive(False, init=False, repaint=False)
    notice: reactive[str] = reactive("", init=False, repaint=False)
    online_status: reactive[str] = reactive("", init=False, repaint=False)
    """Where an online match stands: the address and code, whether the friend is there."""
    scores: reactive[Scoreboard] = reactive(Scoreboard, init=False, repaint=False)
    overlay: reactive[bool] = reactive(False, init=False, repaint=False)
    analysis: reactive[Analysis | None] = reactive(None, init=False, repaint=False)
    """The overlay's values for the position shown (None when off or not yet known)."""
    hint: reactive[Move | None] = reactive(None, init=False, repaint=False)

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        paths: Paths | None = None,
        load: Board | None = None,
        online: HostPlan | JoinPlan | None = None,
        overrides: Mapping[str, Any] | None = None,
        searcher: Searcher | None = None,
        seed: int | None = None,
        watch_delay: float = WATCH_DELAY,
    ) -> None:
        """``paths``: where settings and statistics persist (None: nothing is saved).
        ``load``: a game to resume. ``online``: host or join a match against a friend.
        ``overrides``: settings chosen on the command line.
        By default the computer searches in a child process. Without ``paths`` the game
        archive lives in memory."""
        super().__init__()
        self.rng = random.Random(seed)
        self.searcher: Searcher = searcher or ProcessSearcher()
        self.paths = paths
        self.watch_delay = watch_delay
        self._job: AiJob | None = None
        self._cancel = threading.Event()
        self._analysis_cancel = threading.Event()
        self._wanted_analysis: GameState | None = None
        self._hint_wanted = False
        self.problems: list[str] = []
        stored, theme = Settings(), DEFAULT_THEME
        if paths is not None:  # settings as on disk: only what this copy changes is written back
            stored, theme, problem = load_settings(paths, strategy_names())
            self.problems += [problem] if problem else []
        self._archive: Archive | None = None
        for custom in THEMES:
            self.register_theme(custom)
        self.theme = theme if theme in self.available_themes else DEFAULT_THEME
        chosen = replace(settings or stored, **(overrides or {}))
        if online is not None:
            from ..net import HostPlan

            chosen = replace(chosen, mode=Mode.ONLINE_HOST if isinstance(online, HostPlan) else Mode.ONLINE_JOIN)
        elif chosen.mode.online:  # a match starts from the command line, or with n after choosing it
            chosen = replace(chosen, mode=Mode.VS_COMPUTER)
        self.set_reactive(TicTacToeApp.settings, chosen)
        self.online: OnlineLink | None = None
        self._online_plan = online
        self._online_requests: set[asyncio.Task[None]] = set()
        first = GameState.start(self.settings, self.rng) if load is None else GameState.resume(self.settings, load)
        self.set_reactive(TicTacToeApp.game, first)
        self.set_reactive(TicTacToeApp.cursor, self._centre())
        self._saved_settings = settings_to_json(stored, theme)
        """The settings file as this copy last read or wrote it: only what differs is written."""

    def compose(self) -> ComposeResult:
        with Vertical(id="play"):
            board = self.game.board
            yield BoardView((board.rows, board.cols, board.rules.block_size)).data_bind(
                TicTacToeApp.game,
                TicTacToeApp.cursor,
                TicTacToeApp.thinking,
                TicTacToeApp.analysis,
                TicTacToeApp.hint,
            )
            yield StatusLine(id="status").data_bind(
                TicTacToeApp.game,
                TicTacToeApp.thinking,
                TicTacToeApp.paused,
                TicTacToeApp.notice,
                TicTacToeApp.online_status,
            )
        yield Vertical(id="side")  # the sidebar and the footer go in after the first frame: see on_mount

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()
        # The board and status make the first frame; the sidebar (a few dozen widgets) and
        # the search process follow straight after it, so the game shows sooner.
        self.call_after_refresh(self.after_first_frame)
        for problem in self.problems:
            self.notify(problem, title="Problem with saved data", severity="warning", timeout=12)
        if self._online_plan is not None:
            self.go_online(self._online_plan)
        self.start_ai()

    @property
    def archive(self) -> Archive:
        """The game archive, opened on first use (in memory without ``paths``)."""
        if self._archive is None:
            from ..store.archive import Archive

            self._archive = Archive(None) if self.paths is None else Archive.open(self.paths)
        return self._archive

    def after_first_frame(self) -> None:
        """Open the archive, mount the sidebar and the footer, and start the search process (off
        the event loop; a failure shows on the first search)."""
        for problem in self.archive.problems:
            self.notify(problem, title="Problem with saved data", severity="warning", timeout=12)
        from textual.widgets import Footer

        from .sidebar import Sidebar

        self.screen.mount(Footer())
        self.call_after_refresh(self.refresh_bindings)  # the footer lists the keys in force from now
        sidebar = Sidebar(self.settings, id="sidebar")
        self.query_one("#side").mount(sidebar.data_bind(TicTacToeApp.settings, TicTacToeApp.game, TicTacToeApp.scores))
        if isinstance(self.searcher, ProcessSearcher):
            self.searcher.prepare()
            self.run_worker(self.searcher.process.start, thread=True, group="startup", exit_on_error=False)

    async def on_unmount(self) -> None:
        self.cancel_ai()  # a search in progress stops when the app quits
        self._analysis_cancel.set()
        self.searcher.close()
        if self._archive is not None:
            self._archive.close()
        if self.online is not None:
            await self.online.close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys work on the game's screen only (not under the archive or a dialog);
        pause only in computer-vs-computer games."""
        if action in GAME_ACTIONS and len(self.screen_stack) > 1:
            return False
        if action == "toggle_pause":
            return self.game.mode is Mode.COMPUTER_VS_COMPUTER
        return True

    def watch_game(self, old: GameState, new: GameState) -> None:
        if old.mode is not new.mode:
            self.refresh_bindings()
        if new.board.geometry is old.board.geometry:
            self.cursor = self.playable_near(new.board, self.cursor)
        else:  # another board: the old cursor may lie off it
            self.cursor = self._centre()
        self.hint = None
        self.analysis = None
        self._hint_wanted = False
        if self.overlay:
            self.request_analysis()

    # -- the human's moves ---------------------------------------------------------------

    def action_move_cursor(self, rows: int, cols: int) -> None:
        """Move the cursor, staying on the board (in Gravity, on the square a mark would land)."""
        board = self.game.board
        row, col = self.cursor
        moved = (min(max(row + rows, 0), board.rows - 1), min(max(col + cols, 0), board.cols - 1))
        self.cursor = game_of(board).presentation.aim(board, moved)

    def action_place_at_cursor(self) -> None:
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
        """Play ``move`` for the human, or say briefly why not."""
        refusal = self.refusal(move)
        if refusal:
            self.notice = refusal
            return
        self.notice = ""
        if self.online is not None and self.game.mode.online:
            self.online_request(self.online.play(move))
            return
        self.advance(self.game.play(move))
        self.start_ai()

    def advance(self, game: GameState) -> None:
        """Show a position reached by playing a move; a game that ends here is counted."""
        self.game = game
        if game.board.is_over:
            self.game_finished(game)

    def refusal(self, move: Move) -> str | None:
        """Why the human may not play ``move`` now, or None."""
        game = self.game
        if game.board.is_over:
            return "The game is over: press n to play again"
        if game.mode is Mode.COMPUTER_VS_COMPUTER:
            return "The computers are playing: press p to pause, n to restart"
        if game.computer_to_move:
            return "Wait: it is the computer's turn"
        if game.board.to_move in game.remote:
            return "Wait: it is your friend's turn"
        if game.mode.online and not game.remote:
            return "Waiting for your friend to join"
        board = game.board
        cell = board.index(move)
        return None if board.legal_bits >> cell & 1 else board.rules.refusal(board, cell)

    @staticmethod
    def playable_near(board: Board, cursor: Move) -> Move:
        """Where the cursor goes after a move: where it was, but in games that limit the squares
        (Gravity, Ultimate) the nearest square the side to move may play."""
        legal = board.legal_bits
        if not legal or legal == board.empty_bits:
            return cursor
        aimed = game_of(board).presentation.aim(board, cursor)
        row, col = aimed
        return min(board.legal_moves(), key=lambda move: (abs(move[0] - row) + abs(move[1] - col), move))

    # -- undo, redo and time travel ------------------------------------------------------

    def action_undo(self) -> None:
        """Take back your last move (and the computer's reply)."""
        if self.game.mode.online:
            self.notice = "Moves cannot be taken back in an online game"
            return
        target = self.game.undo_target()
        if target is None:
            self.notice = "Nothing to undo"
            return
        self.travel(target, "Undone")

    def action_redo(self) -> None:
        """Play again what was undone."""
        if self.game.mode.online:
            self.notice = "Moves cannot be taken back in an online game"
            return
        target = self.game.redo_target()
        if target is None:
            self.notice = "Nothing to redo"
            return
        self.travel(target, "Redone")

    def on_history_list_jump(self, event: HistoryList.Jump) -> None:
        if self.game.mode.online:
            self.notice = "Moves cannot be taken back in an online game"
        elif event.ply != self.game.ply:
            self.travel(event.ply, f"Back to move {event.ply}" if event.ply else "Back to the start")

    def travel(self, ply: int, what: str) -> None:
        """Show the game after ``ply`` moves; a search in progress is cancelled and dropped."""
        self.cancel_ai()
        if self.game.mode is Mode.COMPUTER_VS_COMPUTER:
            self.paused = True
        self.game = self.game.at_ply(ply)
        self.notice = f"{what}: play on from here" if ply < len(self.game.line) else what
        self.start_ai()

    # -- games, scores and settings ------------------------------------------------------

    def action_new_game(self) -> None:
        """Start a new game with the current settings (cancels any running search). Online, a
        rematch once the game is over; choosing an online mode starts hosting or joining."""
        mode = self.settings.mode
        if self.online is not None and mode is self.online.mode:
            self.online_request(self.online.rematch())
            return
        if self.online is not None:
            self.run_worker(self.online.close(), group="online-close", exit_on_error=False)
            self.online, self.online_status = None, ""
        from ..net import HostPlan
        from .screens import PathPrompt

        if mode is Mode.ONLINE_HOST:
            self.go_online(HostPlan())
        elif mode is Mode.ONLINE_JOIN:
            self.push_screen(PathPrompt("Join a friend's game at (address[:port])", ""), self.join_address_chosen)
        else:
            self.new_game(GameState.start(self.settings, self.rng, number=self.game.number + 1))

    def new_game(self, game: GameState) -> None:
        """Replace the game; searches for the old one are cancelled and their results dropped."""
        self.cancel_ai()
        self.notice = ""
        self.paused = False
        self.game = game
        self.cursor = self._centre()
        self.start_ai()

    # -- online play --------------------------------------------------------------------

    def go_online(self, plan: HostPlan | JoinPlan) -> None:
        """Host a match or join one (asking for the code when the plan has none)."""
        from ..net import JoinPlan
        from ..net.match import Match
        from .online import OnlineLink
        from .screens import PathPrompt

        if isinstance(plan, JoinPlan) and not plan.code:
            self.push_screen(
                PathPrompt(f"Join code for {plan.host}:{plan.port} (three words)", ""),
                lambda code: self.go_online(replace(plan, code=code)) if code else None,
            )
            return
        preset = self.settings.preset
        link = OnlineLink(
            plan, Match(preset.rows, preset.cols, preset.k, game=preset.game), self.show_online, self.say_online
        )
        self.online = link
        self.new_game(GameState.start(self.settings, self.rng, number=self.game.number + 1))
        self.run_worker(link.run(), name="online", group="online", exclusive=True, exit_on_error=False)

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

    def show_online(self, game: GameState) -> None:
        """Show the match's new state; a game that ends here is counted once."""
        previous = self.game
        ended_before = previous.mode is game.mode and previous.number == game.number and previous.board.is_over
        self.game = game
        if game.number != previous.number:  # (watch_game centres it on a new board)
            self.cursor = self._centre()
        if game.board.is_over and not ended_before:
            self.game_finished(game)

    def say_online(self, text: str) -> None:
        """Show news of the match (it replaces an older notice)."""
        self.notice = ""
        self.online_status = text

    def game_finished(self, game: GameState) -> None:
        """Count a game that just ended in the session's scores, and keep it in the archive
        (written by a worker: another copy of the app may hold the database for a moment)."""
        self.scores = self.scores.count(game)
        from ..store.archive import GameRecord

        record = partial(self.archive.record, GameRecord.of(game, self.settings.level))
        self.run_worker(record, name="archive", group="archive", thread=True, exit_on_error=False)

    def on_sidebar_reset_scores(self) -> None:
        self.action_reset_scores()

    def action_reset_scores(self) -> None:
        """Set the session's scores back to zero (statistics are kept)."""
        self.scores = Scoreboard()
        self.notice = "Scores reset"

    def action_toggle_pause(self) -> None:
        """Pause or resume computer-vs-computer play."""
        self.paused = not self.paused
        if self.paused:
            self.cancel_ai()
        else:
            self.start_ai()

    def action_help(self) -> None:
        """Show every key."""
        bindings = [*self.BINDINGS, *BoardView.BINDINGS]
        from .help import HelpScreen

        self.push_screen(HelpScreen([b for b in bindings if isinstance(b, Binding)]))

    def action_stats(self) -> None:
        """Show the lasting statistics."""
        from ..store.archive import ArchiveError

        try:
            statistics = self.archive.statistics()
        except ArchiveError as error:
            self.notify(str(error), title="No statistics", severity="error")
            return
        from .screens import StatsScreen

        self.push_screen(StatsScreen(statistics))

    def action_archive(self) -> None:
        """Browse the finished games; replaying one may end in playing on from it."""
        from .archive import ArchiveScreen

        self.push_screen(ArchiveScreen(self.archive, self.searcher.analyze), self.play_on)

    def play_on(self, board: Board | None) -> None:
        """Continue an archived game from ``board`` as a new game (None: nothing to do)."""
        if board is None:
            return
        self.new_game(GameState.resume(self.settings, board, number=self.game.number + 1))
        self.notice = f"Playing on from the archive after {board.move_count} moves"

    def change_setting(self, field: str, value: Any) -> None:
        """Change one setting: the level at once, the others from the next game."""
        if getattr(self.settings, field) == value:
            return
        if field == "game":  # the game comes with its board: the same size where it has one
            self.settings = self.settings.with_game(value)
        else:
            self.settings = replace(self.settings, **{field: value})
        if field == "level":
            self.notice = f"Computer level: {value}"
            if self.thinking:
                self.cancel_ai()
                self.start_ai()
        else:
            self.notice = "Applies from the next game: press n to start it now"

    def watch_settings(self) -> None:
        self.save_settings()

    def watch_theme(self) -> None:
        self.save_settings()

    def save_settings(self) -> None:
        """Write the settings (and theme) this copy changed, leaving alone what another copy
        of the app may have changed in the file since."""
        if self.paths is None or not self.is_running:
            return
        current = settings_to_json(self.settings, self.theme)
        changed = {key: value for key, value in current.items() if self._saved_settings.get(key) != value}
        if changed:
            self._saved_settings = current
            self.report(update_json(self.paths.settings, changed))

    def report(self, problem: str | None) -> None:
        """Show a storage problem, if any."""
        if problem:
            self.notify(problem, title="Not saved", severity="warning", timeout=10)

    def on_select_changed(self, event: Select.Changed) -> None:
        from textual.widgets import Select

        from .screens import CustomBoardScreen
        from .sidebar import CUSTOM

        if event.select.id is None or event.value is Select.NULL:
            return
        if event.value == CUSTOM:
            self.push_screen(CustomBoardScreen(self.settings.preset), self.custom_board_chosen)
            return
        self.change_setting(event.select.id, event.value)

    def custom_board_chosen(self, preset: Preset | None) -> None:
        """Use a custom board from the next game (or put the select back if cancelled)."""
        if preset is None:
            self.mutate_reactive(TicTacToeApp.settings)  # the sidebar shows the board in use again
            return
        self.change_setting("preset", preset)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Start a new game now", self.action_new_game)
        yield SystemCommand("Undo", "Take back your last move", self.action_undo)
        yield SystemCommand("Redo", "Play again what was undone", self.action_redo)
        yield SystemCommand("Hint", "Show the best move", self.action_hint)
        yield SystemCommand("Analysis overlay", "Show every square's value", self.action_toggle_overlay)
        yield SystemCommand("Reset scores", "Set this session's scores to zero", self.action_reset_scores)
        yield SystemCommand("Statistics", "Results across sessions", self.action_stats)
        yield SystemCommand("Archive", "Every finished game: replay, export, delete", self.action_archive)
        yield SystemCommand("Save game", "Write this game to a file", self.action_save_game)
        yield SystemCommand("Load game", "Read a game from a file", self.action_load_game)
        from .sidebar import LEVEL_OPTIONS

        for label, name in LEVEL_OPTIONS:
            yield SystemCommand(f"AI level: {name}", label, partial(self.change_setting, "level", name))
        for name, rules in RULES.items():
            yield SystemCommand(f"Game: {rules.title}", rules.help, partial(self.change_setting, "game", name))
        for preset in presets_for(self.settings.game):
            yield SystemCommand(
                f"Board: {preset.label}", "From the next game", partial(self.change_setting, "preset", preset)
            )
        for first in FirstPlayer:
            yield SystemCommand(
                f"Who goes first: {first}", "From the next game", partial(self.change_setting, "first", first)
            )
        for mode in Mode:
            yield SystemCommand(f"Mode: {mode}", "From the next game", partial(self.change_setting, "mode", mode))

    # -- saving and loading --------------------------------------------------------------

    def action_save_game(self) -> None:
        """Ask for a file and write the game to it."""
        suggestion = str(Path.cwd() / time.strftime("tictactoe-%Y%m%d-%H%M%S.ttt"))
        from .screens import PathPrompt

        self.push_screen(PathPrompt("Save game as", suggestion), self.save_game)

    def save_game(self, path: str | None) -> None:
        """Write the game (its moves so far) to ``path``."""
        if path is None:
            return
        try:
            savefile.save(Path(path).expanduser(), self.game.board)
        except savefile.SaveFileError as error:
            self.notify(str(error), title="Not saved", severity="error")
            return
        self.notice = f"Saved to {path}"

    def action_load_game(self) -> None:
        """Ask for a file and resume the game in it."""
        from .screens import PathPrompt

        self.push_screen(PathPrompt("Load game from", str(Path.cwd()) + "/"), self.load_game)

    def load_game(self, path: str | None) -> None:
        """Resume the game saved in ``path``, or say why it cannot be loaded."""
        if path is None:
            return
        try:
            board = savefile.load(Path(path).expanduser())
        except savefile.SaveFileError as error:
            self.notify(str(error), title="Cannot load the game", severity="error", timeout=10)
            return
        self.new_game(GameState.resume(self.settings, board, number=self.game.number + 1))
        self.notice = f"Loaded {path}"

    # -- hints and the analysis overlay --------------------------------------------------

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
        self._analysis_cancel = threading.Event()
        self._wanted_analysis = state
        self._hint_wanted = for_hint or self._hint_wanted
        work = partial(self.searcher.analyze, state, analysis_seconds(state.board), self._analysis_cancel)
        self.run_worker(work, name="analysis", group="analysis", thread=True, exclusive=True, exit_on_error=False)

    def show_analysis(self, result: AnalysisResult) -> None:
        """Apply an analysis if it is still about the position shown."""
        if result.state is not self.game or result.state is not self._wanted_analysis:
            return
        analysis = result.analysis
        hint_wanted, self._hint_wanted = self._hint_wanted, False
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

    # -- the computer's moves ------------------------------------------------------------

    def start_ai(self) -> None:
        """Ask the worker for the computer's move if it is the computer's turn."""
        game = self.game
        if not game.computer_to_move or self.paused:
            return
        if self._job is not None and self._job.state is game and self._job.level == self.settings.level:
            return  # already thinking about exactly this
        self.cancel_ai()
        seconds = self.settings.think_seconds
        job = self._job = AiJob(game, self.settings.level, self.rng.getrandbits(64), seconds)
        self._cancel = threading.Event()
        work = partial(self.searcher, job, self._cancel)
        self.thinking = True
        self.run_worker(work, name="ai", group="ai", thread=True, exclusive=True, exit_on_error=False)

    def cancel_ai(self) -> None:
        """Stop the running search; whatever it returns will be dropped."""
        self._cancel.set()
        self._job = None
        self.thinking = False

    @on(Worker.StateChanged)
    def worker_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if event.state is WorkerState.SUCCESS:
            if isinstance(worker.result, AiResult):
                self.apply_ai(worker.result)
            elif isinstance(worker.result, AnalysisResult):
                self.show_analysis(worker.result)
            elif worker.group == "archive":
                self.report(worker.result)
        elif event.state is WorkerState.ERROR:
            if worker.group == "ai" and self._job is not None:
                self._job = None
                self.thinking = False
                self.notice = f"The computer player failed: {worker.error}. Press n for a new game."
            elif worker.group == "analysis":
                self.notice = f"The analysis failed: {worker.error}"

    def apply_ai(self, result: AiResult) -> None:
        """Play the computer's move, unless the game moved on since it was asked (then drop it)."""
        job = result.job
        if job is not self._job or job.state is not self.game:
            return
        self._job = None
        self.thinking = False
        board = self.game.board
        ai = AiMove(self.game.symbol(board.to_move), result.decision.move, result.seconds, result.decision)
        self.advance(self.game.play(result.decision.move, ai))
        if self.game.computer_to_move:
            if self.watch_delay:
                self.set_timer(self.watch_delay, self.start_ai)
            else:
                self.call_later(self.start_ai)

    def _centre(self) -> Move:
        """The centre square (in Gravity, where a mark in the centre column lands)."""
        board = self.game.board
        return self.playable_near(board, ((board.rows - 1) // 2, (board.cols - 1) // 2))


def run_app(
    load: Board | None = None, online: HostPlan | JoinPlan | None = None, choices: Mapping[str, Any] | None = None
) -> int:
    """Run the game with the user's settings (``choices`` override them, e.g.
    ``{"preset": Preset(15, 15, 5)}``), hosting or joining a match if asked; returns the exit status."""
    TicTacToeApp(paths=Paths.default(), load=load, online=online, overrides=choices).run()
    return 0

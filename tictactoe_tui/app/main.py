"""The Textual app: owns the game state and the AI worker; widgets render what it holds."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from typing import Any, ClassVar

from textual import on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Select
from textual.worker import Worker, WorkerState

from ..engine import Move, move_name
from ..game import PRESETS, AiMove, FirstPlayer, GameState, Mode, Settings
from .ai import AiJob, AiResult, ProcessSearcher, Searcher
from .board_view import BoardView
from .help import HelpScreen
from .sidebar import LEVEL_OPTIONS, Sidebar
from .status import StatusLine

#: Seconds the computer may think per move.
THINK_SECONDS = 1.0
#: Pause between moves in computer-vs-computer games, so people can follow them.
WATCH_DELAY = 0.6


class TicTacToeApp(App[None]):
    """Tic-tac-toe: the board, the sidebar, the status line and the computer player."""

    CSS_PATH = "tictactoe.tcss"
    TITLE = "tictactoe-tui"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("p", "toggle_pause", "Pause"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    game: reactive[GameState] = reactive(GameState.start(Settings(), random.Random(0)), init=False)
    settings: reactive[Settings] = reactive(Settings, init=False)
    cursor: reactive[Move] = reactive((1, 1), init=False)
    thinking: reactive[bool] = reactive(False, init=False)
    paused: reactive[bool] = reactive(False, init=False)
    notice: reactive[str] = reactive("", init=False)

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        searcher: Searcher | None = None,
        seed: int | None = None,
        think_seconds: float = THINK_SECONDS,
        watch_delay: float = WATCH_DELAY,
    ) -> None:
        """By default the computer searches in a child process (see :class:`ProcessSearcher`)."""
        super().__init__()
        self.rng = random.Random(seed)
        self.searcher: Searcher = searcher or ProcessSearcher()
        self.think_seconds = think_seconds
        self.watch_delay = watch_delay
        self._job: AiJob | None = None
        self._cancel = threading.Event()
        self.set_reactive(TicTacToeApp.settings, settings or Settings())
        self.set_reactive(TicTacToeApp.game, GameState.start(self.settings, self.rng))
        self.set_reactive(TicTacToeApp.cursor, self._centre())

    def compose(self) -> ComposeResult:
        with Vertical(id="play"):
            board = self.game.board
            yield BoardView((board.rows, board.cols)).data_bind(
                TicTacToeApp.game, TicTacToeApp.cursor, TicTacToeApp.thinking
            )
            yield StatusLine(id="status").data_bind(
                TicTacToeApp.game, TicTacToeApp.thinking, TicTacToeApp.paused, TicTacToeApp.notice
            )
        yield Sidebar(self.settings, id="sidebar").data_bind(TicTacToeApp.settings)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()
        if isinstance(self.searcher, ProcessSearcher):
            # Start the child early, off the event loop; a failure shows on the first search.
            self.run_worker(self.searcher.process.start, thread=True, group="startup", exit_on_error=False)
        self.start_ai()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer pause only in computer-vs-computer games."""
        if action == "toggle_pause":
            return self.game.mode is Mode.COMPUTER_VS_COMPUTER
        return True

    def watch_game(self, old: GameState, new: GameState) -> None:
        if old.mode is not new.mode:
            self.refresh_bindings()

    def on_unmount(self) -> None:
        self.cancel_ai()  # a search in progress stops when the app quits
        self.searcher.close()

    # -- the human's moves ---------------------------------------------------------------

    def action_move_cursor(self, rows: int, cols: int) -> None:
        """Move the cursor, staying on the board."""
        board = self.game.board
        row, col = self.cursor
        self.cursor = (min(max(row + rows, 0), board.rows - 1), min(max(col + cols, 0), board.cols - 1))

    def action_place_at_cursor(self) -> None:
        """Place a mark under the cursor."""
        self.place(self.cursor)

    def action_place_number(self, digit: int) -> None:
        """Place a mark on the square a number key names (3×3 only)."""
        if (self.game.board.rows, self.game.board.cols) != (3, 3):
            self.notice = "Number keys work on the 3×3 board; use the arrows and Enter"
            return
        move = self.settings.layout.square(digit)
        self.cursor = move
        self.place(move)

    @on(BoardView.CellClicked)
    def cell_clicked(self, event: BoardView.CellClicked) -> None:
        self.cursor = event.move
        self.place(event.move)

    def place(self, move: Move) -> None:
        """Play ``move`` for the human, or say briefly why not."""
        refusal = self.refusal(move)
        if refusal:
            self.notice = refusal
            return
        self.notice = ""
        self.game = self.game.play(move)
        self.start_ai()

    def refusal(self, move: Move) -> str | None:
        """Why the human may not play ``move`` now, or None."""
        game = self.game
        if game.board.is_over:
            return "The game is over: press n to play again"
        if game.mode is Mode.COMPUTER_VS_COMPUTER:
            return "The computers are playing: press p to pause, n to restart"
        if game.computer_to_move:
            return "Wait: it is the computer's turn"
        if game.board.at(move) is not None:
            return f"{move_name(move)} is taken"
        return None

    # -- games and settings --------------------------------------------------------------

    def action_new_game(self) -> None:
        """Start a new game with the current settings (cancels any running search)."""
        self.cancel_ai()
        self.notice = ""
        self.paused = False
        self.game = GameState.start(self.settings, self.rng, number=self.game.number + 1)
        self.cursor = self._centre()
        self.start_ai()

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
        self.push_screen(HelpScreen([b for b in bindings if isinstance(b, Binding)]))

    def change_setting(self, field: str, value: Any) -> None:
        """Change one setting: the level at once, the others from the next game."""
        if getattr(self.settings, field) == value:
            return
        self.settings = replace(self.settings, **{field: value})
        if field == "level":
            self.notice = f"Computer level: {value}"
            if self.thinking:
                self.cancel_ai()
                self.start_ai()
        else:
            self.notice = "Applies from the next game: press n to start it now"

    @on(Select.Changed)
    def setting_selected(self, event: Select.Changed) -> None:
        if event.select.id is not None and event.value is not Select.NULL:
            self.change_setting(event.select.id, event.value)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Start a new game now", self.action_new_game)
        for label, name in LEVEL_OPTIONS:
            yield SystemCommand(f"AI level: {name}", label, partial(self.change_setting, "level", name))
        for preset in PRESETS:
            yield SystemCommand(
                f"Board: {preset.label}", "From the next game", partial(self.change_setting, "preset", preset)
            )
        for first in FirstPlayer:
            yield SystemCommand(
                f"Who goes first: {first}", "From the next game", partial(self.change_setting, "first", first)
            )
        for mode in Mode:
            yield SystemCommand(
                f"Mode: {mode}", "From the next game", partial(self.change_setting, "mode", mode)
            )

    # -- the computer's moves ------------------------------------------------------------

    def start_ai(self) -> None:
        """Ask the worker for the computer's move if it is the computer's turn."""
        game = self.game
        if not game.computer_to_move or self.paused:
            return
        if self._job is not None and self._job.state is game and self._job.level == self.settings.level:
            return  # already thinking about exactly this
        self.cancel_ai()
        job = self._job = AiJob(game, self.settings.level, self.rng.getrandbits(64), self.think_seconds)
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
    def ai_worker_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "ai":
            return
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, AiResult):
            self.apply_ai(worker.result)
        elif event.state is WorkerState.ERROR and self._job is not None:
            self._job = None
            self.thinking = False
            self.notice = f"The computer player failed: {worker.error!r}. Press n for a new game."

    def apply_ai(self, result: AiResult) -> None:
        """Play the computer's move, unless the game moved on since it was asked (then drop it)."""
        job = result.job
        if job is not self._job or job.state is not self.game:
            return
        self._job = None
        self.thinking = False
        board = self.game.board
        ai = AiMove(self.game.symbol(board.to_move), result.decision.move, result.seconds, result.decision)
        self.game = self.game.play(result.decision.move, ai)
        if self.game.computer_to_move:
            if self.watch_delay:
                self.set_timer(self.watch_delay, self.start_ai)
            else:
                self.call_later(self.start_ai)

    def _centre(self) -> Move:
        board = self.game.board
        return ((board.rows - 1) // 2, (board.cols - 1) // 2)


def run_app() -> int:
    """Run the game in the terminal; returns the exit status."""
    TicTacToeApp().run()
    return 0

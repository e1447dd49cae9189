"""The game screen: holds the game being played and drives its seats; its widgets render it.

Every change of state goes through here: a key or click (an action), a sidebar choice (a
message), the computer's move or an analysis (messages posted by workers), a friend's move
(a message posted by the online link). Each is checked against the state it was about, so an
answer that comes too late is dropped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import Provider
from textual.containers import Vertical
from textual.events import Resize

from ..engine import Board, Move, move_name
from ..game import GameState, Preset, Scoreboard, Settings
from .aiming import BOARD_ACTIONS, BOARD_BINDINGS, DIGIT_BINDINGS, Aiming, centre, playable_near, rules_refusal
from .board_view import BoardView
from .messages import AnalysisFailed, AnalysisReady, Coached, FriendMoved, FriendSaid
from .parts import ScreenParts, game_commands
from .play import GameHost, PlayScreen
from .side import SIDEBAR_ROOM, SidebarPlace
from .status import StatusLine

if TYPE_CHECKING:  # loaded when first used: the first frame needs only the board and status
    from textual.widgets import Select

    from ..net import HostPlan, JoinPlan
    from ..store.savefile import SavedGame
    from ..table import Table
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
FINAL = "Over and counted: n new game, g replays it"

#: Why no square may be played while the board does not fit (it goes when the board fits again).
TOO_SMALL = "Make the window larger to see the whole board first"


class GameScreen(PlayScreen, Aiming):
    """The board, the status line and the sidebar, bound to the game this screen holds. Its
    parts (the coach, hints, online play, the palette's commands) load when first needed."""

    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {game_commands}
    # The game's keys work wherever the focus is on this screen (a sidebar select would
    # otherwise take letters and digits for its type-to-search): priority bindings.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game", priority=True),
        Binding("u", "undo", "Undo", priority=True),
        Binding("r", "redo", "Redo", show=False, priority=True),
        Binding("i", "hint", "Hint", priority=True),
        Binding("a", "toggle_overlay", "Analysis", show=False, priority=True),
        *DIGIT_BINDINGS,
        *BOARD_BINDINGS,  # the board's keys in their turn among these (while the board has the focus)
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
        # ? and q are the app's keys; here q is a priority binding like n and u, so that in a
        # burst ("qn" in one read) it is handled first and its question catches the keys after
        # it (? comes first so the footer lists them in the app's order)
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit", priority=True),
    ]

    def __init__(
        self, host: GameHost, settings: Settings, first: GameState, online: HostPlan | JoinPlan | None = None
    ) -> None:
        """``first``: the game to show; ``online``: host or join a match once shown."""
        super().__init__(host, settings, first)
        self._online_plan = online
        self._narrow = False
        self.parts = ScreenParts(self)
        self.side = SidebarPlace(self)
        """The coach, hints and online play, each made when first needed."""
        self.built = asyncio.Event()
        """Set once the sidebar and the footer are in (or will never be: the app quit first)."""

    def compose(self) -> ComposeResult:
        # the sidebar and the footer go in after the first frame (see on_mount); till then the
        # board's column keeps the sidebar's room
        with Vertical(id="play", classes=SIDEBAR_ROOM):
            board = self.game.board
            view = BoardView((board.rows, board.cols, board.rules.block_size))
            # on_mount focuses it: styled as focused from the start, its squares are not styled
            # a second time for it
            view.set_reactive(BoardView.has_focus, True)
            yield view.data_bind(
                GameScreen.cursor,  # before the game, whose paint would first frame the default square
                GameScreen.game,
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

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()
        # The board and status make the first frame; the sidebar (a few dozen widgets) follows
        # straight after it, so the game shows sooner.
        self.call_after_refresh(self.after_first_frame)
        if self._online_plan is not None:
            self.parts.online.go_online(self._online_plan)
        self.take_turns()

    async def after_first_frame(self) -> None:
        """Mount the sidebar and the footer (unless the app quit before its first frame)."""
        try:
            if self.is_attached:
                await self.side.build()
        finally:
            self.built.set()

    async def whole(self) -> None:
        """Wait until the sidebar is built (at most a few seconds): quitting while its parts are
        still being mounted would break them mid-way."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self.built.wait(), 3)

    @property
    def online(self) -> OnlineLink | None:
        """The match this screen plays in, if any."""
        return self.parts.link

    async def close(self) -> None:
        """Stop every search and leave the online match (the app is quitting)."""
        self.seats.stop()
        await self.parts.close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys are off while a dialog covers the screen; pause only in
        computer-vs-computer games."""
        if action in GAME_ACTIONS and self.app.screen is not self:
            return False
        if action in BOARD_ACTIONS:  # else the key goes to the focused control
            return self.app.screen is self and isinstance(self.focused, BoardView)
        if action == "toggle_pause":
            return self.game.table.watch_only(self.game)
        if action == "new_code":
            return self.game.table.hosts
        if action == "review":
            return self.game.board.is_over
        return True

    def watch_game(self, old: GameState, new: GameState) -> None:
        # a notice was about the old state (whoever changes it says what follows); the coin
        # flip's news stands until you have made your first move, the coach's until your next
        self.notice = self.news(new)
        if old.table is not new.table or old.board.is_over != new.board.is_over:
            self.refresh_bindings()  # pause, a new code and the review depend on them
        if new.board.geometry is old.board.geometry:
            self.cursor = playable_near(new.board, self.cursor)
        else:  # another board: the old cursor may lie off it
            self.cursor = centre(new.board)
        self.hint = None
        self.analysis = None
        self.parts.game_changed(new)

    def news(self, game: GameState) -> str:
        """The coach's remark on your last move while it stands, else the start's news."""
        return self.parts.remark(game) or super().news(game)

    # -- the player at this keyboard -------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        """On a narrow screen the sidebar folds away (F2 shows it) so the board has the room."""
        narrow = event.size.width < NARROW
        self.call_after_refresh(self._forget_too_small)
        if narrow != self._narrow:  # folds (or unfolds) when the width crosses the line
            self._narrow = narrow
            self.side.show(not narrow)

    def _forget_too_small(self) -> None:
        """Drop the notice that the board does not fit once it does."""
        if self.notice == TOO_SMALL and self.query_one(BoardView).fits:
            self.notice = ""

    def action_toggle_sidebar(self) -> None:
        """Show or hide the sidebar."""
        shown = not self.side.shown
        self.side.show(shown)
        if not shown:
            self.action_focus_board()

    def action_focus_board(self) -> None:
        """Give the keys back to the board (from the sidebar)."""
        self.query_one(BoardView).focus()

    def aimed_board(self) -> Board:
        return self.game.board

    def keypad(self) -> Callable[[int], Move]:
        return self.settings.layout.square

    def say(self, text: str) -> None:
        self.notice = text

    def place(self, move: Move) -> None:
        """Play ``move`` for the player at this keyboard, or say briefly why not."""
        refusal = self.refusal(move)
        if refusal:
            self.notice = refusal
            return
        self.notice = ""
        before = self.game
        played = self.seats.to_move(before).play(before, move)
        if played is not None:  # else it went to the match, which sends the new state back
            self.advance(played)
            self.parts.coach.after_your_move(before, move)

    def refusal(self, move: Move) -> str | None:
        """Why the player at this keyboard may not play ``move`` now, or None."""
        game = self.game
        if not self.query_one(BoardView).fits:
            return TOO_SMALL
        if game.board.is_over:
            return "Game over: n plays again, v reviews it"
        seat_refusal = game.table.refusal(game, paused=self.paused) or self.seats.to_move(game).refusal(game)
        if seat_refusal:
            return seat_refusal
        return rules_refusal(game.board, move)

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
            ply = self.game.jump_target(event.ply)
            what = f"Back to move {event.ply}" if event.ply else "Back to the start"
            if ply != event.ply:  # on to the computer's reply as it made it
                what = f"{what}, and the computer's reply {move_name(self.game.line[ply - 1])}"
            self.travel(ply, what)

    def travel(self, ply: int, what: str) -> None:
        """Show the game after ``ply`` moves; a search in progress is cancelled and dropped."""
        self.stop_turns()
        if self.game.table.watch_only(self.game):  # the computers wait to be let go on
            self.paused = True
        self.game = self.game.at_ply(ply)
        self.notice = f"{what}: play on from here" if ply < len(self.game.line) else what
        self.take_turns()

    # -- games, scores and settings ----------------------------------------------------------

    async def action_new_game(self) -> None:
        """Start a new game with the current settings (cancels any running search); over a game
        in progress, only after a yes. Online, a rematch (the match refuses one before the game
        ends); choosing an online mode starts hosting or joining."""
        if not await BoardView.settled(self):
            return
        table = self.settings.table
        if self.online is not None and table is self.online.table:
            self.parts.online.request(self.online.rematch())
            return
        self.leave_unfinished("Start a new game", lambda: self.start_new_game(table))

    def start_new_game(self, table: Table) -> None:
        """Start a new game at ``table`` (leaving an online match for another kind of table)."""
        if self.online is not None:
            self.parts.online.leave()
        if table.online:
            self.parts.online.open_match(table)
        else:
            self.new_game(GameState.start(self.settings, self.host.rng, number=self.game.number + 1))

    def on_sidebar_reset_scores(self) -> None:
        self.action_reset_scores()

    def action_reset_scores(self) -> None:
        """Ask, then set the session's scores back to zero (statistics are kept)."""
        from .screens import ConfirmScreen

        self.app.push_screen(ConfirmScreen(f"Reset the scores ({self.scores})?"), self.reset_scores)

    def reset_scores(self, yes: bool | None) -> None:
        """Set the session's scores back to zero if the player said yes."""
        if yes:
            self.scores = Scoreboard.for_game(self.game)
            self.notice = "Scores reset"

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

        archive = ArchiveScreen(self.host.archive, self.host.searcher, saved_games=self.host.saved_games)
        self.app.push_screen(archive, self.play_on)

    def action_puzzles(self) -> None:
        """Find the move that keeps the win or holds the draw: your own mistakes first."""
        self.open_puzzles()

    def open_puzzles(self, closed: Callable[[None], None] | None = None) -> None:
        """Show the puzzles; ``closed`` runs when the player leaves them."""
        from .puzzles import PuzzleScreen

        self.app.push_screen(PuzzleScreen(self.host.archive, self.keypad(), seed=self.host.rng.getrandbits(32)), closed)

    async def action_review(self) -> None:
        """Review the game that just ended: its replay, every move judged (and kept with the
        game in the archive, so the next ``v`` shows it at once)."""
        from .replay import ReplayScreen

        if not self.game.board.is_over:
            self.notice = "Finish the game first: then v reviews it"
            return
        record = await self.archived_record()
        host = self.host
        replay = ReplayScreen(record, host.archive, host.searcher, review=True, saved_games=host.saved_games)
        self.app.push_screen(replay, self.play_on)

    def play_on(self, position: SavedGame | bool | None) -> None:
        """Continue an archived game from ``position`` as a new game, seated as it was played
        (None: nothing to do)."""
        from ..store.savefile import SavedGame

        if isinstance(position, SavedGame):
            self.leave_unfinished("Play on from the archive", lambda: self.played_on(position))

    def played_on(self, position: SavedGame) -> None:
        """Replace the game with a new one from the archived ``position``."""
        from .saving import resumed

        self.new_game(resumed(self.settings, position, self.game.number + 1))
        self.notice = f"Playing on from the archive after {position.board.move_count} moves"

    def change_setting(self, field: str, value: Any) -> None:
        """Change one setting: the level, the computer's time and the number keys at once, the
        others from the next game."""
        if getattr(self.settings, field) == value:
            return
        # the game comes with its board: the same size where it has one
        settings = self.settings.with_game(value) if field == "game" else replace(self.settings, **{field: value})
        if field == "coordinates":
            self.settings = settings
            self.notice = "Coordinates shown" if value else "Coordinates hidden"
            return
        if field == "coach":
            self.settings = settings
            self.parts.coach.switched(value)
            return
        if field == "level":
            self.settings = settings
            self.notice = f"Computer level: {value}"
            self.stop_turns()  # the new level plays the very next move, even one being searched
            self.take_turns()
            return
        settings, switched = settings.with_playable_level()
        if switched:
            self.notice = f"{switched} (n: start)"
        elif field in settings.next_game_choices(self.game):
            self.notice = "Applies from the next game: press n to start it now"
        else:  # a choice back to the game in play's, or one that applies at once: nothing waits for n
            self.notice = self.news(self.game)
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

    # -- the parts' keys and messages ---------------------------------------------------------

    def action_hint(self) -> None:
        """Show the best move for the side to move, with its value."""
        self.parts.hints.hint()

    def action_toggle_overlay(self) -> None:
        """Show or hide every free square's exact value."""
        self.parts.hints.toggle_overlay()

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        self.parts.hints.failed(message)

    def on_analysis_ready(self, message: AnalysisReady) -> None:
        self.parts.hints.ready(message)

    def on_coached(self, message: Coached) -> None:
        self.parts.coach.coached(message)

    def action_new_code(self) -> None:
        """Host: retire the join code and show a new one (a friend already playing stays)."""
        self.parts.online.new_code()

    def on_friend_moved(self, message: FriendMoved) -> None:
        self.parts.online.friend_moved(message)

    def on_friend_said(self, message: FriendSaid) -> None:
        self.parts.online.friend_said(message)

    def action_save_game(self) -> None:
        """Ask for a file (in the saved-games folder unless a path says otherwise) and write the game to it."""
        from .saving import save_game

        save_game(self)

    def action_load_game(self) -> None:
        """Ask for a file and resume the game in it."""
        from .saving import ask_for_game

        ask_for_game(self)

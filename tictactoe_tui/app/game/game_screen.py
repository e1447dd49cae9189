"""The game screen: holds the game being played and drives its seats; its widgets render it.

Every change of state goes through here: a key or click (an action), a sidebar choice (a
message), the computer's move or an analysis (messages posted by workers), a friend's move
(a message posted by the online link). Each is checked against the state it was about, so an
answer that comes too late is dropped. The screen alone runs the turns and says what the
status line's notice is: its parts return what they decided or post it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import Provider
from textual.containers import Vertical
from textual.events import Resize

from ...engine import Board, Move
from ...game import GameState, Settings
from ..online.screen import MatchScreen
from ..viewing.keys import VIEWING_BINDINGS, Viewing
from ..widgets.board.view import BoardView
from ..widgets.evaluation import EvaluationBar
from ..widgets.status import Cause, Notice, StatusLine, Told
from .aiming import BOARD_ACTIONS, BOARD_BINDINGS, DIGIT_BINDINGS, Aiming, centre, playable_near, rules_refusal
from .parts import ScreenParts, game_commands
from .play import GameHost
from .side import SIDEBAR_ROOM, SidebarPlace
from .travel import TravelScreen

if TYPE_CHECKING:  # loaded when first used: the first frame needs only the board and status
    from ...net import OnlinePlan
    from ...table import Table
    from ..online.link import OnlineLink
    from ..widgets.sidebar import Sidebar
    from .messages import AiFailed, AnalysisFailed, AnalysisReady, Coached, Saved  # (posted after it)


#: The game screen's own keys (the board's keys go to it too, from the focused board).
GAME_ACTIONS = frozenset(
    {"new_game", "undo", "redo", "hint", "toggle_overlay", "toggle_pause", "stats", "archive", "save_game"}
    | {"load_game", "place_number", "focus_board", "chat"}
)


#: Why no square may be played while the board does not fit (it goes when the board fits again).
TOO_SMALL = Notice("Make the window larger to see the whole board first", Cause.BOARD)


class GameScreen(MatchScreen, TravelScreen, Viewing, Aiming):
    """The board, the status line and the sidebar, bound to the game this screen holds. Its
    parts (the coach, hints, online play, the palette's commands) load when first needed."""

    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {game_commands}
    # The game's keys work wherever the focus is on this screen (a sidebar select would
    # otherwise take letters and digits for its type-to-search): priority bindings.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game", priority=True),
        Binding("u", "undo", "Undo", priority=True),
        Binding("u", "undo(False)", "Undo", show=False, priority=True),  # where not offered: why not
        Binding("r", "redo", "Redo", show=False, priority=True),
        Binding("i", "hint", "Hint", priority=True),
        Binding("a", "toggle_overlay", "Analysis overlay", show=False, priority=True),
        *DIGIT_BINDINGS,
        *BOARD_BINDINGS,  # the board's keys in their turn among these (while the board has the focus)
        *VIEWING_BINDINGS,
        Binding("escape", "focus_board", "Back to the board", show=False),
        Binding("f2", "toggle_sidebar", "Sidebar", show=False),
        Binding("p", "toggle_pause", "Pause"),
        # a host's rare key (said when someone guesses; ? and the palette list it): out of the footer
        Binding("c", "new_code", "New join code", show=False),
        Binding("t", "chat", "Chat"),
        Binding("t", "chat(False)", "Chat", show=False),
        Binding("v", "review", "Review"),
        Binding("z", "puzzles", "Puzzles", show=False),
        Binding("s", "stats", "Statistics", show=False),
        Binding("g", "archive", "Archive", show=False),
        Binding("ctrl+s", "save_game", "Save game", show=False),
        Binding("ctrl+o", "load_game", "Load game", show=False),
        # ? and q are the app's keys; here q is a priority binding like n and u, so that in a
        # burst ("qn" in one read) it is handled first and its question catches the keys after
        # it (? comes first so the footer lists them in the app's order)
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit", priority=True),
    ]

    def __init__(self, host: GameHost, settings: Settings, first: GameState, online: OnlinePlan | None = None) -> None:
        """``first``: the game to show; ``online``: host or join a match once shown."""
        super().__init__(host, settings, first)
        self._online_plan = online
        self.parts = ScreenParts(self, self.keypad, self.show_marks)  # the coach, hints, online play…: when needed
        self.side = SidebarPlace(self)
        self.set_reactive(GameScreen.notice, self.news(first))

    def compose(self) -> ComposeResult:
        # the sidebar and the footer go in after the first frame (on_mount): the board's column keeps their room
        with Vertical(id="play", classes=SIDEBAR_ROOM):
            bar = EvaluationBar(id="evaluation")
            yield bar.data_bind(GameScreen.game, GameScreen.overlay, GameScreen.past, evaluation=GameScreen.analysis)
            board = self.game.board
            view = BoardView((board.rows, board.cols, board.rules.block_size))
            # on_mount focuses it: styled as focused from the start, its squares are styled once
            view.set_reactive(BoardView.has_focus, True)
            # the cursor comes before the game, whose paint would first frame the default square
            bound = (GameScreen.cursor, GameScreen.game, GameScreen.thinking, GameScreen.analysis, GameScreen.hint)
            yield view.data_bind(*bound, GameScreen.coordinates, GameScreen.past, GameScreen.mirror)
            yield StatusLine(id="status").data_bind(GameScreen.said)  # its one input

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()
        # The board and status make the first frame; the sidebar (a few dozen widgets) follows
        # straight after it, so the game shows sooner.
        self.call_after_refresh(self.after_first_frame)
        if self._online_plan is not None:
            self.parts.online.go_online(self._online_plan)

    async def after_first_frame(self) -> None:
        """The side to move takes its turn (its seat made now), then the sidebar and footer mount."""
        self.take_turns()
        await self.side.build()

    async def whole(self) -> None:
        """Wait until the sidebar is built (at most a few seconds)."""
        await self.side.whole()

    @property
    def online(self) -> OnlineLink | None:
        """The match this screen plays in, if any."""
        return self.parts.link

    async def close(self) -> None:
        """Stop every search and leave the online match (the app is quitting)."""
        self.seats.stop()
        await self.parts.close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys are off under a dialog; pause only in a computer-vs-computer game under way."""
        if action in GAME_ACTIONS and self.app.screen is not self:
            return False
        if action in BOARD_ACTIONS:  # as the focused board has them, else the key goes to the focused control
            board = self.focused
            return self.app.screen is self and isinstance(board, BoardView) and board.check_action(action, parameters)
        if action == "toggle_pause":
            return self.game.table.watch_only(self.game) and not self.game.board.is_over
        if action == "new_code":
            return self.game.table.hosts
        offered = {"chat": self.online is not None, "undo": self.game.table.undo_refusal() is None}.get(action)
        if offered is not None:  # t online, u where moves can be taken back; else each (False) says why not
            return offered is (parameters != (False,))
        if action == "review":
            return self.game.board.is_over
        return True

    def watch_game(self, old: GameState, new: GameState) -> None:
        # a notice was about the old state (whoever changes it says what follows); the coin
        # flip's news stands until you have made your first move, the coach's until your next
        early = self.notice if self.notice and self.notice.cause is Cause.EARLY else None
        self.notice = early if early and new.number == old.number and new.ply == old.ply + 1 else self.news(new)
        if old.table is not new.table or old.board.is_over != new.board.is_over:
            self.refresh_bindings()  # pause, a new code and the review depend on them
        if new.board.geometry is old.board.geometry:
            self.cursor = playable_near(new.board, self.cursor)
        else:  # another board: the old cursor may lie off it, and a flip is the new game's flip
            self.cursor, self.mirror = centre(new.board), self.mirror_for(new.board)
        self.hint = self.analysis = self.past = None  # the board shows the game as it stands
        self.notice = self.parts.game_changed(new, self.overlay) or self.notice
        self.show_marks()

    def show_marks(self) -> None:
        """Put the marks in force (the coach's, the review's) beside the moves of the game shown."""
        self.marks = self.parts.marks(self.game)

    def news(self, game: GameState) -> Notice | None:
        """The coach's remark on your last move while it stands, else the start's news."""
        remark = self.parts.remark(game)
        return Notice(remark, Cause.COACH) if remark else super().news(game)

    def holds(self, game: GameState) -> bool:
        """Whether the coach holds the side to move: while it judges your move, then until you play on."""
        return self.parts.holds(game)

    def new_game(self, game: GameState) -> None:
        """Replace the game (:meth:`PlayScreen.new_game`); with the coach on, a game brought back
        whose last move was yours waits for the coach's verdict on it before the reply."""
        checking = self.parts.coach.brought_back(game) if self.settings.coach else None
        super().new_game(game)
        self.notice = checking or self.notice

    def on_told(self, message: Told) -> None:
        self.notice = message.notice

    def on_saved(self, message: Saved) -> None:
        self.saved, self.notice = message.game, Notice(message.news, message.cause)  # leaving it now loses nothing

    # -- the player at this keyboard -------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        """On a narrow screen the sidebar folds away (F2 shows it) so the board has the room."""
        self.call_after_refresh(self._forget_too_small)
        self.side.resized(event.size.width)

    def _forget_too_small(self) -> None:
        """End the notice that the board (or the sidebar) does not fit once it does."""
        cause = self.notice.cause if self.notice is not None else None
        if (cause is Cause.BOARD and self.query_one(BoardView).fits) or (
            cause is Cause.NARROW and self.size.width >= self.side.needs
        ):
            self.notice = None

    def action_toggle_sidebar(self) -> None:
        """Show or hide the sidebar (or say the width it needs beside the board)."""
        refusal = self.side.toggle(self.size.width)
        self.say("")
        if refusal:
            self.notice = Notice(refusal, Cause.NARROW)
        elif not self.side.shown:
            self.action_focus_board()

    def action_focus_board(self) -> None:
        """Give the keys back to the board (from the sidebar)."""
        self.query_one(BoardView).focus()

    def aimed_board(self) -> Board:
        return self.game.board

    def keypad(self) -> Callable[[int], Move]:
        return self.settings.layout.square

    def say(self, text: str) -> None:
        if text or (self.notice is not None and self.notice.cause in (Cause.KEY, Cause.EARLY, Cause.NARROW)):
            self.notice = Notice(text, Cause.KEY) if text else None

    def place(self, move: Move) -> None:
        """Play ``move`` for the player at this keyboard, or say briefly why not. Over a reply
        the coach holds, a move key plays on (one before its remark is said not played)."""
        if self.parts.holds(self.game):
            early = self.refusal(move) if self.parts.judging(self.game) else None
            self.parts.coach.play_on(self.game)
            self.notice = early or self.news(self.game)  # (a check cut short says no more)
            self.take_turns()
            return
        refusal = self.refusal(move)
        if refusal:
            self.notice = refusal
            return
        self.notice = None
        before = self.game
        played = self.seats.to_move(before).play(before, move)
        if played is None:  # it went to the match, which sends the new state back
            return
        shown = self.advance(played)  # (with the help taken since the last move: maybe not ``played``)
        if self.settings.coach:  # the coach judges the move: the reply waits for its verdict
            self.notice = self.parts.coach.check(before, move, shown) or self.notice
        self.take_turns()

    def refusal(self, move: Move) -> Notice | None:
        """Why the player at this keyboard may not play ``move`` now, or None."""
        game = self.game
        if not self.query_one(BoardView).fits or self.stepped_refusal():
            return self.stepped_refusal() or TOO_SMALL
        if game.board.is_over:
            return Notice("Game over: n plays again, v reviews it", Cause.KEY)
        away = self.match.presence.refusal() if self.match is not None else None
        if away:
            return Notice(away, Cause.AWAY)
        table_refusal = game.table.refusal(game, paused=self.paused)
        early = None if table_refusal else self.seats.to_move(game).refusal(game)  # the other side's turn
        refusal = table_refusal or early or rules_refusal(game.board, move, self.mirror)
        return Notice(refusal, Cause.EARLY if refusal == early else Cause.KEY) if refusal else None

    # -- games, scores and settings ----------------------------------------------------------

    async def action_new_game(self) -> None:
        """Start a new game with the current settings (cancels any running search); over a game
        in progress, only after a yes. Online, what the match decides (:meth:`~..online.play.OnlinePlay.next_game`),
        or once it has ended, a new join (after a yes, over a game begun); choosing an online mode
        starts hosting or joining."""
        if not await BoardView.settled(self):
            return
        table = self.settings.table
        if self.online is not None and table is self.online.table and not self.online.ended:
            self.notice = self.parts.online.next_game() or self.notice
            return
        self.leave_unfinished("Start a new game", lambda: self.start_new_game(table))

    def start_new_game(self, table: Table) -> None:
        """Start a new game at ``table`` (an online one's match replaces the one shown once it opens)."""
        if table.online:
            self.parts.online.open_match(table)
            return
        if self.online is not None:
            self.leave_match()
        self.new_game(GameState.start(self.settings, self.host.rng, number=self.game.number + 1))

    def action_stats(self) -> None:
        """Show the lasting statistics."""
        self.parts.elsewhere.statistics()

    def action_archive(self) -> None:
        """Browse the finished games; replaying one may end in playing on from it."""
        self.parts.elsewhere.archive()

    def action_puzzles(self) -> None:
        """Find the move that keeps the win or holds the draw: your own mistakes first."""
        self.parts.elsewhere.puzzles()

    async def action_review(self) -> None:
        """Review the game that just ended."""
        if not self.game.board.is_over:
            self.notice = Notice("Finish the game first: then v reviews it", Cause.KEY)
            return
        await self.parts.elsewhere.review()

    def change_setting(self, field: str, value: Any) -> None:
        """Change one setting: the level, the computer's time and the number keys at once, the
        others from the next game (:mod:`.changes`); the coach at once."""
        if field == "coach":
            self._switch_coach(value)
            return
        from .changes import change

        changed = change(self.settings, self.game, field, value)
        if changed is None:
            return
        self.notice = changed.notice or self.news(self.game)
        self.settings = changed.settings
        if changed.retake_turn:  # the new level plays the very next move, even one being searched
            self.stop_turns()
            self.take_turns()

    def _switch_coach(self, on: bool) -> None:
        """Turn the coach on or off (at once): a game coached at any point counts apart."""
        if self.settings.coach == on:
            return
        self.settings = replace(self.settings, coach=on)
        game = self.game.with_coach(on)
        if game is not self.game:  # marked coached: a search about the old state would be dropped
            self.stop_turns()
            self.game = game
        self.notice = Notice(self.parts.coach.switched(on, game), Cause.ANSWER)
        self.take_turns()

    def on_sidebar_chosen(self, event: Sidebar.Chosen) -> None:
        self.change_setting(event.field, event.value)

    # -- the parts' keys and messages ---------------------------------------------------------

    def action_hint(self) -> None:
        """Show the best move for the side to move, with its value."""
        self.notice = self.parts.hints.hint(self.game, self.overlay)

    def action_toggle_overlay(self) -> None:
        """Show or hide every free square's exact value."""
        self.overlay = not self.overlay
        if not self.overlay:
            self.analysis = None
        self.notice = self.parts.hints.overlay_switched(self.overlay, self.game, self.hint) or self.notice

    def on_analysis_failed(self, message: AnalysisFailed) -> None:
        self.notice = self.parts.hints.failed(message) or self.notice

    def on_analysis_ready(self, message: AnalysisReady) -> None:
        found = self.parts.hints.ready(message, self.overlay, self.hint)
        if found is None:
            return
        if found.values is not None:
            self.analysis = found.values
        if found.hint is not None:
            self.hint = found.hint
        self.notice = found.notice or self.notice

    def on_coached(self, message: Coached) -> None:
        """The coach's verdict on your move: said, and the reply goes ahead unless it holds it."""
        said = self.parts.coach.coached(message)
        if said is None:  # a verdict on a move no longer shown
            return
        self.notice = Notice(said, Cause.FAULT if message.error else Cause.COACH) if said else self.news(self.game)
        self.take_turns()

    def on_ai_failed(self, message: AiFailed) -> None:
        if message.job.state is self.game and self.seats.to_move(self.game).takes(message.job):
            self.thinking = self.seats.thinking
            self.notice = Notice(f"The computer player failed: {message.error}. Press n for a new game.", Cause.FAULT)

    def action_save_game(self) -> None:
        """Ask for a file (in the saved-games folder unless a path says otherwise) and write the game to it."""
        from .saving import save_game

        save_game(self)

    def action_load_game(self) -> None:
        """Ask for a file and resume the game in it."""
        from .saving import ask_for_game

        ask_for_game(self)

"""The game screen's travels through its games: undo, redo, the move history's jumps, the
pause of computers playing each other, the scores set back to zero, and a game brought in whole
(a saved game loaded, an archived one played on). Part of the screen's own class
(:class:`~.game_screen.GameScreen` is a :class:`TravelScreen`): it assigns the screen's state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...game import Scoreboard
from ..widgets.said import Cause, Notice
from .play import PlayScreen

if TYPE_CHECKING:  # (the messages load when first posted, after the first frame)
    from ..widgets.sidebar import HistoryList
    from .messages import Loaded, PlayOn
    from .parts import ScreenParts


class TravelScreen(PlayScreen):
    """The game screen's keys that take it to another point of its game, or bring in another."""

    parts: ScreenParts

    def action_undo(self, offered: bool = True) -> None:
        """Take back your last move (and the computer's reply); why not, where moves cannot be
        taken back (``offered`` False: the key's binding out of the footer there)."""
        self._travel_to(self.game.undo_target(), "Undone", "Nothing to undo")

    def action_redo(self) -> None:
        """Play again what was undone."""
        self._travel_to(self.game.redo_target(), "Redone", "Nothing to redo")

    def _travel_to(self, target: int | None, done: str, nothing: str) -> None:
        refusal = self.game.table.undo_refusal()
        if refusal:
            self.notice = Notice(refusal, Cause.KEY)
        elif self.game.board.is_over:
            self.notice = self.over_refusal()
        elif target is None:
            self.notice = Notice(nothing, Cause.KEY)
        else:
            self.travel(target, done)

    def on_history_list_jump(self, event: HistoryList.Jump) -> None:
        refusal = self.game.table.undo_refusal()
        if refusal:
            self.notice = Notice(refusal, Cause.KEY)
        elif self.game.board.is_over and event.ply != self.game.ply:
            self.notice = self.over_refusal()
        elif event.ply != self.game.ply:
            ply = self.game.jump_target(event.ply)
            what = f"Back to move {event.ply}" if event.ply else "Back to the start"
            if ply != event.ply:  # on to the computer's reply as it made it
                what = f"{what}, and the computer's reply {self.game.board.name(self.game.line[ply - 1])}"
            self.travel(ply, what)

    def travel(self, ply: int, what: str) -> None:
        """Show the game after ``ply`` moves; a search in progress is cancelled and dropped."""
        self.stop_turns()
        if self.game.table.watch_only(self.game):  # the computers wait to be let go on
            self.paused = True
        self.game = self.game.at_ply(ply)
        said = f"{what}: play on from here" if ply < len(self.game.line) else what
        self.notice = self.news(self.game) if self.parts.remark(self.game) else Notice(said, Cause.ANSWER)
        self.take_turns()

    def on_sidebar_reset_scores(self) -> None:
        self.action_reset_scores()

    def action_reset_scores(self) -> None:
        """Ask, then set the session's scores back to zero (statistics are kept)."""
        from ..screens.dialogs.confirm import ConfirmScreen

        self.app.push_screen(ConfirmScreen(f"Reset the scores ({self.scores})?"), self.reset_scores)

    def reset_scores(self, yes: bool | None) -> None:
        """Set the session's scores back to zero if the player said yes."""
        if yes:
            self.scores = Scoreboard.for_game(self.game)
            self.notice = Notice("Scores reset", Cause.ANSWER)

    def action_toggle_pause(self) -> None:
        """Pause or resume computer-vs-computer play."""
        self.paused = not self.paused
        if self.paused:
            self.stop_turns()
        else:
            self.take_turns()

    def on_play_on(self, message: PlayOn) -> None:
        """Continue an archived game from a position as a new game, seated as it was played
        (over a game in progress, after a yes)."""
        from .saving import played_on_news, resumed

        position = message.position

        def played_on() -> None:
            self.new_game(resumed(self.settings, position, self.game.number + 1))
            self.notice = Notice(played_on_news(position), Cause.ANSWER)

        self.leave_unfinished("Play on from the archive", played_on)

    def on_loaded(self, message: Loaded) -> None:
        """Resume the saved game the player chose (over a game in progress, after a yes)."""
        from .saving import loaded_news, resumed

        game = resumed(self.settings, message.saved, self.game.number + 1)

        def loaded() -> None:
            self.new_game(game)
            self.saved = game  # in its file as it stands: leaving it loses nothing
            self.notice = Notice(loaded_news(message.path, message.saved), Cause.ANSWER)

        self.leave_unfinished(f"Load {message.path}", loaded)

"""Nothing lost, even by a crash: the game in progress on disk after every move, a game left
behind offered back at the next start, and an unhandled error told in one line that names the
log holding its traceback (the files: :mod:`...store.in_progress`, :mod:`...store.crash_log`)."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from ...engine import Board
from ...game import GameState
from ...store.files import Paths
from ...words import counted, shortened
from ..widgets.status import Cause, Notice, Told
from .play import PlayScreen

if TYPE_CHECKING:
    from ...net import OnlinePlan
    from ...net.kept import KeptMatch
    from ...store.in_progress import InProgress, LeftBehind
    from ..online.link import OnlineLink
    from ..online.play import OnlinePlay

#: Said when the game left behind was resumed here after another copy of the app took it.
TAKEN_ELSEWHERE = "That game was taken up by another copy of the app: a new game here"
#: Said when the player, asked twice, discarded the game left behind.
DISCARDED = "The game left unfinished was discarded"
#: Said when the player declined to resume the game left behind but did not discard it.
KEPT = "The game left unfinished is kept: the next start offers it again"


class GameKeeper:
    """Keeps one game screen's game on disk while the app runs."""

    def __init__(self, app: App[Any], paths: Paths) -> None:
        self.paths = paths
        self._app = app

    @cached_property
    def file(self) -> InProgress:
        """The file, written by a thread of its own (a notification is safe from there): made
        when the first game is kept, after the first frame (its module loads then)."""
        from ...store.in_progress import InProgress

        app = self._app
        return InProgress(self.paths, lambda problem: app.notify(problem, title="Not saved", severity="warning"))

    def keep(self, game: GameState, link: OnlineLink | None = None) -> None:
        """Have ``game`` written as the game in progress; one played online with the record of
        its match (``link``'s), so that this side takes it up again after a crash. A failure is
        told once; the game goes on."""
        if not game.table.online:
            from .saving import played_of

            self.file.keep(game.board, game.seating, played=played_of(game))
            return
        kept = link.kept() if link is not None else None
        if kept is None:
            self.file.keep(Board.empty(), None)  # nothing to keep yet
            return
        self.file.keep(kept.match.board, game.seating, kept.to_text())

    def offer(self, screen: PlayScreen, online_play: OnlinePlay, online: OnlinePlan | None = None) -> None:
        """Ask whether to resume the newest game a copy of the app left unfinished, if any: yes
        plays it on; no asks whether to discard it, and only a yes to that throws it away (a no
        keeps it for the next start: nothing is lost without a yes). Two copies asked at once:
        the first to take it takes it, the other is told and starts afresh. Started to go
        ``online``, only a match of the same side is offered (then taken up with this start's
        plan), and ``online_play`` goes online once answered."""
        from ...store.in_progress import left_behind

        found = left_behind(self.paths)
        kept = online_match(found)
        if found is not None and found.game.online is not None and kept is None:
            found.take()  # a match whose record does not read back: nothing to take up
            found = None
        if online is not None and (kept is None or kept.hosting != _hosts(online)):
            online_play.go_online(online)
            return
        if found is None:
            return
        from ..screens.dialogs.confirm import ConfirmScreen
        from .saving import resumed  # (loaded with the question, not with the first frame)

        board = found.game.board
        left = f"the game of {board.rules.title} left unfinished after {counted(board.move_count, 'move')}"

        def go_online() -> None:
            if online is not None:
                online_play.go_online(online)

        def tell(news: str) -> None:
            screen.post_message(Told(Notice(news, Cause.ANSWER)))

        def answered(yes: bool | None) -> None:
            if not yes:
                screen.app.push_screen(ConfirmScreen(f"Discard {left} for good? (n keeps it)"), discard)
            elif not found.take():  # another copy asked too and took it first
                tell(TAKEN_ELSEWHERE)
                go_online()
            elif kept is not None:
                online_play.resume(kept, online)
            else:
                screen.new_game(resumed(screen.settings, found.game, screen.game.number + 1))
                tell(f"Resumed the game left unfinished: {counted(board.move_count, 'move')} played")

        def discard(yes: bool | None) -> None:
            if yes:
                found.take()  # (gone either way when another copy took it first)
                tell(DISCARDED)
            else:  # (unless another copy took it meanwhile)
                tell(KEPT if found.path.exists() else TAKEN_ELSEWHERE)
            go_online()

        if kept is not None:
            left = f"the online game with your friend ({counted(board.move_count, 'move')} played)"
            question = f"Resume the online game with your friend? ({counted(board.move_count, 'move')} played)"
        else:
            question = f"Resume {left}?"
        screen.app.push_screen(ConfirmScreen(question), answered)

    def close(self) -> None:
        """The app ends well (the player quit): the game in progress is not kept."""
        self.file.close()


def online_match(found: LeftBehind | None) -> KeptMatch | None:
    """The online match a game left behind belongs to, if it was played online and its record
    reads back."""
    if found is None or found.game.online is None:
        return None
    from ...engine import Position
    from ...net.kept import KeptMatch

    try:
        return KeptMatch.from_text(found.game.online, Position.of(found.game.board))
    except ValueError:
        return None


def _hosts(plan: OnlinePlan) -> bool:
    from ...net import HostPlan, MailboxHostPlan

    return isinstance(plan, HostPlan | MailboxHostPlan)


def crash_line(paths: Paths | None, error: BaseException) -> str:
    """Write ``error``'s traceback to a log; the one line that tells the player."""
    from ...store.crash_log import write_crash_log

    log: Path | None = write_crash_log(paths, error)
    where = f"its traceback is in {log}" if log is not None else "no log could be written"
    return f"tictactoe-tui: error: {type(error).__name__}: {shortened(str(error), 80)} ({where})"

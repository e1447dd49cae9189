"""Nothing lost, even by a crash: the game in progress on disk after every move, a game left
behind offered back at the next start, and an unhandled error told in one line that names the
log holding its traceback (the files: :mod:`...store.in_progress`, :mod:`...store.crash_log`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App

from ...engine import Board
from ...game import GameState
from ...store.files import Paths
from ...store.in_progress import InProgress, left_behind
from ...words import counted
from ..widgets.status import Cause, Notice, Told
from .play import PlayScreen

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
        self.file = InProgress(paths, lambda problem: app.notify(problem, title="Not saved", severity="warning"))
        """The file, written by a thread of its own (a notification is safe from there)."""

    def keep(self, game: GameState) -> None:
        """Have ``game`` written as the game in progress (a game played online is not kept: it
        goes on only with the friend). A failure is told once; the game goes on."""
        if game.table.online:
            self.file.keep(Board.empty(), None)  # nothing to keep
            return
        self.file.keep(game.board, game.seating)

    def offer(self, screen: PlayScreen) -> None:
        """Ask whether to resume the newest game a copy of the app left unfinished, if any: yes
        plays it on; no asks whether to discard it, and only a yes to that throws it away (a no
        keeps it for the next start: nothing is lost without a yes). Two copies asked at once:
        the first to take it takes it, the other is told and starts afresh."""
        found = left_behind(self.paths)
        if found is None:
            return
        from ..screens.dialogs.confirm import ConfirmScreen
        from .saving import resumed  # (loaded with the question, not with the first frame)

        board = found.game.board
        left = f"the game of {board.rules.title} left unfinished after {counted(board.move_count, 'move')}"

        def tell(news: str) -> None:
            screen.post_message(Told(Notice(news, Cause.ANSWER)))

        def answered(yes: bool | None) -> None:
            if not yes:
                screen.app.push_screen(ConfirmScreen(f"Discard {left} for good? (n keeps it)"), discard)
            elif not found.take():  # another copy asked too and took it first
                tell(TAKEN_ELSEWHERE)
            else:
                screen.new_game(resumed(screen.settings, found.game, screen.game.number + 1))
                tell(f"Resumed the game left unfinished: {counted(board.move_count, 'move')} played")

        def discard(yes: bool | None) -> None:
            if yes:
                found.take()  # (gone either way when another copy took it first)
                tell(DISCARDED)
            else:  # (unless another copy took it meanwhile)
                tell(KEPT if found.path.exists() else TAKEN_ELSEWHERE)

        screen.app.push_screen(ConfirmScreen(f"Resume {left}?"), answered)

    def close(self) -> None:
        """The app ends well (the player quit): the game in progress is not kept."""
        self.file.close()


def crash_line(paths: Paths | None, error: BaseException) -> str:
    """Write ``error``'s traceback to a log; the one line that tells the player."""
    from ...store.crash_log import write_crash_log

    log: Path | None = write_crash_log(paths, error)
    where = f"its traceback is in {log}" if log is not None else "no log could be written"
    return f"tictactoe-tui: error: {type(error).__name__}: {str(error)[:80]} ({where})"

"""Nothing lost, even by a crash: a killed app's game is offered back at the next start, and an
unhandled error ends with one line naming the log of its traceback."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.keeping import DISCARDED, KEPT, TAKEN_ELSEWHERE
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Board, Move, get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.store.files import Paths
from tictactoe_tui.store.in_progress import folder_of, left_behind
from tictactoe_tui.store.savefile import SaveFileError, read_game, save
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import marks, status
from ..helpers.scripts import ROOT
from ..helpers.waiting import TIMEOUT, until

#: A copy of the app in a process of its own, two players at one keyboard, that plays two moves,
#: says so, and runs until it is killed. A closed terminal's hang-up ends it as it ends an app
#: started in a terminal, even where the tests run with hang-ups ignored (under ``nohup``, whose
#: ignoring a child inherits: the hang-up then never came, and the wait for the end timed out).
PLAYING = """
import asyncio, signal, sys
from pathlib import Path
from tests.helpers.waiting import until
from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import TWO_PLAYERS

async def play() -> None:
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    paths = Paths(Path(sys.argv[1]), Path(sys.argv[2]))
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name), paths=paths, searcher=ThreadSearcher(get_strategy))
    async with app.run_test() as pilot:
        await pilot.press("5", "1")
        await until(  # written by a thread of its own
            lambda: any("moves: b2 a1" in kept.read_text() for kept in paths.data_dir.glob("in progress/*.ttt")),
            "the game in progress written",
        )
        print("played", flush=True)
        await asyncio.Event().wait()

asyncio.run(play())
"""


def app_at(paths: Paths) -> TicTacToeApp:
    return TicTacToeApp(Settings(mode=TWO_PLAYERS.name), paths=paths, searcher=ThreadSearcher(get_strategy), seed=1)


def played_then_ended(paths: Paths, how: signal.Signals) -> None:
    """Run :data:`PLAYING` in a process of its own and end it with ``how`` once it has played."""
    process = subprocess.Popen(
        [sys.executable, "-c", PLAYING, str(paths.config_dir), str(paths.data_dir)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 2 * TIMEOUT)  # its start, then its wait
        assert ready, "the app never played"
        assert process.stdout.readline() == "played\n", process.stderr.read() if process.stderr else ""
    finally:
        os.kill(process.pid, how)
        process.wait(TIMEOUT)
    assert process.returncode == -how


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGHUP], ids=["killed", "terminal closed"])
async def test_a_game_ended_by_a_signal_is_offered_at_the_next_start(tmp_path: Path, how: signal.Signals) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    played_then_ended(paths, how)
    left = left_behind(paths)
    assert left is not None
    assert left.game.played is not None
    played = left.game.played
    assert len(played.times) == 2
    assert played.started <= time.time()
    app = app_at(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "left unfinished after 2 moves" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert marks(app) == "o../.x./..."
        game = app.game_screen.game
        assert game.board.history == ((1, 1), (0, 0))
        # the game it was: started when it started, each move at its time (not all at the resume)
        assert (game.started, game.times) == (played.started, played.times)
        await pilot.press("3")  # and it plays on
        assert marks(app) == "o.x/.x./..."
    again = app_at(paths)  # resumed, then quit: not offered again
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(again.screen, ConfirmScreen)


async def test_no_starts_afresh_and_a_game_quit_or_finished_is_not_offered(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    played_then_ended(paths, signal.SIGKILL)
    app = app_at(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Discard the game of Classic left unfinished after 2 moves for good?")
        await pilot.press("y")
        assert marks(app) == ".../.../..."
        assert DISCARDED in status(app)
        await pilot.press("5", "1", "3", "2", "7")  # X wins on the diagonal c1 b2 a3
        assert app.game_screen.game.board.is_over
    for left in (app_at(paths), app_at(paths)):
        async with left.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not isinstance(left.screen, ConfirmScreen)  # neither the one declined nor the one won
            await pilot.press("5", "q", "y")  # half played, then quit and left after a yes


@pytest.mark.parametrize("declined", [("n", "n"), ("n", "escape"), ("escape", "escape")])
async def test_a_no_to_the_game_left_behind_keeps_it_unless_a_second_question_gets_a_yes(
    tmp_path: Path, declined: tuple[str, str]
) -> None:
    """No to "Resume the game of Misère left unfinished after 4 moves?" asks whether to discard
    it; only a yes throws it away, and any no keeps it for the next start (before: the first no
    deleted it for good without a word)."""
    paths = Paths(tmp_path / "config", tmp_path / "data")
    folder_of(paths).mkdir(parents=True)
    misere = Board.empty(game="misere").play_all([(1, 1), (0, 0), (0, 2), (2, 0)])
    save(folder_of(paths) / "1-dead.ttt", misere)  # a killed copy's: no lock held
    app = app_at(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Resume the game of Misère left unfinished after 4 moves?"
        await pilot.press(declined[0])
        assert isinstance(app.screen, ConfirmScreen)
        assert "Discard the game of Misère left unfinished after 4 moves for good?" in app.screen.question
        await pilot.press(declined[1])
        assert not isinstance(app.screen, ConfirmScreen)
        assert KEPT in status(app)
        assert marks(app) == ".../.../..."
    assert kept_in_progress(paths) == [misere.history]  # still on disk
    again = app_at(paths)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ConfirmScreen)  # offered again
        await pilot.press("y")
        await pilot.pause()
        assert again.game_screen.game.board.history == misere.history


async def test_a_game_left_behind_kept_here_but_taken_by_another_copy_meanwhile_is_not_called_kept(
    tmp_path: Path,
) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    folder_of(paths).mkdir(parents=True)
    save(folder_of(paths) / "1-dead.ttt", Board.empty().play((1, 1)))
    app = app_at(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, ConfirmScreen)  # discard it?
        taken = left_behind(paths)  # another copy, asked too, resumes it
        assert taken is not None
        assert taken.take()
        await pilot.press("n")
        assert TAKEN_ELSEWHERE in status(app)
        assert KEPT not in status(app)


async def test_an_unhandled_error_ends_with_one_line_naming_its_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = app_at(paths)

    def broken(*_args: object) -> None:
        raise RuntimeError("the board could not be drawn")

    async def break_the_board() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("5")
            monkeypatch.setattr(app.query_one(BoardView), "render_line", broken)
            app.query_one(BoardView).refresh()
            await pilot.pause()

    with pytest.raises(RuntimeError):
        await break_the_board()
    assert app.return_code == 1
    assert app.crash is not None
    assert "\n" not in app.crash
    assert app.crash.startswith("tictactoe-tui: error: RuntimeError: the board could not be drawn")
    [log] = paths.data_dir.glob("crash-*.log")
    assert str(log) in app.crash
    assert "Traceback" in log.read_text()
    assert "the board could not be drawn" in log.read_text()


async def test_a_game_left_behind_offered_to_two_copies_at_once_is_resumed_by_one(tmp_path: Path) -> None:
    """Two copies started before either answered both ask; both say yes: the first takes the game,
    the second is told in one line and plays a new game (before: both resumed it, and the archive
    and the score counted it twice)."""
    paths = Paths(tmp_path / "config", tmp_path / "data")
    played_then_ended(paths, signal.SIGKILL)
    first, second = app_at(paths), app_at(paths)
    async with first.run_test(size=(80, 24)) as one, second.run_test(size=(80, 24)) as other:
        await one.pause()
        await other.pause()
        assert isinstance(first.screen, ConfirmScreen)
        assert isinstance(second.screen, ConfirmScreen)
        await one.press("y")
        await other.press("y")
        await one.pause()
        await other.pause()
        assert first.game_screen.game.board.history == ((1, 1), (0, 0))
        assert second.game_screen.game.board.history == ()
        assert TAKEN_ELSEWHERE in status(second)
        await other.press("5")
        await one.press("3")
        await until(lambda: sorted(map(len, kept_in_progress(paths))) == [1, 3], "each copy's game written")
        assert first.game_screen.game.board.history in kept_in_progress(paths)  # one copy holds the game


def kept_in_progress(paths: Paths) -> list[tuple[Move, ...]]:
    """The moves of each game in progress on disk (a file being replaced is left out)."""
    games = []
    for path in folder_of(paths).glob("*.ttt"):
        with contextlib.suppress(SaveFileError):
            games.append(read_game(path).board.history or ())
    return games

"""The game in progress on disk: written after every move, offered only once its copy is gone."""

from __future__ import annotations

import contextlib
from pathlib import Path

from tictactoe_tui.engine import Board
from tictactoe_tui.store.files import Paths
from tictactoe_tui.store.in_progress import InProgress, folder_of, left_behind
from tictactoe_tui.store.savefile import save

from .helpers.waiting import until_blocking


def written(paths: Paths) -> list[str]:
    """The games in progress on disk now (a file removed while the folder is read is not one)."""
    texts = []
    for path in folder_of(paths).glob("*.ttt"):
        with contextlib.suppress(FileNotFoundError):
            texts.append(path.read_text())
    return texts


def test_a_running_copy_s_game_is_not_offered_and_one_that_ended_well_leaves_nothing(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    problems: list[str] = []
    running = InProgress(paths, problems.append)
    board = Board.empty().play((1, 1)).play((0, 0))
    running.keep(board, None)
    running.close()  # waits for the write under way, then removes the game: the app ended well
    assert written(paths) == []
    running = InProgress(paths, problems.append)
    running.keep(board, None)
    running.keep(board.play((2, 2)), None)
    until_blocking(lambda: any("moves: b2 a1 c3" in text for text in written(paths)))  # the writing thread's turn
    assert left_behind(paths) is None  # its copy still runs: it holds the lock
    running.keep(board.play((2, 2)).play((0, 1)).play((2, 0)).play((0, 2)), None)  # O wins: over
    until_blocking(lambda: not written(paths))
    assert problems == []


def test_a_game_left_behind_that_cannot_be_read_is_removed_not_raised(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    folder_of(paths).mkdir(parents=True)
    unreadable = folder_of(paths) / "1-dead.ttt"
    unreadable.write_text("version: 1\nk: " + "3" * 5000 + "\nboard: x../.../...\nmoves: a1\n")
    assert left_behind(paths) is None  # before: ValueError (int() refuses 5000 digits) at every start
    assert not unreadable.exists()


def test_a_game_left_behind_is_taken_by_one_copy_only(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    folder_of(paths).mkdir(parents=True)
    save(folder_of(paths) / "1-dead.ttt", Board.empty().play((1, 1)))  # a killed copy's: no lock held
    first, second = left_behind(paths), left_behind(paths)  # two copies started, each asks
    assert first is not None
    assert second is not None
    assert (first.take(), second.take()) == (True, False)  # before: both resumed it
    assert list(folder_of(paths).iterdir()) == []

"""The game in progress on disk: written after every move, offered only once its copy is gone."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from tictactoe_tui.engine import Board
from tictactoe_tui.store.files import Paths
from tictactoe_tui.store.in_progress import InProgress, folder_of, left_behind


def until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (written by another thread), 30 s at most."""
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.002)


def written(paths: Paths) -> list[str]:
    return [path.read_text() for path in folder_of(paths).glob("*.ttt")]


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
    until(lambda: any("moves: b2 a1 c3" in text for text in written(paths)))  # the writing thread's turn
    assert left_behind(paths) is None  # its copy still runs: it holds the lock
    running.keep(board.play((2, 2)).play((0, 1)).play((2, 0)).play((0, 2)), None)  # O wins: over
    until(lambda: not written(paths))
    assert problems == []

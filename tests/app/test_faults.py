"""Faults around the app: disks that refuse writes, no network, nothing written outside its folders."""

from __future__ import annotations

import errno
import os
import socket
from pathlib import Path

import pytest

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.store.archive import Archive
from tictactoe_tui.store.files import Paths, write_json
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import marks


def app_at(paths: Paths, settings: Settings | None = None) -> TicTacToeApp:
    return TicTacToeApp(settings, paths=paths, searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0)


def test_a_full_disk_is_reported_not_raised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    problem = write_json(tmp_path / "settings.json", {"mode": "two players"})
    assert problem is not None
    assert "No space left on device" in problem
    assert list(tmp_path.iterdir()) == []  # the temporary file is cleaned up


async def test_an_unwritable_config_directory_leaves_the_game_playable(tmp_path: Path) -> None:
    blocked = tmp_path / "config"
    blocked.write_text("a file where the config directory should be")
    app = app_at(Paths(blocked, tmp_path / "data"), Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        app.game_screen.change_setting("level", "easy")  # a settings change is saved... and cannot be
        await pilot.press("1", "4", "2", "5", "3")  # a finished game goes to the archive (writable)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert marks(app) == "xxx/oo./..."
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "could not save" in toasts
    assert blocked.read_text() == "a file where the config directory should be"
    assert Archive(tmp_path / "data" / "games.sqlite3").count() == 1


async def test_a_missing_config_directory_is_created(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "new" / "config", tmp_path / "new" / "data")
    app = app_at(paths)
    async with app.run_test() as pilot:
        await pilot.pause()
        app.game_screen.change_setting("level", "hard")
        await pilot.pause()
    assert paths.settings.exists()


async def test_the_app_and_its_computer_never_open_a_network_socket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[tuple[object, ...]] = []

    class NoNetwork(socket.socket):
        def __init__(self, *args: object, **kwargs: object) -> None:
            opened.append(args)
            raise AssertionError("the game tried to open a socket")

    monkeypatch.setattr(socket, "socket", NoNetwork)
    app = app_at(Paths(tmp_path / "c", tmp_path / "d"))
    async with app.run_test() as pilot:
        for key in ("5", "1", "9", "i", "a", "u", "n"):
            await pilot.press(key)
            await app.workers.wait_for_complete()
    assert opened == []


async def test_nothing_is_written_outside_the_apps_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(home)
    paths = Paths(home / "config", home / "data")
    app = app_at(paths, Settings(mode=TWO_PLAYERS.name))
    async with app.run_test() as pilot:
        await pilot.press("1", "4", "2", "5", "3", "n", "5")
        app.game_screen.change_setting("level", "hard")
        await pilot.pause()
    written = sorted(str(path.relative_to(home)) for path in home.rglob("*") if path.is_file())
    assert written == ["config/settings.json", "data/games.sqlite3"]  # SQLite's -wal and -shm go at close

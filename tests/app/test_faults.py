"""Faults around the app: disks that refuse writes, no network, nothing written outside its folders."""

from __future__ import annotations

import asyncio
import errno
import os
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.store.archive import Archive
from tictactoe_tui.store.files import Paths, write_json
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import handled, marks
from ..helpers.waiting import TIMEOUT, until


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


#: What may stand where a settings or statistics file should be: how to make it there, and what it is said to be.
NOT_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "a link to /dev/zero": (lambda path: path.symlink_to("/dev/zero"), "a device"),
    "a named pipe": (os.mkfifo, "a named pipe"),
}


@pytest.mark.skipif(not Path("/dev/zero").exists() or not hasattr(os, "mkfifo"), reason="needs /dev/zero and FIFOs")
@pytest.mark.parametrize(("make", "kind"), NOT_FILES.values(), ids=list(NOT_FILES))
@pytest.mark.parametrize("which", ["settings", "stats"])
async def test_a_settings_or_statistics_file_that_is_not_a_file_is_set_aside_in_one_line(
    tmp_path: Path, which: str, make: Callable[[Path], None], kind: str
) -> None:
    """Issue 64: as a link to /dev/zero, 4.4 GB of memory then a MemoryError traceback; as a named
    pipe, the app blocked before its first frame, forever."""
    paths = Paths(tmp_path / "config", tmp_path / "data")
    target = paths.settings if which == "settings" else paths.stats
    target.parent.mkdir(parents=True)
    make(target)
    app = await asyncio.wait_for(asyncio.to_thread(app_at, paths), TIMEOUT)  # before: never, for a pipe

    def told() -> list[str]:
        return [text for toast in app.screen.query("Toast") if target.name in (text := str(toast.render()))]

    async with app.run_test(notifications=True) as pilot:
        await until(told, f"the app to tell of {target.name}")
        await handled(app)
        assert len(told()) == 1
        assert f"{target} is {kind}, not a file; kept as {target.name}.bad-" in told()[0]
        assert marks(app) == ".../.../..."  # the game is there to play
        await pilot.press("5")
        await until(lambda: marks(app) != ".../.../...", "the first move to be played")
    assert not target.exists()  # set aside: the next start reads nothing there

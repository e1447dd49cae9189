"""A ``serve`` visitor is a stranger (issue 64): saving sends a download to their browser, loading
takes pasted text, no dialog reads, lists or writes a file, and no online mode is offered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DirectoryTree, Input, Select, TextArea

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.commands import game_commands
from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt
from tictactoe_tui.app.transfer import PastedGamePrompt
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Board, get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.store import savefile
from tictactoe_tui.table import TABLES, TWO_PLAYERS

from ..helpers.app import marks, status
from ..helpers.waiting import until


def visitor_app() -> TicTacToeApp:
    """The app as ``serve`` starts it for a browser: a visitor, with no files of this machine."""
    return TicTacToeApp(
        Settings(mode=TWO_PLAYERS.name), searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0, visitor=True
    )


class Deliveries:
    """What the app handed to the browser (Textual's ``deliver_text``), as (file name, text)."""

    def __init__(self, app: TicTacToeApp, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[tuple[str, str]] = []

        def deliver_text(file: Any, *, save_filename: str | None = None, **_options: Any) -> str:
            self.sent.append((str(save_filename), file.read()))
            return "key"

        monkeypatch.setattr(app, "deliver_text", deliver_text)


async def test_a_visitors_save_is_a_download_and_asks_for_no_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # where a folder-bound save would have gone
    app = visitor_app()
    deliveries = Deliveries(app, monkeypatch)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("5", "ctrl+s")
        await until(lambda: deliveries.sent, "the game handed to the browser")
        assert not isinstance(app.screen, PathPrompt)  # no path asked for, none typed
        assert not list(app.screen.query(DirectoryTree))
        ((name, text),) = deliveries.sent
        assert name.endswith(".ttt")
        assert savefile.parse_game(text).board.history == ((1, 1),)
        await until(lambda: "Sent to your browser as " in status(app), "the status to say where it went")
    assert list(tmp_path.iterdir()) == []  # nothing written here


async def test_a_visitor_loads_a_pasted_game_and_a_bad_paste_is_refused() -> None:
    app = visitor_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+o")
        await until(lambda: isinstance(app.screen, PastedGamePrompt), "the paste prompt")
        assert not list(app.screen.query(Input))  # no path field: nothing of this machine is offered
        area = app.screen.query_one(TextArea)
        area.insert("not a game at all")
        await pilot.press("ctrl+o")
        await until(lambda: "Not loaded:" in status(app), "the refusal")
        assert marks(app) == ".../.../..."
        assert isinstance(app.screen, PastedGamePrompt)  # the prompt stays, saying why, for another paste
        app.screen.query_one(TextArea).text = savefile.dump(Board.empty().play_all([(0, 0), (1, 1)]))
        await pilot.press("ctrl+o")
        await until(lambda: marks(app) == "x../.o./...", "the pasted game on the board")
        assert "Loaded the pasted game: 2 moves played" in status(app)


async def test_a_paste_larger_than_a_saved_game_is_refused() -> None:
    app = visitor_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+o")
        await until(lambda: isinstance(app.screen, PastedGamePrompt), "the paste prompt")
        app.screen.query_one(TextArea).insert("#" * (savefile.MAX_BYTES + 1))
        await pilot.press("ctrl+o")
        await until(lambda: "larger than a saved game can be" in status(app), "the refusal")


async def test_a_visitor_exports_from_the_archive_as_a_download(monkeypatch: pytest.MonkeyPatch) -> None:
    from tictactoe_tui.app.screens.archive import ArchiveScreen

    app = visitor_app()
    deliveries = Deliveries(app, monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1", "4", "2", "5", "3")  # X wins along the top row
        await until(lambda: app.game_screen.game.board.is_over, "the game to end")
        await pilot.press("g")
        await until(lambda: isinstance(app.screen, ArchiveScreen), "the archive")
        await pilot.press("e")
        await until(lambda: deliveries.sent, "the game handed to the browser")
        ((name, text),) = deliveries.sent
        assert name == "tictactoe-game-1.ttt"
        assert savefile.parse_game(text).board.move_count == 5


async def test_a_visitor_is_offered_no_online_mode_and_says_what_save_does() -> None:
    app = visitor_app()
    online = {name for name, table in TABLES.items() if table.online}
    assert online, "the app offers online modes elsewhere"
    async with app.run_test(size=(120, 40)) as pilot:
        await app.game_screen.whole()
        await pilot.pause()
        modes = {value for _label, value in app.game_screen.query_one("#mode", Select)._options}
        assert modes
        assert not modes & online
        commands = {title: help for title, help, _run in game_commands(app.game_screen)}
        online_labels = {TABLES[name].label for name in online}
        assert not any(title.removeprefix("Mode: ") in online_labels for title in commands)
        assert "New join code" not in commands
        assert "browser" in commands["Save game"]
        assert "Paste" in commands["Load game"]


def test_a_visitor_keeps_nothing_of_the_serving_users() -> None:
    """Its archive lives in memory and ends with it; its settings are not read or written."""
    app = visitor_app()
    assert app.paths is None
    assert app.archive.path is None


async def test_the_player_at_home_still_saves_to_a_file(tmp_path: Path) -> None:
    """Only the visitor changes: at home Ctrl+S asks for a file, as before."""
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+s")
        await until(lambda: isinstance(app.screen, PathPrompt), "the file prompt")
        commands = {title for title, _help, _run in game_commands(app.game_screen)}
        assert "New join code" in commands

"""Every theme the app offers: chosen in the app, it draws the board, and the next start uses it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.strip import Strip

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.players import FirstFree
from ..helpers.squares import drawn

#: The themes the app lists in its theme picker, read from the app itself.
OFFERED = sorted(TicTacToeApp(searcher=ThreadSearcher(get_strategy)).available_themes)


def launched(paths: Paths) -> TicTacToeApp:
    """The app as a player starts it, keeping its files under ``paths``, two players at one keyboard."""
    return TicTacToeApp(Settings(mode=TWO_PLAYERS.name), paths=paths, searcher=ThreadSearcher(get_strategy), seed=1)


def ink_of(app: TicTacToeApp, move: tuple[int, int]) -> str:
    """The characters the board draws in square ``move``, blanks left out."""
    view = app.query_one(BoardView)
    region = view.square_region(move)
    assert region is not None, "the board is not drawn"
    return "".join(strip.text for strip in drawn(view, region)).replace(" ", "")


def test_the_app_offers_its_own_themes_and_textual_s() -> None:
    assert {"chalkboard", "textual-dark", "ansi-dark", "ansi-light"} <= set(OFFERED)


@pytest.mark.parametrize("theme", OFFERED)
async def test_every_offered_theme_draws_the_board_and_starts_the_next_time(theme: str, tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = launched(paths)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.press("5")
        await pilot.pause()
        assert app.theme == theme
        assert "▄" in ink_of(app, (1, 1))  # the X, drawn in the theme's colours
        await pilot.press("1")
        await pilot.pause()
        assert app.is_running
    again = launched(paths)
    async with again.run_test(size=(120, 40)) as pilot:
        assert again.theme == theme
        await pilot.press("5")
        await pilot.pause()
        assert "▄" in ink_of(again, (1, 1))
        assert again.is_running
    assert again.return_code in (None, 0)


#: Settings files a player could be left with: values unknown or mistyped, of the wrong type,
#: half written, not JSON at all, a theme this version does not have.
UNUSABLE_SETTINGS = {
    "unknown values": '{"mode": "chess", "level": "genius", "first": "whoever"}',
    "mistyped values": '{"mode": "two player", "level": "Hard", "board": "3×3k3", "layout": "qwerty"}',
    "wrong types": '{"mode": 2, "think_seconds": "fast", "coach": "yes", "board": 33, "coordinates": null}',
    "half written": '{"mode": "two players", "level": "imposs',
    "not JSON": "mode = two players\nlevel = hard\n",
    "not an object": '["two players", "hard"]',
    "a theme that does not exist": '{"mode": "two players", "theme": "solarized-nope"}',
    "numbers out of range": '{"think_seconds": 1e999, "board": "99x99k99", "theme": ""}',
    "nested deeper than Python reads": "[" * 1000,
    "a number of more digits than Python reads": '{"mode": "two players", "think_seconds": ' + "1" * 5000 + "}",
}


@pytest.mark.parametrize("content", UNUSABLE_SETTINGS.values(), ids=list(UNUSABLE_SETTINGS))
async def test_the_app_starts_whatever_the_settings_file_holds(content: str, tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    paths.config_dir.mkdir(parents=True)
    paths.settings.write_text(content)
    app = TicTacToeApp(paths=paths, searcher=ThreadSearcher(lambda _name: FirstFree()), seed=1, watch_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("5")
        await pilot.pause()
        assert app.theme in OFFERED
        assert "▄" in ink_of(app, (1, 1))  # the X
        problems = [
            str(toast.render()) for toast in app.screen.query("Toast") if str(paths.settings) in str(toast.render())
        ]
        assert len(problems) == 1  # said once, in one line
        assert "using" in problems[0] or "kept as settings.json.bad-" in problems[0]
        assert app.is_running
    [kept] = paths.config_dir.glob("settings.json.bad-*")
    assert kept.read_text() == content  # the player's file as it was: nothing lost
    again = TicTacToeApp(paths=paths, searcher=ThreadSearcher(lambda _name: FirstFree()), seed=1, watch_delay=0)
    async with again.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("5")
        await pilot.pause()
        # not said again at each start (it was, till the setting changed), but for a name that may
        # be a plug-in's: the file keeps it for when the plug-in is back, and each start says so
        assert all("is not installed now (a plug-in's?)" in problem for problem in again.problems)
        assert (again.theme, again.game_screen.settings) == (app.theme, app.game_screen.settings)


async def test_a_theme_that_cannot_be_drawn_is_never_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = launched(paths)
    drawing = BoardView.render_line

    def render_line(view: BoardView, y: int) -> Strip:
        if view.app.theme == "nord":
            raise RuntimeError("this theme cannot be drawn")
        return drawing(view, y)

    async def choose_nord() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("5")
            monkeypatch.setattr(BoardView, "render_line", render_line)
            app.theme = "nord"
            await pilot.pause()

    with pytest.raises(RuntimeError, match="cannot be drawn"):
        await choose_nord()
    assert not paths.settings.exists() or "nord" not in paths.settings.read_text()  # before: saved at once
    monkeypatch.setattr(BoardView, "render_line", drawing)
    again = launched(paths)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.pause()
        assert again.theme != "nord"
        assert again.is_running

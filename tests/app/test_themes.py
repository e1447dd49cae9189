"""Every theme the app offers: chosen in the app, it draws the board, and the next start uses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.ai import ThreadSearcher
from tictactoe_tui.app.board_view import BoardView
from tictactoe_tui.engine import get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import TWO_PLAYERS

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

"""Every choice the app offers works (issue 56 item 1): each command the palette lists and each
option each sidebar setting lists, read from the app itself, is carried out and the game goes
on, the status saying whose turn it is."""

from __future__ import annotations

import inspect

import pytest
from textual.widgets import Select

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.commands import game_commands
from tictactoe_tui.app.widgets.sidebar import SECTIONS, setting_options
from tictactoe_tui.game import Settings

from ..helpers.app import AppFactory, settle, status
from ..helpers.players import FirstFree


async def back_to_the_game(app: TicTacToeApp) -> None:
    """Leave whatever screen a choice opened (a dialog, the archive, the puzzles)."""
    for _ in range(4):
        if app.screen is app.game_screen:
            return
        app.screen.dismiss(None) if hasattr(app.screen, "dismiss") else app.pop_screen()
        await settle(app)
    assert app.screen is app.game_screen, f"{app.screen} stays over the game"


#: Every command the palette lists on the game screen, read from the app as it starts.
COMMANDS = [title for title, _help, _run in game_commands(TicTacToeApp(seed=1).game_screen)]


def test_the_palette_lists_each_command_once() -> None:
    assert len(COMMANDS) == len(set(COMMANDS)) > 20


@pytest.mark.parametrize("title", COMMANDS)
async def test_every_palette_command_is_carried_out_and_the_game_goes_on(make_app: AppFactory, title: str) -> None:
    app = make_app(Settings(), impossible=FirstFree())
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("5")  # a game in progress
        await settle(app)
        run = next(run for name, _help, run in game_commands(app.game_screen) if name == title)
        done = run()
        if inspect.isawaitable(done):
            await done
        await settle(app)
        await pilot.pause()
        await back_to_the_game(app)
        assert app.is_running
        assert app.return_code is None
        assert status(app).strip(), "the status says nothing"


async def test_every_option_of_every_sidebar_setting_is_taken(make_app: AppFactory) -> None:
    app = make_app(Settings(), impossible=FirstFree())
    async with app.run_test(size=(100, 34)) as pilot:
        screen = app.game_screen
        for field, _title in SECTIONS:
            for label, value in setting_options(field, screen.settings, screen.game.board):
                if value == "custom":  # asks for rows, columns and k: a dialog of its own (test_big_boards)
                    continue
                select = app.query_one(f"#{field}", Select)
                if select.disabled:
                    continue
                select.value = value
                await settle(app)
                await pilot.pause()
                await back_to_the_game(app)
                assert getattr(screen.settings, field) == value, (field, label)
                assert app.is_running, (field, label)
                assert status(app).strip(), (field, label)

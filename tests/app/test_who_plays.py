"""The table decides who plays; nothing half played is lost without a yes (issue 39 item 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from tictactoe_tui.app.screens import ConfirmScreen
from tictactoe_tui.engine import Board
from tictactoe_tui.game import Mode, Settings
from tictactoe_tui.net import JoinPlan
from tictactoe_tui.store import savefile

from .conftest import AppFactory
from .test_online import app_for, hosted_app, until


@pytest.mark.parametrize("keys", ["qn", "qu", "qnn", "qun"])
async def test_a_burst_of_keys_after_q_mid_game_never_quits_without_a_yes(make_app: AppFactory, keys: str) -> None:
    app = make_app(Settings(mode=Mode.TWO_PLAYERS))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        for key in keys:  # in one burst: nothing waits between them, as in a paste or a fast typist
            app.post_message(events.Key(key, key))
        await pilot.pause(0.2)
        assert app.is_running
        assert app.game_screen.game.board.move_count == 1
        await pilot.press("q", "y")
    assert app.return_code == 0


async def test_loading_over_a_game_in_progress_asks_first(make_app: AppFactory, tmp_path: Path) -> None:
    saved = tmp_path / "saved.ttt"
    savefile.save(saved, Board.empty().play_all([(0, 0), (1, 1)]))
    app = make_app(Settings(mode=Mode.TWO_PLAYERS))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        app.game_screen.load_game(str(saved))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.game_screen.game.board.history == ((1, 1),)
        app.game_screen.load_game(str(saved))
        await pilot.pause()
        await pilot.press("y")
        assert app.game_screen.game.board.history == ((0, 0), (1, 1))
        assert "Loaded" in app.game_screen.notice


async def test_quitting_mid_game_online_asks_first(tmp_path: Path) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test() as pilot:
            await until(lambda: bool(guest.game_screen.game.remote) and bool(host.game_screen.game.remote))
            host.game_screen.place((1, 1))
            await until(lambda: guest.game_screen.game.board.move_count == 1)
            await pilot.press("q")
            assert isinstance(guest.screen, ConfirmScreen)
            await pilot.press("n")
            assert guest.is_running

"""The footer shows only the keys that work where it is shown: u (undo) where moves can be taken
back, and not online (a play-test read "u Undo" in an online game, where u only says why not)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.game import Settings
from tictactoe_tui.table import TABLES

from ..helpers.app import AppFactory, settle, status
from ..helpers.online import hosted_app, press
from ..helpers.players import FirstFree
from ..helpers.waiting import until


def footer_keys(app: TicTacToeApp) -> set[str]:
    """The keys the game screen's footer shows."""
    return {key.key for key in app.game_screen.query(FooterKey) if key.display}


@pytest.mark.parametrize("table", [name for name, table in TABLES.items() if not table.online])
async def test_the_footer_offers_undo_where_moves_can_be_taken_back(make_app: AppFactory, table: str) -> None:
    app = make_app(Settings(mode=table), impossible=FirstFree())
    async with app.run_test(size=(120, 40)):
        await app.game_screen.whole()
        await settle(app)
        assert ("u" in footer_keys(app)) is (app.game_screen.game.table.undo_refusal() is None)


async def test_the_footer_of_an_online_game_leaves_undo_out_and_u_says_why(tmp_path: Path) -> None:
    async with hosted_app(tmp_path, size=(120, 40)) as (host, _address, _code):
        await host.game_screen.whole()
        await until(lambda: "n" in footer_keys(host), "the footer")
        refusal = host.game_screen.game.table.undo_refusal()
        assert refusal
        assert "u" not in footer_keys(host)
        await press(host, "u")
        await until(lambda: refusal in status(host), "u to say why not")

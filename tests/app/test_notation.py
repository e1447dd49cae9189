"""The app says what its values mean: ``W5``, ``D`` and ``L2`` on the overlay and in a hint (issue 39.7)."""

from __future__ import annotations

from tictactoe_tui.app.board_view import VALUE_LEGEND
from tictactoe_tui.app.help import EXTRA_KEYS, HelpScreen

from .conftest import AppFactory
from .test_play import TWO_PLAYERS, settle, status


async def test_the_overlay_the_hint_and_the_help_explain_the_values(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("5")
        await pilot.press("a")
        await settle(app)
        await pilot.pause()
        assert VALUE_LEGEND in status(app)
        await pilot.press("a", "i")
        await settle(app)
        await pilot.pause()
        assert "Hint for O" in status(app)
        assert "a draw with best play" in status(app)  # every reply but a corner loses; a corner draws
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert any(VALUE_LEGEND in description for _key, description in EXTRA_KEYS)

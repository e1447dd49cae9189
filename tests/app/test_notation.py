"""The app says what its values mean: ``W5``, ``D`` and ``L2`` on the overlay and in a hint (issue 39.7)."""

from __future__ import annotations

from tictactoe_tui.app.screens.help import EXTRA_KEYS, HelpScreen
from tictactoe_tui.app.widgets.evaluation import VALUE_LEGEND

from ..helpers.app import TWO_PLAYERS, AppFactory, settle, status


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


def test_a_value_counts_the_moves_of_both_sides_and_every_text_says_so() -> None:
    from pathlib import Path

    from tictactoe_tui.app.widgets.evaluation import value_words
    from tictactoe_tui.engine import Board, analyze

    # X to move wins at once at c1 (one move); anywhere else O wins next (two moves of both sides)
    board = Board.empty(3, 3, 3).play_all([(0, 0), (1, 0), (0, 1), (1, 1)])
    values = {value.move: value for value in analyze(board).moves}
    assert (values[(0, 2)].plies, values[(2, 2)].plies) == (1, 2)
    assert value_words(values[(0, 2)]) == "W1, a win with this move"
    assert value_words(values[(2, 2)]) == "L2, a loss in 2 moves of both sides"
    root = Path(__file__).parents[2]
    for text in (VALUE_LEGEND, (root / "README.md").read_text(), (root / "docs" / "archive.md").read_text()):
        assert "5 moves of both sides" in text
        assert "W5` wins in 5 plies" not in text
        assert "win in 5 moves ·" not in text

"""The evaluation bar (issue 66): shown with the overlay, over the board's top margin, filled
with X's chances from the same evaluation as the overlay's squares, and said in words."""

from __future__ import annotations

import pytest

from tictactoe_tui.app.widgets.board_view import BoardView
from tictactoe_tui.app.widgets.evaluation import EMPTY, FILLED, EvaluationBar, first_players_chances, verdict
from tictactoe_tui.game import Preset, Settings

from ..helpers.app import TWO_PLAYERS, AppFactory, settle


async def test_the_bar_comes_and_goes_with_the_overlay_and_says_the_exact_value(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        bar = app.query_one(EvaluationBar)
        await pilot.press("5", "2")  # X in the centre, O on an edge: X wins
        assert not bar.display
        await pilot.press("a")
        await settle(app)
        await pilot.pause()
        assert bar.display
        evaluation = app.game_screen.analysis
        assert evaluation is not None
        assert bar.evaluation is evaluation  # the overlay's own evaluation: one owner
        assert bar.words == "X wins in 5 moves of both sides"
        drawn = str(bar.render())
        assert drawn.startswith("X ")
        assert EMPTY not in drawn  # X's share: all of it
        assert drawn.endswith(f"{FILLED} O  X wins in 5 moves of both sides")
        await pilot.press("a")
        assert not bar.display


async def test_the_bar_says_the_result_once_the_game_is_over(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("a", "1", "4", "2", "5", "3")
        await settle(app)
        await pilot.pause()
        bar = app.query_one(EvaluationBar)
        assert bar.words == "X won"
        assert verdict(app.game_screen.game, None) == (1.0, "X won")


async def test_an_estimated_bar_fills_with_x_s_chances_and_says_estimate(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=Preset(9, 9, 3, "ultimate")))
    async with app.run_test() as pilot:
        await pilot.press("enter", "1", "a")
        await settle(app)
        await pilot.pause()
        bar = app.query_one(EvaluationBar)
        evaluation = app.game_screen.analysis
        assert evaluation is not None
        assert not evaluation.exact
        chance = first_players_chances(evaluation)
        assert chance is not None
        leader, share = ("X", chance) if chance >= 0.5 else ("O", 1 - chance)
        assert bar.words == f"{leader}'s chances {share:.0%} (estimate)"


@pytest.mark.parametrize("folded", [False, True])
@pytest.mark.parametrize("preset", [Preset(9, 9, 3, "ultimate"), Preset(15, 15, 5), Preset(3, 3, 3)])
async def test_the_bar_fits_at_80x24_beside_the_sidebar_or_without_it(
    make_app: AppFactory, preset: Preset, folded: bool
) -> None:
    """Above the board it took a line from it: Ultimate at 80×24 asked for 80×25."""
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=preset))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.game_screen.side.whole()
        if folded:
            await pilot.press("f2")
        await pilot.press("a")
        await pilot.pause()
        bar, view, play = app.query_one(EvaluationBar), app.query_one(BoardView), app.query_one("#play")
        assert app.query_one("#side").display is not folded
        assert bar.display
        assert not view.has_class("-too-small")
        assert bar.region.height == 1
        assert play.region.contains_region(bar.region)
        assert bar.region.bottom <= view.region.y + view.styles.padding.top  # over the margin, not the board

"""Big boards in the app: fitting the terminal, custom sizes, the computer's time budget."""

from __future__ import annotations

import contextlib
import re

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from tictactoe_tui.app.screens.dialogs.custom_board import CustomBoardScreen
from tictactoe_tui.app.seats import ComputerSeat
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.sidebar import setting_options
from tictactoe_tui.engine import BoardError
from tictactoe_tui.engine.rules.base import LONGEST_SIDE
from tictactoe_tui.game import Preset, Settings
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import AppFactory, handled, settle, status
from ..helpers.players import Gated
from ..helpers.waiting import until

GOMOKU = Settings(mode=TWO_PLAYERS.name, preset=Preset(15, 15, 5))


async def custom_board_dialog(pilot: Pilot[None]) -> CustomBoardScreen:
    """Choose Custom… in the sidebar's board list: the dialog that asks for the board."""
    pilot.app.query_one("#preset", Select).value = "custom"
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CustomBoardScreen)
    return screen


async def test_15x15_fits_100x40_and_plays(make_app: AppFactory) -> None:
    app = make_app(GOMOKU)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert not app.query_one(BoardView).has_class("-too-small")
        assert len(app.query_one(BoardView).squares) == 225
        await pilot.press("enter", "right", "enter")
        assert str(app.game_screen.game.board).split("/")[7] == ".......xo......"


async def test_a_terminal_too_small_for_the_board_says_how_large_it_must_be(make_app: AppFactory) -> None:
    app = make_app(GOMOKU)
    async with app.run_test(size=(60, 14)) as pilot:
        await pilot.pause()
        board = app.query_one(BoardView)
        assert board.has_class("-too-small")
        message = str(app.query_one("#too-small").render())
        assert message.startswith("Make the window 60×")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not board.has_class("-too-small")


async def test_custom_board_from_the_sidebar(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await custom_board_dialog(pilot)
        values = {"rows": "6", "cols": "5", "k": "9"}
        for name, value in values.items():
            app.screen.query_one(f"#{name}", Input).value = value
        app.screen.query_one("#k", Input).focus()
        await pilot.press("enter")
        assert "k=9 does not fit" in str(app.screen.query_one("#custom-problem").render())
        app.screen.query_one("#k", Input).value = "4"
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen.settings.preset == Preset(6, 5, 4)
        assert app.query_one("#preset", Select).value == Preset(6, 5, 4)
        await pilot.press("n")
        assert (app.game_screen.game.board.rows, app.game_screen.game.board.cols, app.game_screen.game.board.k) == (
            6,
            5,
            4,
        )


async def test_the_custom_board_s_problem_goes_as_the_numbers_are_changed_to_fit(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(100, 40)) as pilot:
        await custom_board_dialog(pilot)
        for name, value in {"rows": "3", "cols": "7", "k": "9"}.items():
            app.screen.query_one(f"#{name}", Input).value = value
        app.screen.query_one("#k", Input).focus()
        await pilot.press("enter")
        problem = app.screen.query_one("#custom-problem")
        assert "k=9 does not fit a 3×7 board" in str(problem.render())
        await pilot.press("backspace", "8")  # still too long: the problem says so of 8
        assert "k=8 does not fit" in str(problem.render())
        await pilot.press("backspace", "4")
        assert str(problem.render()).strip() == ""
        assert isinstance(app.screen, CustomBoardScreen)  # used only on Enter


def offered(label: str) -> set[int]:
    """The numbers a field's label offers: "Rows (3 to 7, or 15)" offers 3, 4, 5, 6, 7 and 15."""
    spans = re.findall(r"(\d+)(?: to (\d+))?", label.partition("(")[2])
    return {number for first, last in spans for number in range(int(first), int(last or first) + 1)}


def board_taken(game: str, rows: int | None = None, cols: int | None = None) -> bool:
    """Whether some board of ``game`` has ``rows`` rows (or ``cols`` columns), with any other side and k."""
    for other in range(1, LONGEST_SIDE + 1):
        for k in range(1, LONGEST_SIDE + 1):
            with contextlib.suppress(BoardError):
                Preset(rows or other, cols or other, k, game).checked()
                return True
    return False


async def test_the_custom_board_offers_only_the_sizes_its_game_takes(make_app: AppFactory) -> None:
    """Gravity's labels offered "3 to 7, or 15" and then refused 15 (and Ultimate's, which takes
    only 9×9, offered the same): each game's labels now come from its rules."""
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        games = [name for _label, name in setting_options("game", app.game_screen.settings)]
        assert len(games) >= 4
        for game in games:
            app.game_screen.settings = app.game_screen.settings.with_game(game)
            dialog = await custom_board_dialog(pilot)
            labels = [str(label.render()) for label in dialog.query(Static)]
            rows_label = next(label for label in labels if label.startswith("Rows ("))
            cols_label = next(label for label in labels if label.startswith("Columns ("))
            rows, cols = offered(rows_label), offered(cols_label)
            assert rows, game
            assert cols, game
            for side in range(1, LONGEST_SIDE + 1):  # what is offered is taken, and what is taken is offered
                assert (side in rows) == board_taken(game, rows=side), (game, side, rows_label)
                assert (side in cols) == board_taken(game, cols=side), (game, side, cols_label)
            await pilot.press("escape")
            await until(lambda: not isinstance(app.screen, CustomBoardScreen), "the dialog to close")


async def test_the_think_time_goes_to_the_computer(make_app: AppFactory) -> None:
    gated = Gated()
    app = make_app(Settings(think_seconds=0.25), impossible=gated)
    async with app.run_test() as pilot:
        await pilot.press("5")
        seat = app.game_screen.seats.to_move(app.game_screen.game)
        assert isinstance(seat, ComputerSeat)
        assert seat.job is not None
        assert seat.job.seconds == 0.25
        gated.gate.set()
        await settle(app)
        app.query_one("#think_seconds", Select).value = 2.0
        await pilot.pause()
        assert app.game_screen.settings.think_seconds == 2.0
        assert "Your turn" in status(app)


async def test_the_custom_board_s_fields_take_a_burst_of_keys_in_the_order_typed(make_app: AppFactory) -> None:
    """Typed at once, "⌫ 3 Tab ⌫ 7 Tab ⌫ 3" gave rows 73 and the other fields empty: Tab moved
    the focus only after the keys behind it had gone to the rows, and a ⌫ sent to one field
    edited the one the focus had moved to."""
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(100, 40)) as pilot:
        await custom_board_dialog(pilot)
        for key in ("backspace", "3", "tab", "backspace", "7", "tab", "backspace", "3"):
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await handled(app)
        assert [app.screen.query_one(f"#{name}", Input).value for name in ("rows", "cols", "k")] == ["3", "7", "3"]


@pytest.mark.parametrize("typed", ["-", "1_", "", "-3"])
async def test_a_custom_board_field_that_is_no_whole_number_is_said_not_raised(
    make_app: AppFactory, typed: str
) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await custom_board_dialog(pilot)
        rows = app.screen.query_one("#rows", Input)
        rows.value = typed
        rows.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CustomBoardScreen)  # still asking
        assert f"rows {typed!r}: write a whole number" in str(app.screen.query_one("#custom-problem").render())
        assert app.is_running

"""Playing the other games in the app: choosing them, Gravity's columns, Ultimate's boards."""

from __future__ import annotations

import random
from dataclasses import replace

from rich.console import Console
from rich.style import Style
from textual.strip import Strip
from textual.widgets import Select

from tictactoe_tui.app.screens.help import HelpScreen, games_table
from tictactoe_tui.app.widgets.board_drawing import BIG_GLYPHS
from tictactoe_tui.app.widgets.board_view import BoardView
from tictactoe_tui.engine import Board, Mark
from tictactoe_tui.game import GameState, KeyLayout, Preset, Settings
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import AppFactory, click_cell, marks, settle, status
from ..helpers.players import FirstFree
from ..helpers.squares import drawn, shown, squares
from ..helpers.waiting import until

CONNECT_FOUR = Settings(mode=TWO_PLAYERS.name, preset=Preset(6, 7, 4, "gravity"))
ULTIMATE = Settings(mode=TWO_PLAYERS.name, preset=Preset(9, 9, 3, "ultimate"))
EMPTY_ROW = "." * 7


async def test_choosing_a_game_in_the_sidebar_brings_its_board_next_game(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test() as pilot:
        await pilot.pause()
        app.query_one("#game", Select).value = "gravity"
        await pilot.pause()
        assert app.game_screen.settings.preset == Preset(6, 7, 4, "gravity")
        assert app.query_one("#preset", Select).value == Preset(6, 7, 4, "gravity")
        assert "next game" in status(app)
        await pilot.press("n")
        assert (
            app.game_screen.game.board.rules.name,
            app.game_screen.game.board.rows,
            app.game_screen.game.board.cols,
        ) == ("gravity", 6, 7)
        app.query_one("#game", Select).value = "misere"
        await pilot.pause()
        assert app.game_screen.settings.preset == Preset(3, 3, 3, "misere")  # Misère has no 6×7: its first board


async def test_a_new_game_on_a_smaller_board_of_another_game_starts_its_cursor_on_that_board(
    make_app: AppFactory,
) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name, preset=Preset(15, 15, 5)))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.game_screen.cursor == (7, 7)  # off the 6×7 board to come
        app.query_one("#game", Select).value = "gravity"
        await until(lambda: app.game_screen.settings.preset == Preset(6, 7, 4, "gravity"))
        await pilot.press("n")
        assert (app.game_screen.game.board.rows, app.game_screen.game.board.cols) == (6, 7)
        assert app.game_screen.cursor == (5, 3)  # where a mark in the centre column lands
        await pilot.press("enter")
        assert marks(app).split("/")[-1] == "...x..."


async def test_a_click_anywhere_in_a_column_drops_the_mark_to_its_foot(make_app: AppFactory) -> None:
    app = make_app(CONNECT_FOUR)
    async with app.run_test(size=(100, 30)) as pilot:
        await click_cell(pilot, 0, 3)  # the top of column 4
        assert marks(app).split("/")[-1] == "...x..."
        assert app.game_screen.cursor == (4, 3)  # the cursor waits where the next mark in column 4 lands
        for _ in range(5):
            await click_cell(pilot, 2, 3)
        assert marks(app).split("/")[0] == "...o..."
        before = marks(app)
        await click_cell(pilot, 3, 3)
        assert marks(app) == before
        assert "column 4 is full" in status(app)


async def test_arrows_choose_a_column_and_number_keys_drop_into_one(make_app: AppFactory) -> None:
    app = make_app(CONNECT_FOUR)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.game_screen.cursor == (5, 3)  # the centre column's foot
        await pilot.press("right", "up", "enter")
        assert marks(app).split("/")[-1] == "....x.."
        assert app.game_screen.cursor == (4, 4)
        await pilot.press("7", "7")
        assert marks(app).split("/")[-2:] == ["......x", "....x.o"]


async def test_the_computer_plays_gravity(make_app: AppFactory) -> None:
    app = make_app(Settings(preset=Preset(6, 7, 4, "gravity"), level="medium"))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("4")
        await settle(app)
        await pilot.pause()
        assert app.game_screen.game.board.move_count == 2
        assert app.game_screen.game.board.legal_moves()  # the reply landed on a column's foot, the game goes on


async def test_ultimate_sends_you_to_the_matching_small_board(make_app: AppFactory) -> None:
    app = make_app(ULTIMATE)
    async with app.run_test() as pilot:
        await click_cell(pilot, 0, 2)  # the top-right square of the top-left board
        assert "play in the top-right board" in status(app)
        assert app.query_one(BoardView).open_boards == {(0, 2)}
        assert app.game_screen.cursor in [(r, c) for r in range(3) for c in range(6, 9)]  # the cursor jumped there
        await click_cell(pilot, 4, 4)
        assert "sent to the top-right board" in status(app)
        assert app.game_screen.game.board.move_count == 1
        await pilot.press("5")  # number keys name the squares of the board you were sent to
        assert app.game_screen.game.board.at((1, 7)) is Mark.O


async def test_in_ultimate_where_you_may_play_anywhere_one_digit_picks_the_board_the_next_its_square(
    make_app: AppFactory,
) -> None:
    app = make_app(ULTIMATE)
    async with app.run_test() as pilot:
        await pilot.press("1")  # the top-left board: the cursor goes to its centre, the status asks on
        assert app.game_screen.cursor == (1, 1)
        assert "The top-left board: now a digit for its square" in status(app)
        assert app.game_screen.game.board.move_count == 0
        await pilot.press("right")  # the arrows aim instead: the digit and its prompt are dropped
        assert "now a digit" not in status(app)
        await pilot.press("5", "5")  # the centre square of the centre board
        assert app.game_screen.game.board.at((4, 4)) is Mark.X
        assert "play in the centre board" in status(app)
        await pilot.press("3")  # O was sent to the centre board: one digit names its square
        assert app.game_screen.game.board.at((3, 5)) is Mark.O
        assert "play in the top-right board" in status(app)
        await pilot.press("2")  # X plays the top-right board's top-middle square
        assert "play in the top-middle board" in status(app)  # it said "the top board"


async def test_ultimate_s_board_digits_follow_the_keypad_layout(make_app: AppFactory) -> None:
    app = make_app(replace(ULTIMATE, layout=KeyLayout.KEYPAD))
    async with app.run_test() as pilot:
        await pilot.press("7", "3")  # keypad: 7 is the top-left board, 3 its bottom-right square
        assert app.game_screen.game.board.at((2, 2)) is Mark.X


async def test_a_claimed_ultimate_board_shows_one_big_mark(make_app: AppFactory) -> None:
    app = make_app(ULTIMATE)
    async with app.run_test() as pilot:
        await pilot.press("enter", "1", "5", "2", "5", "3")  # O takes the centre board's top row
        view = app.query_one(BoardView)
        assert view.claims == {(1, 1): "O"}
        claiming = view.square_region((3, 5))
        assert claiming is not None  # the last move shows over the big mark (it hid under it)
        assert any("O" in text and style.underline for text, style in ink_of(drawn(view, claiming)))
        await pilot.press("5")  # X sends O to the claimed centre board: O may play anywhere open
        assert "play in any open board" in status(app)
        first, last = view.square_region((3, 3)), view.square_region((5, 5))
        assert first is not None
        assert last is not None
        ink = [strip.text.strip() for strip in drawn(view, first.union(last))]
        assert [line for line in ink if line] == [line.strip() for line in BIG_GLYPHS["O"]]


def ink_of(strips: list[Strip]) -> list[tuple[str, Style]]:
    """The text and style of each segment of ``strips`` that draws something other than spaces."""
    return [(part.text, part.style) for strip in strips for part in strip if part.text.strip() and part.style]


async def test_ultimate_s_winning_line_of_boards_is_inverted_and_underlined(make_app: AppFactory) -> None:
    """Won down the right column, the claimed boards looked like the ones off the line."""
    rng, board = random.Random(3), Board.empty(9, 9, 3, "ultimate")
    while board.winner is None or len(board.rules.claimed_regions(board)) < 4:
        board = Board.empty(9, 9, 3, "ultimate") if board.is_over else board.play(rng.choice(board.legal_moves()))
    line = {(row // 3, col // 3) for row, col in board.winning_line}
    app = make_app(ULTIMATE)
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.query_one(BoardView)
        view.game = GameState(board, app.game_screen.game.seating)
        await pilot.pause()
        for place in view.claims:
            first, last = (
                view.square_region((place[0] * 3, place[1] * 3)),
                view.square_region((place[0] * 3 + 2, place[1] * 3 + 2)),
            )
            assert first is not None
            assert last is not None
            inverted = [bool(style.reverse and style.underline) for _, style in ink_of(drawn(view, first.union(last)))]
            assert inverted
            assert all(inverted) if place in line else not any(inverted), place


async def test_ultimate_s_small_boards_are_parted_by_lines_and_the_open_ones_framed_in_heavy_lines(
    make_app: AppFactory,
) -> None:
    """Nothing by colour alone: lines part the nine boards, heavy round those one may play in,
    and dashed ones each board's squares."""
    app = make_app(ULTIMATE)
    async with app.run_test(size=(80, 24)) as pilot:
        await click_cell(pilot, 4, 4)  # O is sent to the centre board
        view = app.game_screen.query_one(BoardView)
        assert view.fits
        board = "\n".join(shown(view))
        assert board.count("╆") == board.count("╅") == board.count("╄") == board.count("╃") == 1  # its corners
        assert (board.count("┃"), board.count("━")) == (2 * 5, 2 * 11)  # its sides, each one board long
        assert (board.count("│"), board.count("─")) == (2 * 2 * 5, 2 * 2 * 11)  # the other boards' sides
        # and dashed lines part each board's squares (two each way, crossing four times)
        assert (board.count("╎"), board.count("╌")) == (9 * (2 * 5 - 4), 9 * (2 * 11 - 4))


async def test_misere_against_the_computer_you_lose_by_completing_a_line(make_app: AppFactory) -> None:
    app = make_app(Settings(preset=Preset(3, 3, 3, "misere")), impossible=FirstFree())
    async with app.run_test() as pilot:
        for key in ("5", "2", "8"):  # X b2, b1, b3 (O takes the first free square: a1, c1)
            await pilot.press(key)
            await settle(app)
            await pilot.pause()
        assert marks(app) == "oxo/.x./.x."
        assert "The computer wins" in status(app)
        assert set(app.game_screen.game.board.winning_line) == {(0, 1), (1, 1), (2, 1)}


async def test_a_strategy_that_does_not_play_a_game_is_replaced_and_says_so(make_app: AppFactory) -> None:
    app = make_app(Settings(preset=Preset(3, 3, 3, "misere"), level="rules"), impossible=FirstFree())
    assert app.switched == "rules does not play Misère on this board: the computer will play impossible"
    async with app.run_test() as pilot:
        await pilot.press("5")
        await settle(app)
        await pilot.pause()
        assert marks(app) == "o../.x./..."  # the stand-in player replied
        assert app.game_screen.settings.level == "impossible"


async def test_help_lists_every_games_rules(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Games" in " ".join(str(static.render()) for static in app.screen.query("Static"))
    console = Console(width=120, record=True)
    console.print(games_table())
    text = " ".join(console.export_text().split())
    for words in ("Classic", "Gravity", "Connect Four", "Misère", "loses", "Ultimate", "sends your opponent"):
        assert words in text


async def test_the_overlay_gives_misere_values(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name, preset=Preset(3, 3, 3, "misere")))
    async with app.run_test() as pilot:
        await pilot.press("a")
        await until(lambda: app.game_screen.analysis is not None, "the overlay's analysis")
        await settle(app)
        labels = {cell.move: cell.label for cell in squares(app)}
        assert labels[(1, 1)] == "D"  # only the centre holds the draw
        assert all(label.startswith("L") for move, label in labels.items() if move != (1, 1))

"""Looking at the game in play without changing it (issue 66 item 4): stepping back and forth
through its moves, flipping the board, typing a square's name to move the cursor there."""

from __future__ import annotations

from functools import partial

from textual.binding import Binding

from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt
from tictactoe_tui.app.screens.help import HelpScreen
from tictactoe_tui.app.viewing.keys import VIEWING_BINDINGS
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.evaluation import EvaluationBar
from tictactoe_tui.game import Preset, Settings
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import AppFactory, marks, status
from ..helpers.squares import click_square
from ..helpers.waiting import until

TWO = Settings(mode=TWO_PLAYERS.name)
CONNECT_FOUR = Settings(mode=TWO_PLAYERS.name, preset=Preset(6, 7, 4, "gravity"))
GOMOKU = Settings(mode=TWO_PLAYERS.name, preset=Preset(15, 15, 5))


async def test_stepping_back_shows_the_past_and_changes_nothing(make_app: AppFactory) -> None:
    app = make_app(TWO)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "9", "3")  # b2 a1 c3 c1
        game = app.game_screen.game
        view = app.query_one(BoardView)
        await pilot.press("comma")
        assert view.past == 3
        assert view.squares[0, 2].symbol == ""  # c1, the fourth move, not on the board shown
        assert view.squares[2, 2].symbol == "X"
        assert "Looking back at move 3 of 4: press End to return" in status(app)
        await pilot.press("comma", "comma", "comma", "comma")  # no further back than the start
        assert view.past == 0
        assert "Looking back at the start" in status(app)
        await pilot.press("7")  # a move key while looking back is refused, with the way back
        assert app.game_screen.game is game
        assert "press End to return" in status(app)
        await pilot.press("full_stop", "full_stop")
        assert view.past == 2
        await pilot.press("end")
        assert view.past is None
        assert "Back to the game" in status(app)
        await pilot.press("home")
        assert view.past == 0
        await pilot.press("full_stop", "full_stop", "full_stop", "full_stop")  # forward to the present
        assert view.past is None
        assert app.game_screen.game is game  # stepping never changed the game
        await pilot.press("7")  # a3: playable again
        assert app.game_screen.game.ply == 5


async def test_a_change_of_the_game_brings_the_view_back_to_it(make_app: AppFactory) -> None:
    app = make_app(TWO)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "9", "comma")
        view = app.query_one(BoardView)
        assert view.past == 2
        await pilot.press("u")  # undo changes the game: the view shows it as it stands
        await until(lambda: app.game_screen.game.ply == 2)
        assert view.past is None


async def test_flipping_turns_the_board_and_the_keys_follow(make_app: AppFactory) -> None:
    app = make_app(TWO)
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(BoardView)
        corner = view.square_region((0, 0))
        await pilot.press("f")
        assert view.mirror == (True, True)
        assert view.square_region((2, 2)) == corner  # a half turn: c3 where a1 was
        assert "Board flipped: f turns it back" in status(app)
        assert app.game_screen.cursor == (1, 1)
        await pilot.press("up", "left")  # up and left on screen: down and right on the board
        assert app.game_screen.cursor == (2, 2)
        assert corner is not None
        await pilot.click(BoardView, offset=(corner.x + 1, corner.y + 1))  # the top-left square drawn
        assert marks(app) == ".../.../..x"
        await pilot.press("f")
        assert view.mirror == (False, False)
        assert view.square_region((0, 0)) == corner


async def test_a_flipped_connect_four_board_keeps_its_floor_and_its_column_keys(make_app: AppFactory) -> None:
    app = make_app(CONNECT_FOUR)
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(BoardView)
        left = view.square_region((5, 0))
        await pilot.press("f")
        assert view.mirror == (False, True)  # the columns mirrored; the floor still down
        assert view.square_region((5, 6)) == left
        await pilot.press("1")  # column 1, drawn on the right now, still by its key
        assert marks(app).split("/")[-1] == "x......"


async def test_a_flip_kept_into_another_game_is_that_game_s_flip(make_app: AppFactory) -> None:
    """Flipped in the classic game, then Connect Four: it was drawn upside down (row 1 on top, marks
    falling up), a mirror no flip of Connect Four makes; and back, the classic board mirrored only."""
    app = make_app(TWO)
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(BoardView)
        await pilot.press("f")
        app.game_screen.change_setting("preset", CONNECT_FOUR.preset)
        await pilot.press("n")
        await until(lambda: app.game_screen.game.board.rules.name == "gravity", "Connect Four")
        assert view.mirror == (False, True)  # its floor still down
        app.game_screen.change_setting("preset", TWO.preset)
        await pilot.press("n")
        await until(lambda: app.game_screen.game.board.rules.name == "classic", "the classic game")
        assert view.mirror == (True, True)


async def test_flipped_number_keys_name_the_squares_where_they_are_drawn(make_app: AppFactory) -> None:
    """Flipped, 3 (top right in the phone layout) played c1, drawn bottom left."""
    app = make_app(TWO)
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.query_one(BoardView)
        top_right = view.square_region((0, 2))
        await pilot.press("f", "3")
        assert marks(app) == ".../.../x.."  # the square drawn top right now
        assert view.square_region((2, 0)) == top_right


async def test_typing_a_square_moves_the_cursor_there(make_app: AppFactory) -> None:
    app = make_app(GOMOKU)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("slash")
        await until(lambda: isinstance(app.screen, PathPrompt))
        assert isinstance(app.screen, PathPrompt)
        assert app.screen.title_text == "Go to the square (like h8)"
        await pilot.press("a", "1", "enter")
        await until(lambda: app.game_screen.cursor == (0, 0))  # a1 in one go, not 14 keys
        await pilot.press("slash")
        await until(lambda: isinstance(app.screen, PathPrompt))
        await pilot.press("z", "9", "enter")
        await until(lambda: "'z9' is off the 15x15 board" in status(app))
        assert app.game_screen.cursor == (0, 0)


async def test_connect_four_takes_a_column_s_number_or_its_square(make_app: AppFactory) -> None:
    app = make_app(CONNECT_FOUR)
    async with app.run_test(size=(100, 30)) as pilot:
        for typed, cursor in ((("2",), (5, 1)), (("7", "minus", "1"), (5, 6))):
            await pilot.press("slash")
            await until(lambda: isinstance(app.screen, PathPrompt))
            assert isinstance(app.screen, PathPrompt)
            assert app.screen.title_text == "Go to the square (like 4-3)"  # it said 'like h8', a name it refuses
            await pilot.press(*typed, "enter")
            await until(partial(lambda aimed: app.game_screen.cursor == aimed, cursor))


async def test_the_help_lists_the_looking_keys(make_app: AppFactory) -> None:
    app = make_app(TWO)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await until(lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        listed = {binding.description for binding in help_screen.bindings}
        assert {binding.description for binding in VIEWING_BINDINGS if isinstance(binding, Binding)} <= listed


async def test_the_evaluation_bar_is_hidden_while_the_board_shows_the_past(make_app: AppFactory) -> None:
    """A play-test saw "Looking back at the start" over a bar still giving the game as it stands
    ("O wins in 36 moves" where the start is X's win in 41): the bar goes with the overlay's values."""
    app = make_app(TWO)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "a")
        bar = app.query_one(EvaluationBar)
        await until(lambda: bar.display, "the bar with the overlay")
        await pilot.press("home")
        await until(lambda: not bar.display, "the bar hidden while looking back")
        await pilot.press("end")
        await until(lambda: bar.display, "the bar back with the game as it stands")
        await pilot.press("comma", "9")  # refused while looking back; then a change of the game comes
        await until(lambda: not bar.display, "hidden again")
        await pilot.press("end", "9")
        await until(lambda: bar.display and app.game_screen.game.ply == 3, "the game moved on, the bar shown")


async def test_the_ply_looked_at_is_the_screen_s_and_everything_shown_reads_it(make_app: AppFactory) -> None:
    """One owner: the board, the evaluation bar and the status all follow the screen's ``past``
    (the board view kept its own and told the bar by a message)."""
    app = make_app(TWO)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "9", "a")  # b2 a1 c3, the overlay (and its bar) on
        screen, view, bar = app.game_screen, app.query_one(BoardView), app.query_one(EvaluationBar)
        await until(lambda: bar.display, "the bar with the overlay")
        screen.past = 1
        await until(lambda: view.squares[0, 0].symbol == "" and not bar.display, "the board and the bar at move 1")
        assert "Looking back at move 1 of 3: press End to return" in status(app)
        await pilot.press("full_stop")  # the keys step from the screen's ply
        assert screen.past == 2
        await until(lambda: view.squares[0, 0].symbol == "O")
        screen.past = None
        await until(lambda: bar.display and view.squares[2, 2].symbol == "X", "the game as it stands")
        assert "Looking back" not in status(app)


async def test_a_move_key_while_looking_back_says_why_it_played_nothing(make_app: AppFactory) -> None:
    """A move key while looking back was refused without a word: the status kept saying "Looking
    back" (the same words), and after ``/`` had replaced that line not even that."""
    app = make_app(TWO)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "9", "comma", "comma")
        await pilot.press("slash")
        await until(lambda: isinstance(app.screen, PathPrompt))
        await pilot.press("a", "3", "enter")
        await until(lambda: "Cursor on a3" in status(app))
        assert "Looking back at move 1 of 3: press End to return" in status(app)  # said while it lasts
        await pilot.press("enter")
        await until(lambda: "Not played while looking back at move 1: press End to return to play" in status(app))
        await pilot.press("home", "7")
        await until(lambda: "Not played while looking back at the start: press End to return to play" in status(app))
        assert app.game_screen.game.ply == 3


async def test_a_flipped_ultimate_board_names_the_board_to_play_in_as_drawn(make_app: AppFactory) -> None:
    """Flipped, the status said "play in the middle-right board" of the board drawn on the left."""
    app = make_app(Settings(mode=TWO_PLAYERS.name, preset=Preset(9, 9, 3, "ultimate")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("right", "enter")  # e5's right neighbour, f5: O is sent to the middle-right board
        await until(lambda: "play in the middle-right board" in status(app))
        await pilot.press("f")
        await until(lambda: "play in the middle-left board" in status(app))  # where it is drawn now
        view = app.query_one(BoardView)
        middle_right = view.square_region((4, 7))
        assert middle_right is not None
        assert middle_right.x < view.size.width // 3  # drawn on the left indeed
        await pilot.press("f")
        await until(lambda: "play in the middle-right board" in status(app))


async def test_a_flipped_ultimate_board_refuses_a_square_naming_the_boards_as_drawn(make_app: AppFactory) -> None:
    """The refusal of a square outside the board one was sent to named the boards unflipped."""
    app = make_app(Settings(mode=TWO_PLAYERS.name, preset=Preset(9, 9, 3, "ultimate")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("right", "enter", "f")  # f5: O is sent to the middle-right board, drawn on the left
        await until(lambda: "play in the middle-left board" in status(app))
        assert await click_square(pilot, (0, 0))  # a1, in the top-left board, drawn at the bottom right
        await until(lambda: "you were sent to the middle-left board: play there" in status(app))
        assert app.game_screen.game.ply == 1

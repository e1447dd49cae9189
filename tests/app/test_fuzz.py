"""The UI fuzzer: a short seeded run, and proof that its invariant checks catch broken states."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.app.widgets.status import Cause, Notice
from tictactoe_tui.engine import Board
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.game import FirstPlayer, GameState, Settings
from tictactoe_tui.table import COMPUTERS, TABLES, TWO_PLAYERS, VS_COMPUTER

from ..helpers.fuzz import Keyboard, Seen, Tally, check, headline_faults, palette_commands, run, sidebar_boards


async def test_a_short_fuzz_run_finds_no_fault() -> None:
    for seed in (4, 14):  # runs that play all 40 actions (a q on a fresh game quits) and make moves
        report = await run(seed, actions=40)
        assert report.actions == 40
        assert report.faults == []
        assert report.moves > 0  # it really played


@pytest.mark.parametrize("mode", [name for name, table in TABLES.items() if not table.online])
@pytest.mark.parametrize("game", list(GAMES))
async def test_the_screen_reads_true_in_every_game_and_mode(game: str, mode: str) -> None:
    board = next(preset for preset in sidebar_boards() if preset.game == game)
    report = await run(7, actions=10, start=(mode, board))
    assert report.faults == []


def played(settings: Settings, *moves: tuple[int, int]) -> GameState:
    state = GameState.start(settings, random.Random(0))
    for move in moves:
        state = state.play(move)
    return state


def seen(game: GameState) -> Seen:
    return Seen(game)


def test_the_checks_accept_a_normal_move() -> None:
    before = played(Settings(mode=TWO_PLAYERS.name), (1, 1))
    after = before.play((0, 0))
    assert check(after, after.turn_text(), seen(before), "press 1", human_moved=True) == []


def test_the_checks_catch_a_move_after_the_end() -> None:
    two = Settings(mode=TWO_PLAYERS.name)
    won = played(two, (0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
    line = (*won.line, (2, 2))  # O "plays" c3 after X has won
    board = Board(won.board.geometry, won.board.x_bits, won.board.o_bits | 1 << 8, line)
    broken = GameState(board, won.seating)
    faults = check(broken, broken.turn_text(), seen(won), "press 9", human_moved=True)
    assert any("after the game ended" in fault for fault in faults)


def test_the_checks_catch_the_computer_moving_for_you() -> None:
    game = played(Settings(first=FirstPlayer.YOU), (1, 1), (0, 0))
    after = game.play((2, 2))  # your move, but made while you only pressed "i"
    faults = check(after, after.turn_text(), seen(game), "press i", human_moved=False)
    assert any("moved for the keyboard" in fault for fault in faults)


def test_going_forward_in_the_history_is_not_a_move_for_you() -> None:
    game = played(Settings(first=FirstPlayer.YOU), (1, 1), (0, 0), (2, 2)).at_ply(0)
    forward = game.at_ply(1)  # your first move shown again; then the computer answers anew
    answered = forward.play((0, 2))
    assert check(answered, answered.turn_text(), seen(game), "history jump to 1", human_moved=False) == []


def test_the_checks_catch_a_wrong_status_and_a_board_off_its_moves() -> None:
    game = played(Settings(mode=TWO_PLAYERS.name), (1, 1))
    assert any("does not say" in fault for fault in check(game, "X to move", seen(game), "press x", False))
    board = game.board
    forged = GameState(Board(board.geometry, board.x_bits, board.o_bits, ((0, 0),)), game.seating)
    assert any("not its move list" in fault for fault in check(forged, forged.turn_text(), seen(game), "-", False))


async def test_the_screen_reading_checks_catch_a_stale_notice_a_wrong_mark_and_a_lost_game() -> None:
    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.app.widgets.board.render import Square
    from tictactoe_tui.app.widgets.board.view import BoardView
    from tictactoe_tui.app.work.ai import ThreadSearcher
    from tictactoe_tui.engine import get_strategy

    from ..helpers.fuzz import read_screen

    settings = Settings(mode=VS_COMPUTER.name, first=FirstPlayer.YOU)
    app = TicTacToeApp(settings, searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        game = screen.game
        assert read_screen(app, screen.settings, Seen(game), "press x") == []
        screen.notice = Notice("Not played: that key came during the computer's turn", Cause.EARLY)  # none came
        await pilot.pause()
        assert any("still says" in fault for fault in read_screen(app, screen.settings, Seen(game), "press x"))
        screen.notice = None
        view = app.query_one(BoardView)  # an O drawn where the game has nothing, under the cursor:
        view.squares[1, 1] = Square((1, 1), "O", "", frozenset({"-o", "-cursor"}))
        view.cursor = (0, 0)  # a move of the cursor draws the board again, keeping the squares' marks
        view.cursor = (1, 1)
        assert any("shows 'O'" in fault for fault in read_screen(app, screen.settings, Seen(game), "press x"))
        half = played(settings, (1, 1), (0, 0))
        faults = read_screen(app, screen.settings, Seen(GameState(**{**half.__dict__, "number": 7})), "press u")
        assert any("replaced without a yes" in fault for fault in faults)


#: A drawn 3×3 game, X first: b2 a1 c3 c1 b1 c2 a2 b3 a3.
DRAWN = ((1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0))


def test_the_score_check_counts_each_table_apart() -> None:
    """Issue 56.3's mix: the computers draw, then two players play and X wins."""
    computers = played(Settings(mode=COMPUTERS.name), *DRAWN[:-1])
    two = played(Settings(mode=TWO_PLAYERS.name), (0, 0), (1, 0), (0, 1), (1, 1))
    tally = Tally()
    tally.follow(computers, computers.play(DRAWN[-1]))
    tally.follow(two, two.play((0, 2)))
    won = two.play((0, 2))
    assert tally.faults(won, "X 1 · O 0 · draws 0") == []
    assert tally.faults(won, "X 1 · O 0 · draws 1") != []  # the computers' draw at the players' table
    assert tally.faults(won, "X 0 · O 1 · draws 0") != []
    assert tally.faults(won, "X 1 · O 0") != []


def test_the_headline_check_reads_the_result_and_the_side_to_move() -> None:
    two = played(Settings(mode=TWO_PLAYERS.name), (0, 0), (1, 0), (0, 1), (1, 1))
    won = two.play((0, 2))
    assert headline_faults(two, "X to move") == []
    assert headline_faults(won, "X wins — a1 b1 c1 · X played c1") == []
    assert headline_faults(two, "O to move") != []
    assert headline_faults(won, "X to move") != []
    drawn = played(Settings(mode=TWO_PLAYERS.name), *DRAWN)
    assert headline_faults(drawn, "Draw") == []
    assert headline_faults(drawn, "X wins") != []


async def test_the_fuzzer_presses_every_key_the_app_binds_and_offers_every_palette_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Read from the app: a binding or a command added tomorrow is fuzzed the day it appears."""
    from textual.binding import Binding

    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.app.game.commands import game_commands
    from tictactoe_tui.app.game.game_screen import GameScreen

    monkeypatch.setattr(GameScreen, "BINDINGS", [*GameScreen.BINDINGS, Binding("f9", "new_game", "Tomorrow's key")])
    app = TicTacToeApp(seed=1)
    async with app.run_test(size=(100, 30)):
        keyboard = Keyboard.of(app)
        assert keyboard.bound["f9"] == "new_game"
        assert "f9" not in keyboard.unbound
        assert {"n", "u", "question_mark", "ctrl+p", "1"} <= keyboard.bound.keys()
        listed = [hit.text for hit in await palette_commands(app.game_screen)]
        assert listed == [title for title, _help, _run in game_commands(app.game_screen)]
    assert sidebar_boards()[0] == Settings().preset


def test_the_checks_read_a_look_back_as_such() -> None:
    """Looking back (Home, ","), the headline says so, and at which position, not whose turn it is."""
    game = played(Settings(mode=TWO_PLAYERS.name), (1, 1), (0, 0))
    looking = "Looking back at move 1 of 2: press End to return"
    assert check(game, looking, seen(game), "press ,", False, past=1) == []
    assert any("does not say" in fault for fault in check(game, game.turn_text(), seen(game), "press ,", False, past=1))
    assert any("does not say" in fault for fault in check(game, looking, seen(game), "press end", False))

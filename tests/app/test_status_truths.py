"""What the status line says is true (issue 56 item 4): the computer's move is told with the
overlay on, a friend's move is told online, a lost Misère game names its line, the replay's keys
are never cut mid-phrase, and online a choice says when it applies."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.changes import change
from tictactoe_tui.app.screens.replay import ReplayScreen
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Board, Mark, get_strategy
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.marks import Symbols
from tictactoe_tui.engine.position import Position
from tictactoe_tui.game import GameState, Preset, Settings
from tictactoe_tui.store.archive import GameRecord
from tictactoe_tui.store.savefile import dump, read_game
from tictactoe_tui.table import CHOICES, ONLINE_HOST, TABLES, TWO_PLAYERS, Seating

from ..helpers.app import TWO_PLAYERS as TWO_AT_ONE_KEYBOARD
from ..helpers.app import AppFactory, status, status_lines
from ..helpers.players import FirstFree
from ..helpers.squares import shown


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda size: "{}x{}".format(*size))
async def test_with_the_overlay_on_the_computers_move_is_still_told(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = make_app(Settings(), impossible=FirstFree())
    async with app.run_test(size=size) as pilot:
        await pilot.press("a")
        await app.workers.wait_for_complete()
        await pilot.press("5")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await app.workers.wait_for_complete()  # the overlay asks about the position after the reply
        await pilot.pause()
        lines = status_lines(app)
        assert app.game_screen.analysis is not None  # the overlay's values are shown
        assert any(line.startswith("O played a1") for line in lines), lines
        assert any(line.startswith("D: draw") for line in lines), lines


def test_a_friends_move_is_told_online() -> None:
    seating = ONLINE_HOST.in_match(Mark.X, Symbols.AS_PLAYED)  # you (the host) X, your friend O
    game = GameState.seated(Board.empty(), seating).play((1, 1)).play((0, 2))
    assert game.move_news() == "O played c1"
    assert game.play((2, 2)).move_news() == ""  # your own move is not news


async def test_a_lost_misere_game_names_the_line_that_lost() -> None:
    settings = Settings(mode=TWO_PLAYERS.name, preset=Preset(3, 3, 3, "misere"))
    app = TicTacToeApp(settings, searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "5", "4", "9", "7")  # X a1, O b2, X a2, O c3, X a3: X completes the column
        await pilot.pause()
        assert app.game_screen.game.board.winner is Mark.O
        assert status_lines(app)[0] == "O wins — X completed a1 a2 a3"


async def test_at_80x24_the_replays_keys_break_between_whole_phrases(make_app: AppFactory) -> None:
    app = make_app()
    board = Board.empty()
    moves = ((1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0))
    seating = Seating(TWO_PLAYERS.name, ("you", "you"))
    record = GameRecord(Position(GameShape(3, 3, 3), moves), seating, "", (1.0,) * 9, None, 0, 1.0, 9.0)
    assert board.play_all(moves).is_draw
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReplayScreen(record, app.archive, app.searcher))
        await pilot.pause()
        await pilot.pause()
        lines = [line for line in shown(app.screen.query_one("#replay-status")) if line]
        keys = [line for line in lines if "step" in line or "review" in line or "play on" in line]
        assert keys, lines
        phrases = ("←/→ step", "PgDn/PgUp scroll", "a analysis", "v review", "p play on from here")
        for phrase in phrases:
            assert any(phrase in line for line in keys), (phrase, keys)


def test_online_a_choice_for_the_match_says_it_waits_for_the_match_to_end() -> None:
    seating = ONLINE_HOST.in_match(Mark.X, Symbols.AS_PLAYED)
    game = GameState.seated(Board.empty(), seating).play((1, 1))
    settings = Settings(mode=ONLINE_HOST.name)
    board = change(settings, game, "preset", Preset(4, 4, 4))
    assert board is not None
    assert board.notice is not None
    assert "press n" not in board.notice.text  # n asks the match for a rematch, refused mid-game
    table = change(settings, game, "mode", TWO_PLAYERS.name)
    assert table is not None
    assert table.notice is not None
    assert "press n to start it now" in table.notice.text  # n leaves the match (after a yes)


@pytest.mark.parametrize("table", [name for name, table in TABLES.items() if not table.online])
async def test_a_choice_the_table_in_play_does_not_use_shows_no_value(make_app: AppFactory, table: str) -> None:
    """Computer vs computer showed "Who goes first: You" and "Your mark: X", which applied to
    nothing: such a choice's title says why, and its value is not shown."""
    from textual.widgets import Label, Select

    app = make_app(Settings(mode=table))
    async with app.run_test() as pilot:
        await pilot.pause()
        uses = TABLES[table].uses
        for field in CHOICES:
            select = app.query_one(f"#{field}", Select)
            title = str(app.query_one(f"#{field}-title", Label).render())
            assert select.display is (field in uses), field
            assert (TABLES[table].unused_note in title) is (field not in uses), title


async def test_undo_over_a_game_loaded_already_over_does_not_call_it_counted(tmp_path: Path) -> None:
    """``--load`` of a finished game, then u, said "Over and counted" beside a score of 0 · 0:
    the game was counted nowhere in this session."""
    won = Board.empty().play_all([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])  # X: the top row
    saved = tmp_path / "won.ttt"
    saved.write_text(dump(won))
    app = TicTacToeApp(TWO_AT_ONE_KEYBOARD, load=read_game(saved), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("u")
        assert "Over when loaded, so not counted" in status(app)
        assert "Over and counted" not in status(app)
        assert str(app.game_screen.scores) == "X 0 · O 0 · draws 0"
        await pilot.press("n", "1", "4", "2", "5", "3")  # a game that ends here is counted, and says so
        assert app.game_screen.game.board.is_over
        await pilot.press("u")
        assert "Over and counted" in status(app)

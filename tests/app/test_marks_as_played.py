"""A game O opened comes back with the marks as played (the engine's X always moves first, so
the first player's marks may show as O): in the review, its puzzles, ``games show`` and
``--json``, and an export loaded again. The record's seating is the one way its sides become
symbols."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tictactoe_tui import cli
from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.saving import resumed
from tictactoe_tui.app.screens import puzzles
from tictactoe_tui.app.screens.puzzles import PuzzleScreen
from tictactoe_tui.app.screens.replay import ReplayScreen
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.value_graph import LEVELS, ValueGraph
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Board, Mark, Position, Strategy
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.marks import Symbols
from tictactoe_tui.engine.puzzles import Puzzle
from tictactoe_tui.game import Settings
from tictactoe_tui.store import savefile
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import FirstPlayer, MarkChoice

from ..helpers.players import FirstFree

#: You are O and go first: b2, c3, then c2 instead of blocking c1; the computer (first free
#: square) takes a1, b1 and c1 and wins as X.
YOUR_KEYS = ("5", "9", "6")
AS_O_FIRST = Settings(level="easy", first=FirstPlayer.YOU, mark=MarkChoice.O)


@pytest.fixture
def paths(home: Paths, monkeypatch: pytest.MonkeyPatch) -> Paths:
    """The app and the command line share one archive in a new home; no solver puzzles."""
    monkeypatch.setattr(puzzles, "KEEP_UNSOLVED", 0)
    return home


def app_at(paths: Paths, settings: Settings) -> TicTacToeApp:
    players: dict[str, Strategy] = {"easy": FirstFree()}
    searcher = ThreadSearcher(lambda name: players[name])
    return TicTacToeApp(settings, searcher=searcher, paths=paths, seed=1, watch_delay=0)


def symbols_on(screen: object, squares: dict[str, tuple[int, int]]) -> dict[str, str]:
    assert hasattr(screen, "query_one")
    return {name: screen.query_one(BoardView).squares[row, col].symbol for name, (row, col) in squares.items()}


async def play_your_moves(app: TicTacToeApp, pilot: Pilot[None]) -> None:
    """Play :data:`YOUR_KEYS` and wait until the computer has answered the last."""
    for key in YOUR_KEYS:
        await pilot.press(key)
    await app.game_screen.workers.wait_for_complete()
    await pilot.pause()


async def test_a_game_o_opened_keeps_its_marks_in_the_review_and_its_puzzles(paths: Paths) -> None:
    app = app_at(paths, AS_O_FIRST)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_your_moves(app, pilot)
        game = app.game_screen.game
        assert game.board.winner is Mark.O  # the engine's second side: the computer, shown as X
        assert game.symbol(Mark.O) == "X"
        await pilot.press("v")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await screen.workers.wait_for_complete()
        await pilot.pause()
        graph = str(screen.query_one(ValueGraph).render()).splitlines()
        assert "█ X wins" in graph[2]
        assert graph[0].rstrip()[-1] == LEVELS[-1]  # X (the computer) won: the top bar
        assert symbols_on(screen, {"b2": (1, 1), "a1": (0, 0)}) == {"b2": "O", "a1": "X"}
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        puzzle_screen = app.screen
        assert isinstance(puzzle_screen, PuzzleScreen)
        title = str(puzzle_screen.query_one("#puzzle-title", Static).render())
        assert "O to play and win" in title
        assert "from your game" in title
        assert symbols_on(puzzle_screen, {"b2": (1, 1), "c3": (2, 2), "a1": (0, 0), "b1": (0, 1)}) == {
            "b2": "O",
            "c3": "O",
            "a1": "X",
            "b1": "X",
        }


async def test_a_game_o_opened_is_shown_exported_and_loaded_with_its_marks(
    paths: Paths, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = app_at(paths, AS_O_FIRST)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_your_moves(app, pilot)
    capsys.readouterr()
    assert cli.main(["games", "show", "1", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["x"], shown["o"], shown["first"], shown["winner"]) == ("easy", "you", "O", "x")
    assert shown["result"] == "You lost"
    assert cli.main(["games", "show", "1"]) == 0
    text = capsys.readouterr().out
    assert "X: easy, O: you" in text
    assert "1. O b2" in text
    assert "xxx\n.oo\n..o" in text
    exported = tmp_path / "game.ttt"
    assert cli.main(["games", "export", "1", str(exported)]) == 0
    written = exported.read_text()
    assert "players: you computer\nmarks: O X\n" in written
    loaded = resumed(AS_O_FIRST, savefile.read_game(exported))
    assert (loaded.symbol(Mark.X), loaded.symbol(Mark.O)) == ("O", "X")
    assert loaded.seating.players == ("you", "computer")
    assert loaded.table.turn_text(loaded) == "The computer wins"


async def test_playing_on_from_the_replay_of_a_game_o_opened_keeps_its_seats(paths: Paths) -> None:
    app = app_at(paths, AS_O_FIRST)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_your_moves(app, pilot)
        await pilot.press("v")
        assert isinstance(app.screen, ReplayScreen)
        await app.screen.workers.wait_for_complete()
        await pilot.press("left", "left", "p")  # after 4 moves: your turn, as O
        await pilot.pause()
        game = app.game_screen.game
        assert game.board.move_count == 4
        assert (game.symbol(Mark.X), game.seating.players) == ("O", ("you", "computer"))
        assert game.table.turn_text(game) == "Your turn (O)"


def ultimate_with_a_board_claimed_by_x() -> tuple[tuple[int, int], ...]:
    """Moves of an Ultimate game, from seeded random play, where X has claimed a small board."""
    rng = random.Random(7)
    board = Board.empty(9, 9, 3, "ultimate")
    while not any(claimer is Mark.X for claimer, _ in board.rules.claimed_regions(board)):
        board = board.play(rng.choice(board.legal_moves()))
    assert not board.is_over
    return board.history or ()


async def test_an_ultimate_puzzle_from_a_game_o_opened_shows_its_marks_and_claims(paths: Paths) -> None:
    moves = ultimate_with_a_board_claimed_by_x()
    board = Board.empty(9, 9, 3, "ultimate").play_all(moves)
    puzzle = Puzzle(
        Position(GameShape(9, 9, 3, "ultimate"), moves),
        "hold",
        3,
        tuple(board.legal_moves()[:1]),
        "game 1, move 9",
        yours=True,
        symbols=Symbols.SWAPPED,
    )
    app = app_at(paths, AS_O_FIRST)
    app.archive.add_puzzles([puzzle])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("z")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        title = str(screen.query_one("#puzzle-title", Static).render())
        assert f"{'X' if board.to_move is Mark.O else 'O'} to play and hold the draw" in title
        claimed = set(screen.query_one(BoardView).claims.values())
        assert "O" in claimed  # the engine's X, shown as the O its player was
        first = moves[0]
        assert screen.query_one(BoardView).squares[first].symbol == "O"

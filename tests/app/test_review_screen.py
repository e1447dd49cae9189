"""The game review in the app (issue 27): from a finished game's result and from the archive's
replay, with the value graph whose bars jump the replay."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from tictactoe_tui.app.archive import ReplayScreen
from tictactoe_tui.app.board_view import BoardView
from tictactoe_tui.app.review import BAR_WIDTH, ValueGraph, verdict_line
from tictactoe_tui.engine import Board, Mark, Move
from tictactoe_tui.engine.review import MoveReview, Review
from tictactoe_tui.game import Mode, Settings
from tictactoe_tui.store.archive import GameRecord

from .conftest import AppFactory


async def test_v_after_a_game_reviews_it_and_a_click_on_the_graph_jumps(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=Mode.TWO_PLAYERS))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("v")  # not over yet: refused
        assert not isinstance(app.screen, ReplayScreen)
        for key in ("5", "2", "1", "9", "3", "7", "4", "6", "8"):  # b2 b1 a1 c3 c1 a3 a2 c2 b3
            await pilot.press(key)
        assert app.game_screen.game.board.is_over
        await pilot.press("v")
        assert isinstance(app.screen, ReplayScreen)
        await app.screen.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        review = screen.review
        assert review is not None
        assert review.exact
        summary = str(screen.query_one("#replay-review", Static).render())
        assert "Turning point: move 8, c2: turned a win into a draw; b3 kept the win" in summary
        graph = screen.query_one(ValueGraph)
        await pilot.click(ValueGraph, offset=(2 * BAR_WIDTH, 0))  # the bar of the position after 2 moves
        await pilot.pause()
        assert screen.state.ply == 2
        assert graph.shown == 2
        status = str(screen.query_one("#replay-status", Static).render())
        assert "mistake: b1 gave up the draw" in status
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def test_the_archive_replay_reviews_on_v(make_app: AppFactory) -> None:
    from .scenes import ARCHIVED

    app = make_app(Settings())
    for record in ARCHIVED:
        app.archive.record(record)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("g")
        await pilot.press("enter")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("v")
        await app.screen.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.review is not None
        assert len(app.screen.review.moves) == len(app.screen.record.moves)


def _random_game(rows: int, k: int, game: str, seed: int) -> GameRecord:
    """A finished game of random moves, as the archive would keep it."""
    board = Board.empty(rows, rows, k, game)
    rng = random.Random(seed)
    played: list[Move] = []
    while not board.is_over:
        played.append(rng.choice(board.legal_moves()))
        board = board.play(played[-1])
    winner = board.winner
    moves = tuple(played)
    times = tuple(float(ply) for ply in range(1, len(moves) + 1))
    outcome = 0 if winner is None else (1 if winner is Mark.X else -1)
    symbol = None if winner is None else winner.value
    return GameRecord(
        rows, rows, k, Mode.TWO_PLAYERS.value, "hard", "x", "o", "X", moves, times, symbol, outcome, 0.0, times[-1],
        variant=game,
    )  # fmt: skip


@pytest.mark.parametrize(("rows", "k", "game"), [(9, 3, "ultimate"), (15, 5, "classic")])
async def test_at_80x24_the_replay_keeps_the_whole_board_and_the_notes_scroll(
    make_app: AppFactory, rows: int, k: int, game: str
) -> None:
    app = make_app(Settings())
    record = _random_game(rows, k, game, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReplayScreen(record, app.archive, app.searcher))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(BoardView).fits
        notes = screen.query_one("#replay-notes")
        assert notes.region.bottom <= screen.query_one("#replay-play").region.bottom
        assert notes.size.height >= 3
        await pilot.resize_terminal(80, 40)
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one(BoardView).fits
        status = screen.query_one("#replay-status")
        assert status.region.height == status.outer_size.height  # all of it shown when there is room
        assert notes.max_scroll_y == 0


def test_a_move_the_solver_could_not_judge_says_so_and_what_estimated_it() -> None:
    board = Board.empty(9, 9, 3, "ultimate")
    estimated = MoveReview(
        1, (4, 4), Mark.X, None, None, ((4, 4),), estimate_before=0.55, estimate_after=0.55,
        estimate_source="MCTS estimate (3,000 playouts; the exact solver did not finish in 1 s)",
    )  # fmt: skip
    line = verdict_line(Review(board, (estimated,)), 1)
    assert line.startswith("not judged exactly — MCTS estimate (3,000 playouts;")
    assert line.endswith("win rate 0.55 with the best move, 0.55 with this one")

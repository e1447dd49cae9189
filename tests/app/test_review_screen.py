"""The game review in the app (issue 27): from a finished game's result and from the archive's
replay, with the value graph whose bars jump the replay."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import replace

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.replay import ReplayScreen
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.review import ReviewPanel, summary, verdict_line
from tictactoe_tui.app.widgets.sidebar import HistoryList
from tictactoe_tui.app.widgets.value_graph import BAR_WIDTH, ValueGraph, bar, mark_row, sampled
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Board, Mark, Move, move_name
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.position import Position
from tictactoe_tui.engine.review import FORMAT, MoveReview, Review
from tictactoe_tui.game import Settings
from tictactoe_tui.store.archive import GameRecord
from tictactoe_tui.table import TWO_PLAYERS, Seating

from ..helpers.app import AppFactory
from ..helpers.players import FirstFree
from ..helpers.waiting import until

SnapCompare = Callable[..., bool]
#: Columns of padding left of the graph's bars (the tcss gives #replay-graph ``padding: 0 2``).
GRAPH_PADDING = 2


async def test_v_after_a_game_reviews_it_and_a_click_on_the_graph_jumps(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
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
        review = screen.query_one(ReviewPanel).review
        assert review is not None
        assert review.exact
        summary = str(screen.query_one("#replay-review", Static).render())
        assert "Turning point: move 8, c2: turned a win into a draw; b3 kept the win" in summary
        graph = screen.query_one(ValueGraph)
        await pilot.click(
            ValueGraph, offset=(GRAPH_PADDING + 2 * BAR_WIDTH, 0)
        )  # the bar of the position after 2 moves
        await pilot.pause()
        assert screen.state.ply == 2
        assert graph.shown == 2
        status = str(screen.query_one("#replay-status", Static).render())
        assert "mistake: b1 gave up the draw" in status
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def test_the_archive_replay_reviews_on_v(make_app: AppFactory) -> None:
    from ..helpers.scenes import ARCHIVED

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
        review = app.screen.query_one(ReviewPanel).review
        assert review is not None
        assert len(review.moves) == len(app.screen.record.moves)


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
    position = Position(GameShape(rows, rows, k, game), moves)
    return GameRecord(position, Seating(TWO_PLAYERS.name, ("you", "you")), "", times, symbol, outcome, 0.0, times[-1])


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
        estimate_source="an estimate from the computer's search (3,000 games played out)",
    )  # fmt: skip
    review = Review(board, (estimated,))
    assert verdict_line(review, 1) == "best: their chances 55% → 55% (estimate)"
    assert "Estimated: an estimate from the computer's search (3,000 games played out)" in summary(
        review, {Mark.X: "X", Mark.O: "O"}
    )


def test_an_estimated_best_move_whose_chance_fell_says_why_it_is_still_the_best() -> None:
    board = Board.empty(9, 9, 3, "ultimate")
    fell = MoveReview(1, (4, 4), Mark.X, None, None, ((4, 4),), estimate_before=0.45, estimate_after=0.33)
    line = verdict_line(Review(board, (fell,)), 1)
    assert line == "best: their chances 45% → 33% (estimate) (a fall under 15 points: within the estimates' noise)"
    lost = MoveReview(1, (4, 4), Mark.X, None, None, ((0, 0),), estimate_before=0.6, estimate_after=0.2)
    assert verdict_line(Review(board, (lost,)), 1) == "blunder: their chances 60% → 20% (estimate)"


class ScriptedJudge(ThreadSearcher):
    """Judges moves at once with made-up estimates (a snapshot must not depend on time): every
    third move of the loser's loses 0.4 of its chance, with a line of the next moves; after
    ``hold_after`` moves it waits until the review is cancelled."""

    def __init__(self, hold_after: int | None = None) -> None:
        super().__init__(lambda name: FirstFree())
        self.hold_after = hold_after
        self.judged = 0

    def judge(
        self, board: Board, move: Move, seconds: float, cancel: threading.Event, *, verdict_only: bool = False
    ) -> MoveReview:
        if self.hold_after is not None and self.judged >= self.hold_after:
            cancel.wait(30)
        self.judged += 1
        ply = board.move_count + 1
        rate = 0.5 + 0.04 * ((ply * 7) % 5 - 2)
        after = rate - (0.4 if ply % 3 == 0 else 0.02)
        legal = [found for found in board.play(move).legal_moves() if found != move][:4]
        judged = MoveReview(
            ply, move, board.to_move, None, None, (board.legal_moves()[0],), estimate_before=rate,
            estimate_after=after, estimate_source="MCTS estimate (made up for the test)",
        )  # fmt: skip
        if judged.lost_value:
            return replace(judged, line=tuple(legal), best_line=(board.legal_moves()[0],))
        return judged


def _app_with(make_app: AppFactory, searcher: ThreadSearcher) -> TicTacToeApp:
    app = make_app(Settings())
    app.searcher = searcher
    return app


async def _open_review(pilot: Pilot[None], record: GameRecord) -> ReplayScreen:
    app = pilot.app
    assert isinstance(app, TicTacToeApp)
    app.push_screen(ReplayScreen(record, app.archive, app.searcher, review=True))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


async def _reviewed(pilot: Pilot[None], record: GameRecord) -> ReplayScreen:
    """:func:`_open_review`, once the review has judged every move and is drawn."""
    screen = await _open_review(pilot, record)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return screen


async def test_a_click_on_every_bar_shows_exactly_that_position(make_app: AppFactory) -> None:
    """3×3 (two columns a bar), 15×15 (one column a bar) and Ultimate (more positions than
    columns: a sample of them) — each bar shows the position it draws, and the │ lands on it."""
    for record, size in ((_random_game(3, 3, "classic", 1), (100, 40)), (_random_game(15, 5, "classic", 3), (80, 24)),
                         (_random_game(9, 3, "ultimate", 3), (80, 24))):  # fmt: skip
        app = _app_with(make_app, ScriptedJudge())
        async with app.run_test(size=size) as pilot:
            screen = await _reviewed(pilot, record)
            graph = screen.query_one(ValueGraph)
            graph.scroll_visible(animate=False)  # the notes under the board scroll at 80×24
            await pilot.pause()
            plies, width = graph.bar_layout()
            legend = str(graph.render()).split("\n")[2]
            assert len(legend) <= graph.content_size.width
            assert "X wins" in legend or "█X" in legend
            assert len(plies) * width <= graph.content_size.width  # one line
            assert plies[0] == 0
            assert plies[-1] == len(record.moves)
            for column, ply in enumerate(plies):
                await pilot.click(ValueGraph, offset=(GRAPH_PADDING + column * width + width - 1, 0))
                assert screen.state.ply == ply
                assert graph.shown == ply
                marks = str(graph.render()).split("\n")[1]
                assert marks[column * width : column * width + width].strip().endswith("│")


async def test_the_reviewed_moves_carry_their_marks_in_the_move_list(make_app: AppFactory) -> None:
    """Review marks beside the moves: ?? a blunder, ? a mistake, nothing for the best."""
    app = _app_with(make_app, ScriptedJudge())
    record = _random_game(9, 3, "ultimate", 3)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _reviewed(pilot, record)
        review = screen.query_one(ReviewPanel).review
        assert review is not None
        listed = screen.query_one(HistoryList)
        lines = [str(listed.get_option_at_index(ply).prompt) for ply in range(1, len(record.moves) + 1)]
        marks = {move.ply: move.annotation for move in review.moves}
        assert "??" in marks.values()
        for ply, line in enumerate(lines, start=1):
            assert line.endswith(f"{move_name(record.moves[ply - 1])}{marks[ply]}"), line


async def test_left_and_right_step_through_a_mistakes_line_and_leave_the_game_alone(make_app: AppFactory) -> None:
    app = make_app(Settings())
    record = _random_game(3, 3, "classic", 1)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await _reviewed(pilot, record)
        review = screen.query_one(ReviewPanel).review
        assert review is not None
        mistake = next(move for move in review.moves if move.lost_value and len(move.line) >= 2)
        await pilot.click(ValueGraph, offset=(GRAPH_PADDING + mistake.ply * BAR_WIDTH, 0))
        assert screen.state.ply == mistake.ply
        game_board = screen.state.board
        await pilot.press("l")
        await pilot.press("right", "right")
        shown = screen.query_one(BoardView).game
        assert shown is not None
        assert shown.board == game_board.play_all(mistake.line[:2])
        assert screen.state.board == game_board  # the game's own position untouched
        status = str(screen.query_one("#replay-status", Static).render())
        assert f"Line after move {mistake.ply}" in status
        assert f"2 of {len(mistake.line)}" in status
        await pilot.press("left")
        assert screen.query_one(BoardView).game.board == game_board.play_all(mistake.line[:1])  # type: ignore[union-attr]
        await pilot.press("l")  # back to the game
        assert screen.query_one(BoardView).game.board == game_board  # type: ignore[union-attr]
        await pilot.press("left")
        assert screen.state.ply == mistake.ply - 1


async def test_the_progress_shows_while_moves_are_judged_and_c_cancels(make_app: AppFactory) -> None:
    judge = ScriptedJudge(hold_after=20)
    app = _app_with(make_app, judge)
    record = _random_game(9, 3, "ultimate", 3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_review(pilot, record)
        panel = screen.query_one(ReviewPanel)
        await until(lambda: panel.judged >= 20, "20 moves judged")
        assert panel.judging
        status = screen.query_one("#replay-status", Static)
        assert status.region.bottom <= screen.query_one("#replay-play").region.bottom  # in sight, under the board
        assert f"judging move 21 of {len(record.moves)}" in str(status.render())
        assert screen.query_one(ValueGraph).review is not None  # the bars fill in as moves are judged
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not panel.judging
        assert panel.review is None
        assert "Review cancelled after 20 of" in str(screen.query_one("#replay-review", Static).render())


async def test_a_late_report_of_a_cancelled_review_is_dropped_when_the_game_is_judged_again(
    make_app: AppFactory,
) -> None:
    """The review's job says which judging a report is of: one still on its way from the judging
    cancelled does not fill the graph of the next, though it judges the same moves."""
    judge = ScriptedJudge(hold_after=20)
    app = _app_with(make_app, judge)
    record = _random_game(9, 3, "ultimate", 3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_review(pilot, record)
        panel = screen.query_one(ReviewPanel)
        await until(lambda: panel.judged >= 20, "20 moves judged")
        first = panel._judging.asked if panel._judging is not None else None  # the judging in force
        assert first is not None
        partial = screen.query_one(ValueGraph).review
        assert partial is not None
        await pilot.press("c", "v")  # cancelled, and judged again: the judge holds at once
        await until(lambda: panel.judging, "the second judging")
        panel.post_message(ReviewPanel.Progress(first, partial))  # the first judging's late report
        await pilot.pause()
        assert panel.judged == 0
        await pilot.press("c")
        await app.workers.wait_for_complete()


def test_snapshot_a_finished_15x15_review_at_80x24(snap_compare: SnapCompare) -> None:
    app = TicTacToeApp(Settings(), searcher=ScriptedJudge(), seed=1, watch_delay=0)
    record = _random_game(15, 5, "classic", 3)

    async def run_before(pilot: Pilot[None]) -> None:
        await _reviewed(pilot, record)
        await pilot.press("left", "left")

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_snapshot_an_ultimate_review_in_progress_at_80x24(snap_compare: SnapCompare) -> None:
    judge = ScriptedJudge(hold_after=24)
    app = TicTacToeApp(Settings(), searcher=judge, seed=1, watch_delay=0)
    record = _random_game(9, 3, "ultimate", 3)

    async def run_before(pilot: Pilot[None]) -> None:
        screen = await _open_review(pilot, record)
        await until(lambda: screen.query_one(ReviewPanel).judged >= 24, "24 moves judged")

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)  # leaving it cancels the review


async def test_a_review_is_kept_so_a_second_v_shows_it_at_once(make_app: AppFactory) -> None:
    judge = ScriptedJudge()
    app = _app_with(make_app, judge)
    record = _random_game(9, 3, "ultimate", 3)
    app.archive.record(record)
    archived = app.archive.get(app.archive.page()[0].id)
    assert archived is not None
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _reviewed(pilot, archived)
        first = screen.query_one(ReviewPanel).review
        assert first is not None
        assert judge.judged == len(record.moves)
        await pilot.press("escape")
        screen = await _open_review(pilot, archived)
        await pilot.pause()
        assert screen.query_one(ReviewPanel).review == first
        assert judge.judged == len(record.moves)  # nothing judged again


async def test_the_review_of_a_game_just_finished_is_kept_so_a_second_v_shows_it_at_once(
    make_app: AppFactory,
) -> None:
    judge = ScriptedJudge()
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    app.searcher = judge
    async with app.run_test(size=(100, 32)) as pilot:
        for key in ("5", "2", "1", "9", "3", "7", "4", "6", "8"):  # nine moves: a draw
            await pilot.press(key)
        assert app.game_screen.game.board.is_over
        await pilot.press("v")  # at once: the archive may still be writing the game
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        first = screen.query_one(ReviewPanel).review
        assert first is not None
        assert judge.judged == 9
        assert screen.record.id is not None  # the game as the archive keeps it
        await pilot.press("escape")
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.query_one(ReviewPanel).review == first
        assert judge.judged == 9  # nothing judged again


async def test_at_80x24_pagedown_and_pageup_scroll_a_big_boards_review_from_the_move_list(
    make_app: AppFactory,
) -> None:
    app = make_app(Settings())
    app.archive.record(_random_game(15, 5, "classic", 3))
    record = app.archive.get(1)
    assert record is not None
    judge, board, judged = ScriptedJudge(), record.board(0), []
    for move in record.moves:  # kept with the game, as a first v keeps it: the screen reads it back
        judged.append(judge.judge(board, move, 1.0, threading.Event()))
        board = board.play(move)
    app.archive.keep_review(1, Review(record.board(0), tuple(judged)).dumps(), FORMAT)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_review(pilot, record)
        await pilot.pause()
        assert screen.query_one(ReviewPanel).review is not None
        notes, summary = screen.query_one("#replay-notes"), screen.query_one("#replay-review")
        assert notes.max_scroll_y > 0  # the graph and the summary do not fit under the board
        assert isinstance(app.focused, HistoryList)  # the keys work where the focus is
        notes.scroll_home(animate=False)
        await pilot.pause()
        await pilot.press("pagedown")
        assert notes.scroll_y == min(notes.size.height - 1, notes.max_scroll_y)  # a page (one line kept)
        while notes.scroll_y < notes.max_scroll_y:
            await pilot.press("pagedown")
        assert summary.region.bottom <= notes.region.bottom  # the summary's last line is in sight
        assert "Turning point" in str(summary.render())
        while notes.scroll_y > 0:
            await pilot.press("pageup")
        assert screen.query_one("#replay-status").region.y == notes.region.y
        while notes.scroll_y < notes.max_scroll_y:
            await pilot.press("pagedown")
        await pilot.press("left")  # a step brings the move's own line back into sight
        await pilot.pause()
        status = screen.query_one("#replay-status", Static)
        assert notes.scroll_y == 0
        assert f"Move {len(record.moves) - 1} of {len(record.moves)}" in str(status.render())


def test_the_turning_point_is_marked_where_a_long_games_bars_are_a_sample() -> None:
    plies, width = sampled(65, 60)  # 65 positions on 60 columns: some positions have no bar
    assert width == 1
    missing = next(ply for ply in range(65) if ply not in plies)
    row = mark_row(plies, width, shown=0, turn=missing)
    assert len(row) == 60
    assert row.count("▲") == 1
    assert abs(plies[row.index("▲")] - missing) <= 1
    assert row.index("│") == 0
    assert mark_row(plies, width, shown=missing, turn=missing).count("▲") == 0  # one column: here wins
    assert mark_row(list(range(5)), BAR_WIDTH, shown=2, turn=2)[4:6] == "▲│"  # two columns hold both


def test_every_legend_names_the_draw_bar() -> None:
    draw = bar(0.0)
    assert draw not in (bar(1.0), bar(-1.0))
    graph = ValueGraph()
    graph.positions = 10
    for legend in graph.legends(estimated=False) + graph.legends(estimated=True):
        assert f"{draw} draw" in legend or f"{draw}draw" in legend


def test_a_slower_win_says_which_move_wins_sooner() -> None:
    """It said "best (a slower win)", naming no quicker win."""
    board = Board.parse(".../.x./oox", k=3)  # X to move: a1 wins at once, c1 wins two moves later
    slower = MoveReview(5, (0, 2), Mark.X, 1, 1, ((0, 0), (0, 2)), slower=True, best_plies=1)
    assert verdict_line(Review(board, (slower,)), 1) == f"best (a slower win: {board.name((0, 0))} wins at once)"

"""The archive in the app: games recorded as they end, the browser, replay, play on, export, delete."""

from __future__ import annotations

import dataclasses
import threading
import time
from pathlib import Path

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select, Static

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.archive import ArchiveScreen
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt, SavedGamePrompt
from tictactoe_tui.app.screens.dialogs.statistics import StatsScreen
from tictactoe_tui.app.screens.replay import ReplayScreen
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.evaluation import VALUE_LEGEND, EvaluationBar
from tictactoe_tui.app.widgets.phrases import PHRASE_END
from tictactoe_tui.app.widgets.stats_table import fair_fight
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.app.work.jobs import AnalysisResult
from tictactoe_tui.engine import Analysis, Board, get_strategy
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.evaluation import Evaluation
from tictactoe_tui.engine.position import Position
from tictactoe_tui.game import GameState, Settings
from tictactoe_tui.store import savefile
from tictactoe_tui.store.archive import GameRecord
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import COMPUTERS, ONLINE_JOIN, VS_COMPUTER, Seating

from ..helpers.app import TWO_PLAYERS, AppFactory, marks, slow_analysis, status
from ..helpers.fuzz import FRAME
from ..helpers.players import FirstFree
from ..helpers.squares import click_square, drawn, shown

# X: b2 a1 c3 a3 a2 c2 b1 b3 c1 — a draw, nine moves.
DRAW = ("5", "1", "9", "3", "2", "8", "4", "6", "7")


async def replayed_draw(app: TicTacToeApp, pilot: Pilot[None]) -> BoardView:
    """Play :data:`DRAW`, open it from the games list: the replay's board."""
    await pilot.press(*DRAW)
    await app.workers.wait_for_complete()
    await pilot.press("g", "enter")
    assert isinstance(app.screen, ReplayScreen)
    return app.screen.query_one(BoardView)


def archived(outcome: int, number: int) -> GameRecord:
    """A finished 3×3 game against the computer, ``number`` seconds into the archive's history."""
    moves = ((1, 1), (0, 0), (2, 2), (0, 2), (0, 1))  # X: b2 c3 b1; O: a1 a3
    winner = {1: "x", 0: None, -1: "o"}[outcome]
    return GameRecord(
        Position(GameShape(3, 3, 3), moves), Seating(VS_COMPUTER.name, ("you", "computer")), "hard",
        (1.0, 2.0, 3.0, 4.0, 5.0), winner, outcome, 1_000.0 + number, 1_010.0 + number,
    )  # fmt: skip


async def test_finished_games_are_recorded_with_players_moves_and_result(make_app: AppFactory) -> None:
    app = make_app(Settings(level="impossible"), impossible=FirstFree())
    async with app.run_test() as pilot:
        for key in ("5", "3", "7"):  # X b2 c1 a3 wins the diagonal; the computer takes a1, b1
            await pilot.press(key)
            await app.workers.wait_for_complete()
        assert status(app).startswith("You win")
        [summary] = app.archive.page()
        record = app.archive.get(summary.id)
        assert record is not None
        assert record.moves == ((1, 1), (0, 0), (0, 2), (0, 1), (2, 0))
        assert (record.seating.players, record.level) == (("you", "computer"), "impossible")
        assert record.players_by_symbol == ("you", "impossible")
        assert (record.seating.table, record.result_text, record.outcome) == (VS_COMPUTER.name, "You won", 1)
        assert len(record.times) == 5
        assert record.started_at <= record.ended_at
        statistics = app.archive.statistics()
        assert [(line.who, line.won, line.streak) for line in statistics.lines] == [
            ("you vs computer · impossible", 1, 1)
        ]


async def test_the_browser_loads_pages_as_the_cursor_nears_the_end(make_app: AppFactory) -> None:
    app = make_app()
    for number in range(250):
        app.archive.record(archived([1, 0, -1][number % 3], number))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, ArchiveScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 100
        assert "250 games" in str(app.screen.query_one("#archive-title").render())
        assert table.get_row_at(0)[0] == "250"  # newest first
        await pilot.press("end")
        await pilot.pause()
        assert table.row_count == 200
        for _ in range(2):
            await pilot.press("end")
            await pilot.pause()
        assert table.row_count == 250
        assert table.get_row_at(249)[0] == "1"
        app.screen.query_one("#filter-outcome", Select).value = -1
        await pilot.pause()
        assert table.row_count == 83
        assert {table.get_row_at(row)[6] for row in range(table.row_count)} == {"You lost"}
        await pilot.press("escape")
        assert not isinstance(app.screen, ArchiveScreen)


async def test_a_replay_steps_through_the_game_and_shows_the_overlay(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        view = await replayed_draw(app, pilot)
        assert view.game is not None
        assert str(view.game.board) == "oxo/xxo/xox"
        await pilot.press("left", "left")
        assert str(view.game.board) == "oxo/xx./.ox"
        assert "Move 7 of 9" in str(app.screen.query_one("#replay-status").render())
        await pilot.press("home")
        assert view.game.board == Board.empty()
        await pilot.press("right", "a")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert view.analysis is not None
        assert {move.move for move in view.analysis.analysis.moves} == set(view.game.board.legal_moves())
        bar = app.screen.query_one(EvaluationBar)  # the evaluation bar comes with the overlay here too
        assert bar.display
        assert bar.words == "a draw with best play"
        await pilot.press("a")
        assert not bar.display
        await pilot.press("a")
        await click_square(pilot, (0, 0))  # a replay is watched: clicks change nothing
        assert str(view.game.board) == ".../.x./..."
        assert marks(app) == "oxo/xxo/xox"  # the game behind is untouched


async def test_a_replay_draws_no_cursor_and_every_mark_as_large_as_its_square_allows(make_app: AppFactory) -> None:
    """A replay is watched, not played: no cursor's frame sits on a1 to shrink its mark."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test(size=(80, 24)) as pilot:
        view = await replayed_draw(app, pilot)
        await pilot.pause()
        assert not any(square.has_class("-cursor") for square in view.squares.values())
        heights = set()
        for move in view.squares:
            region = view.square_region(move)
            assert region is not None
            lines = [strip.text for strip in drawn(view, region)]
            assert not set("".join(lines)) & FRAME, f"a cursor's frame on {move}"
            heights.add(sum(1 for line in lines if line.strip()))
        assert len(heights) == 1, f"the marks are drawn {sorted(heights)} lines tall"
        assert heights.pop() > 1


async def test_play_on_from_a_replayed_position(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press(*DRAW)
        await app.workers.wait_for_complete()
        await pilot.press("g", "enter", "left", "left", "left", "p")
        assert not isinstance(app.screen, (ArchiveScreen, ReplayScreen))
        assert marks(app) == "oxo/.x./.ox"
        assert "Playing on" in status(app)
        await pilot.press("4")  # X's turn, and it plays
        assert marks(app) == "oxo/xx./.ox"
        await pilot.press("u", "u", "u")  # the replayed moves are this game's history
        assert app.game_screen.game.ply == 4


async def test_play_on_after_one_move_says_one_move(make_app: AppFactory) -> None:
    """Before: "Playing on from the archive after 1 moves"."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press(*DRAW)
        await app.workers.wait_for_complete()
        await pilot.press("g", "enter", "home", "right", "p")
        assert marks(app) == ".../.x./..."
        assert "Playing on from the archive after 1 move" in status(app)
        assert "1 moves" not in status(app)


async def test_play_on_from_the_end_of_a_finished_game_says_why_not(make_app: AppFactory) -> None:
    """A finished game's last position has nothing left to play: p stays in the replay and
    says so until the position changes."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press(*DRAW)
        await app.workers.wait_for_complete()
        await pilot.press("n", "5", "g", "enter", "p")
        assert isinstance(app.screen, ReplayScreen)
        said = str(app.screen.query_one("#replay-status").render())
        assert "The game is over here" in said
        assert "Move 9 of 9" in said
        await pilot.press("left")
        assert "over here" not in str(app.screen.query_one("#replay-status").render())
        await pilot.press("p", "y")  # over the game in progress: asked, and yes
        assert not isinstance(app.screen, ReplayScreen)
        assert app.game_screen.game.ply == 8


async def test_export_and_delete_from_the_archive(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press(*DRAW)
        await app.workers.wait_for_complete()
        await pilot.press("n", "1", "4", "2", "5", "3")
        await app.workers.wait_for_complete()
        await pilot.press("g", "down", "e")  # the older game: the draw
        assert isinstance(app.screen, PathPrompt)
        target = tmp_path / "draw.ttt"
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        exported = savefile.read_game(target).board
        assert str(exported) == "oxo/xxo/xox"
        assert exported.history == ((1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0))
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.archive.count() == 2
        await pilot.press("d", "y")
        assert app.archive.count() == 1
        assert isinstance(app.screen, ArchiveScreen)
        assert app.screen.query_one(DataTable).row_count == 1
        await pilot.press("enter", "d", "y")  # from the replay too
        assert app.archive.count() == 0
        assert isinstance(app.screen, ArchiveScreen)
        assert app.screen.query_one(DataTable).row_count == 0


async def test_export_and_save_share_one_prompt_that_never_replaces_a_file_without_a_yes(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = TicTacToeApp(TWO_PLAYERS, paths=paths, searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0)
    target = paths.saved_games / "draw.ttt"
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press(*DRAW)
        await app.workers.wait_for_complete()
        await pilot.press("g", "e")
        assert isinstance(app.screen, SavedGamePrompt)  # the saved-games folder listed, as for Ctrl+S
        app.screen.query_one(Input).value = "draw.ttt"  # a plain name: into that folder
        await pilot.press("enter")
        assert str(savefile.read_game(target).board) == "oxo/xxo/xox"
        await pilot.press("escape", "n", "5")
        for answer, kept in (("n", "oxo/xxo/xox"), ("y", ".../.x./...")):
            await pilot.press("ctrl+s")
            app.screen.query_one(Input).value = "draw.ttt"
            await pilot.press("enter")
            assert isinstance(app.screen, ConfirmScreen)  # the file is there: replace it?
            await pilot.press(answer)
            assert str(savefile.read_game(target).board) == kept


async def test_an_archive_that_cannot_be_kept_leaves_the_game_playable(tmp_path: Path) -> None:
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data directory should be")
    paths = Paths(tmp_path / "config", blocked)
    app = TicTacToeApp(
        Settings(mode=TWO_PLAYERS.mode), paths=paths, searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0
    )
    async with app.run_test(notifications=True) as pilot:
        await pilot.press("1", "4", "2", "5", "3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "games are not being kept" in toasts
        assert "kept until the app closes" in toasts
        assert marks(app) == "xxx/oo./..."
        await pilot.press("n", "5", "g")  # the browser says what is wrong instead of failing
        assert "unavailable" in str(app.screen.query_one("#archive-title").render())
        await pilot.press("escape", "s")
        assert marks(app) == ".../.x./..."


async def test_deleting_from_a_damaged_archive_tells_the_player_it_was_set_aside(tmp_path: Path) -> None:
    from tictactoe_tui.app.screens.replay import delete_game

    from ..helpers.archive import damaged

    archive = damaged(tmp_path / "games.sqlite3")
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.mode), searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0)
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()  # the sidebar mounted
        delete_game(app.screen, archive, dataclasses.replace(archived(1, 0), id=5))
        await pilot.pause()
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "kept as games.sqlite3.bad-" in toasts
        assert "Game #5 was already gone" in toasts
    assert len(list(tmp_path.glob("games.sqlite3.bad-*"))) == 1


async def test_the_statistics_dialog_counts_coached_games_apart(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.archive.record(archived(1, 0))
        app.archive.record(dataclasses.replace(archived(1, 1), coached=True))
        await pilot.press("s")
        assert isinstance(app.screen, StatsScreen)
        [line] = app.screen.statistics.lines
        assert (line.won, line.streak) == (1, 1)
        shown = " ".join(str(static.render()) for static in app.screen.query(Static))
        assert "1 game played with the coach, not in the scores" in shown


async def test_the_statistics_dialog_shows_each_line_on_one_row_at_80_columns(make_app: AppFactory) -> None:
    # The longest words the lines can hold: a strategy's name, Ultimate's and Connect Four's boards.
    kinds = [
        ("mcts-solver-10000", "classic", 15, 15, 5),
        ("impossible", "ultimate", 9, 9, 3),
        ("impossible", "gravity", 6, 7, 4),
        ("hard", "classic", 5, 5, 4),
    ]
    app = make_app(TWO_PLAYERS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for number, (level, game, rows, cols, k) in enumerate(kinds):
            record = archived(1, number)
            position = Position(GameShape(rows, cols, k, game), record.moves)
            seating = dataclasses.replace(record.seating, players=("you", level))
            app.archive.record(dataclasses.replace(record, level=level, position=position, seating=seating))
        await pilot.press("s")
        assert isinstance(app.screen, StatsScreen)
        table = app.screen.query_one("#stats-scroll Static", Static)
        drawn = [strip.text for strip in table.render_lines(Region(0, 0, table.size.width, table.virtual_size.height))]
        for line in app.screen.statistics.lines:
            [row] = [row for row in drawn if line.board in row]  # the board whole, on one row
            assert row.split()[-5:] == [str(count) for count in (1, 0, 0, 1, 1)]  # its counts beside it
            assert any(row.strip() == line.who for row in drawn)  # who played, whole


async def test_the_statistics_dialog_keeps_boards_and_headings_whole_at_60_columns(make_app: AppFactory) -> None:
    """At 60×20 the dialog wrapped "Misère 3×3, 3 in a" / "row" and "your" / "rating": a board
    too wide for its column breaks between its phrases ("Misère 3×3," / "3 in a row")."""
    kinds = [("misere", 3, 3, 3), ("ultimate", 9, 9, 3), ("gravity", 6, 7, 4), ("classic", 5, 5, 4)]
    app = make_app(TWO_PLAYERS)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        for number, (game, rows, cols, k) in enumerate(kinds):
            record = archived(1, number)
            position = Position(GameShape(rows, cols, k, game), record.moves)
            seating = dataclasses.replace(record.seating, players=("you", "impossible"))
            app.archive.record(dataclasses.replace(record, level="impossible", position=position, seating=seating))
        await pilot.press("s")
        assert isinstance(app.screen, StatsScreen)
        statistics = app.screen.statistics
        assert statistics.ratings  # the games are rated: the ratings' table is shown too
        drawn: list[str] = []
        for static in app.screen.query("#stats-scroll > Static").results(Static):
            drawn += [strip.text for strip in static.render_lines(Region(0, 0, *static.virtual_size))]
        for line in statistics.lines:  # each board's phrases whole on a row, in the counts and the ratings
            for phrase in PHRASE_END.split(line.board):
                assert len([row for row in drawn if phrase.strip() in row]) >= 2, f"{phrase!r} cut: {drawn}"
        assert any("your rating" in row for row in drawn), drawn
        for board in statistics.ratings:  # the level nearest each rating: its phrases whole
            for phrase in PHRASE_END.split(fair_fight(board)):
                assert any(phrase.strip() in row for row in drawn), f"{phrase!r} cut: {drawn}"


async def test_the_replays_analysis_tells_what_the_game_screens_tells(make_app: AppFactory) -> None:
    """The replay's overlay says what its values mean, that they are being worked out (it
    said nothing until they came), that a position was too big to solve (with how much was
    solved) and that an analysis failed, in the game screen's words (it said nothing when
    values were shown or the analysis failed)."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press(*DRAW)
        await app.workers.wait_for_complete()
        await pilot.press("g", "enter", "home", "right")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        gate = slow_analysis(screen.searcher)
        for keys in ("a", "right"):  # the overlay turned on, then a step with it on
            await pilot.press(keys)
            assert "Working out every square's value…" in str(screen.query_one("#replay-status").render())
            gate.set()
            await screen.workers.wait_for_complete()
            await pilot.pause()
            shown = str(screen.query_one("#replay-status").render())
            assert VALUE_LEGEND in " ".join(shown.split())  # (broken between its phrases where it is wide)
            assert "Working out" not in shown
            gate.clear()

        def unsolved(state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
            return AnalysisResult(state, Evaluation(Analysis(state.board, (), False, 0, seconds)))

        def broken(state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
            raise RuntimeError("solver exploded")

        for analyze, said in ((unsolved, "none of the 6 squares solved yet"), (broken, "solver exploded")):
            screen.searcher.analyze = analyze  # type: ignore[method-assign]
            await pilot.press("right")
            await screen.workers.wait_for_complete()
            await pilot.pause()
            assert said in str(screen.query_one("#replay-status").render())
            assert screen.query_one(BoardView).analysis is None


async def test_a_replay_in_a_narrow_window_shows_the_board_or_the_size_it_needs(make_app: AppFactory) -> None:
    """At 30×20 the side panel took every column: no board and no message."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test(size=(30, 20)) as pilot:
        view = await replayed_draw(app, pilot)
        await pilot.pause()
        shown = (
            [view.square_region(move) for move in view.squares]
            if view.fits
            else [view.query_one("#too-small", Static).region.translate(-view.region.offset)]
        )
        for region in shown:
            assert region is not None
            assert region.area, f"{region} is not drawn"
            assert view.region.reset_offset.contains_region(region), f"{region} is cut off"


async def test_the_games_list_fits_80_columns_and_shows_the_mode_where_there_is_room(make_app: AppFactory) -> None:
    app = make_app()
    moves = ((5, 3), (5, 2), (4, 3), (4, 2), (3, 3), (3, 2), (2, 3))
    now = time.time()
    lost = Position(GameShape(6, 7, 4, "gravity"), moves)  # X (the computer) wins: "You lost"
    app.archive.record(
        GameRecord(lost, Seating(VS_COMPUTER.name, ("computer", "you")), "impossible", (1.0,) * 7, "x", -1, now, now)
    )
    for mode, game, shape in (
        (COMPUTERS.name, "gravity", (6, 7, 4)),
        (ONLINE_JOIN.name, "misere", (15, 15, 5)),
    ):
        players = ("computer", "computer") if mode == COMPUTERS.name else ("friend", "you")
        position = Position(GameShape(*shape, game), moves)
        app.archive.record(GameRecord(position, Seating(mode, players), "impossible", (1.0,) * 7, "x", 1, now, now))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width  # every column whole
        assert [str(column.label) for column in table.columns.values()] == [
            "#",
            "ended",
            "board",
            "X",
            "O",
            "result",
            "moves",
        ]
        assert table.get_row_at(0)[1] == time.strftime("%Y-%m-%d", time.localtime(now))
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert "mode" in [str(column.label) for column in table.columns.values()]
        assert table.get_row_at(0)[3] == "online (guest)"
        assert table.virtual_size.width <= table.scrollable_content_region.width
        await pilot.resize_terminal(60, 20)  # before: the result cut ("You los"), the moves left out
        await pilot.pause()
        assert [str(column.label) for column in table.columns.values()] == ["board", "X", "O", "result", "moves"]
        assert table.virtual_size.width <= table.scrollable_content_region.width
        drawn = shown(table)
        for row in range(table.row_count):
            assert all(cell in drawn[row + 1] for cell in table.get_row_at(row)), drawn


async def test_the_archive_list_shows_the_games_a_damaged_file_gave_back(tmp_path: Path) -> None:
    from ..helpers.archive import archive_of, page_of_games, spoil

    paths = Paths(tmp_path / "config", tmp_path / "data")
    paths.data_dir.mkdir(parents=True)
    archive_of(paths.archive, 200)
    page, on_it = page_of_games(paths.archive)
    spoil(paths.archive, page)
    app = TicTacToeApp(paths=paths, searcher=ThreadSearcher(get_strategy), seed=1, watch_delay=0)
    async with app.run_test(notifications=True) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ArchiveScreen)
        back = 200 - on_it  # before: the list read "0 games"
        assert f"{back} games, newest first" in str(app.screen.query_one("#archive-title", Static).render())
        assert app.screen.query_one(DataTable).row_count > 0
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert f"{back} games came back" in toasts

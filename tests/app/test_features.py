"""Undo and history, hints and the overlay, scores and statistics, settings, themes, save and load."""

from __future__ import annotations

import json
import os
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Select, Static

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt
from tictactoe_tui.app.screens.dialogs.statistics import StatsScreen
from tictactoe_tui.app.widgets.board.view import HINT
from tictactoe_tui.app.widgets.evaluation import EvaluationBar, overlay_label, value_words
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.app.work.jobs import AnalysisResult
from tictactoe_tui.cli import main
from tictactoe_tui.engine import Board, analyze, get_strategy
from tictactoe_tui.engine.evaluation import Evaluation, MoveChance
from tictactoe_tui.game import GameState, Preset, Settings
from tictactoe_tui.store.files import Paths
from tictactoe_tui.store.savefile import SavedGame, Seating, dump

from ..helpers.app import TWO_PLAYERS, AppFactory, marks, settle, slow_analysis, status, status_lines
from ..helpers.players import FirstFree, Gated
from ..helpers.squares import square, squares
from ..helpers.stand_ins import record
from ..helpers.waiting import until

SEVEN = Preset(7, 7, 5)


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return Paths(tmp_path / "config", tmp_path / "data")


def stored_app(paths: Paths, settings: Settings | None = None) -> TicTacToeApp:
    """The app as launched, keeping its files under ``paths``, with a predictable computer."""
    players = ThreadSearcher(lambda name: FirstFree() if name == "impossible" else get_strategy(name))
    return TicTacToeApp(settings, paths=paths, searcher=players, seed=1, watch_delay=0)


# -- undo, redo, history -----------------------------------------------------------------------


async def test_undo_takes_back_your_move_and_the_computers_reply_and_redo_replays(make_app: AppFactory) -> None:
    app = make_app(impossible=FirstFree())
    async with app.run_test() as pilot:
        await pilot.press("5")
        await settle(app)
        assert marks(app) == "o../.x./..."
        await pilot.press("u")
        assert marks(app) == ".../.../..."
        await pilot.press("r")
        assert marks(app) == "o../.x./..."
        await pilot.press("r")
        assert "Nothing to redo" in status(app)


async def test_two_player_undo_is_one_move(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "u")
        assert marks(app) == ".../.x./..."
        await pilot.press("u", "u")
        assert marks(app) == ".../.../..."
        assert "Nothing to undo" in status(app)


async def test_undo_while_the_computer_thinks_drops_its_answer(make_app: AppFactory) -> None:
    gated = Gated()
    app = make_app(impossible=gated)
    async with app.run_test() as pilot:
        await pilot.press("5")
        assert app.game_screen.thinking
        await pilot.press("u")
        gated.gate.set()
        await settle(app)
        await pilot.pause()
        assert marks(app) == ".../.../..."
        assert not app.game_screen.thinking


async def test_jump_back_in_the_history_then_play_on(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "9")
        history = app.query_one("#history", OptionList)
        assert history.option_count == 4  # start + three moves
        history.focus()
        history.highlighted = 1
        await pilot.press("enter")  # select "1. X b2"
        assert marks(app) == ".../.x./..."
        assert app.game_screen.game.line == ((1, 1), (0, 0), (2, 2))  # the rest is still there to redo
        app.query_one("#board").focus()
        await pilot.press("3")
        game = app.game_screen.game  # read again: mypy keeps the line compared before the keys
        assert game.line == ((1, 1), (0, 2))
        assert history.option_count == 3


async def test_history_jump_in_computer_games_lets_the_computer_play_on(make_app: AppFactory) -> None:
    first = FirstFree()
    app = make_app(impossible=first)
    async with app.run_test() as pilot:
        await pilot.press("5")
        await settle(app)
        await pilot.press("9")
        await settle(app)
        app.game_screen.travel(1, "Back")  # after your first move: the computer is to move again
        await settle(app)
        await pilot.pause()
        assert first.calls == 3
        assert marks(app) == "o../.x./..."


# -- hints and the overlay ---------------------------------------------------------------------


async def test_hint_is_a_best_move_with_the_engines_value(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "2", "i")
        await settle(app)
        await pilot.pause()
        analysis = analyze(app.game_screen.game.board)
        best = {mv.move: mv for mv in analysis.best_moves}
        assert app.game_screen.hint in best
        assert square(app, app.game_screen.hint).has_class("-hint")
        assert f"({value_words(best[app.game_screen.hint])})" in status(app)
        await pilot.press("3")
        assert app.game_screen.hint is None  # a hint belongs to one position


async def test_the_hint_is_said_again_when_the_overlay_that_covered_it_goes(make_app: AppFactory) -> None:
    """i, a, a: the overlay's legend replaced the hint's words, and turning the overlay off left
    the hint's ◆ on the board with nothing saying what it was."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "2", "i")
        await settle(app)
        await pilot.pause()
        said = next(line for line in status_lines(app) if "Hint for X" in line)
        await pilot.press("a")
        await settle(app)
        await pilot.pause()
        assert "Hint for X" not in status(app)  # the legend has the line
        await pilot.press("a")
        hint = app.game_screen.hint
        assert hint is not None
        assert square(app, hint).label == HINT
        assert said in status(app)


async def test_overlay_values_equal_analyze(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "2", "a")
        await settle(app)
        await pilot.pause()
        expected = {mv.move: overlay_label(mv) for mv in analyze(app.game_screen.game.board).moves}
        shown = {cell.move: cell.label for cell in squares(app) if cell.label}
        assert shown == expected
        assert set(expected.values()) == {"W5", "D"}
        await pilot.press("7")  # the overlay follows the game
        await settle(app)
        await pilot.pause()
        expected = {mv.move: overlay_label(mv) for mv in analyze(app.game_screen.game.board).moves}
        assert {cell.move: cell.label for cell in squares(app) if cell.label} == expected
        await pilot.press("a")
        assert not any(cell.label for cell in squares(app))


async def test_a_request_replaced_on_the_same_position_gives_no_answer(make_app: AppFactory) -> None:
    """i then a on one position: the hint's request, cancelled by the overlay's, still posted its
    part-solved values, taken as the answer ('Too big to solve ... (6 of 8 squares solved)' on 3×3)."""
    app = make_app(TWO_PLAYERS)
    gate = slow_analysis(app.searcher)
    async with app.run_test() as pilot:
        await pilot.press("5", "i", "a")
        gate.set()
        await settle(app)
        await pilot.pause()
        assert "Too big" not in status(app)
        assert "Hint for O" in status(app)
        assert any(cell.label for cell in squares(app))


async def test_the_status_says_the_overlay_is_being_worked_out_while_it_is(make_app: AppFactory) -> None:
    """Pressing a while a hint was being worked out turned the overlay on with nothing saying so;
    the notice lasts as long as the analysis does, and a hint still asked for is still said."""
    app = make_app(TWO_PLAYERS)
    gate = slow_analysis(app.searcher)
    async with app.run_test() as pilot:
        await pilot.press("5", "i", "a")
        assert "Looking for the best move and every square's value…" in status(app)
        await pilot.press("a")  # the overlay off: the hint is still being looked for
        assert "Looking for the best move…" in status(app)
        assert "every square's value" not in status(app)
        await pilot.press("a")
        gate.set()
        await settle(app)
        await pilot.pause()
        assert "Hint for O" in status(app)  # the answer replaces the notice
        assert "…" not in status(app)
        assert any(cell.label for cell in squares(app))
        gate.clear()
        await pilot.press("1")  # the overlay follows the game, and says so while it works
        assert "Working out every square's value…" in status(app)
        gate.set()
        await settle(app)
        await pilot.pause()
        assert "Working out" not in status(app)


async def test_an_answer_for_the_overlay_turned_off_meanwhile_says_nothing(make_app: AppFactory) -> None:
    """15×15: a, a move, a again before the overlay's values came: their answer still said "Too big
    to solve within 1 s: none of the 223 squares solved yet" with no overlay, until the next move."""
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=SEVEN))
    gate = slow_analysis(app.searcher)
    async with app.run_test() as pilot:
        await pilot.press("a", "enter")
        assert "Working out every square's value…" in status(app)
        await pilot.press("a")  # off before the answer
        gate.set()
        await settle(app)
        await pilot.pause()
        assert "Too big" not in status(app)
        assert "estimated" not in status(app)
        assert not any(cell.label for cell in squares(app))


async def test_overlay_on_a_board_too_big_to_solve_shows_estimates(make_app: AppFactory) -> None:
    """Issue 66: "too big to solve exactly yet, so no values are shown"; now each square the
    search looked at shows the mover's chances, said to be estimates, and the bar says them."""
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=SEVEN))
    async with app.run_test() as pilot:
        await pilot.press("a")
        await settle(app)
        await pilot.pause()
        assert "X's estimated chances in % if X plays there" in status(app)
        labels = [cell.label for cell in squares(app) if cell.label.isdigit()]
        assert labels
        assert all(1 <= int(label) <= 99 for label in labels)
        assert "(estimate)" in app.query_one(EvaluationBar).words


async def test_an_estimated_hint_says_the_overlay_s_figure_on_its_square(make_app: AppFactory) -> None:
    """In Ultimate the hint said "X's chances 58%" while the overlay showed 56 on its square: the
    hint quoted the position's figure, the overlay each move's."""
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=Preset(9, 9, 3, "ultimate")))
    solve = app.searcher.analyze

    def every_square_its_own(state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
        unsolved = replace(solve(state, 0.0, cancel).analysis, moves=(), complete=False)
        legal = state.board.legal_moves()  # a figure for each square, none of them the position's
        figures = tuple(MoveChance(move, 0.6 - index / 100) for index, move in enumerate(legal))
        return AnalysisResult(state, Evaluation(unsolved, figures, position=0.74))

    app.searcher.analyze = every_square_its_own  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "1", "a", "i")  # X to move in one small board
        await until(lambda: app.game_screen.hint is not None, "the hint")
        hint = app.game_screen.hint
        assert hint is not None
        figure = square(app, hint).label
        assert figure.isdigit()
        assert f"X's chances {figure}%" in status(app)
        assert "74%" not in status(app)


async def test_the_overlay_shows_the_columns_solved_in_time(make_app: AppFactory) -> None:
    """Connect Four at move 10: "Too big to solve within 1 s (1 of 7 squares solved): no values
    shown" hid the one column solved, and called the columns squares."""
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=Preset(6, 7, 4, "gravity")))
    solve = app.searcher.analyze

    def one_column(state: GameState, seconds: float, cancel: threading.Event) -> AnalysisResult:
        found = solve(state, seconds, cancel).analysis
        return AnalysisResult(state, Evaluation(replace(found, moves=found.moves[:1], complete=False)))

    app.searcher.analyze = one_column  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await pilot.press("a")
        await settle(app)
        await pilot.pause()
        assert "values for the 1 of 7 columns solved" in status(app)
        best = analyze(app.game_screen.game.board).moves[0]
        values = {cell.move: cell.label for cell in squares(app) if cell.label not in ("", "·")}
        assert values == {best.move: overlay_label(best)}


# -- scores, statistics, settings --------------------------------------------------------------


async def test_scores_count_finished_games_and_reset_separately(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("1", "4", "2", "5", "3")
        assert str(app.game_screen.scores) == "X 1 · O 0 · draws 0"
        await pilot.press("u", "r")  # redoing the winning move does not count it again
        assert app.game_screen.scores.wins_of("X") == 1
        await pilot.click("#reset-scores")
        await pilot.press("y")  # it asks first
        assert str(app.game_screen.scores) == "X 0 · O 0 · draws 0"
        assert marks(app) == "xxx/oo./..."  # the game itself is untouched


async def test_stats_and_settings_survive_a_restart(paths: Paths) -> None:
    app = stored_app(paths, TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("1", "4", "2", "5", "3")
        await app.workers.wait_for_complete()
        app.query_one("#level", Select).value = "hard"
        app.theme = "chalkboard"
        await pilot.pause()
    again = stored_app(paths)
    async with again.run_test() as pilot:
        await pilot.press("s")
        assert isinstance(again.screen, StatsScreen)
        [line] = again.screen.statistics.lines
        assert (line.who, line.board, line.won, line.drawn, line.lost, line.best_streak) == (
            "two players",
            "3×3",
            1,
            0,
            0,
            1,
        )
        assert again.game_screen.settings.mode == TWO_PLAYERS.mode
        assert again.game_screen.settings.level == "hard"
        assert again.theme == "chalkboard"
    assert json.loads(paths.settings.read_text())["theme"] == "chalkboard"


async def test_corrupt_settings_are_backed_up_and_reported(paths: Paths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings.write_text('{"mode": "two play')
    app = stored_app(paths)
    async with app.run_test(notifications=True) as pilot:
        await pilot.pause()
        assert app.game_screen.settings == Settings()
        assert len(app.problems) == 1
        assert "kept as settings.json.bad-" in app.problems[0]
        toasts = [str(toast.render()) for toast in app.screen.query("Toast")]
        assert any("settings.json" in text for text in toasts)
    backups = list(paths.config_dir.glob("settings.json.bad-*"))
    assert [b.read_text() for b in backups] == ['{"mode": "two play']


# -- save and load -----------------------------------------------------------------------------


async def test_save_then_load_a_game_from_the_keys(make_app: AppFactory, tmp_path: Path) -> None:
    target = tmp_path / "game.ttt"
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "ctrl+s")
        assert isinstance(app.screen, PathPrompt)
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        assert target.read_text() == dump(app.game_screen.game.board, Seating("two players", ("you", "you")))
        await pilot.press("n", "y", "9")
        await pilot.press("ctrl+o")
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter", "y")  # the game in progress (one move) is left only after a yes
        assert marks(app) == "o../.x./..."
        assert app.game_screen.game.line == ((1, 1), (0, 0))
        await pilot.press("u")  # a loaded game keeps its history
        assert marks(app) == ".../.x./..."


async def test_loading_the_game_on_screen_asks_nothing(make_app: AppFactory, tmp_path: Path) -> None:
    """Ctrl+O of the file just saved asked "leave this game unfinished?" although nothing would
    be lost: it says the game is on screen already and keeps it as it is."""
    target = tmp_path / "game.ttt"
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "ctrl+s")
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await until(target.exists)
        game = app.game_screen.game
        await pilot.press("ctrl+o")
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await settle(app)
        assert app.screen is app.game_screen  # no question
        assert app.game_screen.game is game
        assert "Already on screen: game.ttt holds this game" in status(app)
        await pilot.press("u", "ctrl+o")  # one move taken back: the file holds another game
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, ConfirmScreen))


async def test_loading_or_saving_a_named_pipe_is_refused_at_once(make_app: AppFactory, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # nobody writes to it or reads from it: opening it plainly would wait forever
    app = make_app(TWO_PLAYERS)
    async with app.run_test(notifications=True) as pilot:
        await pilot.press("5")
        await pilot.press("ctrl+o")
        app.screen.query_one(Input).value = str(fifo)
        await pilot.press("enter")
        await until(lambda: "is a named pipe, not a saved game" in status(app))  # loading: the status line says no
        assert "Not loaded: pipe is a named pipe, not a saved game" in status(app)  # below the headline
        assert "is a named pipe" in str(app.screen.query_one("#path-problem", Static).render())  # and in the prompt
        await pilot.press("escape", "ctrl+s")
        app.screen.query_one(Input).value = str(fifo)
        await pilot.press("enter")
        await until(lambda: any("is a named pipe" in str(toast.render()) for toast in app.screen.query("Toast")))
        assert marks(app) == ".../.x./..."


#: Saved games with digits ``str.isdigit()`` takes and ``int()`` refuses: they raised ValueError.
ODD_DIGIT_K = "version: 1\nk: ²\nboard: .../.../...\nmoves:\n"
ODD_DIGIT_MOVE = "version: 1\nk: 3\nboard: .x./.../...\nmoves: b¹\n"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("version: 1\nk: 3\nboard: x../.../...\nmoves: b2\n", "the moves lead to"),
        (ODD_DIGIT_K, "k must be a whole number"),  # the app crashed and lost the game
        (ODD_DIGIT_MOVE, "is not a square"),
        ("# tictactoe-tui saved game\nversion: 1\nk: 3\nboard: .../.../...\n", "bad.ttt: its moves line is missing"),
    ],
)
async def test_a_bad_saved_game_is_reported_and_changes_nothing(
    make_app: AppFactory, tmp_path: Path, text: str, reason: str
) -> None:
    bad = tmp_path / "bad.ttt"
    bad.write_text(text)
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "ctrl+o")
        app.screen.query_one(Input).value = str(bad)
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running
        assert marks(app) == ".../.x./..."
        assert "Not loaded: " in status(app)  # refused in the status line (issue 56.3)
        assert reason in status(app)
        assert isinstance(app.screen, PathPrompt)  # and the prompt stays, saying why: keys typed next
        await pilot.press("3", "t")  # go to its field, not to the board (they played and opened the chat)
        assert app.screen.query_one(Input).value.endswith("3t")
        await pilot.press("escape")
        assert marks(app) == ".../.x./..."


def test_the_command_line_loads_a_game_or_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = tmp_path / "good.ttt"
    good.write_text(dump(Board.empty().play((1, 1))))
    launched: list[SavedGame | None] = []
    monkeypatch.setattr("tictactoe_tui.app.run_app", lambda load=None, **_: record(launched, load, 0))
    assert main(["--load", str(good)]) == 0
    assert launched[0] is not None
    assert launched[0].board.history == ((1, 1),)
    bad = tmp_path / "bad.ttt"
    for text in ("nonsense", ODD_DIGIT_K, ODD_DIGIT_MOVE):
        bad.write_text(text)
        assert main(["--load", str(bad)]) == 2
        assert capsys.readouterr().err.count("\n") == 1
    assert launched == [launched[0]]


async def test_a_game_loaded_from_the_command_line_starts_by_saying_so(tmp_path: Path) -> None:
    saved = tmp_path / "game.ttt"
    saved.write_text(dump(Board.empty().play((1, 1)).play((0, 0))))
    from tictactoe_tui.store.savefile import read_game

    app = TicTacToeApp(TWO_PLAYERS, load=read_game(saved), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert marks(app) == "o../.x./..."
        assert f"Loaded {saved.name}: 2 moves played" in status(app)  # it started silently


async def test_the_keys_the_leave_unfinished_question_names_do_what_it_says(make_app: AppFactory) -> None:
    """The question said "(Ctrl+S saves it)", and Ctrl+S in the dialog did nothing: it names
    the keys that work from it, and they save the game."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "q")
        assert isinstance(app.screen, ConfirmScreen)
        question = app.screen.question
        assert "n, then Ctrl+S" in question, question
        await pilot.press("n", "ctrl+s")
        await until(lambda: isinstance(app.screen, PathPrompt))

"""The first ten minutes: defects a new player met, each held by a test (issue 25)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, Select
from textual.widgets._footer import FooterKey

from tictactoe_tui.app.game.game_screen import GameScreen
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.screens.dialogs.file_prompt import PathPrompt
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.evaluation import EvaluationBar
from tictactoe_tui.app.widgets.sidebar import setting_options
from tictactoe_tui.engine import Board, Budget, Decision
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.game import FirstPlayer, MarkChoice, Preset, Settings, presets_for
from tictactoe_tui.store import savefile
from tictactoe_tui.table import TABLES

from ..helpers.app import TWO_PLAYERS, AppFactory, marks, settle, status
from ..helpers.players import Broken, FirstFree
from ..helpers.squares import squares
from ..helpers.waiting import until


async def test_the_game_keys_work_after_tab_into_the_sidebar(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("tab")
        assert not isinstance(app.focused, BoardView)
        await pilot.press("5")
        assert marks(app) == ".../.x./..."
        await pilot.press("u")
        assert marks(app) == ".../.../..."
        await pilot.press("escape")
        assert isinstance(app.focused, BoardView)


async def test_the_game_keys_work_after_a_click_on_a_select(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.pause()
        app.query_one("#level", Select).focus()
        await pilot.press("1", "n", "y")  # yes: leave the game in progress
        assert app.game_screen.game.number == 2
        await pilot.press("escape")
        assert isinstance(app.focused, BoardView)


async def test_a_finished_game_is_counted_once_undo_after_the_end_is_refused(make_app: AppFactory) -> None:
    app = make_app(Settings(first=FirstPlayer.COMPUTER), impossible=FirstFree())
    async with app.run_test() as pilot:
        for key in ("5", "9", "8"):  # O: b2, c3, b3; the computer (X) takes a1, b1, c1 and wins
            await settle(app)
            await pilot.press(key)
        await settle(app)
        await pilot.pause()
        assert app.game_screen.game.board.winner is not None
        assert str(app.game_screen.scores) == "You 0 · Computer 1 · draws 0"
        await pilot.press("u")
        assert "over and counted" in status(app).lower()
        assert app.game_screen.game.board.is_over
        assert str(app.game_screen.scores) == "You 0 · Computer 1 · draws 0"
        await settle(app)
        assert app.archive.statistics().lines[0].lost == 1


async def test_the_coin_flip_is_announced(make_app: AppFactory) -> None:
    app = make_app(Settings(first=FirstPlayer.COIN_FLIP), impossible=FirstFree())
    async with app.run_test() as pilot:
        assert "Coin flip:" in status(app)
        await settle(app)
        await pilot.press("n")
        assert "Coin flip:" in status(app)


async def test_a_saved_game_comes_back_as_it_was_saved(make_app: AppFactory, tmp_path: Path) -> None:
    target = tmp_path / "game.ttt"
    mine = Settings(mark=MarkChoice.O, first=FirstPlayer.YOU)
    app = make_app(mine, impossible=FirstFree())
    async with app.run_test() as pilot:
        await pilot.press("5")
        await settle(app)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, PathPrompt)
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
    again = make_app(Settings(), impossible=FirstFree())
    async with again.run_test() as pilot:
        await pilot.press("ctrl+o")
        again.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        game = again.game_screen.game
        mark = game.board.at((1, 1))
        assert mark is not None
        assert game.symbol(mark) == "O"  # your mark, as you played it
        assert status(again).startswith("Your turn (O)")
    old = tmp_path / "old.ttt"
    old.write_text(savefile.dump(Board.empty().play((1, 1))))  # no seating: loads as before
    assert savefile.read_game(old).seating is None


async def test_the_computer_list_offers_only_players_of_the_board() -> None:
    seven = Settings(preset=Preset(7, 7, 5))
    offered = {name for _label, name in setting_options("level", seven)}
    assert {"easy", "impossible", "threat-space"} <= offered
    assert not offered & {"opening-table", "gravity-alphabeta"}
    assert "opening-table" in {name for _label, name in setting_options("level", Settings())}


async def test_a_level_change_after_a_failure_plays_the_next_move(make_app: AppFactory) -> None:
    app = make_app(Settings(first=FirstPlayer.COMPUTER, level="hard"), hard=Broken(), impossible=FirstFree())
    async with app.run_test() as pilot:
        await settle(app)
        await pilot.pause()
        assert "failed: solver exploded" in status(app)
        assert "Error" not in status(app)
        app.game_screen.change_setting("level", "impossible")
        await settle(app)
        await pilot.pause()
        assert app.game_screen.game.board.move_count == 1


async def test_the_computer_list_offers_only_players_of_the_game_in_play_too(make_app: AppFactory) -> None:
    """A level plays its very next move: with Connect Four in play and Classic chosen for the next
    game, opening-table (3×3 only) was offered, and chosen it stalled the game ("The computer
    player failed"). The sidebar and the palette offer it once a 3×3 game is in play."""
    from textual.widgets.select import InvalidSelectValueError

    from tictactoe_tui.app.game.commands import game_commands

    app = make_app(Settings(preset=presets_for("gravity")[0]), impossible=FirstFree())
    async with app.run_test(size=(100, 40)) as pilot:
        app.game_screen.change_setting("game", "classic")
        await pilot.pause()
        titles = {title for title, _help, _run in game_commands(app.game_screen)}
        assert "Computer level: opening-table" not in titles
        with pytest.raises(InvalidSelectValueError):
            app.query_one("#level", Select).value = "opening-table"
        await pilot.press("n")
        await settle(app)
        assert app.game_screen.game.board.rules.name == "classic"
        app.query_one("#level", Select).value = "opening-table"
        await pilot.pause()
        assert app.game_screen.settings.level == "opening-table"
        assert "Computer level: opening-table" in {title for title, _help, _run in game_commands(app.game_screen)}


async def test_a_board_the_strategy_cannot_play_switches_to_a_level(make_app: AppFactory) -> None:
    app = make_app(Settings(level="opening-table"))
    async with app.run_test():
        app.game_screen.change_setting("preset", Preset(7, 7, 5))
        assert app.game_screen.settings.level == "impossible"
        assert "opening-table does not play Classic on this board" in status(app)


async def test_command_line_choices_are_not_saved(tmp_path: Path) -> None:
    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.store.files import Paths
    from tictactoe_tui.store.settings import load_settings

    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = TicTacToeApp(paths=paths, overrides={"preset": Preset(15, 15, 5), "think_seconds": 0.5}, seed=1)
    async with app.run_test() as pilot:
        app.game_screen.change_setting("mode", TWO_PLAYERS.mode)  # a choice made in the app is kept
        await pilot.pause()
    stored, _theme, _problem = load_settings(paths, ["impossible"])
    assert stored.mode == TWO_PLAYERS.mode
    assert stored.preset == Settings().preset
    assert stored.think_seconds == Settings().think_seconds


async def test_reset_asks_and_tab_skips_it(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("1", "4", "2", "5", "3")
        await pilot.pause()
        await pilot.press("tab")
        assert getattr(app.focused, "id", None) != "reset-scores"
        await pilot.click("#reset-scores")
        await pilot.press("n")  # no: nothing changes
        assert app.game_screen.scores.wins_of("X") == 1
        await pilot.click("#reset-scores")
        await pilot.press("y")
        assert app.game_screen.scores.wins_of("X") == 0


async def test_quit_mid_game_asks_first(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "q")
        assert app.is_running
        await pilot.press("n")  # no: the game goes on
        assert marks(app) == ".../.x./..."
        await pilot.press("q", "y")
    assert app.return_code == 0


async def test_quit_asks_first_while_undone_moves_can_be_redone(make_app: AppFactory) -> None:
    """Undone to an empty board, the moves wait for r: q asks before they go."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "1", "u", "u", "q")
        assert app.is_running
        await pilot.press("n", "r")
        assert marks(app) == ".../.x./..."
        await pilot.press("q", "y")
    assert app.return_code == 0


async def test_the_help_footer_offers_no_game_keys(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        shown = {active.binding.description for active in app.game_screen.active_bindings.values() if active.enabled}
        assert "Place mark" not in shown
        assert "New game" not in shown


@pytest.mark.parametrize("table", [name for name, table in TABLES.items() if not table.online])
async def test_the_footer_offers_place_mark_only_where_a_person_plays(make_app: AppFactory, table: str) -> None:
    """Computer vs computer, nobody here places a mark: the footer does not offer it."""
    app = make_app(Settings(mode=table), impossible=FirstFree())
    async with app.run_test(size=(120, 34)) as pilot:
        await settle(app)
        await pilot.pause()
        offered = {key.description for key in app.query(FooterKey) if not key.disabled}
        assert ("Place mark" in offered) is not app.game_screen.game.table.watch_only(app.game_screen.game)
        assert "New game" in offered


async def test_export_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "kept.ttt"
    target.write_text("mine")
    with pytest.raises(savefile.SaveFileError, match="already exists"):
        savefile.save(target, Board.empty().play((1, 1)), new=True)
    assert target.read_text() == "mine"


async def test_coordinates_are_shown_and_can_be_hidden(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=Preset(15, 15, 5)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        corner = view.square_region((0, 0))
        assert corner is not None
        over = view.render_lines(view.outer_size.region)[corner.y - 1].text
        beside = [strip.text[corner.x - 3 : corner.x] for strip in view.render_lines(view.outer_size.region)]
        assert over[corner.x :].split() == list("abcdefghijklmno")  # over the columns
        assert [line.strip() for line in beside if line.strip()] == [str(n) for n in range(1, 16)]  # beside the rows
        app.game_screen.change_setting("coordinates", False)
        await pilot.pause()
        corner = view.square_region((0, 0))
        assert corner is not None
        assert not any(strip.text[: corner.x].strip() for strip in view.render_lines(view.outer_size.region))
        assert not view.render_lines(view.outer_size.region)[corner.y - 1].text.strip()
        assert view.fits


@pytest.mark.parametrize("preset", [Preset(15, 15, 5), Preset(9, 9, 3, "ultimate")], ids=["15x15", "ultimate"])
async def test_the_cursor_has_a_shape_on_squares_too_low_for_its_frame(make_app: AppFactory, preset: Preset) -> None:
    """On 15×15 and Ultimate the cursor was a colour alone (the hint's square had the same)."""
    from ..helpers.squares import drawn

    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=preset))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        for move in (view.cursor, (4, 4)):
            view.cursor = move
            await pilot.pause()
            region = view.square_region(move)
            assert region is not None
            assert region.height < 3  # too low for the frame
            text = " ".join(strip.text for strip in drawn(view, region)).split()
            assert text[:1] == ["["], text
            assert text[-1:] == ["]"], text


async def test_hint_and_playable_squares_carry_a_glyph(make_app: AppFactory) -> None:
    from tictactoe_tui.app.widgets.board.view import HINT

    from ..helpers.squares import squares

    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("5", "2", "i")
        await settle(app)
        await pilot.pause()
        hinted = [cell for cell in squares(app) if cell.has_class("-hint")]
        assert hinted
        assert all(cell.label == HINT for cell in hinted)
    gravity = make_app(Settings(mode=TWO_PLAYERS.mode, preset=Preset(6, 7, 4, "gravity")))
    async with gravity.run_test() as pilot:
        await pilot.pause()
        playable = [cell for cell in squares(gravity) if cell.has_class("-playable")]
        assert len(playable) == 7
        assert all(cell.label == "·" for cell in playable)


async def test_the_sidebar_folds_away_on_a_narrow_screen(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.pause()
        assert not app.query_one("#side").display
        await pilot.press("f2")
        assert app.query_one("#side").display
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.query_one("#side").display


async def test_f2_before_the_sidebar_is_mounted_folds_it(make_app: AppFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Till the sidebar is mounted (just after the first frame) the board's column keeps its
    room; F2 in between folds it as it would later: the column takes the whole width."""
    after_first_frame = GameScreen.after_first_frame

    async def f2_first(screen: GameScreen) -> None:
        screen.action_toggle_sidebar()  # F2 between the first frame and the sidebar's mounting
        await after_first_frame(screen)

    monkeypatch.setattr(GameScreen, "after_first_frame", f2_first)
    app = make_app(TWO_PLAYERS)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert not app.query_one("#side").display
        assert app.query_one("#play").region.width == 100
        await pilot.press("f2")
        await pilot.pause()
        assert app.query_one("#side").display
        assert app.query_one("#play").region.width == 100 - 32


async def test_a_hint_on_a_board_too_big_to_solve_is_an_estimate(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=Preset(7, 7, 5)))
    async with app.run_test() as pilot:
        await pilot.press("i")
        await settle(app)
        await pilot.pause()
        assert app.game_screen.hint is not None
        assert "estimate" in status(app)


class AnyLegalMove(FirstFree):
    """Plays a legal square drawn by the search's seed, and counts its calls."""

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        self.calls += 1
        return Decision(rng.choice(board.legal_moves()), estimate=0.54)


async def test_the_same_position_gets_the_same_estimated_hint_twice(make_app: AppFactory) -> None:
    """15×15: i in the same position gave h10, then m7 (each search seeded anew)."""
    searched = AnyLegalMove()
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=Preset(7, 7, 5)), impossible=searched)
    async with app.run_test() as pilot:
        hints = []
        for _ in range(3):
            await pilot.press("i")
            await settle(app)
            await pilot.pause()
            hints.append(app.game_screen.hint)
        assert hints[0] is not None
        assert hints == [hints[0]] * 3, hints
        assert searched.calls == 1  # asked again, the position's estimate is kept
        await pilot.press("a")  # the overlay and the bar: the hint says its square's chances of the same evaluation
        await settle(app)
        await pilot.pause()
        evaluation = app.game_screen.analysis
        assert evaluation is not None
        hinted, chance = evaluation.chance_of(hints[0]), evaluation.chance
        assert hinted is not None
        assert chance is not None
        assert f"X's chances {hinted:.0%}" in status(app)
        assert f"X's chances {chance:.0%}" in app.query_one(EvaluationBar).words


async def test_a_hint_and_the_overlay_asked_at_once_on_a_board_too_big_show_estimates(
    make_app: AppFactory,
) -> None:
    """i and a together: the hint's estimate answered both, and the overlay stayed on with no
    values (issue 66: it now shows each square's estimate, and says they are estimates)."""
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=Preset(7, 7, 5)))
    async with app.run_test() as pilot:
        await pilot.press("i", "a")
        await settle(app)
        await pilot.pause()
        assert app.game_screen.overlay
        assert app.game_screen.hint is not None
        assert "estimate" in status(app)
        assert "an estimate, like the numbers" in status(app)
        assert any(cell.label.isdigit() for cell in squares(app))
        await pilot.press("a")  # the overlay off: the hint stays, an estimate still
        assert "estimate" in status(app)
        assert "like the numbers" not in status(app)


async def test_save_and_load_offer_the_saved_games_folder(tmp_path: Path) -> None:
    from textual.widgets import DirectoryTree

    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.app.work.ai import ThreadSearcher
    from tictactoe_tui.engine import get_strategy
    from tictactoe_tui.store.files import Paths

    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = TicTacToeApp(TWO_PLAYERS, paths=paths, searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("5", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PathPrompt)
        app.screen.query_one(Input).value = "first.ttt"  # a plain name: into the folder
        await pilot.press("enter")
        assert (paths.saved_games / "first.ttt").is_file()
        await pilot.press("n", "y", "ctrl+o")
        await pilot.pause()
        tree = app.screen.query_one(DirectoryTree)
        assert tree.path == paths.saved_games
        await until(lambda: tree.root.children, "the saved games listed")
        tree.focus()
        await pilot.press("down", "enter")  # the first file listed
        await pilot.pause()
        assert app.screen.query_one(Input).value == "first.ttt"
        await pilot.press("enter")
        assert marks(app) == ".../.x./..."


@pytest.mark.parametrize("preset", [Preset(9, 9, 3, "ultimate"), Preset(15, 15, 5)])
async def test_the_cursor_on_an_empty_small_square_shows_without_colour(make_app: AppFactory, preset: Preset) -> None:
    """Squares too small for a frame show the cursor in reverse video, which needs a character
    to show on: an empty square drew nothing there, so only its colour told it apart."""
    from ..helpers.squares import drawn, squares

    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=preset))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        corner = app.query_one(BoardView).square_region((0, 0))
        assert corner is not None
        assert corner.height < 3  # too small for a frame round the cursor
        [cursor] = [cell for cell in squares(app) if cell.has_class("-cursor")]
        assert not cursor.symbol
        view = app.query_one(BoardView)
        region = view.square_region(cursor.move)
        assert region is not None
        reversed_text = "".join(
            segment.text
            for strip in drawn(view, region)
            for segment in strip
            if segment.style is not None and segment.style.reverse
        )
        assert reversed_text


async def test_the_palette_offers_only_players_of_the_board(make_app: AppFactory) -> None:
    """The palette offers the computer players the sidebar offers (opening-table plays 3×3 only:
    chosen on 15×15 it stalled the game with 'The computer player failed')."""
    from tictactoe_tui.app.game.commands import game_commands

    app = make_app(Settings(preset=Preset(15, 15, 5)))
    async with app.run_test():
        titles = {title for title, _help, _run in game_commands(app.game_screen)}
        offered = {name for _label, name in setting_options("level", app.game_screen.settings)}
        levels = {title for title in titles if title.startswith("Computer level: ")}
        assert levels == {f"Computer level: {name}" for name in offered}
        assert "Computer level: opening-table" not in titles
        assert "Computer level: impossible" in titles


async def test_a_launch_board_the_saved_player_cannot_play_gets_a_player_that_can(tmp_path: Path) -> None:
    """`tictactoe-tui --board 7x7` with opening-table (3×3 only) saved: impossible plays, for this
    launch only, and the app says so (before, the computer's first move failed)."""
    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.store.files import Paths
    from tictactoe_tui.store.settings import load_settings, settings_to_json

    paths = Paths(tmp_path / "config", tmp_path / "data")
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text(json.dumps(settings_to_json(Settings(level="opening-table"), "textual-dark")))
    app = TicTacToeApp(paths=paths, overrides={"preset": Preset(7, 7, 5)}, seed=1)
    assert app.game_screen.settings.level == "impossible"
    assert app.switched is not None
    assert "opening-table does not play Classic on this board" in app.switched
    stored, _theme, _problem = load_settings(paths, ["impossible", "opening-table"])
    assert stored.level == "opening-table"


@pytest.mark.first_frame
@pytest.mark.parametrize("preset", [Preset(3, 3, 3), Preset(9, 9, 3, "ultimate")], ids=["classic", "ultimate"])
async def test_q_while_the_screen_is_still_being_built_quits_cleanly(make_app: AppFactory, preset: Preset) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.mode, preset=preset))
    async with app.run_test(size=(100, 40)) as pilot:
        app.post_message(events.Key("q", "q"))  # before the first pause: the sidebar is still mounting
        await pilot.pause()
    assert app.return_code == 0


def test_the_computer_players_are_named_without_another_word_for_them() -> None:
    labels = [label for label, _name in setting_options("level", Settings())]
    assert "Impossible" in labels
    assert "rules" in labels  # a named player, as named
    assert not [label for label in labels if "Strategy" in label or "AI" in label]


async def test_a_game_just_saved_is_left_without_a_question_until_its_next_move(
    make_app: AppFactory, tmp_path: Path
) -> None:
    """Right after Ctrl+S, q still asked "Quit and leave this game unfinished?": the game just
    saved is known as saved, until a move changes it."""
    target = tmp_path / "game.ttt"
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:

        async def save() -> None:
            await pilot.press("ctrl+s")
            assert isinstance(app.screen, PathPrompt)
            app.screen.query_one(Input).value = str(target)
            await pilot.press("enter")
            if isinstance(app.screen, ConfirmScreen):  # saved before: replaced after a yes
                await pilot.press("y")
            await until(lambda: "Saved to" in status(app), "the game saved")

        await pilot.press("5", "1")
        await save()
        await pilot.press("3", "q")  # a move since: leaving it would lose it
        assert isinstance(app.screen, ConfirmScreen)
        assert "leave this game unfinished" in app.screen.question
        await pilot.press("n")
        await save()
        await pilot.press("q")  # saved as it stands: nothing to lose, no question
        await until(lambda: app.return_code == 0, "the app to quit")
    assert savefile.read_game(target).board.history == ((1, 1), (0, 0), (0, 2))


@pytest.mark.parametrize("how", ["command line", "ctrl+o"])
async def test_a_game_loaded_is_left_without_a_question_until_its_next_move(tmp_path: Path, how: str) -> None:
    """``--load`` of a saved game, a setting changed, then n asked "Start a new game and leave
    this game unfinished?": the game loaded is in its file as it stands, so nothing is lost."""
    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.app.work.ai import ThreadSearcher
    from tictactoe_tui.search_process import named_strategy
    from tictactoe_tui.store.files import Paths

    target = tmp_path / "game.ttt"
    savefile.save(target, Board.empty().play((1, 1)).play((0, 0)))
    load = savefile.read_game(target) if how == "command line" else None
    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = TicTacToeApp(TWO_PLAYERS, paths=paths, load=load, searcher=ThreadSearcher(named_strategy), seed=1)
    async with app.run_test() as pilot:
        if how == "ctrl+o":
            await pilot.press("ctrl+o")
            app.screen.query_one(Input).value = str(target)
            await pilot.press("enter")
        await until(lambda: app.game_screen.game.board.history == ((1, 1), (0, 0)), "the game loaded")
        app.game_screen.change_setting("coordinates", not app.game_screen.settings.coordinates)
        await pilot.press("n")  # in its file as it stands: nothing to lose, no question
        assert not isinstance(app.screen, ConfirmScreen)
        assert marks(app) == ".../.../..."

"""Playing the app with the mouse and keys, against the computer, a friend, or watching."""

from __future__ import annotations

import gc
import re
import sys
from dataclasses import replace

import pytest
from rich.console import Console
from textual import events
from textual.binding import Binding
from textual.widgets import Select, Static
from textual.widgets._footer import FooterKey

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.app import START_SWITCH_INTERVAL, SWITCH_INTERVAL
from tictactoe_tui.app.game.commands import game_commands
from tictactoe_tui.app.game.game_screen import GameScreen
from tictactoe_tui.app.screens.help import HelpScreen, keys_table
from tictactoe_tui.app.screens.replay import ReplayScreen
from tictactoe_tui.app.themes import PANELS_CSS
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.evaluation import VALUE_LEGEND
from tictactoe_tui.app.widgets.sidebar import Sidebar, setting_options
from tictactoe_tui.app.widgets.status import PHRASE_END, StatusLine, leading, phrased, wrapped_height
from tictactoe_tui.engine import Board, Mark
from tictactoe_tui.game import PRESETS, FirstPlayer, KeyLayout, MarkChoice, Preset, Settings
from tictactoe_tui.table import COMPUTERS

from ..helpers.app import TWO_PLAYERS, AppFactory, click_cell, handled, marks, settle, status, status_lines
from ..helpers.players import Broken, FirstFree, Gated
from ..helpers.squares import shown, square, squares
from ..helpers.waiting import until

SEVEN = Preset(7, 7, 5)


async def test_board_has_focus_and_it_is_your_turn(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        assert isinstance(app.focused, BoardView)
        assert "Your turn (X)" in status(app)
        assert app.game_screen.cursor == (1, 1)
        await pilot.pause()


async def test_click_places_a_mark_and_the_computer_replies(make_app: AppFactory) -> None:
    app = make_app(impossible=FirstFree())
    async with app.run_test() as pilot:
        await click_cell(pilot, 1, 1)
        await settle(app)
        await pilot.pause()
        assert marks(app) == "o../.x./..."
        assert "O played a1" in status(app)
        assert square(app, (0, 0)).has_class("-o", "-last")


async def test_arrow_keys_and_enter_place_under_the_cursor(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("right", "down", "enter")
        assert marks(app) == ".../.../..x"
        await pilot.press("up", "up", "up", "left", "space")  # the cursor stops at the edge
        assert marks(app) == ".o./.../..x"
        await pilot.press("h", "j", "enter")
        assert marks(app) == ".o./x../..x"
        await pilot.press("l", "l", "k", "enter")
        assert marks(app) == ".oo/x../..x"


async def test_number_keys_in_phone_and_keypad_layouts(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("1", "9")
        assert marks(app) == "x../.../..o"
    app = make_app(replace(TWO_PLAYERS, layout=KeyLayout.KEYPAD))
    async with app.run_test() as pilot:
        await pilot.press("1", "9")
        assert marks(app) == "..o/.../x.."


async def test_number_keys_off_3x3_say_why(make_app: AppFactory) -> None:
    app = make_app(replace(TWO_PLAYERS, preset=PRESETS[1]))
    async with app.run_test() as pilot:
        await pilot.press("5")
        assert marks(app) == "..../..../..../...."
        assert "3×3" in status(app)


async def test_refused_moves_change_nothing_and_say_why(make_app: AppFactory) -> None:
    gated = Gated()
    app = make_app(impossible=gated)
    async with app.run_test() as pilot:
        await click_cell(pilot, 1, 1)
        await click_cell(pilot, 1, 1)  # computer's turn: refused
        assert "Not played: that key came during the computer's turn" in status(app)
        gated.gate.set()
        await settle(app)
        await click_cell(pilot, 1, 1)  # taken
        assert "b2 is already taken" in status(app)
        assert marks(app) == "o../.x./..."


async def test_no_moves_after_the_game_is_over(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("1", "4", "2", "5", "3")
        assert app.game_screen.game.board.winner is Mark.X
        assert "X wins" in status(app)
        await pilot.press("9")
        assert marks(app) == "xxx/oo./..."
        assert "Game over: n plays again, v reviews it" in status_lines(app)  # on one line, at 80×24 too
        cells = {c.move for c in squares(app) if c.has_class("-win")}
        assert cells == {(0, 0), (0, 1), (0, 2)}
        await pilot.press("n")
        assert marks(app) == ".../.../..."


async def test_you_win_and_the_computer_wins(make_app: AppFactory) -> None:
    app = make_app(impossible=FirstFree())
    async with app.run_test() as pilot:
        for key in ("5", "4", "7"):  # computer: a1, b1, c1?  first free each time
            await pilot.press(key)
            await settle(app)
        assert app.game_screen.game.board.is_over
        expected = "The computer wins" if app.game_screen.game.board.winner is Mark.O else "You win"
        assert expected in status(app)


async def test_the_computer_can_move_first_and_marks_follow_the_choice(make_app: AppFactory) -> None:
    settings = Settings(first=FirstPlayer.COMPUTER, mark=MarkChoice.X)
    app = make_app(settings, impossible=FirstFree())
    async with app.run_test() as pilot:
        await settle(app)
        await pilot.pause()
        assert marks(app) == "x../.../..."  # the engine's first player ...
        assert square(app, (0, 0)).symbol == "O"  # ... shown as O: you chose X
        assert "Your turn (X)" in status(app)


async def test_two_players_take_turns_on_one_keyboard(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        assert "X to move" in status(app)
        await pilot.press("5")
        assert "O to move" in status(app)


async def test_computer_vs_computer_plays_itself_out(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=COMPUTERS.name, level="medium"))
    async with app.run_test() as pilot:
        for _ in range(20):
            await settle(app)
            await pilot.pause()
        assert app.game_screen.game.board.is_over
        assert "wins" in status(app) or "Draw" in status(app)
        await pilot.press("n")
        assert app.game_screen.game.number == 2


async def test_computer_vs_computer_can_be_paused_and_resumed(make_app: AppFactory) -> None:
    gated = Gated()
    app = make_app(Settings(mode=COMPUTERS.name), impossible=gated)
    async with app.run_test() as pilot:
        assert app.game_screen.thinking
        await pilot.press("p")
        gated.gate.set()
        await settle(app)
        await pilot.pause()
        assert app.game_screen.game.board.move_count == 0  # the move found while pausing is dropped
        assert "paused" in status(app)
        await click_cell(pilot, 2, 2)
        assert "computers are paused: press p to resume" in status(app)  # what is true now
        await pilot.press("5")
        assert "press p to pause" not in status(app)
        await pilot.press("p")
        for _ in range(12):
            await settle(app)
            await pilot.pause()
        assert app.game_screen.game.board.is_over
        await pilot.pause()
        shown_keys = [key.description for key in app.screen.query(FooterKey) if key.display]
        assert "Pause" not in shown_keys, shown_keys  # nothing left to pause


async def test_level_change_applies_to_the_next_computer_move(make_app: AppFactory) -> None:
    first, second = FirstFree(), FirstFree()
    app = make_app(impossible=first, easy=second)
    async with app.run_test() as pilot:
        await pilot.press("5")
        await settle(app)
        app.query_one("#level", Select).value = "easy"
        await pilot.pause()
        assert app.game_screen.settings.level == "easy"
        await pilot.press("9")
        await settle(app)
        assert (first.calls, second.calls) == (1, 1)


async def test_new_game_while_the_computer_thinks_drops_the_old_result(make_app: AppFactory) -> None:
    gated = Gated()
    app = make_app(impossible=gated)
    async with app.run_test() as pilot:
        await pilot.press("5")
        assert app.game_screen.thinking
        await pilot.press("n", "y")  # yes: leave the game in progress
        assert not app.game_screen.thinking
        gated.gate.set()  # the old search now finishes ...
        await settle(app)
        await pilot.pause()
        assert marks(app) == ".../.../..."  # ... and its move is not played
        assert "Your turn" in status(app)


async def test_level_change_while_thinking_restarts_the_search(make_app: AppFactory) -> None:
    gated, quick = Gated(), FirstFree()
    app = make_app(impossible=gated, easy=quick)
    async with app.run_test() as pilot:
        await pilot.press("5")
        app.game_screen.change_setting("level", "easy")
        await settle(app)
        gated.gate.set()
        await settle(app)
        await pilot.pause()
        assert quick.calls == 1
        assert marks(app) == "o../.x./..."


async def test_a_failing_computer_player_is_reported_and_the_app_goes_on(make_app: AppFactory) -> None:
    app = make_app(impossible=Broken())
    async with app.run_test() as pilot:
        await pilot.press("5")
        await settle(app)
        await pilot.pause()
        assert "failed" in status(app)
        assert not app.game_screen.thinking
        await pilot.press("n", "y", "1")  # yes: leave the game the failure stopped
        assert marks(app).startswith("x")


async def test_settings_other_than_level_apply_from_the_next_game(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.pause()  # the sidebar is mounted just after the first frame
        app.query_one("#preset", Select).value = SEVEN
        await pilot.pause()
        assert app.game_screen.game.board.rows == 3
        assert "next game" in status(app)
        await pilot.press("n")
        assert (app.game_screen.game.board.rows, app.game_screen.game.board.k) == (7, 5)
        assert len(squares(app)) == 49


async def test_tab_moves_between_board_and_sidebar(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()  # the sidebar is mounted just after the first frame
        await pilot.press("tab")
        sidebar = app.query_one(Sidebar)
        assert app.focused is not None
        assert app.focused in sidebar.walk_children()
        await pilot.press("shift+tab")
        assert isinstance(app.focused, BoardView)


async def test_the_first_frame_is_the_board_then_the_sidebar_and_footer_follow(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await until(lambda: app.query(Sidebar) and app.query_one(Sidebar).is_mounted, "the sidebar")
        await pilot.pause()
        footer_keys = {key.key for key in app.query(FooterKey)}
        assert {"n", "q"} <= footer_keys


async def test_the_board_is_one_widget_that_draws_its_squares_and_coordinates(make_app: AppFactory) -> None:
    """Each widget costs the first frame its mount, styles, layout and rendering: the board
    draws its squares and its letters and numbers itself; its one child is the hidden
    too-small note."""
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        assert [widget.id for widget in view.walk_children()] == ["too-small"]
        lines = [line.text for line in view.render_lines(view.content_region.reset_offset)]
        assert next(line.split() for line in lines if line.strip()) == ["a", "b", "c"]


async def test_a_board_of_another_shape_is_drawn_at_once(make_app: AppFactory) -> None:
    """A game of another shape bound to the view is drawn in the same frame: no squares of the
    old shape, no squares missing."""
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        game = app.game_screen.game
        view.game = replace(game, board=Board.empty(4, 4, 4))
        assert sorted(view.squares) == [(row, col) for row in range(4) for col in range(4)]
        region = view.square_region((3, 3))
        assert region is not None
        assert region.right <= view.outer_size.width


async def test_the_focused_board_is_styled_as_often_as_the_status_line(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As often as the status line beside the board (mounted, the screen shown): the board is
    styled as focused from the start, so taking the focus does not style it again."""
    from textual.css.stylesheet import Stylesheet

    styled: dict[str, int] = {}
    at_first_frame: dict[str, int] = {}
    apply, after_first_frame = Stylesheet.apply, GameScreen.after_first_frame

    def counted(stylesheet: Stylesheet, node: object, *args: object, **kwargs: object) -> None:
        if isinstance(node, BoardView | StatusLine) and node.id:
            styled[node.id] = styled.get(node.id, 0) + 1
        apply(stylesheet, node, *args, **kwargs)  # type: ignore[arg-type]

    async def first_frame_drawn(screen: GameScreen) -> None:
        at_first_frame.update(styled)
        await after_first_frame(screen)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    monkeypatch.setattr(GameScreen, "after_first_frame", first_frame_drawn)
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.focused, BoardView)
    assert at_first_frame["board"] == at_first_frame["status"]


def test_the_app_s_own_stylesheet_styles_only_the_first_frame() -> None:
    """The rules the start parses name only what the game screen's first frame draws; the
    sidebar's and the other screens' are read after it (PANELS_CSS)."""
    css = re.sub(r"/\*.*?\*/", "", PANELS_CSS.with_name(str(TicTacToeApp.CSS_PATH)).read_text(), flags=re.S)
    selectors = " ".join(line for line in css.splitlines() if line.rstrip().endswith("{"))
    types = set(re.findall(r"(?<![#.\w-])[A-Z]\w+", selectors))
    assert types == {"Screen", "BoardView", "StatusLine"}
    assert "Sidebar" in PANELS_CSS.read_text()


@pytest.mark.first_frame
async def test_a_dialog_shown_before_the_sidebar_is_built_is_styled(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test():
        app.post_message(events.Key("question_mark", "?"))  # before the first pause: the sidebar is not built yet
        await handled(app)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("#help").styles.border.top[0] == "round"
        await until(lambda: app.game_screen.side.built.is_set() and app.game_screen.query(Sidebar), "the sidebar built")
        await handled(app)
        assert app.game_screen.query_one(Sidebar).styles.padding.left == 1
        assert list(app.stylesheet.source).count((str(PANELS_CSS), "")) == 1


async def test_the_garbage_collector_held_off_for_the_start_is_on_after_the_first_frame(make_app: AppFactory) -> None:
    app = make_app()
    gc.disable()  # as the command line does while the game loads
    try:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()


async def test_a_thread_waits_little_for_the_gil_while_the_game_starts(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The thread that writes the first frame to the terminal waited up to Python's 5 ms for the
    GIL while the main thread went straight on to mount the sidebar: from the mount until the
    sidebar is drawn a thread waits at most START_SWITCH_INTERVAL, then Python's own again."""
    at_first_frame: list[float] = []
    after_first_frame = GameScreen.after_first_frame

    async def first_frame_drawn(screen: GameScreen) -> None:
        at_first_frame.append(sys.getswitchinterval())
        await after_first_frame(screen)

    monkeypatch.setattr(GameScreen, "after_first_frame", first_frame_drawn)
    app = make_app()
    async with app.run_test():
        await until(lambda: sys.getswitchinterval() == SWITCH_INTERVAL, "Python's switch interval again")
    assert at_first_frame == [pytest.approx(START_SWITCH_INTERVAL)]
    assert START_SWITCH_INTERVAL < SWITCH_INTERVAL


async def test_help_lists_the_keys(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        console = Console(width=100, record=True)
        console.print(keys_table(app.screen.bindings, app.get_key_display))
        text = console.export_text()
        for words in ("New game", "Quit", "Place mark", "Cursor up", "tab", "ctrl+p", "1 – 9", "? "):
            assert words in text
        console = Console(width=100, record=True)
        console.print(keys_table(app.screen.replay_bindings, app.get_key_display, board=False))
        replay_keys = console.export_text()
        for binding in ReplayScreen.BINDINGS:  # the replay's and the review's keys, l (the line) among them
            assert isinstance(binding, Binding)
            assert binding.description in replay_keys
        assert "l  " in replay_keys
        await pilot.press("escape")
        assert isinstance(app.focused, BoardView)


@pytest.mark.parametrize("size", [(40, 14), (80, 24)], ids=lambda size: "{}x{}".format(*size))
async def test_help_keeps_every_word_whole_in_a_narrow_window(make_app: AppFactory, size: tuple[int, int]) -> None:
    """At 40×14 the help cut "Analysis" to "Analys…" and split "New game" beside a keys column
    of 22 cells: what each key does is whole, wrapped between words only."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        help_keys = app.screen.query(Static)[1]
        drawn = shown(help_keys)
        assert drawn, "nothing drawn"
        assert not [line for line in drawn if "…" in line], drawn
        assert "New game" in " ".join(drawn), drawn


async def test_command_palette_offers_every_setting(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        titles = {title for title, _help, _run in game_commands(app.game_screen)}
        for title in (
            "New game",
            "Computer level: easy",
            "Computer level: mcts",
            "Board: 7×7, 5 in a row",
            "Who goes first: coin flip",
            "Mode: Computer vs computer",  # its label, as the sidebar shows it (before: its name)
        ):
            assert title in titles
        modes = [label for label, _name in setting_options("mode", app.game_screen.settings)]
        offered = [title for title, _help, _run in game_commands(app.game_screen) if title.startswith("Mode: ")]
        assert offered == [f"Mode: {label}" for label in modes]
        await pilot.press("ctrl+p")
        await pilot.press(*"level medium")  # as a player would type it
        await settle(app)  # the palette has found what was typed
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen.settings.level == "medium"
        assert app.query_one("#level", Select).value == "medium"


async def test_the_palette_finds_a_board_typed_with_an_x(make_app: AppFactory) -> None:
    """Typing "15x15" finds the 15×15 board (titles write sizes with ×)."""
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"15x15")
        await settle(app)  # the palette has found what was typed
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen.settings.preset.key.startswith("15x15")


async def test_the_real_computer_searches_in_a_child_process() -> None:
    app = TicTacToeApp(seed=1, watch_delay=0)  # as launched: engine strategies, child process
    async with app.run_test() as pilot:
        await pilot.press("5")
        await settle(app)
        await pilot.pause()
        assert app.game_screen.game.board.move_count == 2
        assert app.game_screen.game.board.at((1, 1)) is Mark.X
        assert "draw with best play" in status(app)


async def test_the_computer_s_news_wraps_between_its_phrases() -> None:
    """The news "O played a1 — draw with best play (9.1 ms)" is wider than the status line at
    76×24: it breaks between its phrases, each whole, not after "best"."""
    app = TicTacToeApp(seed=1, watch_delay=0)
    async with app.run_test(size=(76, 24)) as pilot:
        await pilot.press("5")
        await settle(app)
        await pilot.pause()
        news = app.game_screen.game.move_news()
        assert len(news) > app.query_one(StatusLine).content_size.width
        lines = status_lines(app)
        for phrase in PHRASE_END.split(news):
            assert any(phrase.strip() in line for line in lines), "\n".join(lines)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda size: "{}x{}".format(*size))
async def test_the_computer_s_news_stays_below_a_notice(size: tuple[int, int]) -> None:
    """The overlay's legend answers `a`; the computer's last move is still news, below it: at
    80×24 too, since the legend takes two lines there (issue 56.4; it took three, and the news was
    left out). The move and its outlook are always there: the time, said last, goes first where
    the line has no room (before, "O played 4-2 in 0.3 ms…" lost "— draw with best play")."""
    app = TicTacToeApp(seed=1, watch_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.press("5")
        await settle(app)
        await pilot.press("a")
        await settle(app)
        await pilot.pause()
        news = app.game_screen.game.move_news()
        assert news
        assert VALUE_LEGEND in status(app)
        played_and_outlook = news.rsplit(" (", 1)[0]
        assert " — " in played_and_outlook
        assert played_and_outlook in status(app)


@pytest.mark.parametrize(
    ("room", "shown"),
    [(2, "O played a1 in 132.2 ms\n— draw with best play"), (1, "O played a1 in 132.2 ms…"), (0, "")],
)
def test_news_below_a_notice_keeps_its_first_phrases_that_fit(room: int, shown: str) -> None:
    assert leading("O played a1 in 132.2 ms — draw with best play", 44, room) == shown


def test_news_cut_after_a_phrase_says_there_is_more() -> None:
    """Under a notice a guest read "Waiting for your friend:", the rest of the line gone."""
    news = "Waiting for your friend: the connection dropped, joining again…"
    assert leading(news, 36, 1) == "Waiting for your friend…"


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("Hint for X: f1 (W9, a win in 9 moves of both sides)", "Hint for X: f1 (W9,\na win in 9 moves of both sides)"),
        ("Applies from the next game: press n to start it now", "Applies from the next game:\npress n to start it now"),
        (
            "Too big to solve within 1 s (0 of 7 squares solved): no values shown",
            "Too big to solve within 1 s\n(0 of 7 squares solved): no values shown",
        ),
        ("a draw", "a draw"),  # fits: as it is
    ],
)
def test_a_notice_wider_than_the_status_line_breaks_between_whole_phrases(line: str, shown: str) -> None:
    assert phrased(line, 44, 3) == shown


def test_a_notice_whose_phrases_would_not_fit_the_room_wraps_by_words() -> None:
    line = "W5: win in 5 moves of both sides, this one counted · D: draw · L2: loss in 2, with best play"
    assert phrased(line, 44, 3).count("\n") == 2
    assert phrased(line, 44, 2) == line


def test_a_phrase_wider_than_the_line_counts_the_lines_it_wraps_to() -> None:
    """Three phrases, the middle one two lines long: four lines, more than the room of three, so
    the notice wraps by words (three lines) instead (the play-tester's unreachable mailbox server
    was cut after its second phrase at 80×24)."""
    line = "Cannot go online: cannot reach the mailbox server 127.0.0.1:54831 (Connection was refused by other side)"
    assert phrased(line, 40, 3) == line
    assert wrapped_height(line, 40) == 3


async def test_keys_sidebar_and_quit_work_while_the_computer_thinks(make_app: AppFactory) -> None:
    gated = Gated()
    app = make_app(impossible=gated)
    async with app.run_test() as pilot:
        await pilot.press("5")
        assert app.game_screen.thinking
        await pilot.press("right", "down")
        assert app.game_screen.cursor == (2, 2)
        app.query_one("#preset", Select).value = PRESETS[1]
        await pilot.pause()
        assert app.game_screen.settings.preset == PRESETS[1]
        assert app.game_screen.thinking
        await pilot.press("q", "y")  # the game is unfinished: it asks first
    assert app.return_code == 0
    assert not gated.gate.is_set()  # it quit while the search was still running


async def test_the_board_takes_a_new_theme_s_colours_at_once(make_app: AppFactory) -> None:
    """The board draws its squares in the theme's colours: a new theme draws it again."""
    from textual.color import Color

    from ..helpers.squares import drawn

    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        region = view.square_region((0, 0))
        assert region is not None

        def plain_square() -> object:
            first = next(iter(drawn(view, region)[0]))
            return first.style.bgcolor if first.style else None

        assert plain_square() == Color.parse(app.theme_variables["surface"]).rich_color
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert plain_square() == Color.parse(app.theme_variables["surface"]).rich_color

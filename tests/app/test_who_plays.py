"""The table decides who plays; nothing half played is lost without a yes (issue 39 item 1)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.saving import load_game
from tictactoe_tui.app.online.link import OnlineLink
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Board
from tictactoe_tui.game import Preset, Settings
from tictactoe_tui.net import JoinPlan
from tictactoe_tui.net.guest import Guest
from tictactoe_tui.net.match import Match
from tictactoe_tui.store import savefile
from tictactoe_tui.table import TWO_PLAYERS, VS_COMPUTER

from ..helpers.app import AppFactory, handled, marks, settle, status, status_lines
from ..helpers.online import app_for, hosted_app, press
from ..helpers.players import FirstFree, Gated
from ..helpers.waiting import until


@pytest.mark.parametrize("keys", ["qn", "qu", "qnn", "qun"])
async def test_a_burst_of_keys_after_q_mid_game_never_quits_without_a_yes(make_app: AppFactory, keys: str) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        for key in keys:  # in one burst: nothing waits between them, as in a paste or a fast typist
            app.post_message(events.Key(key, key))
        await settle(app)  # every key handled, and what it started
        assert app.is_running
        assert app.game_screen.game.board.move_count == 1
        if keys == "qnn":  # the second n, handed on by the closing dialog, asks for a new game
            await until(lambda: isinstance(app.screen, ConfirmScreen) and app.screen.question.startswith("Start"))
            await pilot.press("n")
        await pilot.press("q", "y")
    assert app.return_code == 0


@pytest.mark.parametrize("key", ["q", "n"])
async def test_a_click_then_a_key_in_one_burst_asks_before_leaving_the_clicked_game(
    make_app: AppFactory, key: str
) -> None:
    """A click went through the board's queue, and q or n, handled by the app at once, judged
    the game before the clicked move was on it: q quit, n started over, the move lost."""
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = app.game_screen.query_one(BoardView)
        region = view.square_region((1, 1))
        assert region is not None
        x, y = view.content_region.offset + region.center
        mouse = (x, y, 0, 0, 1, False, False, False)  # where, how far it moved, the button, no shift, meta or ctrl
        for event in (events.MouseDown(None, *mouse), events.MouseUp(None, *mouse), events.Key(key, key)):
            app.post_message(event)  # as the terminal sends them: nothing waits between
        await until(lambda: isinstance(app.screen, ConfirmScreen))  # times out when the move is lost
        assert app.is_running
        assert app.game_screen.game.line == ((1, 1),)
        await pilot.press("n")
        assert app.game_screen.game.line == ((1, 1),)


async def test_keys_typed_after_the_answer_in_one_burst_reach_the_game(make_app: AppFactory) -> None:
    """Typed at once, "q n 9 8": the 9 and 8 reached the dialog as it closed and were lost."""
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "q")
        assert isinstance(app.screen, ConfirmScreen)
        for key in "n98":
            app.post_message(events.Key(key, key))
        await until(lambda: len(app.game_screen.game.line) == 3)  # times out when the keys are lost
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.game_screen.game.line == ((0, 0), (2, 2), (2, 1))


@pytest.mark.parametrize("move", ["enter", "space"])
async def test_q_right_after_the_first_move_in_a_burst_asks_first(make_app: AppFactory, move: str) -> None:
    """The board's keys and the screen's are handled in the order typed: with Enter and q in one
    read, q came first (the board's Enter waited in its own queue) and quit a game whose first
    move was on its way."""
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        for key in (move, "q"):
            app.post_message(events.Key(key, " " if key == "space" else None))
        await settle(app)  # every key handled, and what it started
        assert app.is_running
        assert app.game_screen.game.board.move_count == 1
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        app.query_one("#mode").focus()  # a sidebar control has the focus: Enter is its own
        await pilot.pause()
        assert app.focused is app.query_one("#mode")
        await pilot.press(move)
        assert app.game_screen.game.board.move_count == 1
        await pilot.press("escape", "escape", "left", move)  # back to the board: Enter places again
        assert app.game_screen.game.board.move_count == 2


async def test_a_new_game_over_a_game_in_progress_asks_first(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")  # an empty board: a new game at once
        assert app.game_screen.game.number == 2
        await pilot.press("5", "n")
        asking = app.screen
        assert isinstance(asking, ConfirmScreen)
        await pilot.press("n")  # no: the game goes on
        assert (app.game_screen.game.number, app.game_screen.game.board.history) == (2, ((1, 1),))
        await pilot.press("n", "y")
        assert (app.game_screen.game.number, app.game_screen.game.board.history) == (3, ())
        await pilot.press("1", "4", "2", "5", "3", "n")  # X won: a finished game is replaced at once
        assert app.screen is app.game_screen
        assert app.game_screen.game.number == 4


@pytest.mark.parametrize("keys", ["n5", "nu", "nnn", "nq", "n1q", "nqn"])
async def test_a_burst_of_keys_after_n_mid_game_never_replaces_it_without_a_yes(
    make_app: AppFactory, keys: str
) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        for key in keys:  # in one burst, as in a paste or a fast typist
            app.post_message(events.Key(key, key))
        await settle(app)  # every key handled, and what it started
        assert app.is_running
        assert (app.game_screen.game.number, app.game_screen.game.board.history) == (1, ((0, 0),))


async def test_n_or_q_arriving_as_the_board_is_taken_down_decides_nothing(make_app: AppFactory) -> None:
    """A key of a burst handled as the app closes (the board already removed, found by CI under
    load as "nnn") raised NoMatches: with no board there is no game to decide on."""
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        await app.game_screen.query_one(BoardView).remove()
        await app.game_screen.action_new_game()
        await app.action_quit()
        assert app.screen is app.game_screen  # nothing asked
        assert app.game_screen.game.board.history == ((0, 0),)


async def test_playing_on_from_the_archive_over_a_game_in_progress_asks_first(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "4", "2", "5", "3")  # X wins: archived
        await app.workers.wait_for_complete()
        await pilot.press("n", "9", "g", "enter", "left", "p")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.game_screen.game.board.history == ((2, 2),)
        await pilot.press("g", "enter", "left", "p", "y")
        assert len(app.game_screen.game.board.history) == 4


@asynccontextmanager
async def a_guest_after_the_hosts_first_move(tmp_path: Path) -> AsyncIterator[tuple[TicTacToeApp, Pilot[Any]]]:
    """A guest joined to a host on loopback, the host having played b2: a game in progress."""
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test() as pilot:
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            host.game_screen.place((1, 1))
            await until(lambda: guest.game_screen.game.board.move_count == 1)
            yield guest, pilot


async def test_leaving_an_online_game_in_progress_for_another_mode_asks_first(tmp_path: Path) -> None:
    async with a_guest_after_the_hosts_first_move(tmp_path) as (guest, pilot):
        await pilot.press("n")  # the same table: a rematch, which the match refuses mid-game
        await until(lambda: "Finish this game first" in status(guest))
        assert guest.screen is guest.game_screen
        guest.game_screen.change_setting("mode", TWO_PLAYERS.name)
        await pilot.press("n")
        assert isinstance(guest.screen, ConfirmScreen)
        await pilot.press("n")
        assert guest.game_screen.online is not None
        assert guest.game_screen.game.board.move_count == 1


async def test_loading_over_a_game_in_progress_asks_first(make_app: AppFactory, tmp_path: Path) -> None:
    saved = tmp_path / "saved.ttt"
    savefile.save(saved, Board.empty().play_all([(0, 0), (1, 1)]))
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        load_game(app.game_screen, savefile.read_game(saved), str(saved))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.game_screen.game.board.history == ((1, 1),)
        load_game(app.game_screen, savefile.read_game(saved), str(saved))
        await pilot.pause()
        await pilot.press("y")
        loaded = app.game_screen.game  # read again: mypy keeps the history compared before the keys
        assert loaded.board.history == ((0, 0), (1, 1))
        assert "Loaded" in str(app.game_screen.notice)


async def test_a_loaded_game_shows_its_own_game_and_board_in_the_sidebar(tmp_path: Path) -> None:
    from textual.widgets import Select

    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.app.work.ai import ThreadSearcher
    from tictactoe_tui.engine import get_strategy, strategy_names
    from tictactoe_tui.store.files import Paths, update_json
    from tictactoe_tui.store.settings import load_settings, settings_to_json

    saved = tmp_path / "classic.ttt"
    savefile.save(saved, Board.empty().play((1, 1)))
    ultimate = Preset(9, 9, 3, "ultimate")
    paths = Paths(tmp_path / "config", tmp_path / "data")
    update_json(paths.settings, settings_to_json(Settings(mode=TWO_PLAYERS.name, preset=ultimate), "nord"))
    # tictactoe-tui --load classic.ttt, with Ultimate the remembered game
    app = TicTacToeApp(paths=paths, load=savefile.read_game(saved), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.query_one("#game", Select).value == "classic"
        assert app.query_one("#preset", Select).value == Preset(3, 3, 3)
        app.game_screen.change_setting("coordinates", False)  # another choice, written to the file
        await pilot.pause()
        assert load_settings(paths, strategy_names())[0].preset == ultimate  # the loaded board: this launch only
        savefile.save(saved, Board.empty_of(ultimate).play((4, 4)), new=False)
        await pilot.press("ctrl+o")
        app.screen.query_one(Input).value = str(saved)
        await pilot.press("enter")  # (the game loaded is in its file as it stands: no question)
        await pilot.pause()
        assert app.game_screen.game.board.rules.name == "ultimate"
        assert app.query_one("#game", Select).value == "ultimate"
        assert app.query_one("#preset", Select).value == ultimate


async def test_a_history_jump_to_the_computer_s_turn_keeps_its_reply_and_says_so(make_app: AppFactory) -> None:
    from tictactoe_tui.app.widgets.sidebar import HistoryList

    computer = FirstFree()
    app = make_app(Settings(), impossible=computer)
    async with app.run_test(size=(100, 40)) as pilot:
        for key in ("5", "9"):  # X b2, c3; the computer (O) a1, b1
            await pilot.press(key)
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert app.game_screen.game.board.history == ((1, 1), (0, 0), (2, 2), (0, 1))
        app.game_screen.on_history_list_jump(HistoryList.Jump(1))  # after b2: the computer to move
        await app.workers.wait_for_complete()
        await pilot.pause()
        back = app.game_screen.game  # read again: mypy keeps the history compared before the jump
        assert back.board.history == ((1, 1), (0, 0))  # its reply as it made it
        assert computer.calls == 2  # not asked again
        assert "Back to move 1, and the computer's reply a1" in status(app)
        app.game_screen.on_history_list_jump(HistoryList.Jump(0))  # your turn: there
        await pilot.pause()
        assert app.game_screen.game.ply == 0
        assert "Back to the start: play on from here" in status(app)


async def test_quitting_mid_game_online_asks_first(tmp_path: Path) -> None:
    async with a_guest_after_the_hosts_first_move(tmp_path) as (guest, pilot):
        await pilot.press("q")
        assert isinstance(guest.screen, ConfirmScreen)
        await pilot.press("n")
        assert guest.is_running


async def test_a_key_in_the_computer_s_turn_is_said_not_played_after_its_reply_until_the_next_key(
    make_app: AppFactory,
) -> None:
    """A move key while the computer thinks is not played, and the status says so through the
    computer's reply (which is reported too) until the next key that acts: before, the refusal
    went with the reply, so a quick reply took a key of a burst off the screen unsaid."""
    gated = Gated()
    app = make_app(Settings(preset=Preset(6, 7, 4, "gravity")), impossible=gated)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4", "5")  # the second while the computer thinks
        not_played = "Not played: that key came during the computer's turn"
        assert not_played in status(app)
        gated.gate.set()
        await until(lambda: app.game_screen.game.board.move_count == 2)
        await handled(app)
        assert not_played in status(app)
        assert "O played" in status(app)  # the computer's move, as the status reports it
        assert app.game_screen.game.board.move_count == 2  # the early key was not played
        await pilot.press("5")  # the next key that acts: a move
        await until(lambda: app.game_screen.game.board.move_count >= 3)
        assert not_played not in status(app)


async def test_make_the_window_larger_goes_when_it_is(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name, preset=Preset(15, 15, 5)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.resize_terminal(30, 12)
        await pilot.pause()
        await pilot.press("enter")
        assert "Make the window larger" in status(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert "Make the window larger" not in status(app)


async def test_undo_after_the_end_says_why_within_80_columns(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "4", "2", "5", "3", "u")
        await pilot.pause()
        notice = str(app.game_screen.notice)
        assert notice.startswith("Over and counted")
        assert notice in status_lines(app)  # drawn whole on one line


async def test_the_direct_host_says_waiting_once_and_keeps_its_code_in_view_once_the_friend_is_in(
    tmp_path: Path,
) -> None:
    """The direct host's code stays what lets the friend back in (after a drop, or started again
    after a crash): it stays on screen (before, it went once the friend joined, for 'hosting at
    …'), and the code read from the screen takes a friend started again back into the match."""
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        assert status(host).count("Waiting for your friend") == 1
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test():
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            await until(lambda: "Your friend joined" in status(host))
            assert f"code: {code} · 127.0.0.1:{port}" in status(host)
            await press(host, "5")
            await until(lambda: marks(guest) == ".../.x./...")
        await until(lambda: "Your friend left" in status(host))
        shown = re.search(r"code: ([a-z]+-[a-z]+-[a-z]+) ·", status(host))
        assert shown is not None
        assert shown.group(1) == code
        again = app_for(tmp_path / "again", JoinPlan(address, port, shown.group(1)))
        async with again.run_test():
            await until(lambda: marks(again) == ".../.x./...", "the friend back in the match by the code shown")


def test_the_guest_s_news_of_a_drop_goes_once_it_hears_from_the_host_again(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    link = OnlineLink(JoinPlan("127.0.0.1", 1, "a-b-c"), Match(), lambda state, scores, news: None,
                      lambda news: said.append(news.text))  # fmt: skip
    link.changed(Match())
    link.status("Waiting for your friend: the connection dropped, joining again…")
    link.changed(Match())  # a state while the host is still away: the news stays
    assert said[-1].endswith("joining again…")
    monkeypatch.setattr(Guest, "connected", property(lambda guest: True))  # the host is heard again
    link.changed(Match())
    assert said[-1] == ""


async def test_the_joining_friend_s_sidebar_shows_their_mark_o_and_that_the_host_moves_first(tmp_path: Path) -> None:
    from textual.widgets import Select

    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        guest = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with guest.run_test() as pilot:
            await until(lambda: guest.game_screen.game.joined and host.game_screen.game.joined)
            await pilot.pause()
            assert guest.query_one("#mark", Select).value == "O"
            assert guest.query_one("#first", Select).value == "Your friend"
            assert host.query_one("#mark", Select).value == "X"
            assert host.query_one("#first", Select).value == "You"


async def test_the_host_s_news_of_the_friend_s_return_goes_at_the_next_move(tmp_path: Path) -> None:
    async with hosted_app(tmp_path / "host") as (host, (address, port), code):
        async with app_for(tmp_path / "guest", JoinPlan(address, port, code)).run_test():
            await until(lambda: "Your friend joined" in status(host))
        await until(lambda: "Your friend left" in status(host))
        again = app_for(tmp_path / "guest", JoinPlan(address, port, code))
        async with again.run_test():
            await until(lambda: "Your friend is back" in status(host))
            await press(host, "5")
            await until(lambda: again.game_screen.game.board.move_count == 1)
            await until(lambda: host.game_screen.game.board.move_count == 1)
            assert "back" not in status(host)


def title(app: TicTacToeApp, field: str) -> str:
    """The sidebar's heading over the choice ``field``."""
    from textual.widgets import Label

    return str(app.query_one(f"#{field}-title", Label).render())


async def test_choices_for_the_next_game_say_so_while_they_differ_from_the_game_in_play(make_app: AppFactory) -> None:
    from textual.widgets import Select

    app = make_app(impossible=FirstFree())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("5")
        await until(lambda: app.game_screen.game.board.move_count == 2)
        app.query_one("#mark", Select).value = "O"
        app.query_one("#first", Select).value = "computer"
        await pilot.pause()
        await pilot.press("9")
        await until(lambda: app.game_screen.game.board.move_count == 4)
        await pilot.pause()
        assert "Your turn (X)" in status(app)
        assert title(app, "mark") == "Your mark (next game)"
        assert title(app, "first") == "Who goes first (next game)"
        assert title(app, "level") == "Computer"  # it plays the very next move
        app.query_one("#first", Select).value = "you"  # as in the game in play again
        await pilot.pause()
        assert title(app, "first") == "Who goes first"
        app.query_one("#first", Select).value = "computer"
        await pilot.pause()
        await pilot.press("n", "y")
        await until(lambda: app.game_screen.game.board.move_count == 1)  # the computer opened
        await pilot.pause()
        assert (title(app, "mark"), title(app, "first")) == ("Your mark", "Who goes first")
        assert "Your turn (O)" in status(app)


async def test_the_next_game_notice_lasts_while_a_choice_differs_from_the_game_in_play(make_app: AppFactory) -> None:
    """The notice "Applies from the next game" goes once the choice is the game in play's again,
    and is never said of a choice that applies at once (the computer's time, the number keys)."""
    from textual.widgets import Select

    app = make_app(impossible=FirstFree())
    next_game = "Applies from the next game"
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("5")
        await until(lambda: app.game_screen.game.board.move_count == 2)
        app.query_one("#preset", Select).value = Preset(7, 7, 5)
        await pilot.pause()
        assert next_game in status(app)
        app.query_one("#preset", Select).value = Preset(3, 3, 3)  # the board in play again
        await pilot.pause()
        assert next_game not in status(app)
        assert "Your turn (X)" in status(app)
        app.query_one("#think_seconds", Select).value = 2.0  # the computer's next move takes it
        await pilot.pause()
        assert next_game not in status(app)


async def test_choices_no_table_in_play_uses_are_off_and_say_why(make_app: AppFactory) -> None:
    from textual.widgets import Select

    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for field in ("level", "first", "mark", "think_seconds"):
            assert app.query_one(f"#{field}", Select).disabled
            assert "(not with two players)" in title(app, field)
        app.query_one("#mode", Select).value = VS_COMPUTER.name  # the next game's table uses them
        await pilot.pause()
        assert not app.query_one("#level", Select).disabled
        assert title(app, "mode") == "Mode (next game)"
        assert title(app, "first") == "Who goes first (next game)"


class Readying(ThreadSearcher):
    """Moves at once and records each kind of game (rules, rows, columns) it is asked to get
    ready for."""

    def __init__(self) -> None:
        super().__init__(lambda name: FirstFree())
        self.readied: list[tuple[str, int, int]] = []

    def get_ready(self, board: Board) -> None:
        self.readied.append((board.rules.name, board.rows, board.cols))


@pytest.mark.parametrize(
    ("settings", "readied"),
    [
        (Settings(), [("classic", 3, 3)]),
        (Settings(preset=Preset(6, 7, 4, "gravity")), [("gravity", 6, 7)]),
        (Settings(mode=TWO_PLAYERS.name), []),
    ],
)
async def test_the_computer_gets_ready_while_you_move_once_a_kind_of_game(
    settings: Settings, readied: list[tuple[str, int, int]]
) -> None:
    searcher = Readying()
    app = TicTacToeApp(settings, searcher=searcher, seed=1, watch_delay=0)
    async with app.run_test() as pilot:
        await settle(app)
        assert searcher.readied == readied
        await pilot.press("1")
        await settle(app)
        await pilot.pause()
        assert app.game_screen.game.board.move_count == 2 - (not readied)
        await settle(app)
        assert searcher.readied == readied


async def test_the_computer_gets_ready_after_the_first_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Getting ready starts the search process: not before the first frame, which it would slow."""
    from tictactoe_tui.app.game.game_screen import GameScreen

    drawn: list[bool] = []
    after_first_frame = GameScreen.after_first_frame

    async def first_frame_drawn(screen: GameScreen) -> None:
        drawn.append(True)
        await after_first_frame(screen)

    monkeypatch.setattr(GameScreen, "after_first_frame", first_frame_drawn)
    frames_before_ready: list[int] = []
    searcher = Readying()
    monkeypatch.setattr(searcher, "get_ready", lambda board: frames_before_ready.append(len(drawn)))
    app = TicTacToeApp(Settings(), searcher=searcher, seed=1, watch_delay=0)
    async with app.run_test():
        await settle(app)
        assert frames_before_ready == [1]

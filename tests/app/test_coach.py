"""The coach (issue 40 item 3, issue 56 item 4): against the computer, a move that gives up a
win or a draw is told before the computer replies, and the reply waits: u takes the move back,
another move key or Enter plays on; coached games are archived as coached."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from textual.pilot import Pilot

import tictactoe_tui.search_process  # noqa: F401 (loaded once here, not in the first test's check)
from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.coach import CHECKING
from tictactoe_tui.app.game.commands import game_commands
from tictactoe_tui.engine import Mark, move_name
from tictactoe_tui.game import FirstPlayer, GameState, Settings
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import AppFactory, handled, settle, status, status_lines
from ..helpers.players import FirstFree, Gated
from ..helpers.waiting import until

SnapCompare = Callable[..., bool]

#: You move second; the computer opens in the corner a1.
COACHED = Settings(first=FirstPlayer.COMPUTER, coach=True)
GIVES_UP_THE_DRAW = "That gives up the draw: O then wins with c1 · u takes it back, Enter plays on"


async def reply(pilot: Pilot[None], computer: Gated, ply: int) -> None:
    """Let the computer make its move (the one after ``ply`` moves), then hold it again."""
    app = pilot.app
    assert isinstance(app, TicTacToeApp)
    await until(computer.entered.is_set)
    computer.gate.set()
    await until(lambda: app.game_screen.game.ply == ply + 1)
    computer.gate, computer.entered = threading.Event(), threading.Event()


async def to_the_blunder(pilot: Pilot[None], computer: Gated) -> None:
    """The computer a1, you b2 (keeps the draw), the computer b1, you c3: c1 was the only move that held the draw."""
    app = pilot.app
    assert isinstance(app, TicTacToeApp)
    await reply(pilot, computer, 0)  # X a1
    await pilot.press("5")  # b2: the only move that holds the draw against a corner
    await until(computer.entered.is_set)  # the coach has spoken: the computer thinks
    assert app.game_screen.notice is None  # a good move: the coach says nothing
    await reply(pilot, computer, 2)  # X b1 (the first free square)
    await pilot.press("9")  # c3, not c1: the computer wins
    await until(lambda: str(app.game_screen.notice) != CHECKING)


async def test_a_move_that_gives_up_the_draw_is_told_before_the_computer_replies(make_app: AppFactory) -> None:
    computer = Gated()
    app = make_app(COACHED, impossible=computer)
    async with app.run_test() as pilot:
        await to_the_blunder(pilot, computer)
        screen = app.game_screen
        assert GIVES_UP_THE_DRAW in status(app)
        assert screen.game.ply == 4  # the computer has not replied
        computer.entered = threading.Event()
        await pilot.press("u")  # takes it back: the remark goes with the move, the better one is named
        assert screen.game.ply == 3
        assert "gives up" not in status(app)
        assert "Taken back: c1 holds the draw" in status(app)
        await pilot.press("3")  # c1 holds the draw: nothing to say
        await until(computer.entered.is_set)
        assert screen.notice is None
        assert screen.game.ply == 4


async def test_the_remark_stands_the_reply_is_told_and_the_game_is_archived_as_coached(make_app: AppFactory) -> None:
    app = make_app(COACHED, impossible=FirstFree())  # X a1, b1, c1 at once
    async with app.run_test() as pilot:
        scores = app.game_screen.scores
        await pilot.press("5", "9")  # b2 holds the draw, c3 gives it up
        await until(lambda: GIVES_UP_THE_DRAW in status(app))
        assert app.game_screen.game.ply == 4  # the instant computer waits for the player
        assert status_lines(app)[0] == "Computer's turn  ·  waiting for you"  # the reply waits for the player
        await pilot.press("enter")  # plays on
        await until(lambda: app.game_screen.game.board.is_over)
        assert "waiting for you" not in status(app)
        assert "Your move c3 gave up the draw: v reviews the game" in status(app)
        assert "O played c1 (" in status(app)  # the reply is told below the remark
        assert app.game_screen.scores == scores  # a coached game stays out of the scores (it counted)
        await until(lambda: bool(app.archive.page()))
        record = app.archive.get(app.archive.page()[0].id)
        assert record is not None
        assert record.coached


def blocking_square(game: GameState) -> tuple[int, int] | None:
    """The square where O would complete a line next move (X must take it), if there is one."""
    board = game.board
    own = board.bits_of(Mark.O)
    for move in board.legal_moves():
        completed = own | 1 << board.index(move)
        if any(completed & line == line for line in board.geometry.lines):
            return move
    return None


async def test_the_warning_comes_before_an_instant_reply_and_u_takes_the_move_back(make_app: AppFactory) -> None:
    """Issue 56 item 2: the real impossible replies at once, so the warning used to come with
    "The computer wins". You X: a1, then c3; O answers b2 and an edge; then X leaves O's line open."""
    from textual.widgets import Select

    app = make_app(Settings(first=FirstPlayer.YOU, coach=True))  # the real players
    async with app.run_test() as pilot:
        screen = app.game_screen
        assert isinstance(app.query_one("#level", Select).value, str)
        await pilot.press("1")
        await until(lambda: screen.game.ply == 2)
        await pilot.press("9")
        await until(lambda: screen.game.ply == 4 and not screen.thinking)
        block = blocking_square(screen.game)
        assert block is not None, f"O threatens no line after {screen.game.move_list()}"
        elsewhere = next(move for move in screen.game.board.legal_moves() if move != block)
        screen.cursor = elsewhere
        await pilot.press("enter")  # leaves O's line open
        await until(lambda: f"That gives up the draw: O then wins with {move_name(block)} · u takes" in status(app))
        assert screen.game.ply == 5
        assert not screen.game.board.is_over  # the computer waits
        assert not screen.thinking
        await pilot.press("u")
        assert screen.game.ply == 4
        assert "gives up" not in status(app)
        screen.cursor = block
        await pilot.press("enter")  # blocks: the computer replies at once, nothing to say
        await until(lambda: screen.game.ply == 6)
        assert "gives up" not in status(app)


async def test_with_the_coach_off_a_losing_move_is_answered_at_once(make_app: AppFactory) -> None:
    app = make_app(Settings(first=FirstPlayer.COMPUTER, coach=False), impossible=FirstFree())
    async with app.run_test() as pilot:
        await until(lambda: app.game_screen.game.ply == 1)  # X a1
        await pilot.press("5", "9")  # b2, then c3 gives up the draw: X b1 and c1 follow at once
        await until(lambda: app.game_screen.game.board.is_over)
        assert "gives up" not in status(app)
        assert "gave up" not in status(app)


def test_only_a_table_that_lets_a_coach_speak_makes_a_game_coached() -> None:
    assert GameState.start(COACHED, random.Random(0)).coached
    assert not GameState.start(Settings(mode=TWO_PLAYERS.name, coach=True), random.Random(0)).coached


async def test_a_game_the_coach_was_turned_on_in_counts_as_coached(
    make_app: AppFactory,
) -> None:
    computer = Gated()
    app = make_app(Settings(first=FirstPlayer.COMPUTER), impossible=computer)
    async with app.run_test() as pilot:
        screen = app.game_screen
        await until(lambda: computer.entered.is_set() and bool(screen.query("#history")))
        await pilot.pause()  # the sidebar, mounted after the first frame, is built
        assert not screen.game.coached
        screen.change_setting("coach", True)  # mid-game, while the computer thinks
        assert screen.game.coached
        assert "Coach on" in status(app)
        await reply(pilot, computer, 0)  # the computer still moves
        screen.change_setting("coach", False)
        assert screen.game.coached  # coached at some point: it stays so
        assert "Coach: on" in {title for title, _help, _run in game_commands(screen)}  # off: on is offered


def test_snapshot_the_coach_speaks_before_the_computer_replies_at_80x24(
    snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The coach's remark, and below it the computer's last move (its time read from a clock
    that stands still: the gated search takes as long as the test lets it)."""
    from tictactoe_tui.app.work import ai
    from tictactoe_tui.app.work.ai import ThreadSearcher

    monkeypatch.setattr(ai, "time", SimpleNamespace(perf_counter=lambda: 0.0))
    computer = Gated()
    app = TicTacToeApp(COACHED, searcher=ThreadSearcher(lambda name: computer), seed=1, watch_delay=0)

    async def run_before(pilot: Pilot[None]) -> None:
        await to_the_blunder(pilot, computer)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def slow_judge(app: TicTacToeApp) -> threading.Event:
    """Make the coach's checks in ``app`` wait for the returned gate (set it before the test
    ends: a check waits for it however long it takes)."""
    gate = threading.Event()
    searcher = app.searcher
    judge = searcher.judge

    def slow(*args: object, **options: object) -> object:
        gate.wait()
        return judge(*args, **options)  # type: ignore[arg-type]

    searcher.judge = slow  # type: ignore[method-assign,assignment]
    return gate


async def test_the_coach_holds_the_reply_after_the_overlay_was_on_and_off_however_slow_its_check(
    make_app: AppFactory,
) -> None:
    """A play-tester's case: a and a (the overlay on, then off), then a losing move: the computer
    replied at once and the coach said nothing, or spoke after the reply. The move went into the
    game with the overlay's help noted, a new state, and the coach held the state before that."""
    computer = Gated()
    app = make_app(COACHED, impossible=computer)
    async with app.run_test() as pilot:
        screen = app.game_screen
        await reply(pilot, computer, 0)  # X a1
        await pilot.press("5")  # b2 holds the draw
        await reply(pilot, computer, 2)  # X b1
        await pilot.press("a", "a")  # the overlay on, then off
        gate = slow_judge(app)
        try:
            await pilot.press("9")  # c3 gives up the draw; its check is slow
            await handled(app)
            assert screen.game.ply == 4
            assert not computer.entered.is_set()  # the computer waits for the coach's word
        finally:
            gate.set()
        await until(lambda: GIVES_UP_THE_DRAW in status(app))
        await handled(app)
        assert screen.game.ply == 4
        assert not computer.entered.is_set()  # and after a remark, for the player to play on


async def test_a_move_taken_back_while_the_coach_judges_it_leaves_no_remark(make_app: AppFactory) -> None:
    """A play-tester's burst: the blunder and u at once. The verdict on the move taken back came
    after the undo and was said over the board without it."""
    app = make_app(COACHED, impossible=FirstFree())  # X a1, b1, c1 at once
    async with app.run_test() as pilot:
        gate = slow_judge(app)
        await pilot.press("5")  # b2 holds the draw
        await until(lambda: CHECKING in status(app))
        gate.set()
        await until(lambda: app.game_screen.game.ply == 3)  # X b1
        gate.clear()
        await pilot.press("9", "u")  # c3 gives up the draw, and is taken back at once
        gate.set()
        await settle(app)  # the check of c3 has ended and its verdict was handled (dropped)
        assert app.game_screen.game.ply == 3
        assert "gives up" not in status(app)
        assert CHECKING not in status(app)


async def test_a_move_key_while_the_coach_judges_plays_on(make_app: AppFactory) -> None:
    """A move key pressed while 'The coach is checking your move…' shows plays on, as it does
    over a remark: the reply goes ahead and the check's news goes (it was dropped without a
    word), and the key is said not played (a burst of "2 9" lost the 9 without a word)."""
    app = make_app(COACHED, impossible=FirstFree())
    async with app.run_test() as pilot:
        gate = slow_judge(app)  # no verdict comes: only playing on moves the game
        try:
            await pilot.press("5")
            await until(lambda: CHECKING in status(app))
            await pilot.press("6")
            await until(lambda: app.game_screen.game.ply == 3)  # the computer replied
            assert CHECKING not in status(app)
            assert "Not played: that key came during the computer's turn" in status(app)
        finally:
            gate.set()


async def test_a_game_killed_while_the_coach_held_the_reply_comes_back_held(make_app: AppFactory) -> None:
    """A play-tester killed the app while the warning stood, and resumed: the computer replied at
    once, and u could no longer take the move back. A game brought back whose last move was yours
    is judged again before the reply."""
    from tictactoe_tui.app.game.saving import resumed
    from tictactoe_tui.engine import Board
    from tictactoe_tui.store.savefile import SavedGame

    app = make_app(COACHED, impossible=FirstFree())
    async with app.run_test() as pilot:
        await until(lambda: app.game_screen.game.ply == 1)
        screen = app.game_screen
        board = Board.empty().play_all([(0, 0), (1, 1), (0, 1), (2, 2)])  # X a1, O b2, X b1, O c3: gives up the draw
        screen.new_game(resumed(screen.settings, SavedGame(board, screen.game.seating), 2))
        await until(lambda: GIVES_UP_THE_DRAW in status(app))
        assert screen.game.ply == 4  # the reply waits
        await pilot.press("u")
        assert screen.game.ply == 3
        assert "gives up" not in status(app)

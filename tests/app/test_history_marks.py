"""Review marks beside the moves in the game screen's history (issue 66 item 4): once the coach
or a review has judged a move, the sidebar's move list shows ``?``, ``??`` or ``?!`` beside it,
as the replay's list does."""

from __future__ import annotations

from textual.widgets.option_list import Option

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.replay import ReplayScreen
from tictactoe_tui.app.widgets.review import ReviewPanel
from tictactoe_tui.app.widgets.sidebar import HistoryList
from tictactoe_tui.game import FirstPlayer, Settings
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import AppFactory
from ..helpers.players import FirstFree
from ..helpers.waiting import until


def history(app: TicTacToeApp) -> list[str]:
    """The game screen's move list, line by line."""
    listed = app.game_screen.query_one(HistoryList)
    options: list[Option] = [listed.get_option_at_index(index) for index in range(listed.option_count)]
    return [str(option.prompt) for option in options]


async def test_the_coach_marks_the_move_that_gave_up_the_draw_in_the_history(make_app: AppFactory) -> None:
    app = make_app(Settings(first=FirstPlayer.COMPUTER, coach=True), impossible=FirstFree())  # X a1, b1, c1
    async with app.run_test() as pilot:
        await app.game_screen.side.whole()
        await pilot.press("5", "9")  # b2 holds the draw, c3 gives it up
        await until(lambda: "gives up the draw" in str(app.game_screen.notice))
        assert history(app)[2:] == ["2. X b2", "3. O b1", "4. X c3?"]  # you play X, second
        await pilot.press("u")  # taken back: the move stays in the list, dim, with its mark
        await until(lambda: app.game_screen.game.ply == 3)
        assert history(app)[4] == "[dim]4. X c3?[/dim]"
        await pilot.press("3")  # c1 instead: another line, of which the coach has nothing to say
        await until(lambda: app.game_screen.game.ply >= 5)
        assert not any(line.endswith("?") for line in history(app))


async def test_a_review_marks_the_game_s_moves_in_the_history(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name))
    async with app.run_test(size=(100, 32)) as pilot:
        await app.game_screen.side.whole()
        for key in ("5", "2", "1", "9", "3", "7", "4", "6", "8"):  # b2 b1 a1 c3 c1 a3 a2 c2 b3
            await pilot.press(key)
        assert app.game_screen.game.board.is_over
        assert not any("?" in line for line in history(app))
        await pilot.press("v")
        assert isinstance(app.screen, ReplayScreen)
        await until(lambda: app.screen.query_one(ReviewPanel).review is not None)
        await pilot.press("escape")
        await until(lambda: not isinstance(app.screen, ReplayScreen))
        await until(lambda: "8. O c2?" in history(app))
        assert "2. O b1?" in history(app)  # the mistakes the review found: b1 gave up the draw, c2 the win

"""The player's rating in the app: a finished game against a calibrated level moves it and the
score line shows it; a hint, the overlay or a take-back leaves the game unrated, and the status
says so once."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.play import NOT_THIS_GAME
from tictactoe_tui.app.widgets.evaluation import VALUE_LEGEND
from tictactoe_tui.app.widgets.said import UNRATED
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.strength import MATCH_ME, NEW_PLAYER_RATING, ratings_for
from tictactoe_tui.game import Preset, Settings
from tictactoe_tui.store.archive import GameRecord
from tictactoe_tui.store.ratings import opponent_of

from ..helpers.app import AppFactory, settle, status
from ..helpers.archive import game as archived_game
from ..helpers.players import FirstFree
from ..helpers.squares import shown
from ..helpers.waiting import until

#: You (X) take column a while the computer (first free square) fills the top row after a1.
YOUR_WIN = ("1", "4", "7")


async def play(pilot: Pilot[None], app: TicTacToeApp, keys: tuple[str, ...]) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(app)


def score_line(app: TicTacToeApp) -> str:
    return str(app.query_one("#scores", Static).render())


async def test_a_won_game_against_impossible_moves_the_rating_and_the_score_line_shows_it(
    make_app: AppFactory,
) -> None:
    app = make_app(Settings(level="impossible"), impossible=FirstFree())
    async with app.run_test() as pilot:
        assert "rating" not in score_line(app)  # no rated game yet
        await play(pilot, app, YOUR_WIN)
        assert app.game_screen.game.board.winner is not None
        await until(lambda: "rating" in score_line(app), "the score line to show the rating")
        (board,) = app.archive.ratings()
        assert board.games == 1
        assert board.rating.rating > 1500  # a win against a level rated below a new player's 1500
        assert f"rating {board.rating.text()}" in score_line(app)
        assert "±" in score_line(app)  # provisional after one game
        await pilot.press("s")  # the statistics: the chart's label says what its bars span
        await until(lambda: list(app.screen.query(".chart-label")), "the rating chart")
        label = str(app.screen.query_one(".chart-label", Static).render())
        assert f"{board.rating.rating:.0f}" in label.splitlines()[1]


@pytest.mark.parametrize("width", [80, 120, 200])
async def test_the_score_line_shows_the_rating_and_its_note_whole(make_app: AppFactory, width: int) -> None:
    """Before, the sidebar cut "rating 1233 ±293 (not this game)" to "(not this g…" at any width."""
    app = make_app(Settings(level="impossible"), impossible=FirstFree())
    app.archive.record(archived_game(1))  # a rated 3×3 game before: the score line shows a rating
    async with app.run_test(size=(width, 24)) as pilot:
        await play(pilot, app, ("1", "i"))  # a hint: this game will not count
        await until(lambda: NOT_THIS_GAME in score_line(app), "the score line to say this game is unrated")
        await pilot.pause()
        drawn = [line.strip() for line in shown(app.query_one("#scores", Static)) if line.strip()]
        assert drawn == score_line(app).splitlines(), f"at {width} columns the score line shows {drawn}"


@pytest.mark.parametrize(("key", "said"), [("i", "Hint for X"), ("a", VALUE_LEGEND)])
async def test_a_hint_or_the_overlay_leaves_the_game_unrated_and_the_status_says_so_once(
    make_app: AppFactory, key: str, said: str
) -> None:
    """What the key shows (the hint, the overlay's legend) is said, then "(game unrated)"."""
    app = make_app(Settings(level="impossible"), impossible=FirstFree())
    app.archive.record(archived_game(1))  # a rated 3×3 game before: the score line shows a rating
    async with app.run_test() as pilot:
        assert "rating" in score_line(app)
        assert NOT_THIS_GAME not in score_line(app)
        await play(pilot, app, ("1", key))
        await until(lambda: UNRATED in status(app), "the status to say the game is unrated")
        assert said in status(app)
        assert NOT_THIS_GAME in score_line(app)
        await play(pilot, app, (key, key, "4"))
        assert "unrated" not in status(app)  # said once
        await play(pilot, app, ("7",))
        await until(lambda: app.game_screen.archiving is not None and app.game_screen.archiving.is_finished)
        assert app.game_screen.game.board.is_over
        assert [board.games for board in app.archive.ratings()] == [1]  # the game before only
        assert app.archive.page()[0].id == 2  # the game is kept, only not rated


async def test_a_take_back_leaves_the_game_unrated(make_app: AppFactory) -> None:
    app = make_app(Settings(level="impossible"), impossible=FirstFree())
    async with app.run_test() as pilot:
        await play(pilot, app, ("1", "u"))
        await until(lambda: UNRATED in status(app), "the status to say the game is unrated")
        assert "Undone" in status(app)
        await play(pilot, app, YOUR_WIN)
        await until(lambda: app.game_screen.archiving is not None and app.game_screen.archiving.is_finished)
        assert app.game_screen.game.board.winner is not None
        assert app.archive.ratings() == []


async def test_match_me_plays_the_levels_blend_nearest_your_rating_and_says_at_what(make_app: AppFactory) -> None:
    """A new player (1500) on 5×5, 4 in a row, where 1500 lies between medium and hard: the
    computer plays their blend, says the rating it plays at, and the archive rates the game
    against that rating."""
    ratings = ratings_for(GameShape(5, 5, 4, "classic"))
    assert ratings is not None
    blend, plays_at = ratings.match(NEW_PLAYER_RATING)
    assert (blend.weaker, blend.stronger) == ("medium", "hard")
    app = make_app(Settings(level=MATCH_ME, preset=Preset(5, 5, 4)), **{blend.name: FirstFree()})
    async with app.run_test() as pilot:
        assert f"Match me: playing at about {round(plays_at, -1):.0f}" in status(app)
        await play(pilot, app, ("enter",))
        await until(lambda: app.game_screen.game.levels == (blend.name,), "the blend to move")
        opponent = opponent_of(GameShape(5, 5, 4, "classic"), blend.name)
        assert opponent is not None
        assert opponent.rating == pytest.approx(plays_at, abs=1)  # the share is kept to 3 places
        record = GameRecord.of(app.game_screen.game, app.game_screen.settings.level)
        assert (record.level, record.played_as) == (MATCH_ME, blend.name)  # one statistics line for match-me


async def test_a_board_without_calibrated_levels_says_unrated(make_app: AppFactory) -> None:
    app = make_app(Settings(preset=Preset(7, 7, 5)))
    async with app.run_test(size=(120, 40)):
        assert "unrated" in score_line(app)
        assert opponent_of(GameShape(7, 7, 5, "classic"), "impossible") is None


async def test_the_overlay_kept_on_into_a_new_game_leaves_it_unrated_too(make_app: AppFactory) -> None:
    app = make_app(Settings(level="impossible"), impossible=FirstFree())
    async with app.run_test() as pilot:
        await play(pilot, app, ("a", "n"))
        await until(lambda: app.game_screen.game.number == 2, "the second game")
        await until(lambda: UNRATED in status(app), "the status to say the game is unrated")
        await play(pilot, app, YOUR_WIN)
        await until(lambda: app.game_screen.archiving is not None and app.game_screen.archiving.is_finished)
        assert app.game_screen.game.board.winner is not None
        kept = app.archive.get(app.archive.page()[0].id)
        assert kept is not None
        assert "overlay" in kept.aids.split()
        assert app.archive.ratings() == []


async def test_the_coach_switched_on_mid_game_leaves_it_unrated_and_the_status_says_so(make_app: AppFactory) -> None:
    app = make_app(Settings(level="impossible"), impossible=FirstFree())
    async with app.run_test() as pilot:
        await play(pilot, app, ("1",))
        app.game_screen.change_setting("coach", True)
        await settle(app)
        assert "Coach on" in status(app)
        assert UNRATED in status(app)
        assert app.game_screen.game.coached
        assert not app.game_screen.game.rated

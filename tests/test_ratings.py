"""The player's rating: Glicko-2 against Glickman's own example, each game's step against a
calibrated level, unrated games, and the ratings table rebuilt from the archive's games."""

from __future__ import annotations

import dataclasses
import itertools
import json

import glicko2
import pytest

from tests.helpers.archive import game
from tictactoe_tui import cli
from tictactoe_tui.engine import strength
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.games import LEVEL_NAMES
from tictactoe_tui.engine.strength import Blend, calibration, calibration_key, ratings_for
from tictactoe_tui.store.archive import Archive
from tictactoe_tui.store.files import Paths
from tictactoe_tui.store.ratings import PaperPlayer, Rating, opponent_of, updated

#: Glickman's example (glicko2.pdf, "Example calculation"): a 1500 player, deviation 200,
#: volatility 0.06, τ = 0.5, beats a 1400 (deviation 30) and loses to a 1550 (100) and a 1700 (300).
EXAMPLE_GAMES = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]
THREE_BY_THREE = GameShape(3, 3, 3, "classic")


def test_a_rating_period_gives_glickmans_own_figures() -> None:
    after = updated(Rating(1500, 200, 0.06), EXAMPLE_GAMES)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def shifted(player_class: type[glicko2.Player], by: float) -> tuple[float, float, float]:
    """A surprise (a 1500 player, deviation 200, loses three games to a 1100, deviation 50) with
    every rating moved up by ``by``: the rating, deviation and volatility after it."""
    player = player_class(1500 + by, 200, 0.06)
    player.update_player([1100 + by] * 3, [50.0] * 3, [0, 0, 0])
    return float(player.rating) - by, float(player.rd), float(player.vol)


def test_glicko_2_is_the_same_at_any_height_of_the_scale_where_the_package_is_not() -> None:
    """Only differences of rating count in Glicko-2, so moving everyone up by 700 changes nothing;
    the package's volatility step reads the rating where the paper has the deviation, which the
    paper's example (at 1500, where that rating is 0 on Glicko-2's scale) cannot show."""
    assert shifted(PaperPlayer, 700) == pytest.approx(shifted(PaperPlayer, 0), rel=1e-9)
    package_at_0, package_at_700 = shifted(glicko2.Player, 0), shifted(glicko2.Player, 700)
    assert package_at_700[2] != pytest.approx(package_at_0[2], rel=1e-4)


@pytest.mark.parametrize(("outcome", "moves"), [(1, "up"), (0, "down"), (-1, "down")])
def test_the_rating_moves_the_right_way_after_a_win_a_draw_and_a_loss(outcome: int, moves: str) -> None:
    """Against 3×3 ``hard`` (rated below a new player's 1500): a win raises the rating, a draw
    and a loss lower it, a loss the more."""
    archive = Archive(None)
    archive.record(game(outcome, kind=0))  # 3×3 against hard
    (board,) = archive.ratings()
    assert board.games == 1
    assert board.shape == THREE_BY_THREE
    opponent = opponent_of(THREE_BY_THREE, "hard")
    assert opponent is not None
    assert opponent.rating < 1500
    score = {1: 1.0, 0: 0.5, -1: 0.0}[outcome]
    assert board.rating == updated(Rating(), [(opponent.rating, opponent.deviation, score)])
    assert (board.rating.rating > 1500) == (moves == "up")
    assert board.rating.deviation < 350


def test_help_taken_the_coach_and_uncalibrated_levels_leave_a_game_unrated() -> None:
    archive = Archive(None)
    for record in (
        dataclasses.replace(game(1), aids="hint"),
        dataclasses.replace(game(1), aids="take-back overlay"),
        dataclasses.replace(game(1), coached=True),
        dataclasses.replace(game(1), level="easy+impossible"),  # changed mid-game
        dataclasses.replace(game(1), level="mcts"),  # a strategy, not a level
        game(1, kind=3),  # two players
    ):
        archive.record(record)
    assert archive.ratings() == []
    archive.record(game(1))
    assert [board.games for board in archive.ratings()] == [1]


def test_the_games_rated_are_those_of_every_table_that_rates() -> None:
    """The table says whether its games may be rated (``Table.rates``); the ratings named the
    one table against the computer, so a game at a table from outside that rates went unrated."""
    from tictactoe_tui.table import TABLES, VS_COMPUTER
    from tictactoe_tui.table.kinds import VsComputer

    elsewhere = VsComputer("you vs the club's computer", "club's computer", VS_COMPUTER.players)
    archive = Archive(None)
    with TABLES.registered(elsewhere.name, elsewhere):
        record = game(1)
        archive.record(dataclasses.replace(record, seating=dataclasses.replace(record.seating, table=elsewhere.name)))
        assert [board.games for board in archive.ratings()] == [1]


def test_the_ratings_are_rebuilt_from_the_archives_games() -> None:
    archive = Archive(None)
    for outcome, kind in [(1, 0), (0, 1), (-1, 0), (1, 2), (0, 0)]:
        archive.record(game(outcome, kind))
    kept = archive.ratings()
    assert [board.games for board in kept] == [4, 1]
    archive._database.write(lambda connection: connection.execute("DELETE FROM ratings"), "forget")
    assert archive.ratings() == kept
    archive.delete(1)  # the first game's step goes, and every later one changes
    again = archive.ratings()
    assert again[0].games == 3
    assert again[0].rating != kept[0].rating
    fresh = Archive(None)
    for outcome, kind in [(0, 1), (-1, 0), (1, 2), (0, 0)]:
        fresh.record(game(outcome, kind))
    assert fresh.ratings() == again


def test_every_calibrated_board_rates_its_levels_in_order() -> None:
    shapes = {calibration_key(ratings.shape) for ratings in calibration().values()}
    assert {
        "classic 3x3 k3",
        "classic 4x4 k4",
        "classic 5x5 k4",
        "gravity 6x7 k4",
        "misere 3x3 k3",
        "ultimate 9x9 k3",
        "classic 15x15 k5",
    } <= shapes
    for ratings in calibration().values():
        levels = [ratings.level_rating(level) for level in LEVEL_NAMES]
        assert levels[0] < levels[-1]
        assert all(lower <= upper for lower, upper in itertools.pairwise(levels))


def test_a_match_me_game_is_rated_against_the_blend_it_played() -> None:
    """Its level is match-me (one line in the statistics, whatever it played), its step the blend's."""
    archive = Archive(None)
    blend = Blend("medium", "hard", 0.5)
    archive.record(dataclasses.replace(game(1), level="match-me", played_as=blend.name))
    (board,) = archive.ratings()
    opponent = opponent_of(THREE_BY_THREE, blend.name)
    assert opponent is not None
    assert board.rating == updated(Rating(), [(opponent.rating, opponent.deviation, 1.0)])
    assert [line.level for line in archive.statistics().lines] == ["match-me"]


def test_a_board_without_calibration_is_unrated() -> None:
    assert ratings_for(GameShape(7, 7, 5, "classic")) is None
    assert opponent_of(GameShape(7, 7, 5, "classic"), "hard") is None


def test_match_me_plays_between_the_levels_around_a_rating() -> None:
    ratings = ratings_for(GameShape(5, 5, 4, "classic"))
    assert ratings is not None
    weakest, strongest = ratings.level_rating("easy"), ratings.level_rating("impossible")
    assert ratings.match(weakest - 100) == (Blend("easy", "easy", 1.0), weakest)
    assert ratings.match(strongest + 100) == (Blend("impossible", "impossible", 1.0), strongest)
    middle = (ratings.level_rating("medium") + ratings.level_rating("hard")) / 2
    blend, plays_at = ratings.match(middle)
    assert plays_at == pytest.approx(middle)
    assert (blend.weaker, blend.stronger) == ("medium", "hard")
    assert 0 < blend.share < 1
    assert ratings.rating_at(ratings.place_of(blend)) == pytest.approx(middle, abs=1)
    assert Blend.parse(blend.name) == blend


def test_stats_carries_the_ratings_and_every_levels_rating(home: Paths, capsys: pytest.CaptureFixture[str]) -> None:
    """After one 3×3 game against ``impossible`` in a fresh home, ``stats --json`` has the 3×3
    rating with games 1, moved from the start, and each calibrated level's rating; ``stats``
    prints the same rating with the level nearest it."""
    archive = Archive.open(home)
    archive.record(dataclasses.replace(game(0), level="impossible"))
    archive.close()
    assert cli.main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    [rating] = data["ratings"]
    assert (rating["game"], rating["board"], rating["games"]) == ("classic", "3x3", 1)
    assert rating["rating"] != 1500
    assert rating["deviation"] < 350
    levels = {(row["game"], row["board"], row["k"], row["level"]): row["rating"] for row in data["level_ratings"]}
    assert levels[("classic", "3x3", 3, "easy")] == 800
    for game_name, board, k in [("gravity", "6x7", 4), ("ultimate", "9x9", 3), ("classic", "15x15", 5)]:
        assert levels[(game_name, board, k, "easy")] < levels[(game_name, board, k, "impossible")]
    assert cli.main(["stats"]) == 0
    shown = capsys.readouterr().out
    assert f"{rating['rating']:.0f} ±{rating['deviation']:.0f}" in shown
    assert "a fair fight: " in shown


def test_one_boards_rating_is_the_one_the_statistics_list() -> None:
    archive = Archive(None)
    for outcome, kind in [(1, 0), (0, 2), (-1, 0)]:
        archive.record(game(outcome, kind))
    assert [archive.rating(board.shape) for board in archive.ratings()] == archive.ratings()
    assert archive.rating(GameShape(4, 4, 4, "classic")) is None


@pytest.mark.parametrize("text", ["", "[]", '{"shapes": [{"game": "classic"}]}', '{"shapes": 3}'])
def test_a_calibration_file_not_as_the_script_writes_it_leaves_every_board_unrated(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = strength.read_calibration
    with pytest.raises((ValueError, KeyError, TypeError)):
        read(text)
    monkeypatch.setattr(strength, "read_calibration", lambda _packaged: read(text))
    strength.calibration.cache_clear()
    try:
        assert strength.calibration() == {}
        assert ratings_for(THREE_BY_THREE) is None
    finally:
        strength.calibration.cache_clear()

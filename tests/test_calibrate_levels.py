"""The levels' calibration (scripts/calibrate_levels.py): the fit gives the Elo gap a score
means, levels nothing tells apart share a rating, and the levels' ratings never fall."""

from __future__ import annotations

import itertools
import math

import pytest

from tests.helpers.scripts import load_script

calibrate = load_script("calibrate_levels")
Pairing = calibrate.Pairing


def test_the_fit_gives_the_gap_a_score_means_with_one_virtual_draw() -> None:
    """30 wins in 40 games, plus the virtual draw: a score of 30.5 / 41, which Elo's curve puts
    400·log10(30.5 / 10.5) above the anchor; the interval is the curvature's."""
    ratings, errors = calibrate.fit([Pairing("medium", "easy", 30, 10, 0)], {"easy": "easy", "medium": "medium"})
    assert ratings["easy"] == 800
    assert ratings["medium"] == pytest.approx(800 + 400 * math.log10(30.5 / 10.5))
    expected = 30.5 / 41
    assert errors["medium"] == pytest.approx(calibrate.SCALE / math.sqrt(41 * expected * (1 - expected)))


def every_pairing(first_wins: dict[tuple[str, str], tuple[int, int, int]]) -> list[object]:
    """Every pairing the script plays, its second player (among levels: the stronger) winning 8 of 10,
    unless ``first_wins`` says otherwise."""
    rows = []
    for first, second in calibrate.pairings():
        wins, losses, draws = first_wins.get((first.name, second.name), (2, 8, 0))
        rows.append(Pairing(first.name, second.name, wins, losses, draws))
    return rows


def test_levels_that_drew_every_game_between_them_share_a_rating() -> None:
    rows = calibrate.rate(every_pairing({("hard", "impossible"): (0, 0, 10)}))
    levels = {row["weaker"]: row for row in rows if row["weaker"] == row["stronger"]}
    assert levels["hard"]["rating"] == levels["impossible"]["rating"]
    assert levels["hard"]["shares_rating_with"] == ["impossible"]
    assert levels["medium"]["rating"] < levels["hard"]["rating"]


def test_the_levels_ratings_never_fall_from_easy_to_impossible() -> None:
    """Hard beating impossible 9 to 1 would put it above: the two are fitted as one."""
    rows = calibrate.rate(every_pairing({("hard", "impossible"): (9, 1, 0)}))
    ratings = [row["rating"] for row in rows if row["weaker"] == row["stronger"]]
    assert all(lower <= upper for lower, upper in itertools.pairwise(ratings))
    assert ratings[0] == 800
    assert ratings[2] == ratings[3]

"""``scripts/build_opening_wins.py``: the chances of random openings it orders its work by, and
what it does with a position: skip it, leave it to the live proof, or add a proven win."""

from __future__ import annotations

import itertools

import pytest

from tictactoe_tui.engine import Board
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.book import canonical
from tictactoe_tui.engine.search.gravity_solver import GravitySolver

from .scripts import load_script

CONNECT_FOUR = Board.empty(6, 7, 4, "gravity")
BUILD = load_script("build_opening_wins")


def test_the_chances_are_those_of_random_moves_mirror_images_together() -> None:
    chances = {columns: chance for chance, columns in BUILD.likely_positions(2)}
    assert sum(chances.values()) == pytest.approx(1)
    assert chances["44"] == pytest.approx(1 / 49)  # one way: 4 then 4
    assert chances["12"] == pytest.approx(2 / 49)  # 12 and its mirror image 76
    assert chances["11"] == pytest.approx(2 / 49)  # 11 and 77
    assert len(chances) == 25
    assert "77" not in chances


def test_openings_that_complete_a_line_or_leave_one_to_complete_are_left_out() -> None:
    seven = {columns for _, columns in BUILD.likely_positions(7)}
    six = {columns for _, columns in BUILD.likely_positions(6)}
    assert "2131415" not in seven  # X's fourth mark in column 1 completes a line
    assert "123456" in six
    assert "121314" not in six  # X to move would complete a line in column 1 at once
    assert "112233" not in six  # or in the bottom row
    assert sum(chance for chance, _ in BUILD.likely_positions(6)) == pytest.approx(1)


def test_the_work_goes_most_likely_first_across_the_plies() -> None:
    work = list(BUILD.worklist([2, 3]))
    by_chance = {columns: chance for ply in (2, 3) for chance, columns in BUILD.likely_positions(ply)}
    assert len(work) == len(by_chance)
    assert all(by_chance[a] >= by_chance[b] for a, b in itertools.pairwise(work))


def test_a_position_not_won_is_skipped_and_a_quick_win_left_to_the_live_proof() -> None:
    assert BUILD.settle("4555", 3_000_000) == ("not won", "4555", None)  # a draw with best play
    assert BUILD.settle("4452", 3_000_000) == ("quick", "4452", None)


@pytest.mark.slow
def test_a_hard_win_is_added_as_the_proven_loss_after_it() -> None:
    """An 8-ply opening whose winning move the solver needs about a second to find."""
    kind, _, key = BUILD.settle("25427777", 3_000_000)
    assert kind == "added"
    opening = dropped(CONNECT_FOUR, "25427777")
    assert any(list(canonical(opening.play(move))[:2]) == key for move in opening.legal_moves())
    assert GravitySolver(CONNECT_FOUR.geometry, use_book=False).is_lost(Board(CONNECT_FOUR.geometry, *key))

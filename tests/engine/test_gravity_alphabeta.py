"""Gravity's alpha-beta (:mod:`tictactoe_tui.engine.search.gravity`): its window score on the
solver's bitboards against a plain count over the board's lines, on many shapes and both sides
to move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, Budget
from tictactoe_tui.engine.board import Geometry
from tictactoe_tui.engine.search import gravity

from .test_gravity_solver import SHAPES
from .test_variants import random_play


def counted_windows(me: int, opp: int, shape: Geometry) -> int:
    """The live windows' score for ``me``, line by line: MARK_WEIGHT ** marks for each line
    holding none of the other side's marks, less the same for the other side."""
    score = 0
    for line in shape.lines:
        if not line & opp:
            score += gravity.MARK_WEIGHT ** (line & me).bit_count()
        if not line & me:
            score -= gravity.MARK_WEIGHT ** (line & opp).bit_count()
    return score


@pytest.mark.parametrize(("rows", "cols", "k"), SHAPES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 49))
def test_the_window_score_counts_every_live_line(rows: int, cols: int, k: int, seed: int, plies: int) -> None:
    board = random_play(Board.empty(rows, cols, k, "gravity"), seed, plies)
    if board.winner is not None:
        return  # the search never scores a finished game
    search = gravity._Search(board.geometry, Budget())
    own, mask = search.layout.position(board)
    me, opp = board.sides()
    assert search.windows(own, own ^ mask) == counted_windows(me, opp, board.geometry), str(board)

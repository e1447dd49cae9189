"""The board model: text form, legality, wins, symmetries and the 3×3 game tree's counts."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, BoardError, Mark, default_k, move_name
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.position import Position

from ..helpers.engine import reachable


def test_text_form_round_trips_case_insensitively() -> None:
    board = Board.parse("X.o/.x./..O")
    assert str(board) == "x.o/.x./..o"
    assert board.at((0, 0)) is Mark.X
    assert board.at((2, 2)) is Mark.O
    assert board.to_move is Mark.X
    assert (board.rows, board.cols, board.k) == (3, 3, 3)


@pytest.mark.parametrize(
    ("rows", "cols", "k"),
    [(3, 3, 3), (4, 4, 4), (3, 5, 4), (5, 5, 4), (5, 6, 4), (6, 6, 5), (6, 7, 5), (7, 7, 5), (15, 15, 5)],
)
def test_default_k(rows: int, cols: int, k: int) -> None:
    assert default_k(rows, cols) == k
    assert Board.empty(rows, cols).k == k


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("xo./..", "rows differ in length"),
        ("x?./.../...", r"bad character '\?' at row 1, column 2"),
        ("xx./.../...", "impossible counts"),
        ("oo./x../...", "impossible counts"),
        ("xxx/ooo/...", "both X and O have a line"),
        ("xxx/oo./..o", "X has won, but the game went on"),
        ("ooo/xx./xx.", "O has won, but the game went on"),
        ("xxx/ooo/xxx", "impossible counts"),
        ("xxx/ooo/x..", "both X and O have a line"),
        ("..../..../....", None),
        ("../..", "a 2×2 board is not supported"),
        ("", "no board given: write its rows separated by '/'"),  # it said "a 1×0 board is not supported"
        ("......../......../......../......../......../......../......../........", "an 8×8 board"),
    ],
)
def test_illegal_strings_are_refused_with_a_reason(text: str, reason: str | None) -> None:
    if reason is None:
        Board.parse(text)
        return
    with pytest.raises(BoardError, match=reason) as caught:
        Board.parse(text)
    assert "\n" not in str(caught.value)


def test_two_separate_wins_mean_play_went_on_after_the_win() -> None:
    # X has a row and a column that share no cell, so no single last move made both.
    with pytest.raises(BoardError, match="separate lines"):
        Board.parse("xxxx./ooo.x/oo..x/oo..x/....x", k=4)
    # Two lines through one cell are a single (double) win: legal.
    board = Board.parse("xxx/xoo/xoo")
    assert board.winner is Mark.X
    assert set(board.winning_line) == {(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)}


def test_k_must_fit_the_board() -> None:
    with pytest.raises(BoardError, match="k=4 does not fit"):
        Board.parse(".../.../...", k=4)
    with pytest.raises(BoardError, match="k=2"):
        Board.empty(3, 3, 2)


def test_play_is_immutable_and_refuses_bad_moves() -> None:
    empty = Board.empty()
    after = empty.play((1, 1))
    assert str(empty) == ".../.../..."
    assert str(after) == ".../.x./..."
    assert after.history == ((1, 1),)
    with pytest.raises(BoardError, match="b2 is already taken"):
        after.play((1, 1))
    with pytest.raises(BoardError, match="off the 3x3 board"):
        after.play((3, 0))
    won = Board.parse("xx./oo./...").play((0, 2))
    assert won.winner is Mark.X
    assert won.winning_line == ((0, 0), (0, 1), (0, 2))
    assert won.is_over
    assert won.legal_moves() == []
    with pytest.raises(BoardError, match="game is over"):
        won.play((2, 2))


def test_full_board_without_a_line_is_a_draw() -> None:
    board = Board.parse("xox/xoo/oxx")
    assert board.winner is None
    assert board.is_over
    assert board.winning_line == ()


def test_move_names() -> None:
    assert move_name((0, 0)) == "a1"
    assert move_name((1, 2)) == "c2"
    assert move_name((14, 14)) == "o15"


def test_symmetries_of_square_and_rectangular_boards() -> None:
    assert len(Board.parse("x../.../...").symmetries()) == 4
    assert len(Board.parse(".../.x./...").symmetries()) == 1
    assert len(Board.parse("x.../..../....").symmetries()) == 4  # 3x4: only 4 symmetries exist
    corner = Board.parse("xo./.../...")
    images = {str(b) for b in corner.symmetries()}
    assert "x../o../..." in images
    assert "x../.o./..." not in images
    assert all(b.canonical_key() == corner.canonical_key() for b in corner.symmetries())


board_chars = st.sampled_from("xoXO.?/ 1")


@given(st.text(board_chars, max_size=40), st.one_of(st.none(), st.integers(-2, 9)))
def test_any_string_parses_or_gives_a_one_line_reason(text: str, k: int | None) -> None:
    try:
        board = Board.parse(text, k=k)
    except BoardError as error:
        message = str(error)
    else:
        assert Board.parse(str(board), k=board.k) == board
        return
    assert message
    assert "\n" not in message


# -- the 3×3 game tree's published counts --------------------------------------------------


@cache
def outcomes_from(board: Board) -> tuple[int, int, int]:
    """Number of complete games from ``board``: (X wins, O wins, draws)."""
    if board.is_over:
        return (board.winner is Mark.X, board.winner is Mark.O, board.winner is None)
    totals = [0, 0, 0]
    for move in board.legal_moves():
        for i, count in enumerate(outcomes_from(board.play(move))):
            totals[i] += count
    return (totals[0], totals[1], totals[2])


def test_game_tree_counts_match_the_published_figures() -> None:
    x_wins, o_wins, draws = outcomes_from(Board.empty())
    assert (x_wins, o_wins, draws) == (131_184, 77_904, 46_080)
    assert x_wins + o_wins + draws == 255_168
    positions = reachable(Board.empty(), set())
    assert len(positions) == 5_478
    assert len({b.canonical_key() for b in positions}) == 765
    assert sum(b.is_over for b in positions) == 958


def test_one_shape_type_names_a_game_on_a_board_for_presets_positions_and_ratings() -> None:
    from tictactoe_tui.engine.strength import ratings_for
    from tictactoe_tui.game import PRESETS, Preset

    board = Board.empty(5, 5, 4).play((2, 2))
    shape = GameShape.of(board)
    assert Preset is GameShape
    assert shape == GameShape(5, 5, 4, "classic") == Position.of(board).shape
    assert shape in PRESETS
    assert shape.geometry is board.geometry
    assert Position.of(board).board() == board
    assert ratings_for(shape) is not None  # the calibration names its shapes by the same type
    assert GameShape.from_key("gravity:6x7k4") == GameShape(6, 7, 4, "gravity")


def test_a_geometry_holds_its_shape_not_rows_columns_and_k_of_its_own() -> None:
    """Before: ``Geometry`` kept rows, cols and k as fields beside the ``GameShape`` it was made from."""
    import pickle
    from dataclasses import fields

    from tictactoe_tui.engine.board import Geometry

    assert not {"rows", "cols", "k"} & {field.name for field in fields(Geometry)}
    board = Board.empty(6, 7, 4, "gravity").play((5, 3))
    geometry = board.geometry
    assert geometry.shape == GameShape(6, 7, 4, "gravity") == GameShape.of(board)
    assert (geometry.rows, geometry.cols, geometry.k, geometry.rules.name) == (6, 7, 4, "gravity")
    assert GameShape(6, 7, 4, "Gravity").geometry is geometry  # one geometry a shape, its game as the rules name it
    assert pickle.loads(pickle.dumps(board)).geometry is geometry  # unpickled to the shared one


def test_a_shape_is_made_as_read_and_checked_where_a_player_chose_it() -> None:
    unknown = GameShape(9, 9, 5, "not-installed")  # an archived game of a plug-in not installed
    assert Position(unknown, ((0, 0),)).shape.game == "not-installed"
    with pytest.raises(BoardError, match="unknown game"):
        unknown.checked()
    with pytest.raises(BoardError):
        GameShape(4, 4, 9).checked()
    assert GameShape(4, 4, 4).checked() == GameShape(4, 4, 4)

"""Connect Four's exact values for the first twelve plies (BitBully's opening database and our
table of the first seven): every move's value agrees with BitBully's own solver, the review of
a game is exact from its first move, and the game does without the database where it is
missing."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from bitbully import BitBully
from bitbully import Board as ReferenceBoard

from tictactoe_tui import cli
from tictactoe_tui.engine import Board
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.position import Position
from tictactoe_tui.engine.review import review_game
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.book import read_data, verified
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.engine.search.gravity import openings as gravity_openings
from tictactoe_tui.engine.search.gravity.solver import GravitySolver, Layout
from tictactoe_tui.store.archive import Archive, GameRecord
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import Seating

REFEREE = BitBully()
EMPTY = Board.empty(6, 7, 4, "gravity")


def reference_scores(columns: str) -> dict[int, int]:
    """BitBully's score of each legal column (from 1): Pascal Pons' scale, 22 less the winner's
    marks at the win (positive: the side to move wins)."""
    board = ReferenceBoard.from_moves([int(column) - 1 for column in columns])
    return {column + 1: score for column, score in REFEREE.score_all_moves(board).items()}


def on_pons_scale(score: int) -> int:
    """Our score (43 less the winning mark's number) on BitBully's scale."""
    if score == 0:
        return 0
    winners_marks = (43 - abs(score) + 1) // 2
    return (22 - winners_marks) * (1 if score > 0 else -1)


def random_opening(rng: random.Random, plies: int) -> str | None:
    """Random columns (from 1) for ``plies`` plies in which no line is completed, or None."""
    board, columns = ReferenceBoard(), ""
    for _ in range(plies):
        column = rng.choice([c for c in range(7) if board.is_legal_move(c)])
        if board.can_win_next(column):
            return None
        board.play(column)
        columns += str(column + 1)
    return columns


@pytest.mark.parametrize("seed", range(3))
def test_every_moves_score_up_to_twelve_plies_in_agrees_with_bitbully(seed: int) -> None:
    rng = random.Random(seed)
    for plies in range(12):
        columns = random_opening(rng, plies)
        if columns is None:
            continue
        analysis = GravitySolver(EMPTY.geometry).analyze(dropped(EMPTY, columns), UNLIMITED.with_max_nodes(0))
        assert analysis.complete, columns
        assert analysis.source == "book"  # said "from the opening book", not "0 positions searched"
        ours = {move.move[1] + 1: on_pons_scale(move.score) for move in analysis.moves}
        assert ours == reference_scores(columns), columns


def twelve_ply_openings(seed: int, count: int) -> list[str]:
    """``count`` random openings of twelve plies (columns from 1), the side to move unable to
    complete a line at once: one ply past the database."""
    rng, found = random.Random(seed), list[str]()
    while len(found) < count:
        columns = random_opening(rng, 12)
        if columns is not None and not ReferenceBoard.from_moves([int(c) - 1 for c in columns]).can_win_next():
            found.append(columns)
    return found


@pytest.mark.parametrize("columns", twelve_ply_openings(5, 6))
def test_a_moves_ceiling_from_the_database_is_never_below_its_score(columns: str) -> None:
    values = gravity_openings.opening_values()
    assert values is not None
    layout = Layout.of(EMPTY.geometry)
    own, mask = layout.position(dropped(EMPTY, columns))
    ceilings = gravity_openings.move_ceilings(values, own, mask)
    reference = reference_scores(columns)
    by_column = {layout.cell_of(square) % 7 + 1: on_pons_scale(score) for square, score in ceilings.items()}
    assert by_column.keys() == reference.keys()
    assert all(by_column[column] >= score for column, score in reference.items()), columns
    assert max(by_column.values()) == max(reference.values())  # the position's own value caps them all


@pytest.mark.parametrize("columns", [*twelve_ply_openings(6, 3), "117221561167"])
def test_every_moves_score_one_ply_past_the_database_agrees_with_bitbully(columns: str) -> None:
    # Searched from the ceilings the database puts on the moves: a ceiling taken for the score
    # without its proof, or a wrong one, gives a wrong score (117221561167: 5 of its 7 moves
    # score their ceiling, 2 score less).
    analysis = GravitySolver(EMPTY.geometry).analyze(dropped(EMPTY, columns))
    assert analysis.complete
    assert analysis.source == "search"
    assert {move.move[1] + 1: on_pons_scale(move.score) for move in analysis.moves} == reference_scores(columns)


def test_the_first_move_in_column_a_loses_and_the_centre_wins() -> None:
    analysis = GravitySolver(EMPTY.geometry).analyze(EMPTY, UNLIMITED.with_max_nodes(0))
    by_column = {move.move[1]: (move.value, move.plies) for move in analysis.moves}
    assert by_column[3] == (1, 41)  # the first player wins with the last square but one
    assert by_column[0][0] == by_column[6][0] == -1


def test_a_connect_four_review_is_exact_from_the_first_move_within_a_quarter_second() -> None:
    # X drops in columns 1 2 3 4 5 6 7 1 (the fourth in 5: 4 is full) against the best replies,
    # and loses at ply 16. Before, every move up to ply 6 was an estimate (the solver did not
    # finish), the first one included.
    board, moves = EMPTY, []
    for column in "1424344454637516":
        moves.append(next(move for move in board.legal_moves() if move[1] == int(column) - 1))
        board = board.play(moves[-1])
    assert board.is_over
    review = review_game(EMPTY, moves, seconds_per_move=0.25)
    assert all(move.exact for move in review.moves)
    assert review.moves[0].verdict == "blunder"  # a first player's win thrown away


def test_games_review_json_of_a_connect_four_game_is_exact_for_every_move(
    home: Paths, capsys: pytest.CaptureFixture[str]
) -> None:
    # The game of the review test above, from the archive through the command line at its
    # default --time: every move judged exactly, plies 12 to 15 past the database included,
    # each value as BitBully's solver has it.
    columns = "1424344454637516"
    board, moves = EMPTY, []
    for column in columns:
        moves.append(next(move for move in board.legal_moves() if move[1] == int(column) - 1))
        board = board.play(moves[-1])
    archive = Archive.open(home)
    position = Position(GameShape(6, 7, 4, "gravity"), tuple(moves))
    archive.record(GameRecord(position, Seating("two players", ("you", "you")), "", (1.0,) * len(moves),
                              "o", 0, 1_000.0, 1_010.0))  # fmt: skip
    archive.close()
    assert cli.main(["games", "review", "1", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [entry["ply"] for entry in entries] == list(range(1, len(columns) + 1))
    assert all(entry["exact"] for entry in entries)
    assert entries[0]["verdict"] == "blunder"  # a first move in column a throws the win away
    for ply, entry in enumerate(entries):
        reference = reference_scores(columns[:ply])
        played = reference.get(int(columns[ply]))
        assert entry["value_before"] == sign(max(reference.values())), columns[:ply]
        assert played is None or entry["value_after"] == sign(played), columns[: ply + 1]


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def test_the_shipped_table_is_every_opening_up_to_seven_plies_backed_up_again() -> None:
    data = verified(read_data(gravity_openings.TABLE_NAME))
    assert data is not None
    keys, scores = gravity_openings._table_from(data)
    assert len(keys) == 38_203
    assert bool((np.diff(keys) > 0).all())
    database = gravity_openings.load(with_table=False)
    assert database is not None
    layout = Layout.of(EMPTY.geometry)
    for place in np.random.default_rng(0).choice(len(keys), 40, replace=False):
        own, mask = layout.split(int(keys[place]))
        marks = bin(mask).count("1")
        backed = database.scores(np.array([own], np.uint64), np.array([mask], np.uint64), marks)
        assert int(backed[0]) == int(scores[place])


def test_without_the_database_the_solver_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gravity_openings, "database_path", lambda: None)
    monkeypatch.setattr(gravity_openings, "_loaded", [])
    assert gravity_openings.opening_values() is None
    position = dropped(EMPTY, "4444")
    assert not GravitySolver(EMPTY.geometry).analyze(position, UNLIMITED.with_max_nodes(1_000)).complete

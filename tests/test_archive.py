"""The game archive: records, statistics, pages, migrations, damage, and many writers at once."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import random
import sqlite3
import time
from multiprocessing.synchronize import Barrier as BarrierType
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_tui import cli
from tictactoe_tui.engine import Board, Mark, strategy_names
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.marks import Symbols
from tictactoe_tui.engine.position import Position
from tictactoe_tui.engine.rules import RULES
from tictactoe_tui.game import GameState, Settings, presets_for
from tictactoe_tui.store.archive import (
    MIGRATIONS,
    PAGE_SIZE,
    SCHEMA_VERSION,
    Archive,
    ArchiveError,
    Filters,
    GameRecord,
    board_label,
)
from tictactoe_tui.store.files import Paths, update_json
from tictactoe_tui.table import COMPUTERS, ONLINE_HOST, ONLINE_JOIN, TWO_PLAYERS, VS_COMPUTER, Seating

from .helpers.archive import KINDS, PUZZLE, damaged, game
from .helpers.waiting import TIMEOUT


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return Paths(tmp_path / "config", tmp_path / "data")


def test_a_finished_game_is_kept_whole(paths: Paths) -> None:
    seating = Seating(VS_COMPUTER.name, ("you", "computer"), ("O", "X"))
    state = GameState(Board.empty(), seating, started=500.0)
    for move in ((1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0)):
        state = state.play(move)
    assert state.board.is_over
    record = GameRecord.of(state, "hard", ended_at=600.0)
    archive = Archive.open(paths)
    assert archive.record(record) is None
    kept = archive.get(1)
    assert kept is not None
    assert kept.moves == state.board.history
    assert (kept.seating, kept.level) == (seating, "hard")
    assert kept.players_by_symbol == ("hard", "you")  # the lists name the computer by its level
    assert (kept.winner, kept.outcome, kept.result_text) == (None, 0, "Draw")
    assert len(kept.times) == 9
    assert kept.times == tuple(sorted(kept.times))
    assert kept.state().board == state.board
    assert kept.state(3).board == Board.empty().play_all(state.board.history[:3])
    assert kept.to_json()["moves"][0] == "b2"
    assert archive.get(2) is None


def test_a_record_holds_a_position_and_a_seating_not_their_parts() -> None:
    """The record's game, shape and moves are its :class:`Position`, and who sat where its
    :class:`Seating` (before: flat fields of its own beside them, and a seating rebuilt from them)."""
    names = {field.name for field in dataclasses.fields(GameRecord)}
    assert {"position", "seating"} <= names
    assert not names & {"game", "rows", "cols", "k", "moves", "mode", "x_player", "o_player", "x_symbol"}


def test_games_of_every_kind_are_kept_with_their_game(paths: Paths) -> None:
    archive = Archive.open(paths)
    for rules, shape in (("gravity", (6, 7, 4)), ("misere", (3, 3, 3)), ("ultimate", (9, 9, 3))):
        board = Board.empty(*shape, game=rules)
        rng = random.Random(4)
        while not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
        seating = Seating(TWO_PLAYERS.name, TWO_PLAYERS.players)
        state = GameState(board, seating, started=1.0, times=(0.0,) * board.move_count)
        archive.record(GameRecord.of(state, "", ended_at=2.0))
    kept = [archive.get(number) for number in (1, 2, 3)]
    assert [record.shape.game for record in kept if record] == ["gravity", "misere", "ultimate"]
    assert [record.board().rules.name for record in kept if record] == ["gravity", "misere", "ultimate"]
    assert [summary.cells()[2] for summary in archive.page()] == ["Ultimate 9×9", "Misère 3×3", "Gravity 6×7 k4"]
    assert kept[2] is not None
    assert kept[2].board_label == "Ultimate 9×9: nine 3×3 boards"
    assert kept[0] is not None
    assert kept[0].board_label == "Connect Four, 6×7"  # not "Gravity Connect Four"
    assert board_label("gravity", 5, 5, 4) == "Gravity 5×5, 4 in a row"


def recount(games: list[tuple[int, int]]) -> dict[int, tuple[int, int, int, int, int]]:
    """Won, drawn, lost, current and best streak per kind, counted the plain way."""
    totals: dict[int, tuple[int, int, int, int, int]] = {}
    for kind, outcome in games:
        won, drawn, lost, streak, best = totals.get(kind, (0, 0, 0, 0, 0))
        streak = streak + 1 if outcome == 1 else 0
        totals[kind] = (
            won + (outcome == 1),
            drawn + (outcome == 0),
            lost + (outcome == -1),
            streak,
            max(best, streak),
        )
    return totals


operations = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["add", "coached"]), st.integers(0, len(KINDS) - 1), st.sampled_from([1, 1, 0, -1])),
        st.tuples(st.just("delete"), st.integers(0, 200), st.just(0)),
    ),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(operations)
def test_statistics_are_the_rows_counted_again_after_any_adds_and_deletes(ops: list[tuple[str, int, int]]) -> None:
    """Coached games are counted apart: in no line, and they neither extend nor break a streak."""
    archive = Archive(None)
    kept: list[tuple[int, int, bool]] = []  # (kind, outcome, coached), oldest first, as the ids run
    for op, number, outcome in ops:
        if op != "delete":
            archive.record(dataclasses.replace(game(outcome, number), coached=op == "coached"))
            kept.append((number, outcome, op == "coached"))
        elif kept:
            index = number % len(kept)
            oldest_first = [summary.id for summary in reversed(archive.page(size=10_000))]
            assert archive.delete(oldest_first[index])
            kept.pop(index)
    statistics = archive.statistics()
    assert statistics.archived == len(kept) == archive.count()
    assert statistics.coached == sum(coached for _, _, coached in kept)
    kinds = {
        (mode, level, board_label("classic", rows, cols, k)): i for i, (mode, level, rows, cols, k) in enumerate(KINDS)
    }
    found = {
        kinds[line.mode, line.level, line.board]: (line.won, line.drawn, line.lost, line.streak, line.best_streak)
        for line in statistics.lines
    }
    assert found == recount([(kind, outcome) for kind, outcome, coached in kept if not coached])


def test_pages_run_newest_first_and_filters_narrow_them() -> None:
    archive = Archive(None)
    for number in range(250):
        archive.record(game([1, 0, -1][number % 3], number % len(KINDS), started=float(number)))
    first = archive.page()
    assert len(first) == PAGE_SIZE
    assert [summary.id for summary in first] == list(range(250, 150, -1))
    rest = archive.page(before=first[-1].id) + archive.page(before=50)
    assert [summary.id for summary in rest] == list(range(150, 50, -1)) + list(range(49, 0, -1))
    easy = sum(1 for n in range(250) if n % 4 == 1)
    assert archive.count(Filters(level="easy")) == len(archive.page(Filters(level="easy"), size=1000)) == easy
    lost_big = Filters(board=("classic", 5, 5, 4), outcome=-1)
    assert all(s.rows == 5 and s.result == "You lost" for s in archive.page(lost_big))
    assert archive.count(lost_big) == sum(1 for n in range(250) if n % 4 == 2 and n % 3 == 2)
    assert archive.count(Filters(mode=TWO_PLAYERS.name)) == sum(1 for n in range(250) if n % 4 == 3)
    levels, boards = archive.choices()
    assert levels == ["easy", "hard"]
    assert boards == [("classic", 3, 3, 3), ("classic", 5, 5, 4)]


def database_at(path: Path, version: int) -> None:
    """A database as a release with schema ``version`` left it, holding one game if it could."""
    connection = sqlite3.connect(path)
    for step in MIGRATIONS[:version]:
        connection.executescript(step)
    connection.execute(f"PRAGMA user_version = {version}")
    if version >= 1:
        connection.execute(
            "INSERT INTO games (variant, rows, cols, k, mode, level, x_player, o_player, x_symbol, moves, times,"
            " winner, outcome, streak, started_at, ended_at, app_version) VALUES"
            " ('classic', 3, 3, 3, 'two players', '', 'you', 'friend', 'X', 'a1 a2 b1 b2 c1', '[1, 2, 3, 4, 5]',"
            " 'x', 1, 1, 10.0, 20.0, '0.1.0')"
        )
    connection.commit()
    connection.close()


@pytest.mark.parametrize("version", range(SCHEMA_VERSION + 1))
def test_a_database_from_any_earlier_version_is_upgraded_keeping_its_games(tmp_path: Path, version: int) -> None:
    path = tmp_path / "games.sqlite3"
    database_at(path, version)
    archive = Archive(path)
    assert archive.problems == []
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert archive.count() == (1 if version >= 1 else 0)
    assert [getattr(archive.get(1), "coached", None)] == ([False] if version >= 1 else [None])
    assert archive.record(game()) is None
    assert archive.count() == (2 if version >= 1 else 1)


def test_games_kept_before_the_seating_record_read_back_as_they_were(tmp_path: Path) -> None:
    """Before schema 6 a player's column held the computer's level ('hard') and two people at
    one keyboard were 'you' and 'friend': they now hold the seating's own names, and the lists,
    the replay's players and the results read as before."""
    path = tmp_path / "games.sqlite3"
    database_at(path, 5)  # schema 6 brought the seating record
    old = [
        ("you vs computer", "hard", "hard", "you", "O", "o", -1),
        ("computer vs computer", "easy", "easy", "easy", "X", "x", 1),
        ("online: join", "", "friend", "you", "X", None, 0),
    ]
    connection = sqlite3.connect(path)
    for mode, level, x_player, o_player, x_symbol, winner, outcome in old:
        connection.execute(
            "INSERT INTO games (variant, rows, cols, k, mode, level, x_player, o_player, x_symbol, moves, times,"
            " winner, outcome, streak, started_at, ended_at, app_version) VALUES"
            " ('classic', 3, 3, 3, ?, ?, ?, ?, ?, 'a1 a2 b1 b2 c1', '[1, 2, 3, 4, 5]', ?, ?, 0, 10.0, 20.0, '0.1.0')",
            (mode, level, x_player, o_player, x_symbol, winner, outcome),
        )
    connection.commit()
    before = [row[1:] for row in connection.execute("SELECT * FROM games ORDER BY id")]
    connection.close()
    archive = Archive(path)
    assert archive.problems == []
    two, against, computers, online = (archive.get(number) for number in (1, 2, 3, 4))
    assert two is not None
    assert two.seating == Seating(TWO_PLAYERS.name, ("you", "you"))
    assert against is not None
    assert against.seating == Seating(VS_COMPUTER.name, ("computer", "you"), ("O", "X"))
    assert (against.players_by_symbol, against.result_text, against.level) == (("you", "hard"), "You lost", "hard")
    assert computers is not None
    assert computers.seating.players == ("computer", "computer")
    assert (computers.players_by_symbol, computers.result_text) == (("easy", "easy"), "X won")
    assert online is not None
    assert online.seating == Seating(ONLINE_JOIN.name, ("friend", "you"))
    listed = {summary.id: (summary.x_player, summary.o_player, summary.result) for summary in archive.page()}
    assert listed == {
        1: ("you", "you", "X won"),
        2: ("you", "hard", "You lost"),
        3: ("easy", "easy", "X won"),
        4: ("friend", "you", "Draw"),
    }
    after = [row[1:] for row in sqlite3.connect(path).execute("SELECT * FROM games ORDER BY id")]
    changed = {column for old_row, new_row in zip(before, after, strict=True) for column, (a, b) in
               enumerate(zip(old_row, new_row, strict=False)) if a != b}  # fmt: skip
    assert changed == {6, 7}  # x_player and o_player (after the id): nothing else was touched


def test_a_deleted_games_number_is_never_given_again_even_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    archive = Archive(path)
    for number in range(3):
        archive.record(game(started=float(number)))
    assert archive.delete(3)
    archive.record(game(started=4.0))
    assert [summary.id for summary in archive.page()] == [4, 2, 1]
    assert archive.delete(4)
    archive.close()
    again = Archive(path)
    again.record(game(started=5.0))
    assert [summary.id for summary in again.page()] == [5, 2, 1]


def test_upgrading_to_numbers_never_reused_keeps_every_games_number(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    database_at(path, 2)  # game 1
    connection = sqlite3.connect(path)
    for number in (2, 7):
        connection.execute(
            "INSERT INTO games SELECT ?, variant, rows, cols, k, mode, level, x_player, o_player, x_symbol, moves,"
            " times, winner, outcome, streak, started_at, ended_at, app_version FROM games WHERE id = 1",
            (number,),
        )
    connection.commit()
    connection.close()
    archive = Archive(path)
    assert archive.problems == []
    assert [summary.id for summary in archive.page()] == [7, 2, 1]
    first = archive.get(1)
    assert first is not None
    assert archive.get(7) == dataclasses.replace(first, id=7)
    archive.record(game())
    assert archive.delete(8)
    archive.record(game())
    assert [summary.id for summary in archive.page()] == [9, 7, 2, 1]


def test_a_game_written_from_this_session_is_found_with_its_id() -> None:
    archive = Archive(None)
    first, second = game(), game(started=2.0)
    archive.record(first)
    archive.record(second)
    assert archive.find(second) == dataclasses.replace(second, id=2)
    assert archive.find(first) == dataclasses.replace(first, id=1)
    assert archive.find(game(started=3.0)) is None  # never written
    another = dataclasses.replace(second, position=Position(second.shape, second.moves[:3]))
    assert archive.find(another) is None  # another game


def test_a_review_is_kept_per_game_in_its_format_and_goes_with_the_game(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    archive = Archive(path)
    archive.record(game())
    archive.record(game(started=2.0))
    assert archive.kept_review(1) is None
    archive.keep_review(1, "review of game 1")
    archive.keep_review(2, "first review of game 2", tag="review-1")
    archive.keep_review(2, "second review of game 2", tag="review-2")
    archive.keep_review(3, "a game the archive does not hold")
    archive.close()
    archive = Archive(path)  # kept across a restart
    assert archive.kept_review(1) == "review of game 1"
    assert archive.kept_review(2) is None  # kept in another format: not used
    assert archive.kept_review(2, tag="review-1") is None  # replaced
    assert archive.kept_review(2, tag="review-2") == "second review of game 2"
    assert archive.kept_review(3) is None
    assert archive.delete(2)
    assert sqlite3.connect(path).execute("SELECT game_id FROM reviews").fetchall() == [(1,)]


def test_coached_games_are_kept_as_coached_and_counted_apart() -> None:
    archive = Archive(None)
    for coached in (False, True, True, False):
        archive.record(dataclasses.replace(game(1), coached=coached))  # four wins, two of them coached
    archive.record(dataclasses.replace(game(-1), coached=True))
    assert [getattr(archive.get(number), "coached", None) for number in range(1, 6)] == [False, True, True, False, True]
    statistics = archive.statistics()
    [line] = statistics.lines
    assert (line.won, line.drawn, line.lost, line.streak, line.best_streak) == (2, 0, 0, 2, 2)
    assert (statistics.games, statistics.archived, statistics.coached) == (5, 5, 3)
    assert statistics.coached_text == "3 games played with the coach, not in the scores"
    assert statistics.to_json()["coached"] == 3
    assert GameRecord.of(GameState.start(Settings(coach=True), random.Random(0)), "hard").coached


def test_a_database_from_a_newer_version_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    database_at(path, SCHEMA_VERSION)
    sqlite3.connect(path).execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}").connection.close()
    archive = Archive(path)
    assert not archive.available
    assert "newer tictactoe-tui" in archive.problems[0]
    assert "kept until the app closes" in (archive.record(game()) or "")
    assert list(tmp_path.iterdir()) == [path]  # not set aside, not touched
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


def test_a_file_that_is_not_a_database_is_set_aside_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"not a database, just some bytes" * 100)
    archive = Archive(path)
    assert archive.available
    assert "kept as games.sqlite3.bad-" in archive.problems[0]
    [backup] = tmp_path.glob("games.sqlite3.bad-*")
    assert backup.read_bytes() == b"not a database, just some bytes" * 100
    assert archive.record(game()) is None
    assert archive.count() == 1


def test_a_database_damaged_inside_is_set_aside_when_found(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    archive = Archive(path)
    for number in range(300):
        archive.record(game(started=float(number)))
    archive.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[2 * page :] = b"\x5a" * (len(data) - 2 * page)  # every page after the schema is garbage
    path.write_bytes(bytes(data))
    damaged = Archive(path)
    assert damaged.statistics().games == 0  # read again in the recovered archive: no page of games was whole
    [news] = damaged.news()
    assert "kept as games.sqlite3.bad-" in news
    assert "0 games came back into a new archive" in news
    assert damaged.record(game()) is None
    assert damaged.count() == 1
    assert len(list(tmp_path.glob("games.sqlite3.bad-*"))) == 1


def set_aside_and_told(archive: Archive, tmp_path: Path) -> None:
    """The damaged file is kept beside a fresh archive and the player is told so, once."""
    assert len(list(tmp_path.glob("games.sqlite3.bad-*"))) == 1
    [news] = archive.news()
    assert "kept as games.sqlite3.bad-" in news
    assert "0 games came back into a new archive" in news
    assert archive.news() == []


def test_recording_into_a_damaged_archive_sets_it_aside_and_keeps_the_game(tmp_path: Path) -> None:
    archive = damaged(tmp_path / "games.sqlite3")
    problem = archive.record(game())
    assert "kept as games.sqlite3.bad-" in (problem or "")  # the game screen shows it
    assert archive.news() == []  # told once
    assert archive.count() == 1
    assert archive.pending == []
    assert len(list(tmp_path.glob("games.sqlite3.bad-*"))) == 1


def test_deleting_from_a_damaged_archive_sets_it_aside_and_says_so(tmp_path: Path) -> None:
    archive = damaged(tmp_path / "games.sqlite3")
    assert archive.delete(5) is False  # the game is in the file set aside, not in the fresh one
    set_aside_and_told(archive, tmp_path)
    assert archive.record(game()) is None
    assert archive.delete(1) is True
    assert archive.count() == 0


def test_keeping_puzzles_in_a_damaged_archive_sets_it_aside_and_keeps_them(tmp_path: Path) -> None:
    archive = damaged(tmp_path / "games.sqlite3")
    assert archive.add_puzzles([PUZZLE]) == 1
    set_aside_and_told(archive, tmp_path)
    assert [entry.puzzle for entry in archive.puzzles()] == [PUZZLE]


@pytest.mark.parametrize("symbols", list(Symbols))
def test_a_puzzle_keeps_the_symbols_its_game_showed(tmp_path: Path, symbols: Symbols) -> None:
    """The seating's symbols go in and come out as one value (the column keeps whether the
    first player showed O, as its schema always did)."""
    archive = Archive(tmp_path / "games.sqlite3")
    puzzle = dataclasses.replace(PUZZLE, symbols=symbols)
    archive.add_puzzles([puzzle])
    [entry] = archive.puzzles()
    assert entry.puzzle == puzzle
    assert entry.puzzle.shown_text == ("x../.o./..o" if symbols.swapped else "o../.x./..x")
    assert entry.puzzle.mover_symbol == symbols.of(Mark.O)


def test_a_puzzle_result_in_a_damaged_archive_sets_it_aside_and_says_so(tmp_path: Path) -> None:
    archive = damaged(tmp_path / "games.sqlite3")
    archive.puzzle_result(1, solved=True)
    set_aside_and_told(archive, tmp_path)
    assert archive.add_puzzles([PUZZLE]) == 1
    archive.puzzle_result(1, solved=True)
    assert [entry.solved for entry in archive.puzzles()] == [1]


def test_importing_old_statistics_into_a_damaged_archive_sets_it_aside_and_imports_them(paths: Paths) -> None:
    damaged(paths.archive).close()
    old = {"two players": {"won": 1, "drawn": 2, "lost": 0, "streak": 1, "best_streak": 1}}
    paths.stats.write_text(json.dumps(old))
    archive = Archive.open(paths)
    assert "kept as games.sqlite3.bad-" in archive.news()[0]
    assert archive.statistics().imported == 3
    assert not paths.stats.exists()


def test_a_write_that_fails_for_another_reason_sets_nothing_aside(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "games.sqlite3")
    archive.add_puzzles([PUZZLE])
    assert archive._database._connection is not None
    archive._database._connection.execute("PRAGMA query_only = ON")
    with pytest.raises(ArchiveError, match="could not delete game 1"):
        archive.delete(1)
    with pytest.raises(ArchiveError, match="could not keep the puzzles"):
        archive.add_puzzles([PUZZLE])
    with pytest.raises(ArchiveError, match="could not keep the puzzle's result"):
        archive.puzzle_result(1, solved=False)
    assert list(tmp_path.glob("*.bad-*")) == []
    assert archive.news() == []


def test_a_full_disk_keeps_the_game_until_it_can_be_written(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "games.sqlite3")
    archive.record(game())
    connection = archive._database._connection
    assert connection is not None
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")
    problems = [archive.record(game(started=float(n))) for n in range(200)]
    assert any(problem and "full" in problem for problem in problems)
    assert archive.pending
    connection.execute("PRAGMA max_page_count = 1000000")
    assert archive.record(game()) is None
    assert archive.count() == 202
    assert archive.pending == []


def test_a_read_only_database_is_read_and_games_wait(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "games.sqlite3")
    archive.record(game())
    assert archive._database._connection is not None
    archive._database._connection.execute("PRAGMA query_only = ON")
    problem = archive.record(game())
    assert problem is not None
    assert "kept until the app closes" in problem
    assert archive.count() == 1
    assert archive.statistics().archived == 1


def test_a_database_locked_by_another_copy_waits_then_keeps_the_game(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    archive = Archive(path, busy_timeout=0.2)
    archive.record(game())
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another copy stuck in the middle of a write
    started = time.perf_counter()
    problem = archive.record(game(started=2.0))
    waited = time.perf_counter() - started
    assert problem is not None
    assert "locked" in problem
    assert 0.15 < waited < 5
    assert len(archive.pending) == 1
    other.execute("ROLLBACK")
    assert archive.record(game(started=3.0)) is None
    assert archive.count() == 3
    assert archive.pending == []


def test_an_archive_that_cannot_be_opened_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data directory should be")
    archive = Archive.open(Paths(tmp_path / "config", blocker))
    assert not archive.available
    assert "games are not being kept" in archive.problems[0]
    assert "kept until the app closes" in (archive.record(game()) or "")
    with pytest.raises(ArchiveError):
        archive.statistics()


def test_the_old_statistics_file_is_imported_once_and_kept(paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True)
    old = {"you vs computer · hard": {"won": 3, "drawn": 1, "lost": 2, "streak": 0, "best_streak": 2}}
    paths.stats.write_text(json.dumps(old))
    Archive.open(paths).record(game(1))
    again = Archive.open(paths)
    statistics = again.statistics()
    assert (statistics.games, statistics.archived, statistics.imported) == (7, 1, 6)
    earlier = [line for line in statistics.lines if line.board == "earlier games"]
    assert [(line.who, line.won, line.drawn, line.lost, line.best_streak) for line in earlier] == [
        ("you vs computer · hard", 3, 1, 2, 2)
    ]
    assert not paths.stats.exists()
    assert json.loads((paths.data_dir / "stats.json.imported").read_text()) == old


def test_a_corrupt_old_statistics_file_is_set_aside(paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True)
    paths.stats.write_text("{broken")
    archive = Archive.open(paths)
    assert any("stats.json" in problem and "kept as" in problem for problem in archive.problems)
    assert archive.statistics().games == 0


def record_games(path: Path, writer: int, games: int, start: BarrierType) -> None:
    """One copy of the app: open the archive, wait for the others at ``start``, then record
    ``games`` games, each as soon as the last is in."""
    archive = Archive(path)
    start.wait(TIMEOUT)
    for number in range(games):
        outcome = [1, 1, 0, -1][(writer + number) % 4]
        record = game(outcome, started=float(number))
        record = dataclasses.replace(record, level=f"writer-{writer}")
        assert archive.record(record) is None
    archive.close()


def read_statistics(data_home: Path, rounds: int, start: BarrierType) -> None:
    """The command line reading the statistics while the copies write."""
    os.environ["XDG_DATA_HOME"] = str(data_home)
    start.wait(TIMEOUT)
    for _ in range(rounds):
        assert cli.main(["stats", "--json"]) == 0


def test_several_copies_recording_at_once_lose_no_game(tmp_path: Path) -> None:
    writers, games = 4, 250
    path = tmp_path / "tictactoe-tui" / "games.sqlite3"
    Archive(path).close()
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(writers + 1)  # every copy is open and waiting before any writes: they overlap
    processes = [context.Process(target=record_games, args=(path, w, games, start)) for w in range(writers)]
    processes.append(context.Process(target=read_statistics, args=(tmp_path, 20, start)))
    for process in processes:
        process.start()
    for process in processes:
        process.join(120)
        assert process.exitcode == 0
    archive = Archive(path)
    assert archive.count() == writers * games
    connection = sqlite3.connect(path)
    pairs = connection.execute("SELECT level, started_at FROM games").fetchall()
    assert len(set(pairs)) == writers * games  # every game of every writer, once
    statistics = archive.statistics()
    for writer in range(writers):
        [line] = [line for line in statistics.lines if line.level == f"writer-{writer}"]
        outcomes = [(0, [1, 1, 0, -1][(writer + n) % 4]) for n in range(games)]
        assert (line.won, line.drawn, line.lost, line.streak, line.best_streak) == recount(outcomes)[0]


def set_own_key(path: Path, key: str, times: int) -> None:
    for number in range(times):
        assert update_json(path, {key: number}) is None


def test_copies_saving_settings_at_once_keep_each_others_keys(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    context = multiprocessing.get_context("spawn")
    keys = ["level", "theme", "mode", "board"]
    processes = [context.Process(target=set_own_key, args=(path, key, 40)) for key in keys]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
        assert process.exitcode == 0
    assert json.loads(path.read_text()) == dict.fromkeys(keys, 39)


def test_the_archive_names_players_by_the_symbols_they_showed() -> None:
    """The computer moved first, you played X: the archive says X for you, as the board did."""
    from tictactoe_tui.game import FirstPlayer, MarkChoice

    game = GameState.start(Settings(first=FirstPlayer.COMPUTER, mark=MarkChoice.X), random.Random(0))
    for move in ((0, 0), (1, 1), (0, 1), (2, 2), (0, 2)):  # the computer takes the top row
        game = game.play(move)
    record = GameRecord.of(game, "impossible")
    assert record.players_by_symbol == ("you", "impossible")
    assert record.state().move_list()[0] == "1. O a1"
    assert record.shown_text().splitlines()[0] == "ooo"
    archive = Archive(None)
    archive.record(record)
    [summary] = archive.page(size=10)
    assert (summary.x_player, summary.o_player) == ("you", "impossible")


def test_the_statistics_count_their_games_in_words(home: Paths, capsys: pytest.CaptureFixture[str]) -> None:
    archive = Archive.open(home)
    archive.record(game())
    assert cli.main(["stats"]) == 0
    assert capsys.readouterr().out.startswith("Statistics: 1 finished game\n")  # not "1 finished games"
    archive.record(game(started=2_000.0))
    archive.close()
    assert cli.main(["stats"]) == 0
    assert capsys.readouterr().out.startswith("Statistics: 2 finished games\n")


@pytest.mark.parametrize("columns", [80, 100, 120])
def test_the_games_list_and_the_statistics_cut_no_cell_at_any_width(
    columns: int, home: Paths, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every mode, long players' names and every game: nothing ends in "…", no line is too wide,
    and each row of the statistics holds one line (at 80 columns their cells wrapped onto up to 4)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    archive = Archive.open(home)
    long_name = "mcts-solver-10000"
    players = {
        VS_COMPUTER.name: ("you", "computer"),
        TWO_PLAYERS.name: ("you", "you"),
        COMPUTERS.name: ("computer", "computer"),
        ONLINE_HOST.name: ("you", "friend"),
        ONLINE_JOIN.name: ("friend", "you"),
    }
    boards = [("classic", 3, 3, 3), ("ultimate", 9, 9, 3), ("misere", 15, 15, 5), ("gravity", 6, 7, 4)]
    for number, (mode, (x, o)) in enumerate(players.items()):
        variant, rows, cols, k = boards[number % len(boards)]
        level = {VS_COMPUTER.name: long_name, COMPUTERS.name: "gravity-alphabeta"}.get(mode, "")
        record = GameRecord(Position(GameShape(rows, cols, k, variant), ((0, 0),)), Seating(mode, (x, o)), level,
                            (1.0,), None, 0, 1e9, 1e9 + 60)  # fmt: skip
        archive.record(record)
    archive.close()
    shown = {}
    for command in ("games", "stats"):
        assert cli.main([command]) == 0
        shown[command] = capsys.readouterr().out
        assert "…" not in shown[command]
        assert max(len(line) for line in shown[command].splitlines()) <= columns
        assert long_name in shown[command]
    words = ("gravity-alphabeta", "online", "(guest)", "computers", "Misère", "Ultimate", "Gravity")
    assert all(word in shown["games"] for word in words)
    statistics = Archive.open(Paths.default()).statistics()
    shown_lines = shown["stats"].splitlines()
    for line in statistics.lines:  # who played, and each board with its counts, on one line
        assert line.who in [row.strip() for row in shown_lines]
        counts = " ".join(str(count) for count in (line.won, line.drawn, line.lost, line.streak, line.best_streak))
        assert any(line.board in row and " ".join(row.split()).endswith(counts) for row in shown_lines), line


def listed_at_80_columns(archive: Archive, capsys: pytest.CaptureFixture[str]) -> tuple[list[str], set[str]]:
    """``games`` at 80 columns: its lines, each at most 80 wide, nothing cut with "…"; and the
    words it shows."""
    archive.close()
    assert cli.main(["games"]) == 0
    shown = capsys.readouterr().out
    lines = shown.splitlines()
    assert max(map(len, lines)) <= 80
    assert "…" not in shown
    return lines, set(shown.split())


def test_the_games_list_at_80_columns_keeps_every_header_and_cell_whole(
    home: Paths, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The widest rows the archive holds, on each game's largest board: the computer at the
    longest level, computers that changed level once (the two longest joined) and at every
    level in turn. Every header on one line, every word of every cell whole; in the players'
    column, which wraps, only a word wider than the column is folded. Before: "board" came out
    as "boa" over "rd", and the columns after the players' were dropped."""
    monkeypatch.setenv("COLUMNS", "80")
    names = sorted(strategy_names(), key=len)
    levels = {VS_COMPUTER.name: [names[-1]], COMPUTERS.name: ["+".join(names[-2:]), "+".join(names)]}
    archive = Archive.open(home)
    for rules in RULES.values():
        preset = presets_for(rules.name)[-1]
        for mode, level in ((mode, level) for mode, each in levels.items() for level in each):
            players = ("computer", "computer") if mode == COMPUTERS.name else ("you", "computer")
            archive.record(GameRecord(Position(preset, ((0, 0),)), Seating(mode, players), level,
                                      (1.0,), None, 0, 1e9, 1e9 + 60))  # fmt: skip
    rows = [summary.cells() for summary in archive.page()]
    lines, words = listed_at_80_columns(archive, capsys)
    assert lines[1].split() == ["#", "ended", "board", "mode", "X", "·", "O", "result", "moves"]  # one line, whole
    players_width = lines[1].index("result") - lines[1].index("X · O") - 3  # less the padding between
    players_words = {word for row in rows for word in (row[4], row[5])}
    missing = {word for row in rows for cell in row for word in cell.split()} - words
    assert all(word in players_words and len(word) > players_width for word in missing), "\n".join(lines)

"""``scripts/build_opening_wins.py``: the chances of random openings it orders its work by, and
what it does with a position: skip it, leave it to the live proof, or add a proven win."""

from __future__ import annotations

import itertools
import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe_tui.engine import Board
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.book import canonical
from tictactoe_tui.engine.search.gravity.solver import GravitySolver
from tictactoe_tui.engine.search.win_book import WinBook

from .helpers.scripts import SCRIPTS, load_script
from .helpers.waiting import until_blocking

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
    assert BUILD.settle("4555", 3_000_000, 13) == ("not won", "4555", [])  # a draw with best play
    assert BUILD.settle("4452", 3_000_000, 13) == ("quick", "4452", [])


def test_a_position_the_book_answers_is_done_without_its_partial_file() -> None:
    book = WinBook.from_bytes(BUILD.DEFAULT_OUT.read_bytes(), "gravity")
    assert BUILD.in_book(book, "25427777")  # a hard 8-ply win an earlier build proved
    assert not BUILD.in_book(book, "4452")  # a quick win, left to the live proof
    assert not BUILD.in_book(book, "4555")  # a draw


def test_a_lower_bar_settles_again_the_quick_wins_and_closings_of_a_higher_one() -> None:
    """A build resumes past what it did, but a win found quick within 3 M nodes may need its proof
    at a bar of 300,000: those positions, and the openings closed at 3 M, are done again."""
    lines = [
        '{"columns": "4452", "kind": "quick", "keys": []}',  # recorded before answers had a bar
        '{"columns": "4453", "kind": "quick", "keys": [], "nodes": 300000}',
        '{"columns": "4555", "kind": "not won", "keys": []}',
        '{"columns": "25427777", "kind": "added", "keys": [[1, 2]], "nodes": 3000000}',
        '{"columns": "254277771/1", "kind": "closed", "keys": [], "nodes": 3000000}',
        '{"columns": "254277772/1", "kind": "closed", "keys": [], "nodes": 300000}',
    ]
    done, keys = BUILD.resumed(lines, 300_000)
    assert done == {"settled": {"4453", "4555", "25427777"}, "closed": {"254277772/1"}}
    assert keys == {(1, 2)}
    done, _ = BUILD.resumed(lines, 3_000_000)
    assert done["settled"] == {"4452", "4453", "4555", "25427777"}
    assert done["closed"] == {"254277771/1", "254277772/1"}


def test_the_follow_ups_are_the_defenders_best_replies_each_settled() -> None:
    """After a winning move, each reply that loses slowest is settled as an opening is (here each
    is a quick win), and with a depth of 2 the best replies after each of those wins too. (After
    an opening such as 4452 every reply loses at once, and a win that ends the game has no
    replies to follow.)"""
    from bitbully import BitBully
    from bitbully import Board as ReferenceBoard

    after = "55143" + str(dropped(CONNECT_FOUR, "55143").move_at(quick_win("55143"))[1] + 1)
    scores = BitBully().score_all_moves(ReferenceBoard.from_moves([int(column) - 1 for column in after]))
    best = {after + str(column + 1) for column, score in scores.items() if score == max(scores.values())}
    one = BUILD.close(after, 1, 3_000_000, 13)
    assert {columns for _, columns, _ in one} == best
    assert {kind for kind, _, _ in one} == {"quick"}
    two = BUILD.close(after, 2, 3_000_000, 13)
    assert {columns for _, columns, _ in two if len(columns) == len(after) + 1} == best
    assert any(len(columns) == len(after) + 3 for _, columns, _ in two)
    assert BUILD.close_after(after, 2, 3_000_000, 13)[-1] == ("closed", f"{after}/2", [])


def test_a_win_that_ends_the_game_has_no_follow_ups() -> None:
    """After 44526 (an open three on the bottom row) every reply loses at once: each is settled
    by the line it leaves open, and the game then is over, with no replies to follow."""
    answers = BUILD.close("44526", 2, 3_000_000, 13)
    assert sorted(columns for _, columns, _ in answers) == [f"44526{column}" for column in range(1, 8)]
    assert {kind for kind, _, _ in answers} == {"quick"}


def test_the_follow_ups_start_from_the_moves_the_book_answers_with() -> None:
    book = WinBook.from_bytes(BUILD.DEFAULT_OUT.read_bytes(), "gravity")
    assert list(BUILD.book_moves(book, ["25427777", "4452", "4555"])) == [
        "25427777" + str(book.winning_move(dropped(CONNECT_FOUR, "25427777"))[1] + 1)  # type: ignore[index]
    ]


def test_the_book_answers_the_replies_impossible_once_let_go() -> None:
    """Three 8-ply openings the book answered, where a perfect defender's reply left a win that
    took the live proof more than a move's second under load (5 M nodes): 10 plies in, each is
    answered from the book now."""
    book = WinBook.from_bytes(BUILD.DEFAULT_OUT.read_bytes(), "gravity")
    for columns in ("4113756355", "6134761555", "7352167133"):
        assert BUILD.in_book(book, columns), columns


def test_a_win_the_alpha_beta_keeps_is_left_held_only_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After 12346 the solver does not find O's win within 300,000 nodes, and our solver proves
    that every move ``impossible``'s alpha-beta may choose there wins: held, and left to the
    live play. Our solver decides it, not the outside referee (asking the referee fails here)."""
    assert BUILD.settle("12346", 300_000, 11, leave_held=True) == ("held", "12346", [])
    monkeypatch.setattr(BUILD, "referee", refused)
    assert BUILD.held(dropped(CONNECT_FOUR, "12346"), GravitySolver(CONNECT_FOUR.geometry, use_book=False))


@pytest.mark.slow
def test_a_win_the_alpha_beta_may_let_go_is_not_held(monkeypatch: pytest.MonkeyPatch) -> None:
    """After 3673326 the alpha-beta chooses column 2 (wins) at depth 5 and column 3 (draws) at
    depth 6: our solver does not prove column 3 winning (22 M nodes refute it), so not held."""
    monkeypatch.setattr(BUILD, "referee", refused)
    assert not BUILD.held(dropped(CONNECT_FOUR, "3673326"), GravitySolver(CONNECT_FOUR.geometry, use_book=False))


def refused() -> None:
    """The build's referee, where a test shows that a decision does not ask it."""
    raise AssertionError("the outside referee was asked")


def quick_win(columns: str) -> int:
    """The cell the solver (without the book) finds winning the position after ``columns``."""
    cell = GravitySolver(CONNECT_FOUR.geometry, use_book=False).winning_move(dropped(CONNECT_FOUR, columns))
    assert cell is not None
    return cell


@pytest.mark.slow
def test_a_hard_win_is_added_as_the_proven_loss_after_it_with_the_wins_that_follow() -> None:
    """An 8-ply opening whose winning move the solver needs about a second to find: the position
    after the winning move goes in, and the proof's losses up to 11 marks (the wins that answer
    the opponent's replies), each lost for its side to move."""
    kind, _, keys = BUILD.settle("25427777", 3_000_000, 11)
    assert kind == "added"
    opening = dropped(CONNECT_FOUR, "25427777")
    after = {tuple(canonical(opening.play(move))[:2]) for move in opening.legal_moves()}
    boards = [Board(CONNECT_FOUR.geometry, x, o) for x, o in keys]
    assert len(after & {(x, o) for x, o in keys}) == 1
    assert {board.move_count for board in boards} >= {9, 11}
    assert max(board.move_count for board in boards) == 11
    solver = GravitySolver(CONNECT_FOUR.geometry, use_book=False)
    assert all(solver.is_lost(board) for board in boards if board.move_count == 11)


@pytest.mark.slow
def test_a_build_of_named_positions_settles_those_alone_in_their_order(tmp_path: Path) -> None:
    book = tmp_path / "wins.bin"
    shutil.copy(BUILD.DEFAULT_OUT, book)
    command = [sys.executable, str(SCRIPTS / "build_opening_wins.py"), "--jobs", "1", "--out", str(book)]
    subprocess.run([*command, "--positions", "4452", "4"], check=True, capture_output=True)
    settled = [json.loads(line) for line in book.with_name("wins.bin.openings.partial").read_text().splitlines()]
    assert [(entry["columns"], entry["kind"]) for entry in settled] == [("4452", "quick"), ("4", "not won")]


def state_of(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent, from /proc; None when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def children_of(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    return {int(path.name) for path in Path("/proc").glob("[0-9]*") if (state_of(int(path.name)) or ("", 0))[1] == pid}


def running(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (not gone, not a zombie waiting to be reaped)."""
    return {pid for pid in pids if (state_of(pid) or ("Z", 0))[0] != "Z"}


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
def test_a_build_stopped_by_sigterm_ends_its_processes_and_writes_the_book(tmp_path: Path) -> None:
    book = tmp_path / "wins.bin"
    shutil.copy(BUILD.DEFAULT_OUT, book)
    build = subprocess.Popen(
        [sys.executable, str(SCRIPTS / "build_opening_wins.py"), "--plies", "6", "--jobs", "2", "--out", str(book)],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert build.stderr is not None
    build.stderr.read(1)  # the first answer's progress
    workers = children_of(build.pid)
    assert workers
    build.send_signal(signal.SIGTERM)
    assert build.wait(timeout=60) == 0
    assert "stopped" in build.stderr.read()
    assert book.with_name("wins.bin.sha256").exists()
    until_blocking(lambda: not running(workers), "the build's workers to end")

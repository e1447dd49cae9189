"""The command line: analyze and arena output, and one-line errors with exit status 2."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_tui import __version__
from tictactoe_tui.cli import main, parser
from tictactoe_tui.engine import Board, analyze
from tictactoe_tui.game import Preset
from tictactoe_tui.net import PUBLIC_MAILBOX, HostPlan, JoinPlan, MailboxHostPlan, MailboxJoinPlan

from .helpers.stand_ins import record


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_analyze_json_is_one_object_matching_the_solver(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "analyze", "x.o/.x./..o", "--json")
    assert status == 0
    assert err == ""
    data = json.loads(out)
    expected = analyze(Board.parse("x.o/.x./..o"))
    assert data["board"] == "x.o/.x./..o"
    assert data["k"] == 3
    assert data["to_move"] == "x"
    assert data["value"] == expected.value == 0
    assert data["moves"][0] == {"row": 1, "col": 2, "value": 0, "plies": 5}
    assert [(m["row"], m["col"], m["value"], m["plies"]) for m in data["moves"]] == [
        (mv.move[0], mv.move[1], mv.value, mv.plies) for mv in expected.moves
    ]


def test_analyze_table_lists_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "x.o/.x./..o")
    assert status == 0
    assert "X to move: draw" in out
    for name in ("c2", "a3", "b1", "a2", "b3"):
        assert name in out


def test_analyze_takes_a_game_o_opened_and_answers_in_its_marks(capsys: pytest.CaptureFixture[str]) -> None:
    """O has one more mark than X: X is to move; the engine (whose X moves first) analyzes the
    board with the marks swapped, and the answer names the marks as given."""
    swapped = analyze(Board.parse("x.x/.o./..."))  # O to move there, as X is here
    status, out, err = run(capsys, "analyze", "o.o/.x./...", "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert (data["board"], data["to_move"], data["value"]) == ("o.o/.x./...", "x", swapped.value)
    assert [(m["row"], m["col"], m["value"], m["plies"]) for m in data["moves"]] == [
        (mv.move[0], mv.move[1], mv.value, mv.plies) for mv in swapped.moves
    ]
    assert data["moves"][0] == {"row": 0, "col": 1, "value": 0, "plies": 6}  # X blocks O's top row
    status, out, _ = run(capsys, "analyze", "..o/.../...")
    assert status == 0
    assert "..o/.../..." in out
    assert "X to move: draw for X" in out
    assert "result for X" in out


@pytest.mark.parametrize(
    ("args", "verdict"),
    [
        (["x.o/.x./..o"], "X to move: draw for X in 5 moves of both sides with best play"),
        (["x.o/.x./..o", "--game", "misere"], "X to move: draw for X in 5 moves of both sides with best play"),
        (["......./......./......./...x.../......./......./.......", "--time", "0.2"], "O to move: the exact solver"),
        (["......./......./......./......./......./......./...x...", "--game", "gravity", "--time", "0.2"],
         "O to move: the exact solver"),
        (["/".join(["." * 15] * 7 + [".......x......."] + ["." * 15] * 7), "--time", "0.2"],
         "O to move: the exact solver"),
        ([str(Board.empty(9, 9, 3, "ultimate").play((4, 4))), "--game", "ultimate", "--time", "0.2"],
         "O to move: the exact solver"),
    ],
)  # fmt: skip
def test_analyze_reads_whole_lines_in_a_player_s_words_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str], verdict: str
) -> None:
    """The heading was the table's title, wrapped to the table's width and centred ("draw for X
    in 5" / "plies with best play"), and it counted plies where the README counts moves of both
    sides: now each sentence is one line of at most 80 columns, above the table. A board too long
    for a line (15×15, Ultimate) is named by its size rather than broken across lines."""
    monkeypatch.setenv("COLUMNS", "80")
    status, out, _ = run(capsys, "analyze", *args)
    assert status == 0
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[1].startswith(verdict)  # the position's line whole above it, however big the board
    assert "ply" not in out
    assert "…" not in out


def test_analyze_with_k_on_a_bigger_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "..../..../..../....", "--k", "3", "--json")
    assert status == 0
    assert json.loads(out)["value"] == 1


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["analyze", "xxx/oo./..."], "game is over"),
        (["analyze", "ooo/xx./..."], "game is over"),  # O opened and won
        (["analyze", "xxx/oo./oo."], "X has won, but the game went on after that"),  # in the marks given
        (["analyze", "xx./../..."], "rows differ in length"),
        (["analyze", "abc/.../..."], "bad character"),
        (["analyze", ".../.../...", "--k", "5"], "k=5 does not fit a 3×3 board: k must be 3\n"),  # not "3 to 3"
        (["--board", "4x4", "--k", "5"], "k must be 3 to 4\n"),
        (["analyze", ".../.../...", "--k", "three"], "--k: expected a number of marks in a row from 1"),
        (
            ["analyze", ".../.../...", "--k", "²"],
            "--k: expected a number of marks in a row",
        ),  # isdigit() takes it, int() not
        (["--board", "3x²"], "board size must look like 3×3"),
        (["analyze"], "required: board"),
        (["arena", "--x", "genius", "--o", "easy"], "unknown level or strategy 'genius'"),
        (["arena", "--x", "easy"], "arena needs --x and --o (or --ladder)"),
        (["arena", "--x", "easy", "--o", "easy", "--games", "0"], "from 1 to 100,000"),
        (["arena", "--x", "easy", "--o", "easy", "--board", "9x9"], "9×9 board is not supported"),
        (["arena", "--x", "easy", "--o", "easy", "--board", "big"], "must look like 3×3 or 3x3"),
        (["arena", "--x", "opening-table", "--o", "easy", "--board", "4x4"], "does not play Classic on a 4×4"),
        (["frobnicate"], "invalid choice"),
        (["--think-time", "1e9"], "expected 0.05 to 60 seconds a move, not '1e9'"),
        (["--think-time", "0.001"], "expected 0.05 to 60 seconds a move"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str], reason: str) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert reason in err


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "analyze",
                "arena",
                "--x",
                "--o",
                "--k",
                "--games",
                "--board",
                "-1",
                "0",
                "easy",
                "4x4",
                "x../...",
                "--json",
                "?",
                "--seed",
                "nope",
                "7",
            ]
        ),
        max_size=6,
    )
)
def test_no_argument_list_gives_a_traceback(args: list[str]) -> None:
    if not args or args[0] not in ("analyze", "arena"):
        args = ["analyze", *args]  # never launch the app here
    try:
        status = main(args)
    except SystemExit as exit_:  # --help
        status = exit_.code if isinstance(exit_.code, int) else 0
    assert status in (0, 2)


def test_arena_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "arena", "--x", "medium", "--o", "easy", "--games", "20", "--seed", "4", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["games"] == 20
    assert data["x_wins"] + data["o_wins"] + data["draws"] == 20
    assert {data["x"], data["o"]} == {"medium", "easy"}
    status, out, _ = run(capsys, "arena", "--x", "medium", "--o", "easy", "--games", "20", "--seed", "4")
    assert status == 0
    assert "medium" in out
    assert str(data["x_wins"]) in out


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe_tui", "analyze", ".../.x./...", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["to_move"] == "o"


def test_the_main_module_does_not_relaunch_when_reimported() -> None:
    # A spawned search process imports the parent's main module as __mp_main__.
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import runpy; runpy.run_module('tictactoe_tui.__main__', run_name='__mp_main__')",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0
    assert done.stdout == ""


def test_analyze_gives_estimates_where_it_cannot_solve(capsys: pytest.CaptureFixture[str]) -> None:
    board = "......./......./......./...x.../......./......./......."
    status, out, _ = run(capsys, "analyze", board, "--k", "5", "--time", "0.5", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["complete"] is False
    assert data["value"] is None
    assert data["estimate_depth"] >= 1
    assert all(set(move) == {"row", "col", "score", "outlook"} for move in data["moves"])
    status, out, _ = run(capsys, "analyze", board, "--k", "5", "--time", "0.5")
    assert "estimates, not exact values, from a search" in out


def test_arena_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "arena", "--ladder", "--games", "10", "--json")
    assert status == 0
    ladder = json.loads(out)["ladder"]
    assert [(row["upper"], row["lower"]) for row in ladder] == [
        ("medium", "easy"),
        ("hard", "medium"),
        ("impossible", "hard"),
    ]
    assert all(row["wins"] + row["losses"] + row["draws"] == 10 for row in ladder)
    reference = json.loads(out)["reference"]
    assert [(row["upper"], row["lower"]) for row in reference] == [
        (level, bot) for bot in ("mcts-1000", "mcts-solver-1000")
        for level in ("easy", "medium", "hard", "impossible")
    ]  # fmt: skip
    for row in reference:
        assert row["score"] == (row["wins"] + row["draws"] / 2) / 10


def test_arena_jobs_share_the_games_out_without_changing_results(capsys: pytest.CaptureFixture[str]) -> None:
    alone = run(capsys, "arena", "--ladder", "--board", "4x4", "--games", "4", "--seed", "2", "--json")
    shared = run(capsys, "arena", "--ladder", "--board", "4x4", "--games", "4", "--seed", "2", "--json", "--jobs", "2")
    assert shared == alone
    assert alone[0] == 0


def test_the_game_options_reach_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[dict[str, object]] = []
    monkeypatch.setattr("tictactoe_tui.app.run_app", lambda choices=None, **_: record(launched, choices, 0))
    assert main(["--board", "15x15", "--think-time", "0.5"]) == 0
    assert launched == [{"preset": Preset(15, 15, 5), "think_seconds": 0.5}]
    assert main(["--board", "5x6", "--k", "3"]) == 0
    assert launched[-1] == {"preset": Preset(5, 6, 3)}
    assert main(["--board", "6x6"]) == 0
    assert launched[-1] == {"preset": Preset(6, 6, 5)}  # the 6×6 preset's k


def test_every_board_option_takes_the_size_as_the_app_writes_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    launched: list[dict[str, object]] = []
    monkeypatch.setattr("tictactoe_tui.app.run_app", lambda choices=None, **_: record(launched, choices, 0))
    for size in ("4×4", "4x4", "4X4"):
        assert main(["--board", size]) == 0
        assert launched[-1] == {"preset": Preset(4, 4, 4)}
    status, out, _ = run(capsys, "arena", "--x", "easy", "--o", "easy", "--games", "2", "--board", "3×3")
    assert status == 0
    assert "Classic on 3×3, k=3" in out  # the header writes × as the app does


def test_game_picks_the_rules_and_its_first_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[dict[str, object]] = []
    monkeypatch.setattr("tictactoe_tui.app.run_app", lambda choices=None, **_: record(launched, choices, 0))
    assert main(["--game", "gravity"]) == 0
    assert launched[-1] == {"preset": Preset(6, 7, 4, "gravity")}
    assert main(["--game", "Misere", "--board", "4x4"]) == 0
    assert launched[-1] == {"preset": Preset(4, 4, 4, "misere")}
    assert main(["--game", "ultimate"]) == 0
    assert launched[-1] == {"preset": Preset(9, 9, 3, "ultimate")}


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--game", "ultimate", "--board", "3x3"], "Ultimate is played on 9×9 (nine 3×3 boards)"),
        (["arena", "--game", "misere", "--x", "rules", "--o", "easy"], "rules does not play Misère"),
        (["analyze", "x......../.../", "--game", "ultimate"], "rows differ in length"),
        (["analyze", "x../.../...", "--game", "gravity"], "floats"),
    ],
)
def test_bad_game_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], reason: str
) -> None:
    status, out, err = run(capsys, *args)
    assert (status, out, err.count("\n")) == (2, "", 1)
    assert reason in err


def test_analyze_solves_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "..../..../..../x.o.", "--game", "gravity", "--json")
    data = json.loads(out)
    assert (status, data["game"], data["source"], data["complete"]) == (0, "gravity", "search", True)
    assert {(m["row"], m["col"]) for m in data["moves"]} == {(3, 1), (3, 3), (2, 0), (2, 2)}
    status, out, _ = run(capsys, "analyze", "xx./.o./..o", "--game", "misere")
    assert status == 0
    assert "Misère" in out


def test_analyze_estimates_ultimate_and_says_from_what(capsys: pytest.CaptureFixture[str]) -> None:
    board = Board.empty(9, 9, 3, "ultimate").play((4, 4))
    status, out, _ = run(capsys, "analyze", str(board), "--game", "ultimate", "--time", "0.4", "--json")
    data = json.loads(out)
    assert (status, data["source"], data["value"]) == (0, "estimate", None)
    assert "the computer's search" in data["basis"]
    assert {(m["row"], m["col"]) for m in data["moves"]} == set(board.legal_moves())


def test_analyze_refuses_an_ultimate_position_without_its_last_move_showing_the_at_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = Board.empty(9, 9, 3, "ultimate")
    for move in ((0, 0), (1, 1), (4, 4)):
        board = board.play(move)
    without_last = str(board).partition("@")[0]
    status, out, err = run(capsys, "analyze", without_last, "--game", "ultimate", "--time", "0.2")
    assert (status, out) == (2, "")  # it listed 80 moves, 72 of them illegal
    assert err.count("\n") == 1
    assert "needs its last move" in err
    assert "@" in err
    help_text = io.StringIO()
    with contextlib.redirect_stdout(help_text), pytest.raises(SystemExit):
        main(["analyze", "--help"])
    assert "@" in help_text.getvalue()  # --help shows the form too


def test_analyze_infers_an_ultimate_last_move_when_only_one_mark_can_be_it(capsys: pytest.CaptureFixture[str]) -> None:
    board = Board.empty(9, 9, 3, "ultimate").play((0, 0))  # X's one mark, in the top-left board's top-left square
    without_last = str(board).partition("@")[0]
    status, out, _ = run(capsys, "analyze", without_last, "--game", "ultimate", "--time", "0.2", "--json")
    data = json.loads(out)
    assert status == 0
    assert data["board"] == str(board)  # the last move, a1, inferred
    assert {(m["row"], m["col"]) for m in data["moves"]} == set(board.legal_moves())  # 8, all in that board


def test_analyze_of_nothing_says_what_to_type(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "analyze", "")
    assert (status, out) == (2, "")
    assert err.startswith("tictactoe-tui: error: no board given: write its rows separated by '/'")
    assert err.endswith(", e.g. x.o/.x./..o\n")
    assert err.count("\n") == 1


def test_arena_plays_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("gravity", "misere", "ultimate"):
        status, out, _ = run(capsys, "arena", "--game", game, "--x", "medium", "--o", "easy", "--games", "2", "--json")
        assert status == 0, game
        assert sum(json.loads(out)[key] for key in ("x_wins", "o_wins", "draws")) == 2


def test_host_and_join_launch_the_app_online(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the mailbox server by default (the public one, $TICTACTOE_TUI_MAILBOX or --mailbox),
    directly with --direct or an address."""
    launched: list[object] = []
    monkeypatch.setattr("tictactoe_tui.app.run_app", lambda online=None, choices=None: record(launched, online, 0))
    monkeypatch.delenv("TICTACTOE_TUI_MAILBOX", raising=False)
    monkeypatch.delenv("TICTACTOE_TUI_CODE", raising=False)
    assert main(["host"]) == 0
    assert main(["join", "7-Guitarist-revenge"]) == 0
    assert main(["join"]) == 0
    assert main(["host", "--mailbox", "ws://127.0.0.1:4000/v1"]) == 0
    monkeypatch.setenv("TICTACTOE_TUI_MAILBOX", "ws://192.0.2.9:4000/v1")
    assert main(["join", "12 acorn amber"]) == 0
    assert main(["join", "12-acorn-amber", "--mailbox", "wss://example.org/v1"]) == 0
    assert main(["host", "--direct"]) == 0
    assert main(["host", "--direct", "--port", "9000", "--bind", "0.0.0.0"]) == 0
    assert main(["join", "192.0.2.7", "--code", "maple-otter-comet"]) == 0
    assert main(["join", "[::1]:7000"]) == 0
    assert launched == [
        MailboxHostPlan(PUBLIC_MAILBOX),
        MailboxJoinPlan(PUBLIC_MAILBOX, "7-guitarist-revenge"),
        MailboxJoinPlan(PUBLIC_MAILBOX, None),
        MailboxHostPlan("ws://127.0.0.1:4000/v1"),
        MailboxJoinPlan("ws://192.0.2.9:4000/v1", "12-acorn-amber"),
        MailboxJoinPlan("wss://example.org/v1", "12-acorn-amber"),
        HostPlan("127.0.0.1", 7717),
        HostPlan("0.0.0.0", 9000),
        JoinPlan("192.0.2.7", 7717, "maple-otter-comet"),
        JoinPlan("::1", 7000, None),
    ]
    bad_ones = (
        ["join", "host:99999"],
        ["join", "host:7²"],
        ["join", "a:b:c"],  # these four started the app (the first to reach 'a:b:c:7717')
        ["join", "host:"],
        ["join", "bad host"],
        ["join", "[::1"],
        ["host", "--direct", "--port", "0"],
        ["host", "--mailbox", "http://example.org"],
        ["join", "--code", "7-²-x"],
        ["host", "--port", "9000"],
        ["host", "--direct", "--mailbox", "ws://127.0.0.1:4000/v1"],
        ["join", "192.0.2.7", "--mailbox", "ws://127.0.0.1:4000/v1"],
    )
    for bad in bad_ones:
        stderr = io.StringIO()
        assert run_quietly(bad, stderr) == 2, bad
        assert len(stderr.getvalue().strip().splitlines()) == 1


def test_join_takes_the_code_from_a_file_or_the_environment_not_only_argv(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    launched: list[object] = []
    monkeypatch.setattr("tictactoe_tui.app.run_app", lambda online=None, choices=None: record(launched, online, 0))
    code_file = tmp_path / "code"
    code_file.write_text("maple otter comet\n")
    assert main(["join", "192.0.2.7", "--code-file", str(code_file)]) == 0
    monkeypatch.setenv("TICTACTOE_TUI_CODE", "acorn-amber-anchor")
    assert main(["join", "192.0.2.7"]) == 0
    assert [plan.code for plan in launched] == ["maple otter comet", "acorn-amber-anchor"]  # type: ignore[attr-defined]
    stderr = io.StringIO()
    assert run_quietly(["join", "192.0.2.7", "--code-file", str(tmp_path / "missing")], stderr) == 2
    assert stderr.getvalue() == (
        f"tictactoe-tui: error: cannot read the join code from {tmp_path / 'missing'}: No such file or directory\n"
    )  # it said "[Errno 2] No such file or directory: '…'" after the file's name
    for unbounded, why in (("/dev/zero", "is a device, not a file"), (str(tmp_path), "is a directory, not a file")):
        stderr = io.StringIO()
        assert run_quietly(["join", "192.0.2.7", "--code-file", unbounded], stderr) == 2  # read whole, it hung
        assert stderr.getvalue() == f"tictactoe-tui: error: cannot read the join code from {unbounded}: {why}\n"
    huge = tmp_path / "huge"
    huge.write_bytes(b"x" * 100_000)
    stderr = io.StringIO()
    assert run_quietly(["join", "192.0.2.7", "--code-file", str(huge)], stderr) == 2
    assert stderr.getvalue().endswith("is larger than 4 KiB\n")
    help_text = io.StringIO()
    with contextlib.redirect_stdout(help_text), pytest.raises(SystemExit):
        main(["join", "--help"])
    assert "process list" in " ".join(help_text.getvalue().split())  # --code is visible to local users


def test_version() -> None:
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout), pytest.raises(SystemExit):
        main(["--version"])
    assert stdout.getvalue().strip() == f"tictactoe-tui {__version__}"


def run_quietly(args: list[str], stderr: io.StringIO) -> int:
    """Run the CLI with its output captured; ``-h`` anywhere prints help and exits 0."""
    with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
        try:
            return main(args)
        except SystemExit as exit_:
            code = exit_.code
    assert code == 0  # only --help leaves this way
    return 0


def test_help_exits_0() -> None:
    assert run_quietly(["analyze", "-h"], io.StringIO()) == 0


ANY_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=20)


@settings(max_examples=80, deadline=None)
@given(board=ANY_TEXT, k=ANY_TEXT, seconds=ANY_TEXT)
def test_any_analyze_arguments_answer_or_exit_2_with_one_line(board: str, k: str, seconds: str) -> None:
    capture = io.StringIO()
    status = run_quietly(["analyze", board, "--k", k, "--time", seconds or "x", "--json"], capture)
    assert status in (0, 2)
    if status == 2:
        assert capture.getvalue().count("\n") == 1
        assert capture.getvalue().startswith("tictactoe-tui: error: ")


@settings(max_examples=60, deadline=None)
@given(x=ANY_TEXT, o=ANY_TEXT, games=ANY_TEXT, board=ANY_TEXT, k=ANY_TEXT, seed=ANY_TEXT)
def test_any_arena_arguments_answer_or_exit_2_with_one_line(
    x: str, o: str, games: str, board: str, k: str, seed: str
) -> None:
    capture = io.StringIO()
    args = ["arena", "--x", x, "--o", o, "--games", games, "--board", board, "--k", k, "--seed", seed, "--json"]
    status = run_quietly(args, capture)
    assert status in (0, 2)
    if status == 2:
        assert capture.getvalue().count("\n") == 1


def test_serve_warns_unless_it_listens_on_this_machine_only() -> None:
    from tictactoe_tui.cli.serve import warning

    for local in ("127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"):
        assert warning(local) is None
    for public in ("0.0.0.0", "::", "192.0.2.7", "example.org"):
        message = warning(public)
        assert message is not None
        assert message.startswith("warning: serving on")


@pytest.fixture
def port_in_use() -> Iterator[int]:
    """A port another program listens on (on 127.0.0.1)."""
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        yield listening.getsockname()[1]


#: Where a server cannot listen, by why: the address (None: 127.0.0.1) and the line said.
CANNOT_LISTEN = {
    "port in use": (None, "port {port} is in use on 127.0.0.1"),
    "no such address": ("999.1.1.1", "cannot listen on 999.1.1.1: no such address"),
    "not this machine's": ("192.0.2.7", "cannot listen on 192.0.2.7: not an address of this machine"),
}


@pytest.mark.parametrize(("address", "said"), CANNOT_LISTEN.values(), ids=list(CANNOT_LISTEN))
@pytest.mark.parametrize("command", [["serve", "--host"], ["host", "--direct", "--bind"]], ids=["serve", "host"])
def test_a_server_that_cannot_listen_says_why_in_one_line_and_exits_2(
    port_in_use: int, command: list[str], address: str | None, said: str
) -> None:
    """Before: serve ended with status 1 and a traceback of 38 to 55 lines; host --direct opened the
    game, which waited for a friend who could not come."""
    where = [command[-1], address] if address else []
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe_tui", *command[:-1], *where, "--port", str(port_in_use)],
        capture_output=True, text=True, timeout=120, check=False, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith(f"tictactoe-tui: error: {said.format(port=port_in_use)}")
    assert done.stderr.count("\n") == 1


def test_serve_says_in_one_line_a_port_taken_after_it_looked(
    port_in_use: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("tictactoe_tui.cli.serve.listen_problem", lambda _host, _port: None)
    status, _out, err = run(capsys, "serve", "--port", str(port_in_use))
    assert status == 2
    assert err == f"tictactoe-tui: error: port {port_in_use} is in use on 127.0.0.1\n"


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    """``analyze … --json | head -c 150``: no traceback, the status of a tool the pipe ended."""
    reader = subprocess.Popen(["head", "-c", "20"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe_tui", "analyze", "......./......./......./......./......./......./.......",
         "--json", "--time", "0.2"],
        stdout=reader.stdin, stderr=subprocess.PIPE, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert reader.stdin is not None
    reader.stdin.close()
    reader.wait()
    assert "Traceback" not in done.stderr
    assert done.stderr == ""


def test_analyze_says_what_the_exact_solver_managed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "analyze", "......./......./......./......./......./......./.......", "--time", "1")
    assert status == 0
    assert "not solved within" not in out
    assert "exact solver solved" in " ".join(out.split())


def test_analyze_gives_the_exact_solver_nearly_all_the_time_where_it_answers_every_position() -> None:
    from tictactoe_tui.cli.analyze import exact_share

    assert exact_share(Board.empty(5, 5, 4)) == 0.9  # the book and the live solver cover 5×5 (issue 27)
    assert exact_share(Board.empty(6, 6, 5)) == 0.5  # estimates need the time where it cannot finish


@pytest.mark.parametrize(
    "command",
    [["games", "show", "1"], ["games", "review", "1"], ["games"], ["stats"], ["analyze", "x.o/.x./..o"]],
    ids=" ".join,
)
def test_every_command_ends_with_status_0_when_its_reader_is_gone(tmp_path: Path, command: list[str]) -> None:
    """``games show N | head -1`` exited 1: Rich's console ended the program itself on a closed pipe."""
    from tictactoe_tui.engine.board import GameShape
    from tictactoe_tui.engine.position import Position
    from tictactoe_tui.store.archive import Archive, GameRecord
    from tictactoe_tui.store.files import Paths
    from tictactoe_tui.table import Seating

    environment = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    archive = Archive.open(Paths(tmp_path / "config" / "tictactoe-tui", tmp_path / "data" / "tictactoe-tui"))
    moves = ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
    seating = Seating("two players", ("you", "you"))
    archive.record(GameRecord(Position(GameShape(3, 3, 3), moves), seating, "", (1.0,) * 5, "x", 1, 9.0, 19.0))
    archive.close()
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe_tui", *command],
        stdout=write, stderr=subprocess.PIPE, text=True, env=environment, timeout=120, check=False,
    )  # fmt: skip
    os.close(write)
    assert done.stderr == ""
    assert done.returncode == 0


def test_a_start_with_no_arguments_builds_no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command line with no argument is not parsed (argparse is not even loaded): it plays
    with no saved game and no choices, which is what the parser makes of no arguments."""
    built: list[int] = []
    build = parser.build_parser
    monkeypatch.setattr(parser, "build_parser", lambda: record(built, 1, build()))
    played: list[dict[str, object]] = []
    monkeypatch.setattr("tictactoe_tui.app.run_app", lambda **kwargs: record(played, kwargs, 0))
    assert main([]) == 0
    assert built == []
    assert played == [{"load": None, "choices": {}}]
    nothing = build().parse_args([])
    assert (nothing.command, nothing.load, parser.launch_choices(nothing)) == (None, None, {})


def every_command(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Each command the parser has (the top level, every subcommand, theirs in turn), with its words."""
    found = [(path, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += every_command(sub, (*path, name))
    return found


#: Values tried on each typed argument: those its own type refuses are each given to the command.
ODD_VALUES = (
    "",
    "²",
    "nope",
    "-1",
    "0",
    "1e999",
    "x",
    "²x3",
    "[::1",
    "99999",
    "nan",
    "a:b:c",
    "host:",
    "bad host",
    ":1",
)

COMMANDS = every_command(parser.build_parser())


def test_the_walk_finds_every_subcommand() -> None:
    words = {path for path, _ in COMMANDS}
    assert {("analyze",), ("arena",), ("games",), ("games", "show"), ("puzzle",), ("join",)} <= words


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(path) or "play" for path, _ in COMMANDS])
def test_every_command_s_help_works_and_each_bad_value_exits_2_with_one_line(
    path: tuple[str, ...], command: argparse.ArgumentParser
) -> None:
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), pytest.raises(SystemExit) as ended:
        main([*path, "--help"])
    assert ended.value.code == 0
    assert shown.getvalue().startswith("usage: ")
    tried = 0
    for action in command._actions:
        if action.type is None or not callable(action.type):
            continue
        for value in ODD_VALUES:
            try:
                action.type(value)
            except (argparse.ArgumentTypeError, ValueError, TypeError):
                pass
            else:
                continue
            option = [action.option_strings[0]] if action.option_strings else []
            stderr = io.StringIO()
            with contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(io.StringIO()):
                status = main([*path, *option, value])
            assert status == 2, (path, option, value)
            assert stderr.getvalue().count("\n") == 1, stderr.getvalue()
            assert stderr.getvalue().startswith("tictactoe-tui: error: ")
            tried += 1
    typed = [action for action in command._actions if action.type is not None and callable(action.type)]
    assert tried >= len([action for action in typed if action.type is not Path])  # every typed argument refused one


#: ASCII values a numeric argument may take (a count, seconds, a board's size), tried in turn.
ASCII_NUMBERS = ("3", "0.5", "3x3")
#: Each ASCII digit to its full-width form (U+FF10 on), which ``float`` reads and the parser must not.
FULL_WIDTH = {ord("0") + digit: 0xFF10 + digit for digit in range(10)}


def is_number(value: object) -> bool:
    """A number, or a tuple of numbers (a board's size), as a numeric argument's type gives."""
    if isinstance(value, tuple):
        return bool(value) and all(map(is_number, value))
    return isinstance(value, int | float) and not isinstance(value, bool)


def numeric_arguments() -> list[tuple[tuple[str, ...], argparse.Action, str, object]]:
    """Each argument of each command whose type reads a number, with the ASCII value it took
    and the number it made of it."""
    found = []
    for path, command in COMMANDS:
        for action in command._actions:
            parse = action.type
            if not callable(parse):
                continue
            for sample in ASCII_NUMBERS:
                try:
                    value = parse(sample)
                except (argparse.ArgumentTypeError, ValueError, TypeError):
                    continue
                if is_number(value):
                    found.append((path, action, sample, value))
                break
    return found


NUMERIC = numeric_arguments()


def test_the_walk_finds_every_argument_that_defaults_to_a_number() -> None:
    walked = {id(action) for _path, action, _sample, _value in NUMERIC}
    for path, command in COMMANDS:
        for action in command._actions:
            if is_number(action.default) and action.option_strings != ["--help"]:
                assert id(action) in walked, (path, action.option_strings)


def refusal(path: tuple[str, ...], action: argparse.Action, value: str) -> str:
    """The one line the command line is refused with (:func:`main` prints it and exits 2) when
    ``action`` is given ``value`` (and nothing else: nothing is run, whatever is taken)."""
    given = [action.option_strings[0], value] if action.option_strings else [value]
    with pytest.raises(parser.UsageError) as refused:
        parser.build_parser().parse_args([*path, *given])
    return f"tictactoe-tui: error: {refused.value}\n"


@pytest.mark.parametrize(
    ("path", "action", "sample"),
    [(path, action, sample) for path, action, sample, _value in NUMERIC],
    ids=[" ".join((*path, *action.option_strings[:1])) or action.dest for path, action, _, _ in NUMERIC],
)
def test_a_number_on_the_command_line_is_ascii_digits_only(
    path: tuple[str, ...], action: argparse.Action, sample: str
) -> None:
    said = refusal(path, action, sample.translate(FULL_WIDTH))  # before: arena --seed \uff13 played seed 3
    assert said.count("\n") == 1
    assert said.startswith(f"tictactoe-tui: error: argument {argparse._get_action_name(action)}: ")


WHOLE = [(path, action) for path, action, _sample, value in NUMERIC if isinstance(value, int)]


@pytest.mark.parametrize(
    ("path", "action"),
    WHOLE,
    ids=[" ".join((*path, *action.option_strings[:1])) or action.dest for path, action in WHOLE],
)
def test_every_whole_number_on_the_command_line_has_a_bound(path: tuple[str, ...], action: argparse.Action) -> None:
    said = refusal(path, action, "99999999999999999999")  # before: arena --games said nothing for 30 s
    assert said.count("\n") == 1
    assert said.startswith(f"tictactoe-tui: error: argument {argparse._get_action_name(action)}: ")


def test_games_with_an_empty_archive_says_so(tmp_path: Path) -> None:
    """``games`` on a new machine printed "The newest 0 of 0 games" over an empty table's header."""
    environment = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe_tui", "games"],
        capture_output=True, text=True, env=environment, timeout=120, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.strip() == "No games yet: the games you play are kept here"

"""Saved games: the documented text format, round trips, and clear errors for bad files."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, move_name
from tictactoe_tui.store.savefile import MAX_BYTES, Played, SaveFileError, dump, parse_game, read_game, save


def test_the_format_is_the_board_text_plus_the_moves() -> None:
    board = Board.empty().play((1, 1)).play((0, 0))
    text = "# tictactoe-tui saved game\nversion: 1\ngame: classic\nk: 3\nboard: o../.x./...\nmoves: b2 a1\n"
    assert dump(board) == text
    assert parse_game(dump(board)).board.history == ((1, 1), (0, 0))


def test_a_game_in_progress_keeps_when_its_moves_were_played_and_the_help_it_took() -> None:
    board = Board.empty().play((1, 1)).play((0, 0))
    played = Played(1765140000.25, (1.5, 3.125), coached=True, aids=frozenset({"hint"}), levels=("easy", "hard"))
    text = dump(board, played=played)
    assert "started: 1765140000.250\ntimes: 1.500 3.125\nhelp: coach hint\nlevels: easy hard\n" in text
    assert parse_game(text).played == played
    assert parse_game(dump(board)).played is None  # a file that does not say


@pytest.mark.parametrize(
    "lines",
    ["started: 1e9\ntimes: 1 2\n", "started: 5\ntimes: 1\n", "started: 5\ntimes: 1 ²\n", "times: 1 2\n"],
    ids=["exponent", "a time missing", "not ASCII", "no start"],
)
def test_times_that_do_not_read_back_are_left_out_and_the_game_kept(lines: str) -> None:
    board = Board.empty().play((1, 1)).play((0, 0))
    saved = parse_game(dump(board) + lines + "help: coach <bad> hint\n")
    assert saved.board == board
    assert saved.played is None


def test_files_from_before_the_other_games_load_as_classic() -> None:
    old = "# tictactoe-tui saved game\nversion: 1\nk: 3\nboard: o../.x./...\nmoves: b2 a1\n"
    assert parse_game(old).board == Board.empty().play((1, 1)).play((0, 0))
    assert parse_game(old).board.rules.name == "classic"


def test_ultimate_saves_its_last_move_and_refuses_a_wrong_game() -> None:
    board = Board.empty(9, 9, 3, "ultimate").play((4, 4)).play((3, 3))
    assert "game: ultimate\n" in dump(board)
    assert "board: " + "/".join(["." * 9] * 3) in dump(board)
    assert dump(board).split("board: ")[1].split("\n")[0].endswith("@d4")
    assert parse_game(dump(board)).board == board
    with pytest.raises(SaveFileError, match="unknown game 'chess'"):
        parse_game(dump(board).replace("game: ultimate", "game: chess"))


def test_connect_four_saves_columns_by_their_keys_and_reads_files_written_before() -> None:
    """Moves are named as the game names them (column key, a dash, row from the floor); a file
    written when columns were lettered and rows counted from the top still loads."""
    board = Board.empty(6, 7, 4, "gravity").play((5, 3)).play((4, 3))
    assert "moves: 4-1 4-2\n" in dump(board)
    assert parse_game(dump(board)).board == board
    assert parse_game(dump(board).replace("moves: 4-1 4-2", "moves: d6 d5")).board == board


GAME_SHAPES = [
    *((*shape, "classic") for shape in [(3, 3, 3), (4, 4, 4), (5, 5, 4), (7, 7, 5), (3, 5, 3)]),
    (6, 7, 4, "gravity"),
    (4, 4, 4, "misere"),
    (9, 9, 3, "ultimate"),
]


@given(st.integers(0, 2**32), st.sampled_from(GAME_SHAPES))
def test_any_game_round_trips(seed: int, shape: tuple[int, int, int, str]) -> None:
    rng = random.Random(seed)
    board = Board.empty(*shape)
    for _ in range(rng.randrange(board.rows * board.cols)):
        if board.is_over:
            break
        board = board.play(rng.choice(board.legal_moves()))
    loaded = parse_game(dump(board)).board
    assert loaded == board
    assert loaded.history == board.history


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "no version, k, board, moves"),
        ("hello", "line 1 is not 'name: value'"),
        ("version: 2\nk: 3\nboard: .../.../...\nmoves:", "version '2' is not supported"),
        ("version: 1\nk: three\nboard: .../.../...\nmoves:", "k must be a whole number"),
        ("version: 1\nk: 3\nboard: ../...\nmoves:", "rows differ"),
        ("version: 1\nk: 3\nboard: x../.../...\nmoves: z9", "'z9' is off the 3x3 board"),
        ("version: 1\nk: 3\nboard: x../.../...\nmoves: b", "is not a square"),
        ("version: 1\nk: 3\nboard: x../.../...\nmoves: b2", "the moves lead to .../.x./..."),
        ("version: 1\nk: 3\nboard: xx./o../...\nmoves: a1 a2 a1", "a1 is already taken"),
        # digits that str.isdigit() takes and int() refuses (²) or reads as another digit (٢)
        ("version: 1\nk: ²\nboard: .../.../...\nmoves:", "k must be a whole number, not '²'"),
        ("version: 1\nk: 3\nboard: .x./.../...\nmoves: b¹", "'b¹' is not a square"),
        ("version: 1\nk: 3\nboard: .../.x./...\nmoves: b٢", "'b٢' is not a square"),
    ],
)
def test_bad_saved_games_say_why_in_one_line(text: str, reason: str) -> None:
    with pytest.raises(SaveFileError, match=None) as caught:
        parse_game(text)
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_file_that_says_it_is_a_saved_game_is_told_which_lines_it_lacks(tmp_path: Path) -> None:
    """Before: "not a tictactoe-tui saved game: no moves", though its header says it is one."""
    text = dump(Board.empty().play((1, 1)))
    game = tmp_path / "game.ttt"
    game.write_text("".join(line for line in text.splitlines(keepends=True) if not line.startswith("moves:")))
    with pytest.raises(SaveFileError) as caught:
        read_game(game)
    assert str(caught.value) == f"{game}: its moves line is missing"
    with pytest.raises(SaveFileError, match=r"^its k, board and moves lines are missing$"):
        parse_game("version: 1\n")
    with pytest.raises(SaveFileError, match=r"^not a tictactoe-tui saved game: no version, k, board, moves$"):
        parse_game("root: x\n")  # no header, no version: not one at all


def test_a_move_that_cannot_be_played_is_named_by_its_number_and_line() -> None:
    """Before: "a1 is already taken", with neither the move's number nor its line."""
    text = "# tictactoe-tui saved game\nversion: 1\n\nk: 3\nboard: xx./o../...\nmoves: a1 a2 a1\n"
    with pytest.raises(SaveFileError, match=r"^move 3 on line 6: a1 is already taken$"):
        parse_game(text)
    over = "version: 1\nk: 3\nboard: xxx/oo./...\nmoves: a1 a2 b1 b2 c1 c2\n"
    with pytest.raises(SaveFileError, match=r"^move 6 on line 4 \(c2\): game is over$"):
        parse_game(over)


def test_a_number_of_more_digits_than_python_reads_is_said_in_one_line() -> None:
    with pytest.raises(SaveFileError, match="k must be a whole number, not '333"):  # before: int()'s ValueError
        parse_game("version: 1\nk: " + "3" * 5000 + "\nboard: .../.../...\nmoves:")


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot read"):
        read_game(tmp_path / "missing.ttt")
    binary = tmp_path / "binary.ttt"
    binary.write_bytes(b"\xff\xfe\xfa")
    with pytest.raises(SaveFileError, match="not a text file"):
        read_game(binary)


def test_only_regular_files_are_read_or_written(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait forever
    for path, what in ((fifo, "a named pipe"), (tmp_path, "a directory"), (Path("/dev/zero"), "a device")):
        with pytest.raises(SaveFileError, match=f"is {what}, not a saved game"):
            read_game(path)
    for path, what in ((fifo, "a named pipe"), (tmp_path, "a directory"), (Path("/dev/null"), "a device")):
        with pytest.raises(SaveFileError, match=f"is {what}, not a saved game"):
            save(path, Board.empty())
    huge = tmp_path / "huge.ttt"
    huge.write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(SaveFileError, match="larger than a saved game can be"):
        read_game(huge)


def test_a_save_that_fails_midway_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    """Saved over with a file-size limit below the new game's length (as a full disk would stop
    it): the write fails, and the game saved before is still there whole."""
    target = tmp_path / "game.ttt"
    save(target, Board.empty().play((1, 1)))
    before = target.read_text()
    longer = Board.empty(15, 15, 5)
    for move in ((7, 7), (0, 0), (7, 8), (0, 1), (7, 9), (0, 2)):
        longer = longer.play(move)
    script = (
        "import resource, signal, sys\n"
        "from pathlib import Path\n"
        "from tictactoe_tui.engine import Board, parse_move\n"
        "from tictactoe_tui.store.savefile import SaveFileError, save\n"
        "board = Board.empty(15, 15, 5)\n"
        "for name in sys.argv[2:]:\n"
        "    board = board.play(parse_move(name, 15, 15))\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({len(before) + 10}, {len(before) + 10}))\n"
        "try:\n"
        "    save(Path(sys.argv[1]), board)\n"
        "except SaveFileError as error:\n"
        "    print(error)\n"
    )
    names = [move_name(move) for move in longer.history or ()]
    done = subprocess.run([sys.executable, "-c", script, str(target), *names], capture_output=True, text=True)
    assert "cannot write" in done.stdout, done.stderr
    assert target.read_text() == before
    assert [path.name for path in tmp_path.iterdir()] == ["game.ttt"]  # no temporary file left

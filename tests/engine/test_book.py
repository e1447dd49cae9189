"""The 5×5 opening book: it loads, matches its checksum, covers its lines and agrees with the solver."""

from __future__ import annotations

import hashlib
import random
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tictactoe_tui.engine import Board, Mark, analyze
from tictactoe_tui.engine.board import permute_bits
from tictactoe_tui.engine.games import GAMES, LEVELS
from tictactoe_tui.engine.search import book as book_module
from tictactoe_tui.engine.search.book import (
    EVERY_MARKS,
    BookError,
    OpeningBook,
    canonical,
    opening_book,
    read_data,
    verified,
    write_data,
)
from tictactoe_tui.engine.search.solver import Solver

EMPTY = Board.empty(5, 5, 4)
#: The file of the book the classic game's kit ships for 5×5 with 4 in a row.
BOOK = GAMES["classic"].searches.book["5x5k4"]


def shipped() -> OpeningBook:
    book = opening_book(EMPTY.geometry, BOOK)
    assert book is not None
    return book


def test_the_shipped_book_loads_and_matches_its_checksum() -> None:
    found = read_data(BOOK)
    assert found is not None
    data, digest = found
    assert hashlib.sha256(data).hexdigest() == digest
    book = shipped()
    assert book.plies >= 4
    assert len(book) > 100
    assert OpeningBook.from_bytes(book.to_bytes()).entries == book.entries


def book_line_positions(book: OpeningBook) -> Iterator[Board]:
    """Every position a book line reaches (both seats), once per mirror image."""
    seen: set[tuple[int, int, Mark]] = set()
    for seat in (Mark.X, Mark.O):
        frontier = [EMPTY]
        for _ in range(book.plies + 1):
            following = []
            for board in frontier:
                yield board
                choice = book.choice(board)
                assert choice is not None, str(board)
                for move in [choice] if board.to_move is seat else board.legal_moves():
                    after = board.play(move)
                    x, o, _ = canonical(after)
                    if not after.is_over and (x, o, seat) not in seen:
                        seen.add((x, o, seat))
                        following.append(after)
            frontier = following


def few_mark_positions(most: int) -> Iterator[Board]:
    """Every position with up to ``most`` marks, the game not over, once per mirror image."""
    frontier = [EMPTY]
    for _ in range(most + 1):
        following: dict[tuple[int, int], Board] = {}
        for board in frontier:
            yield board
            for move in board.legal_moves():
                after = board.play(move)
                if not after.is_over:
                    x, o, _ = canonical(after)
                    following.setdefault((x, o), after)
        frontier = list(following.values())


def assert_in_book(book: OpeningBook, board: Board) -> None:
    scores = book.scores(board)
    assert scores is not None, str(board)
    assert set(scores) == set(board.legal_moves())


#: The book's positions: those on its lines and every one with up to five marks (the slow test
#: below counts them).
POSITIONS = 87_357


@pytest.mark.slow
def test_the_book_holds_every_position_on_a_book_line_or_with_few_marks_and_nothing_else() -> None:
    book = shipped()
    keys = set()
    for board in (*book_line_positions(book), *few_mark_positions(EVERY_MARKS)):
        assert_in_book(book, board)
        x, o, _ = canonical(board)
        keys.add((x, o))
    assert len(keys) == len(book) == POSITIONS
    assert sum(1 for x, o in keys if (x | o).bit_count() == EVERY_MARKS) == 66_859  # every 5-mark position


def test_the_book_holds_its_lines_and_positions_with_few_marks() -> None:
    """What the slow test checks in full, for the lines, up to three marks and a sample beyond."""
    book = shipped()
    assert len(book) == POSITIONS
    for board in (*book_line_positions(book), *few_mark_positions(3)):
        assert_in_book(book, board)
    rng = random.Random(4)
    for _ in range(500):
        board = EMPTY
        for _ in range(rng.choice((4, EVERY_MARKS))):
            board = board.play(rng.choice(board.legal_moves()))
        if not board.is_over:
            assert_in_book(book, board)


def test_a_rotated_position_gets_the_rotated_scores() -> None:
    book = shipped()
    board = EMPTY.play((0, 1)).play((2, 2))
    scores = book.scores(board)
    assert scores is not None
    for perm in EMPTY.geometry.symmetries:
        image = Board(EMPTY.geometry, permute_bits(board.x_bits, perm), permute_bits(board.o_bits, perm))
        turned = book.scores(image)
        assert turned is not None
        for (row, col), score in scores.items():
            target = perm[row * 5 + col]
            assert turned[divmod(target, 5)] == score


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_entry_matches_a_fresh_solve(seed: int) -> None:
    book = shipped()
    rng = random.Random(seed)
    # Entries with three or more marks solve in seconds; the emptier ones are a slow test.
    keys = sorted(key for key in book.entries if (key[0] | key[1]).bit_count() >= 3)
    x, o = rng.choice(keys)
    board = Board(EMPTY.geometry, x, o)
    fresh = Solver(EMPTY.geometry).analyze(board)
    assert fresh.complete
    assert book.scores(board) == {mv.move: mv.score for mv in fresh.moves}


@pytest.mark.slow
def test_the_empty_board_and_every_first_move_match_a_fresh_solve() -> None:
    book = shipped()
    for board in [EMPTY, *(EMPTY.play(move) for move in EMPTY.legal_moves()[:13])]:
        fresh = Solver(EMPTY.geometry).analyze(board)
        assert book.scores(board) == {mv.move: mv.score for mv in fresh.moves}


def test_analyze_answers_from_the_book_and_says_so() -> None:
    analysis = analyze(EMPTY)
    assert analysis.source == "book"
    assert analysis.complete
    assert analysis.value == 0
    assert len(analysis.moves) == 25
    assert analyze(Board.empty()).source == "search"


def test_impossible_plays_the_book_move_and_says_so() -> None:
    decision = LEVELS["impossible"].decide(EMPTY, random.Random(0))
    assert decision.from_book
    assert decision.value == 0
    assert decision.move == shipped().choice(EMPTY)


def test_a_damaged_book_is_refused_with_a_reason() -> None:
    with pytest.raises(BookError, match="not an opening book"):
        OpeningBook.from_bytes(b"garbage")
    data = shipped().to_bytes()
    truncated = zlib.compress(zlib.decompress(data)[:-5])
    with pytest.raises(BookError, match="entries"):
        OpeningBook.from_bytes(truncated)


def test_a_book_that_does_not_match_its_checksum_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    data, _ = read_data(BOOK) or (b"", "")
    monkeypatch.setattr(book_module, "read_data", lambda name: (data, "0" * 64))
    monkeypatch.setattr(book_module, "_loaded", {})
    assert opening_book(EMPTY.geometry, BOOK) is None


def test_a_written_book_carries_the_checksum_it_is_verified_by(tmp_path: Path) -> None:
    """What the build scripts write (:func:`write_data`) is what a load checks: the file's
    SHA-256 beside it, naming the file."""
    path = tmp_path / "book.bin"
    digest = write_data(path, b"some book")
    assert path.read_bytes() == b"some book"
    assert (tmp_path / "book.bin.sha256").read_text() == f"{digest}  book.bin\n"
    assert verified((path.read_bytes(), digest)) == b"some book"
    assert verified((b"another book", digest)) is None

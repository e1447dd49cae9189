"""Maker–Breaker proofs against the game itself, played out in full on small line families."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board
from tictactoe_tui.engine.search.maker_breaker import breaker_holds, cannot_complete, pairing_exists
from tictactoe_tui.engine.search.solver import Solver


def maker_can_complete(lines: tuple[int, ...], maker_to_move: bool, spare: int) -> bool:
    """Whether Maker fills one of ``lines`` against the best Breaker, by trying every move.

    Both sides may also play one of ``spare`` squares on no line (as on a real board)."""
    squares = 0
    for line in lines:
        squares |= line

    @cache
    def wins(maker: int, breaker: int, spare_left: int, maker_moves: bool) -> bool:
        if any(line & maker == line for line in lines):
            return True
        free = squares & ~maker & ~breaker
        if not free:
            return False
        moves = [1 << i for i in range(free.bit_length()) if free >> i & 1]
        if maker_moves:
            if any(wins(maker | move, breaker, spare_left, False) for move in moves):
                return True
            return spare_left > 0 and wins(maker, breaker, spare_left - 1, False)
        if not all(wins(maker, breaker | move, spare_left, True) for move in moves):
            return False
        return spare_left == 0 or wins(maker, breaker, spare_left - 1, True)

    return wins(0, 0, spare, maker_to_move)


LINE_FAMILIES = st.lists(
    st.sets(st.integers(0, 8), min_size=2, max_size=4).map(lambda cells: sum(1 << cell for cell in cells)),
    min_size=1,
    max_size=7,
).map(tuple)


@settings(max_examples=400, deadline=None)
@given(lines=LINE_FAMILIES, maker_to_move=st.booleans(), spare=st.integers(0, 2))
def test_a_proof_is_never_wrong(lines: tuple[int, ...], maker_to_move: bool, spare: int) -> None:
    if cannot_complete(lines, maker_to_move):
        assert not maker_can_complete(lines, maker_to_move, spare)


@settings(max_examples=400, deadline=None)
@given(lines=LINE_FAMILIES, spare=st.integers(0, 2))
def test_a_proof_with_breaker_moving_first_is_never_wrong(lines: tuple[int, ...], spare: int) -> None:
    if breaker_holds(lines):
        assert not maker_can_complete(lines, maker_to_move=False, spare=spare)


def test_breaker_moving_first_proves_what_a_pairing_alone_does_not() -> None:
    # Five lines of two squares through one square: no pairing (each pair would hold the shared
    # square), too heavy for Erdős–Selfridge (5/4); Breaker, moving first, takes the shared square
    # and every line is dead, where Maker moving first would take it and win.
    hub = 1
    lines = tuple(hub | 1 << square for square in range(1, 6))
    assert not cannot_complete(lines)
    assert maker_can_complete(lines, maker_to_move=True, spare=0)
    assert breaker_holds(lines)
    assert not maker_can_complete(lines, maker_to_move=False, spare=0)


def test_a_pairing_is_found_where_one_exists_and_only_there() -> None:
    row_of_four = 0b1111
    assert pairing_exists((row_of_four, 0b1111 << 4))  # two disjoint lines: a pair in each
    assert pairing_exists((0b01111, 0b11110))  # overlapping windows share a middle pair
    assert not pairing_exists((0b011, 0b110, 0b101))  # a triangle: three lines, three squares
    assert not pairing_exists((0b1,))  # one empty square left: a threat, no pair to split
    # The triangle is also lost for Breaker whoever starts, so no proof may claim it.
    assert maker_can_complete((0b011, 0b110, 0b101), maker_to_move=True, spare=0)
    assert not cannot_complete((0b011, 0b110, 0b101), to_move=True)


def test_erdos_selfridge_alone_proves_a_family_without_a_pairing() -> None:
    # Four lines of three squares, any two sharing one square (the six edges of a tetrahedron):
    # a pair lies in one line only, so four pairs are needed from six squares. They weigh 4/8.
    one, two, three, four, five, six = (1 << i for i in range(6))
    lines = (one | two | three, one | four | five, two | four | six, three | five | six)
    assert not pairing_exists(lines)
    assert cannot_complete(lines, to_move=False)  # below 1 with Breaker to move
    assert not maker_can_complete(lines, maker_to_move=False, spare=1)
    assert not cannot_complete(lines, to_move=True)  # not below 1/2 with Maker to move


@pytest.mark.parametrize(("rows", "cols", "k", "marks"), [(4, 4, 4, 3), (4, 5, 4, 6), (5, 5, 4, 9)])
def test_the_solver_finds_the_same_values_with_and_without_the_proofs(rows: int, cols: int, k: int, marks: int) -> None:
    rng = random.Random(rows * 100 + marks)
    nodes_with = nodes_without = 0
    for _ in range(6):
        board = Board.empty(rows, cols, k)
        while board.move_count < marks and not board.is_over:
            board = board.play(rng.choice(board.legal_moves()))
        with_proofs = Solver(board.geometry).analyze(board)
        without = Solver(board.geometry, maker_breaker=False).analyze(board)
        assert [(mv.move, mv.score) for mv in with_proofs.moves] == [(mv.move, mv.score) for mv in without.moves]
        nodes_with += with_proofs.nodes
        nodes_without += without.nodes
    assert nodes_with < nodes_without

"""The seeds' players: random, the five rules, and seed 003's opening table."""

from __future__ import annotations

import random

from ..board import Board, Mark, cells_of, geometry, winning_cells
from ..search.budget import UNLIMITED, Budget
from .base import Decision, Strategy, pick, require_moves


class RandomStrategy(Strategy):
    """Seed 001's random player: a uniformly random free square (a legal one, in any game)."""

    name = "random"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        return Decision(pick(board, require_moves(board), rng))


def corner_cells(board: Board) -> int:
    """Mask of the four corner cells."""
    last_row, last_col = board.rows - 1, board.cols - 1
    return sum(1 << board.index(move) for move in {(0, 0), (0, last_col), (last_row, 0), (last_row, last_col)})


def centre_cells(board: Board) -> int:
    """Mask of the central cell (or the 2 or 4 central cells when a side is even)."""
    rows = {(board.rows - 1) // 2, board.rows // 2}
    cols = {(board.cols - 1) // 2, board.cols // 2}
    return sum(1 << board.index((r, c)) for r in rows for c in cols)


class RulesStrategy(Strategy):
    """The five rules of seeds 001 and 002, in order: win, block, corner, centre, side.

    1. complete a line of our own; 2. block the opponent's line; 3. a free corner (seed 002
    picks one at random); 4. the centre; 5. any other square ("a side" on 3×3). Where more
    than one square wins or blocks, the seeds take the first in their own numbering, and
    their numberings differ (001 counts from the top-left, 002 from the bottom-left like a
    keypad), so this picks among them at random. On bigger boards the same steps apply to
    the four corners, the central cell(s) and the rest.

    In other games the rules play where completing a line wins the game (Gravity: each step
    looks only at the squares a mark can drop to) and refuse the rest: in Misère a line
    loses, and in Ultimate a small line only claims a small board.
    """

    name = "rules"

    def supports(self, board: Board) -> bool:
        return board.rules.line_wins_game

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        legal = require_moves(board)
        own, other = board.sides()
        return Decision(pick(board, rules_squares(board, own, other, legal), rng))


def rules_squares(shape: Board, own: int, other: int, legal: int | None = None) -> int:
    """Mask of the squares the five rules pick among (at random) for the side holding ``own``
    against ``other`` on a board of ``shape``'s size: the first non-empty of its winning
    squares, its blocking squares, the free corners, the free centre squares, any free square
    (each among the ``legal`` squares, all the free ones by default)."""
    free = shape.geometry.full & ~(own | other) if legal is None else legal
    lines = shape.geometry.lines
    for candidates in (
        winning_cells(own, other, lines),
        winning_cells(other, own, lines),
        corner_cells(shape),
        centre_cells(shape),
    ):
        if candidates & free:
            return candidates & free
    return free


#: Seed 003's table, indexed by the opponent's first square (0-8, reading order): the
#: squares to take, in priority order, after checking for a win and a block.
FIRST_SEAT_TABLE: dict[int, tuple[int, ...]] = {
    0: (4, 8, 2),
    1: (4, 8, 6, 2, 0),
    2: (4, 6, 0),
    3: (4, 0, 2, 6, 8),
    5: (4, 0, 2, 6, 8),
    6: (4, 2, 8),
    7: (4, 0, 2, 6, 8),
    8: (4, 0, 6),
}
#: Our own table for when the computer moves second (the seed never does), keyed the same
#: way. Found by ``scripts/find_second_seat_table.py``: the first priority order per
#: opening (centre or corners first) that never loses against any line of X's.
SECOND_SEAT_TABLE: dict[int, tuple[int, ...]] = {
    0: (4, 8, 1, 2, 6, 3, 5, 7),
    1: (4, 0, 2, 6, 8, 3, 5, 7),
    2: (4, 6, 1, 0, 8, 3, 5, 7),
    3: (4, 0, 2, 6, 8, 1, 5, 7),
    4: (0, 2, 6, 8, 1, 3, 5, 7),
    5: (4, 2, 0, 6, 8, 1, 3, 7),
    6: (4, 2, 1, 0, 8, 3, 5, 7),
    7: (4, 6, 0, 2, 8, 1, 3, 5),
    8: (4, 0, 1, 2, 6, 3, 5, 7),
}


def first_winning_cell(own: int, other: int, lines: tuple[int, ...]) -> int | None:
    """The missing cell of the first line (in the board's line order) ``own`` can complete."""
    for line in lines:
        if not line & other:
            missing = line & ~own
            if missing and not missing & (missing - 1):
                return missing.bit_length() - 1
    return None


class OpeningTableStrategy(Strategy):
    """Seed 003's player for 3×3: centre first, then a table keyed on the opponent's first square.

    On its first turn it takes the centre. From then on it completes a line if it can,
    blocks one if it must, and otherwise takes the first free square in the table row chosen
    by the opponent's first square, or the first free square in reading order when that row
    is used up. Win and block look at lines in the seed's order (rows, columns, diagonals).

    The seed claims it never loses when it moves first. Checked exhaustively against every
    reply sequence (``tests/engine/test_strategies.py``): true, it never loses as X.
    The seed never moves second; here, as O, it uses :data:`SECOND_SEAT_TABLE` (the centre,
    or a corner against a centre opening, then squares chosen per opening so that no fork
    can be set up). Also checked exhaustively: it never loses as O.

    The opponent's first square comes from the board's move history; for a position without
    history (a parsed string) it is taken to be the opponent's lowest-numbered square.
    """

    name = "opening-table"

    def supports(self, board: Board) -> bool:
        return board.geometry is geometry(3, 3, 3)

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        free = require_moves(board)
        if not self.supports(board):
            raise ValueError("the opening table plays only on 3x3 with k=3")
        own, other = board.sides()
        if not own and board.to_move is Mark.X:
            return Decision(board.move_at(4))
        lines = board.geometry.lines
        cell = first_winning_cell(own, other, lines)
        if cell is None:
            cell = first_winning_cell(other, own, lines)
        if cell is None:
            table = FIRST_SEAT_TABLE if board.to_move is Mark.X else SECOND_SEAT_TABLE
            priorities = table[self._opponent_first_square(board, other)]
            cell = next((c for c in priorities if free >> c & 1), cells_of(free)[0])
        return Decision(board.move_at(cell))

    @staticmethod
    def _opponent_first_square(board: Board, other: int) -> int:
        if board.history:
            opponent_first = board.history[0 if board.to_move is Mark.O else 1]
            return board.index(opponent_first)
        return cells_of(other)[0]

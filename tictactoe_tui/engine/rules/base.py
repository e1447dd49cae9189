"""What a game variant declares: its shapes, its legal moves and results, its text form.

A variant is one :class:`Rules` subclass in its own module, registered once in
:mod:`tictactoe_tui.engine.rules`. Boards, searches, the app and the command line ask the
board's rules rather than knowing the variants.

Searches see a position from the side to move: ``me`` and ``opp`` are the two sides'
bitboards and ``state`` is a word the rules keep for themselves (0 in the games whose
position is only the marks; Ultimate keeps the last move and the claimed small boards).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from ..board import BoardError, Mark, Move, move_name

if TYPE_CHECKING:
    from ..board import Board, Geometry
    from ..search.solver import ExactSolver
    from ..strategies import Strategy

#: A move's result for the side that played it.
WIN, DRAW, LOSS = 1, 0, -1

Shape = tuple[int, int, int]
"""Rows, columns and marks in a row."""
MIN_SIDE = 3
MAX_SIDE = 7
GOMOKU_SIDE = 15


class Rules(ABC):
    """One game played with X and O on a grid (X moves first)."""

    name: ClassVar[str]
    """The game's name on the command line and in files, e.g. ``gravity``."""
    title: ClassVar[str]
    """The game's name for people, e.g. ``Gravity``."""
    help: ClassVar[str]
    """The rules in a few sentences, for the help screen and ``--help``."""
    presets: ClassVar[tuple[Shape, ...]]
    """Board shapes offered in the sidebar, the first the default."""
    classic_lines: ClassVar[bool] = False
    """Any free square may be marked, completing a line wins, nothing else counts: the fast
    searches written for the classic game apply."""
    line_wins_game: ClassVar[bool] = False
    """Completing a line of k wins the game (the seeds' win-and-block rules make sense)."""
    block_size: ClassVar[int] = 0
    """The side of the small boards the grid is made of (Ultimate: 3), 0 when it is one board."""

    # -- shapes -------------------------------------------------------------------------

    def default_k(self, rows: int, cols: int) -> int:
        """The line length when none is given: 3 on 3×3, 5 once both sides are 6 or more, else 4."""
        if (rows, cols) == (3, 3):
            return 3
        if min(rows, cols) >= 6:
            return 5
        return 4

    def check_size(self, rows: int, cols: int, k: int) -> None:
        """Refuse board sizes and line lengths this game does not support."""
        square_gomoku = rows == cols == GOMOKU_SIDE
        if not square_gomoku and not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
            raise BoardError(
                f"a {rows}x{cols} board is not supported: rows and columns must each be "
                f"{MIN_SIDE} to {MAX_SIDE}, or the board 15x15"
            )
        if not 3 <= k <= max(rows, cols):
            raise BoardError(f"k={k} does not fit a {rows}x{cols} board: k must be 3 to {max(rows, cols)}")

    def shape_label(self, rows: int, cols: int, k: int) -> str:
        """A board shape for people, e.g. ``4×4, 4 in a row``."""
        return f"{rows}×{cols}, {k} in a row"

    def lines(self, rows: int, cols: int, k: int) -> tuple[int, ...]:
        """Masks of the lines that count (every k-window in the four directions)."""
        return windows(rows, cols, k)

    def symmetries(self, rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
        """Cell permutations that map positions onto equivalent ones; the identity first."""
        return dihedral(rows, cols)

    # -- search interface ---------------------------------------------------------------

    @abstractmethod
    def legal(self, shape: Geometry, me: int, opp: int, state: int) -> int:
        """Mask of the cells the side to move may mark (the game is not over)."""

    @abstractmethod
    def after(self, shape: Geometry, me: int, opp: int, state: int, cell: int) -> tuple[int, int | None]:
        """The mover has just marked ``cell`` (``me`` includes it): the state word for the next
        mover, and the result for the mover (:data:`WIN`, :data:`DRAW`, :data:`LOSS`) or None
        while the game goes on."""

    # -- positions ----------------------------------------------------------------------

    def state_of(self, shape: Geometry, x_bits: int, o_bits: int, last: int | None) -> int:
        """The state word of a position given by its marks and last move (parsed text)."""
        if last is not None:
            raise BoardError(f"a {self.title} position does not record its last move: drop the '@…' part")
        return 0

    def last_cell(self, state: int) -> int | None:
        """The last move's cell when the state records it."""
        return None

    @abstractmethod
    def winner(self, board: Board) -> Mark | None:
        """The side that has won, or None."""

    def deciding_lines(self, board: Board) -> int:
        """Mask of the cells of the lines that decided the game (shown highlighted)."""
        bits = 0
        for mark in Mark:
            for line in completed_lines(board.geometry, board.bits_of(mark)):
                bits |= line
        return bits

    def check_reachable(self, board: Board) -> None:
        """Raise :class:`BoardError` unless alternate play from the empty board reaches ``board``."""
        check_counts(board)

    def refusal(self, board: Board, cell: int) -> str:
        """Why the side to move may not mark ``cell`` (which is not legal)."""
        return f"{move_name(board.move_at(cell))} is already taken"

    def where_to_play(self, board: Board) -> str:
        """Where the side to move may play, when the game restricts it (for the status line)."""
        return ""

    def claimed_regions(self, board: Board) -> list[tuple[Mark, tuple[int, ...]]]:
        """Regions of the board a side has claimed (a mark each, and its cells in reading
        order), drawn as one big mark; none in most games."""
        return []

    def aim(self, board: Board, move: Move) -> Move:
        """The square a player pointing at ``move`` would mark (Gravity: where the mark lands)."""
        return move

    def digit_square(self, board: Board, digit: int, keypad: Callable[[int], Move]) -> Move | None:
        """The square number key ``digit`` (1-9) names, or None when digits mean nothing here;
        ``keypad`` is the player's 3×3 key layout."""
        return keypad(digit) if (board.rows, board.cols) == (3, 3) else None

    # -- players ------------------------------------------------------------------------

    def exact_solver(self, shape: Geometry) -> ExactSolver:
        """A solver for this game on ``shape``: the classic game's where only lines matter
        (``classic_lines``), else the generic one, which plays through these rules (Gravity
        has a faster one of its own)."""
        if self.classic_lines:
            from ..search.solver import Solver

            return Solver(shape)
        from ..search.rules_solver import RulesSolver

        return RulesSolver(shape)

    @abstractmethod
    def levels(self) -> dict[str, Strategy]:
        """The player behind each difficulty level (``easy`` … ``impossible``) in this game."""

    @abstractmethod
    def heuristic_player(self) -> Strategy:
        """The strongest player that does not need to solve the position (what ``perfect``
        falls back to when the solver cannot finish)."""


def windows(rows: int, cols: int, k: int) -> tuple[int, ...]:
    """Masks of every k-in-a-row window: rows, columns, then both diagonals."""
    lines: list[int] = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(rows):
            for c in range(cols):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    mask = 0
                    for step in range(k):
                        mask |= 1 << ((r + dr * step) * cols + c + dc * step)
                    lines.append(mask)
    return tuple(lines)


def dihedral(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Cell permutations under the board's rotations and reflections (4, or 8 when square)."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, r),
        ]
    return tuple(permutation(rows, cols, transform) for transform in maps)


def permutation(rows: int, cols: int, transform: Callable[[int, int], tuple[int, int]]) -> tuple[int, ...]:
    """The cell permutation of a map from ``(row, col)`` to ``(row, col)``."""
    return tuple(r * cols + c for r, c in (transform(*divmod(cell, cols)) for cell in range(rows * cols)))


def completed_lines(shape: Geometry, bits: int) -> list[int]:
    """The shape's lines that ``bits`` fill."""
    return [line for line in shape.lines if bits & line == line]


def check_counts(board: Board) -> None:
    """Raise unless X has as many marks as O or one more (X moves first)."""
    x_count, o_count = board.x_bits.bit_count(), board.o_bits.bit_count()
    if x_count - o_count not in (0, 1):
        raise BoardError(
            f"impossible counts: X has {x_count} marks and O has {o_count}; "
            "X moves first, so X has as many as O or one more"
        )


def check_lines(board: Board, outcome: str = "won") -> None:
    """Raise unless at most one side has lines, all through one square, and that side moved
    last: completing a line ends the game (``outcome`` says what it did for that side)."""
    x_lines = completed_lines(board.geometry, board.x_bits)
    o_lines = completed_lines(board.geometry, board.o_bits)
    if x_lines and o_lines:
        raise BoardError("both X and O have a line: only one player can complete one")
    last_mover = Mark.X if board.x_bits.bit_count() > board.o_bits.bit_count() else Mark.O
    for mark, lines in ((Mark.X, x_lines), (Mark.O, o_lines)):
        if not lines:
            continue
        if mark is not last_mover:
            raise BoardError(f"{mark.upper()} has {outcome}, but the game went on after that")
        common = board.geometry.full
        for line in lines:
            common &= line
        if not common:
            raise BoardError(
                f"{mark.upper()} has separate lines that no single last move could complete: "
                "the game went on after the first"
            )

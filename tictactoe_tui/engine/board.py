"""The board: an immutable m×n position with k in a row, stored as two bitboards.

Cell ``(row, col)`` is bit ``row * cols + col``. X always moves first, so the side to
move follows from the number of marks on the board.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property

Move = tuple[int, int]

MIN_SIDE = 3
MAX_SIDE = 7
GOMOKU_SIDE = 15


class BoardError(ValueError):
    """A board string, size or move that cannot be accepted; the message is one line."""


class Mark(StrEnum):
    """A player's mark; its value is the character used in the text form."""

    X = "x"
    O = "o"  # noqa: E741 - the game's own name for the mark

    @property
    def other(self) -> Mark:
        """The opponent's mark."""
        return Mark.O if self is Mark.X else Mark.X


def default_k(rows: int, cols: int) -> int:
    """The default line length, as on the game's preset boards: 3 on 3×3, 5 once both sides
    are 6 or more (6×6, 7×7, 15×15), otherwise 4."""
    if (rows, cols) == (3, 3):
        return 3
    if min(rows, cols) >= 6:
        return 5
    return 4


def check_size(rows: int, cols: int, k: int) -> None:
    """Refuse board sizes and line lengths the game does not support."""
    square_gomoku = rows == cols == GOMOKU_SIDE
    if not square_gomoku and not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise BoardError(
            f"a {rows}x{cols} board is not supported: rows and columns must each be "
            f"{MIN_SIDE} to {MAX_SIDE}, or the board 15x15"
        )
    if not 3 <= k <= max(rows, cols):
        raise BoardError(f"k={k} does not fit a {rows}x{cols} board: k must be 3 to {max(rows, cols)}")


@dataclass(frozen=True, eq=False)
class Geometry:
    """Everything that depends only on the board's shape: lines, symmetries, move order."""

    rows: int
    cols: int
    k: int
    lines: tuple[int, ...]
    """Bit masks of every k-in-a-row window."""
    lines_through: tuple[tuple[int, ...], ...]
    """For each cell, the masks of the windows that contain it."""
    symmetries: tuple[tuple[int, ...], ...]
    """Cell permutations that map the board onto itself; the identity first."""
    move_order: tuple[int, ...]
    """Cells, most promising first: most windows through them, then nearest the centre."""

    @property
    def cells(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    @property
    def full(self) -> int:
        """Mask with every cell set."""
        return (1 << self.cells) - 1

    def __repr__(self) -> str:
        return f"Geometry({self.rows}x{self.cols}, k={self.k})"

    def completes_line(self, bits: int, cell: int) -> bool:
        """Whether ``bits`` (which include ``cell``) fill a line through ``cell``."""
        return any(bits & line == line for line in self.lines_through[cell])

    def __reduce__(self) -> tuple[object, tuple[int, int, int]]:
        # Unpickle to the one shared instance per shape (solvers key on identity).
        return (geometry, (self.rows, self.cols, self.k))


@cache
def geometry(rows: int, cols: int, k: int) -> Geometry:
    """The shared geometry for a board shape (one object per shape)."""
    check_size(rows, cols, k)
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
    cells = rows * cols
    through = tuple(tuple(m for m in lines if m >> cell & 1) for cell in range(cells))
    centre_r, centre_c = (rows - 1) / 2, (cols - 1) / 2
    order = sorted(
        range(cells),
        key=lambda cell: (
            -len(through[cell]),
            abs(cell // cols - centre_r) + abs(cell % cols - centre_c),
            cell,
        ),
    )
    return Geometry(rows, cols, k, tuple(lines), through, _symmetries(rows, cols), tuple(order))


def _symmetries(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Permutations of cells under the board's rotations and reflections."""
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
    perms = []
    for transform in maps:
        perm = []
        for cell in range(rows * cols):
            r, c = transform(*divmod(cell, cols))
            perm.append(r * cols + c)
        perms.append(tuple(perm))
    return tuple(perms)


def permute_bits(bits: int, perm: tuple[int, ...]) -> int:
    """Apply a cell permutation to a bitboard."""
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << perm[low.bit_length() - 1]
        bits ^= low
    return out


def winning_cells(own: int, other: int, lines: tuple[int, ...]) -> int:
    """Mask of empty cells where ``own`` would complete a line that ``other`` does not block."""
    threats = 0
    for line in lines:
        if not line & other:
            missing = line & ~own
            if missing and not missing & (missing - 1):
                threats |= missing
    return threats


def cells_of(bits: int) -> list[int]:
    """Cell indices of the set bits, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def move_name(move: Move) -> str:
    """Human name of a move: column letter then row number from the top, e.g. ``b2``."""
    row, col = move
    return f"{string.ascii_lowercase[col]}{row + 1}"


def parse_move(name: str, rows: int, cols: int) -> Move:
    """Read a move name such as ``b2`` (column letter, row number from the top)."""
    text = name.strip().lower()
    letter, number = text[:1], text[1:]
    if not letter.isalpha() or not number.isdigit():
        raise BoardError(f"{name!r} is not a square: write a column letter and a row number, like b2")
    row, col = int(number) - 1, string.ascii_lowercase.find(letter)
    if not (0 <= row < rows and 0 <= col < cols):
        raise BoardError(f"{name!r} is off the {rows}x{cols} board")
    return (row, col)


@dataclass(frozen=True)
class Board:
    """An immutable, always-legal position. Build it with :meth:`empty` or :meth:`parse`."""

    geometry: Geometry
    x_bits: int
    o_bits: int
    history: tuple[Move, ...] | None = field(default=(), compare=False)
    """Moves in the order played from the empty board; None when unknown (a parsed position)."""

    @classmethod
    def empty(cls, rows: int = 3, cols: int = 3, k: int | None = None) -> Board:
        """The empty board of the given size (k defaults as in :func:`default_k`)."""
        return cls(geometry(rows, cols, default_k(rows, cols) if k is None else k), 0, 0)

    @classmethod
    def parse(cls, text: str, k: int | None = None) -> Board:
        """Read the text form (``x.o/.x./..o``); raise :class:`BoardError` with the reason."""
        rows_text = text.strip().lower().split("/")
        width = len(rows_text[0])
        for index, row_text in enumerate(rows_text, start=1):
            if len(row_text) != width:
                raise BoardError(f"rows differ in length: row 1 has {width} cells, row {index} has {len(row_text)}")
            for col, char in enumerate(row_text, start=1):
                if char not in "xo.":
                    raise BoardError(f"bad character {char!r} at row {index}, column {col}: use x, o or .")
        rows, cols = len(rows_text), width
        shape = geometry(rows, cols, default_k(rows, cols) if k is None else k)
        x_bits = o_bits = 0
        for cell, char in enumerate("".join(rows_text)):
            if char == "x":
                x_bits |= 1 << cell
            elif char == "o":
                o_bits |= 1 << cell
        board = cls(shape, x_bits, o_bits, None if x_bits | o_bits else ())
        board.check_reachable()
        return board

    def check_reachable(self) -> None:
        """Raise :class:`BoardError` unless alternate play from the empty board can reach this."""
        x_count, o_count = self.x_bits.bit_count(), self.o_bits.bit_count()
        if x_count - o_count not in (0, 1):
            raise BoardError(
                f"impossible counts: X has {x_count} marks and O has {o_count}; "
                "X moves first, so X has as many as O or one more"
            )
        x_lines = self._lines_of(self.x_bits)
        o_lines = self._lines_of(self.o_bits)
        if x_lines and o_lines:
            raise BoardError("both X and O have a line: only one player can win")
        for mark, lines, last_mover_ok in (
            (Mark.X, x_lines, x_count == o_count + 1),
            (Mark.O, o_lines, x_count == o_count),
        ):
            if not lines:
                continue
            if not last_mover_ok:
                raise BoardError(f"{mark.upper()} has won, but the game went on after the win")
            common = self.geometry.full
            for line in lines:
                common &= line
            if not common:
                raise BoardError(
                    f"{mark.upper()} has separate lines that no single last move could complete: "
                    "the game went on after the win"
                )

    def _lines_of(self, bits: int) -> list[int]:
        return [line for line in self.geometry.lines if bits & line == line]

    # -- shape ---------------------------------------------------------------------------

    @property
    def rows(self) -> int:
        """Number of rows."""
        return self.geometry.rows

    @property
    def cols(self) -> int:
        """Number of columns."""
        return self.geometry.cols

    @property
    def k(self) -> int:
        """Marks in a row needed to win."""
        return self.geometry.k

    # -- state ---------------------------------------------------------------------------

    @property
    def move_count(self) -> int:
        """Marks on the board."""
        return (self.x_bits | self.o_bits).bit_count()

    @property
    def to_move(self) -> Mark:
        """The side whose turn it is (X when the counts are equal)."""
        return Mark.X if self.x_bits.bit_count() == self.o_bits.bit_count() else Mark.O

    def bits_of(self, mark: Mark) -> int:
        """The bitboard of one side."""
        return self.x_bits if mark is Mark.X else self.o_bits

    def sides(self) -> tuple[int, int]:
        """The bitboards of the side to move and of its opponent, as searches want them."""
        mover = self.to_move
        return self.bits_of(mover), self.bits_of(mover.other)

    @property
    def empty_bits(self) -> int:
        """Mask of the free cells."""
        return self.geometry.full & ~(self.x_bits | self.o_bits)

    def at(self, move: Move) -> Mark | None:
        """The mark on a cell, or None."""
        bit = 1 << self.index(move)
        if self.x_bits & bit:
            return Mark.X
        if self.o_bits & bit:
            return Mark.O
        return None

    def index(self, move: Move) -> int:
        """Cell index of ``(row, col)``; raise :class:`BoardError` when off the board."""
        row, col = move
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise BoardError(f"({row}, {col}) is off the {self.rows}x{self.cols} board")
        return row * self.cols + col

    def move_at(self, cell: int) -> Move:
        """``(row, col)`` of a cell index."""
        return divmod(cell, self.cols)

    @cached_property
    def winning_line(self) -> tuple[Move, ...]:
        """Cells of the winner's lines (all of them, in reading order), or ``()``."""
        bits = 0
        for mark in Mark:
            for line in self._lines_of(self.bits_of(mark)):
                bits |= line
        return tuple(self.move_at(cell) for cell in cells_of(bits))

    @cached_property
    def winner(self) -> Mark | None:
        """The side with k in a row, or None."""
        return next((mark for mark in Mark if self._lines_of(self.bits_of(mark))), None)

    @property
    def is_full(self) -> bool:
        """True when no cell is free."""
        return not self.empty_bits

    @property
    def is_over(self) -> bool:
        """True after a win or when the board is full."""
        return self.winner is not None or self.is_full

    def legal_moves(self) -> list[Move]:
        """Free cells in reading order; none once the game is over."""
        if self.is_over:
            return []
        return [self.move_at(cell) for cell in cells_of(self.empty_bits)]

    def play(self, move: Move) -> Board:
        """The position after the side to move marks ``move``."""
        bit = 1 << self.index(move)
        if self.is_over:
            raise BoardError("game is over")
        if not self.empty_bits & bit:
            raise BoardError(f"{move_name(move)} is already taken")
        history = None if self.history is None else (*self.history, move)
        if self.to_move is Mark.X:
            return Board(self.geometry, self.x_bits | bit, self.o_bits, history)
        return Board(self.geometry, self.x_bits, self.o_bits | bit, history)

    def play_all(self, moves: Iterable[Move]) -> Board:
        """The position after playing ``moves`` in order from this one."""
        board = self
        for move in moves:
            board = board.play(move)
        return board

    def symmetries(self) -> list[Board]:
        """The distinct boards equal to this one under rotation and reflection."""
        seen: dict[tuple[int, int], Board] = {}
        for perm in self.geometry.symmetries:
            x_bits, o_bits = permute_bits(self.x_bits, perm), permute_bits(self.o_bits, perm)
            seen.setdefault((x_bits, o_bits), Board(self.geometry, x_bits, o_bits, None))
        return list(seen.values())

    def canonical_key(self) -> tuple[int, int]:
        """The smallest ``(x_bits, o_bits)`` among the board's symmetric images."""
        return min(
            (permute_bits(self.x_bits, perm), permute_bits(self.o_bits, perm)) for perm in self.geometry.symmetries
        )

    def __str__(self) -> str:
        rows = []
        for r in range(self.rows):
            rows.append("".join(str(self.at((r, c)) or ".") for c in range(self.cols)))
        return "/".join(rows)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r}, k={self.k})"

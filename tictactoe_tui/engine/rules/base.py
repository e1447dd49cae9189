"""What a game variant declares: its shapes, its legal moves and results, its text form.

A variant is one :class:`Rules` subclass in its own module, listed once in
:mod:`tictactoe_tui.engine.rules`. Rules are pure: they know positions, never a search, a
player or a screen (the games registry, :mod:`tictactoe_tui.engine.games`, binds those).
Boards and searches ask a position's rules rather than knowing the variants.

Searches see a position from the side to move: ``me`` and ``opp`` are the two sides'
bitboards and ``state`` is a word the rules keep for themselves (0 in the games whose
position is only the marks; Ultimate keeps the last move and the claimed small boards).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from typing import ClassVar, Protocol, Self, cast

from ...words import counted
from ..marks import BoardError, Mark, Move, board_size, move_name, parse_move

#: The game a board plays when none is named.
DEFAULT_GAME = "classic"

#: A move's result for the side that played it.
WIN, DRAW, LOSS = 1, 0, -1

Shape = tuple[int, int, int]
"""Rows, columns and marks in a row."""
MIN_SIDE = 3
MAX_SIDE = 7
GOMOKU_SIDE = 15


#: The longest side a board may have: its columns are named by a letter, ``a`` to ``z``.
LONGEST_SIDE = 26


class Shaped(Protocol):
    """What a geometry reads of the shape it holds: a :class:`~.shape.GameShape`, the one shape
    type, which makes it (and sits above these rules, as it finds a game's rules by name)."""

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def k(self) -> int: ...
    @property
    def game(self) -> str: ...


@dataclass(frozen=True, eq=False)
class Geometry:
    """Everything that depends only on the board's shape: lines, symmetries, move order."""

    shape: Shaped
    """The game and the board's shape this is the geometry of, a :class:`~.shape.GameShape`
    (its game named as :attr:`rules` name it)."""
    rules: Rules
    """The game played on this shape."""
    lines: tuple[int, ...]
    """Bit masks of the lines that count (every k-in-a-row window, in most games)."""
    lines_through: tuple[tuple[int, ...], ...]
    """For each cell, the masks of the windows that contain it."""
    symmetries: tuple[tuple[int, ...], ...]
    """Cell permutations that map the board onto itself; the identity first."""
    move_order: tuple[int, ...]
    """Cells, most promising first: most windows through them, then nearest the centre."""

    @property
    def rows(self) -> int:
        """Number of rows."""
        return self.shape.rows

    @property
    def cols(self) -> int:
        """Number of columns."""
        return self.shape.cols

    @property
    def k(self) -> int:
        """Marks in a row."""
        return self.shape.k

    @cached_property
    def cells(self) -> int:
        """Number of cells."""
        return self.shape.rows * self.shape.cols

    @cached_property
    def full(self) -> int:
        """Mask with every cell set."""
        return (1 << self.cells) - 1

    def __repr__(self) -> str:
        game = "" if self.rules.name == DEFAULT_GAME else f", {self.rules.name}"
        return f"Geometry({self.rows}x{self.cols}, k={self.k}{game})"

    def completes_line(self, bits: int, cell: int) -> bool:
        """Whether ``bits`` (which include ``cell``) fill a line through ``cell``."""
        return any(bits & line == line for line in self.lines_through[cell])

    def __reduce__(self) -> tuple[object, tuple[Shaped, Rules]]:
        # Unpickle to the one shared instance per shape (solvers key on identity).
        return (shape_of, (self.shape, self.rules))


@cache
def sides_taken(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The numbers of rows and of columns of the boards ``rules`` takes with some k: asked of
    its :meth:`Rules.check_size` for every shape up to :data:`LONGEST_SIDE` (once a game)."""

    def fits(rows: int, cols: int) -> bool:
        for k in range(1, max(rows, cols) + 1):
            try:
                rules.check_size(rows, cols, k)
            except BoardError:
                continue
            return True
        return False

    taken = [
        (rows, cols) for rows in range(1, LONGEST_SIDE + 1) for cols in range(1, LONGEST_SIDE + 1) if fits(rows, cols)
    ]
    return tuple(sorted({rows for rows, _ in taken})), tuple(sorted({cols for _, cols in taken}))


@cache
def shape_of(shape: Shaped, rules: Rules) -> Geometry:
    """The shared geometry of ``shape`` in its game, played by ``rules`` (one object per shape
    and game: :attr:`.GameShape.geometry` makes it)."""
    rows, cols, k = shape.rows, shape.cols, shape.k
    rules.check_size(rows, cols, k)
    lines = rules.lines(rows, cols, k)
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
    return Geometry(shape, rules, lines, through, rules.symmetries(rows, cols), tuple(order))


class BoardLike(Protocol):
    """What rules read of a position (:class:`~tictactoe_tui.engine.board.Board` is one)."""

    @property
    def geometry(self) -> Geometry: ...
    @property
    def x_bits(self) -> int: ...
    @property
    def o_bits(self) -> int: ...
    @property
    def state(self) -> int: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def to_move(self) -> Mark: ...
    @property
    def legal_bits(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def bits_of(self, mark: Mark) -> int: ...
    def move_at(self, cell: int) -> Move: ...
    def at(self, move: Move) -> Mark | None: ...


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
    line_wins_game: ClassVar[bool] = False
    """Completing a line of k wins the game (the seeds' win-and-block rules make sense)."""
    block_size: ClassVar[int] = 0
    """The side of the small boards the grid is made of (Ultimate: 3), 0 when it is one board."""
    _shared: ClassVar[dict[type[Rules], Rules]] = {}

    # Rules keep no state of their own: every instance of a game's class is the same game
    # (a geometry unpickled in a search process finds its shared instance by equality).
    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __new__(cls) -> Self:
        # One instance a game, which players compare by identity (``board.rules is self.rules``):
        # rules unpickled in a fresh process as a copy once made them pass the board on.
        shared = Rules._shared.get(cls)
        if shared is None:
            shared = Rules._shared[cls] = super().__new__(cls)
        return cast(Self, shared)

    def __reduce__(self) -> tuple[type[Rules], tuple[()]]:
        return (type(self), ())

    # -- shapes -------------------------------------------------------------------------

    def default_k(self, rows: int, cols: int) -> int:
        """The line length when none is given: 3 on 3×3, 5 once both sides are 6 or more, else 4."""
        if (rows, cols) == (3, 3):
            return 3
        if min(rows, cols) >= 6:
            return 5
        return 4

    def check_size(self, rows: int, cols: int, k: int) -> None:
        """Refuse board sizes and line lengths this game does not support: by default rows and
        columns of 3 to 7, 15×15, or the size of one of the game's :attr:`presets` (so a game
        from a plug-in declares its sizes there, or overrides this)."""
        square_gomoku = rows == cols == GOMOKU_SIDE
        fits = MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE
        own = sorted({f"{r}×{c}" for r, c, _k in self.presets if max(r, c) > MAX_SIDE and (r, c) != (GOMOKU_SIDE,) * 2})
        if not square_gomoku and not fits and f"{rows}×{cols}" not in own:
            raise BoardError(
                f"{board_size(rows, cols)} is not supported: rows and columns must each be "
                f"{MIN_SIDE} to {MAX_SIDE}, or the board {' or '.join([*own, '15×15'])}"
            )
        longest = max(rows, cols)
        if not 3 <= k <= longest:
            allowed = "3" if longest == 3 else f"3 to {longest}"
            raise BoardError(f"k={k} does not fit {board_size(rows, cols)}: k must be {allowed}")

    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The numbers of rows, and of columns, that some board of this game takes, as
        :meth:`check_size` decides (what a board picker may offer)."""
        return sides_taken(self)

    def shape_label(self, rows: int, cols: int, k: int) -> str:
        """A board shape for people, e.g. ``4×4, 4 in a row``."""
        return f"{rows}×{cols}, {k} in a row"

    def board_name(self, rows: int, cols: int, k: int) -> str:
        """The game and its board for people, e.g. ``Misère 4×4, 4 in a row``."""
        return f"{self.title} {self.shape_label(rows, cols, k)}"

    def lines(self, rows: int, cols: int, k: int) -> tuple[int, ...]:
        """Masks of the lines that count (every k-window in the four directions)."""
        return windows(rows, cols, k)

    def symmetries(self, rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
        """Cell permutations that map positions onto equivalent ones; the identity first."""
        return dihedral(rows, cols)

    # -- square names -----------------------------------------------------------------

    def column_label(self, col: int) -> str:
        """A column's name in square names and the board's margin: a letter, ``a`` on the left."""
        return move_name((0, col))[0]

    def row_label(self, row: int, rows: int) -> str:
        """A row's name in square names and the board's margin: its number from the top, from 1."""
        return str(row + 1)

    def square_name(self, move: Move, rows: int) -> str:
        """A square's name for people and files (what history, hints, the review, saved games
        and puzzles say): column letter, then row number from the top, e.g. ``b2``."""
        row, col = move
        return self.column_label(col) + self.row_label(row, rows)

    def parse_square(self, name: str, rows: int, cols: int) -> Move:
        """Read a square's name as :meth:`square_name` writes it (:class:`BoardError` if it is not one)."""
        return parse_move(name, rows, cols)

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
    def winner(self, board: BoardLike) -> Mark | None:
        """The side that has won, or None."""

    def deciding_lines(self, board: BoardLike) -> int:
        """Mask of the cells of the lines that decided the game (shown highlighted)."""
        bits = 0
        for mark in Mark:
            for line in completed_lines(board.geometry, board.bits_of(mark)):
                bits |= line
        return bits

    def check_reachable(self, board: BoardLike) -> None:
        """Raise :class:`BoardError` unless alternate play from the empty board reaches ``board``."""
        check_counts(board)

    def refusal(self, board: BoardLike, cell: int) -> str:
        """Why the side to move may not mark ``cell`` (which is not legal)."""
        return f"{self.square_name(board.move_at(cell), board.rows)} is already taken"

    def claimed_regions(self, board: BoardLike) -> list[tuple[Mark, tuple[int, ...]]]:
        """Regions of the board a side has claimed (a mark each, and its cells in reading
        order), drawn as one big mark; none in most games."""
        return []


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


def check_counts(board: BoardLike) -> None:
    """Raise unless X has as many marks as O or one more (X moves first)."""
    x_count, o_count = board.x_bits.bit_count(), board.o_bits.bit_count()
    if x_count - o_count not in (0, 1):
        raise BoardError(
            f"impossible counts: X has {counted(x_count, 'mark')} and O has {o_count}; "
            "X moves first, so X has as many as O or one more"
        )

"""The board: an immutable m×n position with k in a row, stored as two bitboards.

Cell ``(row, col)`` is bit ``row * cols + col``. X always moves first, so the side to
move follows from the number of marks on the board. Which squares may be marked and who has
won are the game's rules (:mod:`.rules`), which every board carries in its geometry. Boards
know rules and nothing above them: no search, no player, no screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from ..words import counted
from .marks import BoardError, Mark, Move, cells_of, move_name, parse_move, permute_bits, winning_cells
from .rules import DEFAULT_GAME, Geometry, Rules, rules_named
from .rules.shape import GameShape

__all__ = [
    "DEFAULT_GAME",
    "Board",
    "BoardError",
    "GameShape",
    "Geometry",
    "Mark",
    "Move",
    "cells_of",
    "check_size",
    "default_k",
    "geometry",
    "move_name",
    "parse_move",
    "permute_bits",
    "winning_cells",
]


def default_k(rows: int, cols: int, game: str = DEFAULT_GAME) -> int:
    """The default line length of a board size in a game (see :meth:`.rules.Rules.default_k`)."""
    return rules_named(game).default_k(rows, cols)


def check_size(rows: int, cols: int, k: int, game: str = DEFAULT_GAME) -> None:
    """Refuse board sizes and line lengths the game does not support."""
    rules_named(game).check_size(rows, cols, k)


def geometry(rows: int, cols: int, k: int, game: str = DEFAULT_GAME) -> Geometry:
    """The shared geometry for a board shape in a game (one object per shape and game)."""
    return GameShape(rows, cols, k, game).geometry


@dataclass(frozen=True)
class Board:
    """An immutable, always-legal position. Build it with :meth:`empty` or :meth:`parse`."""

    geometry: Geometry
    x_bits: int
    o_bits: int
    history: tuple[Move, ...] | None = field(default=(), compare=False)
    """Moves in the order played from the empty board; None when unknown (a parsed position)."""
    state: int = 0
    """What the game's rules keep beside the marks (Ultimate: the last move and the claimed
    small boards); 0 in games whose position is only the marks."""

    @classmethod
    def empty(cls, rows: int = 3, cols: int = 3, k: int | None = None, game: str = DEFAULT_GAME) -> Board:
        """The empty board of the given size (k defaults as in :func:`default_k`)."""
        return cls(geometry(rows, cols, default_k(rows, cols, game) if k is None else k, game), 0, 0)

    @classmethod
    def empty_of(cls, shape: GameShape) -> Board:
        """The empty board of ``shape`` (:class:`BoardError` if its game does not take it)."""
        return cls(shape.geometry, 0, 0)

    @classmethod
    def parse(cls, text: str, k: int | None = None, game: str = DEFAULT_GAME) -> Board:
        """Read the text form (``x.o/.x./..o``, then ``@e5`` for the last move in games that
        keep it); raise :class:`BoardError` with the reason."""
        grid, _, last_text = text.strip().lower().partition("@")
        if not grid.strip():
            raise BoardError("no board given: write its rows separated by '/', each cell x, o or '.', e.g. x.o/.x./..o")
        rows_text = grid.strip().split("/")
        width = len(rows_text[0])
        for index, row_text in enumerate(rows_text, start=1):
            if len(row_text) != width:
                raise BoardError(
                    f"rows differ in length: row 1 has {counted(width, 'cell')}, row {index} has {len(row_text)}"
                )
            for col, char in enumerate(row_text, start=1):
                if char not in "xo.":
                    raise BoardError(f"bad character {char!r} at row {index}, column {col}: use x, o or .")
        rows, cols = len(rows_text), width
        shape = geometry(rows, cols, default_k(rows, cols, game) if k is None else k, game)
        x_bits = o_bits = 0
        for cell, char in enumerate("".join(rows_text)):
            if char == "x":
                x_bits |= 1 << cell
            elif char == "o":
                o_bits |= 1 << cell
        last = None
        if last_text:
            row, col = shape.rules.parse_square(last_text, rows, cols)
            last = row * cols + col
        state = shape.rules.state_of(shape, x_bits, o_bits, last)
        board = cls(shape, x_bits, o_bits, None if x_bits | o_bits else (), state)
        board.check_reachable()
        return board

    def check_reachable(self) -> None:
        """Raise :class:`BoardError` unless alternate play from the empty board can reach this."""
        self.rules.check_reachable(self)

    # -- shape ---------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The game played on this board."""
        return self.geometry.rules

    @property
    def rows(self) -> int:
        """Number of rows."""
        return self.geometry.shape.rows

    @property
    def cols(self) -> int:
        """Number of columns."""
        return self.geometry.shape.cols

    @property
    def k(self) -> int:
        """Marks in a row needed to complete a line."""
        return self.geometry.shape.k

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
        """Cells of the lines that decided the game (all of them, in reading order), or ``()``."""
        return tuple(self.move_at(cell) for cell in cells_of(self.rules.deciding_lines(self)))

    @cached_property
    def winner(self) -> Mark | None:
        """The side that has won, or None."""
        return self.rules.winner(self)

    @cached_property
    def _open_bits(self) -> int:
        me, opp = self.sides()
        return self.rules.legal(self.geometry, me, opp, self.state)

    @property
    def legal_bits(self) -> int:
        """Mask of the cells the side to move may mark; 0 once the game is over."""
        return 0 if self.winner is not None else self._open_bits

    @property
    def is_over(self) -> bool:
        """True after a win or when no move is left."""
        return self.winner is not None or not self._open_bits

    @property
    def is_draw(self) -> bool:
        """True when the game ended without a winner."""
        return self.winner is None and not self._open_bits

    @property
    def last_move(self) -> Move | None:
        """The last move, when the history or the game's state records it."""
        if self.history:
            return self.history[-1]
        cell = self.rules.last_cell(self.state)
        return None if cell is None else self.move_at(cell)

    def legal_moves(self) -> list[Move]:
        """The squares the side to move may mark, in reading order; none once the game is over."""
        return [self.move_at(cell) for cell in cells_of(self.legal_bits)]

    def play(self, move: Move) -> Board:
        """The position after the side to move marks ``move``."""
        cell = self.index(move)
        if self.is_over:
            raise BoardError("game is over")
        bit = 1 << cell
        if not self.legal_bits & bit:
            raise BoardError(self.rules.refusal(self, cell))
        history = None if self.history is None else (*self.history, move)
        me, opp = self.sides()
        state, _ = self.rules.after(self.geometry, me | bit, opp, self.state, cell)
        if self.to_move is Mark.X:
            return Board(self.geometry, self.x_bits | bit, self.o_bits, history, state)
        return Board(self.geometry, self.x_bits, self.o_bits | bit, history, state)

    def play_all(self, moves: Iterable[Move]) -> Board:
        """The position after playing ``moves`` in order from this one."""
        board = self
        for move in moves:
            board = board.play(move)
        return board

    def name(self, move: Move) -> str:
        """``move``'s square as people and files name it in this game (:meth:`.Rules.square_name`)."""
        return self.rules.square_name(move, self.rows)

    def square(self, name: str) -> Move:
        """The square ``name`` names in this game (:class:`BoardError` if none)."""
        return self.rules.parse_square(name, self.rows, self.cols)

    def restart(self) -> Board:
        """The empty board of the same shape and game."""
        return Board(self.geometry, 0, 0)

    def symmetries(self) -> list[Board]:
        """The distinct boards equal to this one under the game's symmetries."""
        seen: dict[tuple[int, int], Board] = {}
        for perm in self.geometry.symmetries:
            x_bits, o_bits = permute_bits(self.x_bits, perm), permute_bits(self.o_bits, perm)
            seen.setdefault((x_bits, o_bits), Board(self.geometry, x_bits, o_bits, None, self.state))
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
        last = self.rules.last_cell(self.state)
        return "/".join(rows) + ("" if last is None else f"@{self.name(self.move_at(last))}")

    def __repr__(self) -> str:
        game = "" if self.rules.name == DEFAULT_GAME else f", game={self.rules.name!r}"
        return f"Board.parse({str(self)!r}, k={self.k}{game})"

"""A position as it is stored, sent and saved (:class:`Position`): its game and shape, and the
moves played from the empty board. A module of its own: the records, puzzles, reviews and
matches read it, and a start's first frame, which shows a board, needs none."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .board import Board
from .marks import BoardError, Move
from .rules import rules_named
from .rules.shape import GameShape


@dataclass(frozen=True)
class Position:
    """A position as it is stored, sent and saved: its game and shape, and the moves played
    from the empty board. :meth:`board` is the one way from it to a :class:`Board`."""

    shape: GameShape
    moves: tuple[Move, ...] = ()

    @classmethod
    def of(cls, board: Board) -> Position:
        """The position of ``board``, which must know its moves (:class:`BoardError` if not)."""
        if board.history is None:
            raise BoardError("a position without its moves cannot be replayed")
        return cls(GameShape.of(board), board.history)

    def names(self, moves: Iterable[Move] | None = None) -> list[str]:
        """The squares of ``moves`` (by default this position's) as this game names them."""
        rules = rules_named(self.shape.game)
        return [rules.square_name(move, self.shape.rows) for move in (self.moves if moves is None else moves)]

    @classmethod
    def read(cls, shape: GameShape, names: Iterable[str]) -> Position:
        """The position of ``names``, squares as :meth:`names` writes them (:class:`BoardError` if one is not)."""
        rules = rules_named(shape.game)
        return cls(shape, tuple(rules.parse_square(name, shape.rows, shape.cols) for name in names))

    def start(self) -> Board:
        """The empty board of this game and shape."""
        return Board.empty_of(self.shape)

    def board(self) -> Board:
        """The board after the moves (:class:`BoardError` names a size or move that is not allowed)."""
        return self.start().play_all(self.moves)

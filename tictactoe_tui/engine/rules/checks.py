"""The checks of a position read from text that the games' rules share beyond counting marks
(:func:`~.base.check_counts`): that its lines are ones a game could have ended with."""

from __future__ import annotations

from ..marks import BoardError, Mark
from .base import BoardLike, completed_lines


def check_lines(board: BoardLike, outcome: str = "won") -> None:
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

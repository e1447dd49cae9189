"""Why a move that gave up a win or a draw is bad, read off the solver's line after it: what the
other side then does, and whether its first reply makes two threats at once (they cannot both
be stopped). The coach says it; the words are the app's."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Move, cells_of
from .review import MoveReview
from .rules.base import WIN


@dataclass(frozen=True)
class Refutation:
    """How the other side punishes a move that lost value, with best play."""

    replies: tuple[Move, ...]
    """The other side's moves in the solver's line after the move, to the end of the game."""
    threats: tuple[Move, ...]
    """After its first reply, the squares where it would complete a line at its next move (two or
    more: the mover can block only one)."""
    value_after: int
    """The mover's exact value after the move: -1 the other side wins, 0 it holds the draw."""

    @property
    def forks(self) -> bool:
        """Whether the first reply makes two threats at once: the game is lost there."""
        return len(self.threats) >= 2


def refutation(before: Board, judged: MoveReview) -> Refutation | None:
    """How the move ``judged`` (played on ``before``) is punished, from its exact line (None: not
    an exact move that lost value, or no line found in time)."""
    if not judged.exact or not judged.lost_value or not judged.line or judged.value_after is None:
        return None
    reply = before.play(judged.move).play(judged.line[0])
    threats = () if reply.is_over else winning_squares(reply)
    return Refutation(judged.line[0::2], threats, judged.value_after)


def winning_squares(board: Board) -> tuple[Move, ...]:
    """The squares where the side that has just moved on ``board`` would win with its next move,
    were it its turn again: its threats, which the side to move must block."""
    mover, other = board.sides()
    rules, shape = board.rules, board.geometry
    found = []
    for cell in cells_of(rules.legal(shape, other, mover, board.state)):
        _state, result = rules.after(shape, other | 1 << cell, mover, board.state, cell)
        if result == WIN:
            found.append(board.move_at(cell))
    return tuple(found)

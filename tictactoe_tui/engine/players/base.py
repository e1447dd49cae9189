"""What every computer player is: a :class:`Strategy` that makes a :class:`Decision`."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass

from ...words import counted
from ..board import Board, Move, cells_of
from ..search.budget import UNLIMITED, Budget


@dataclass(frozen=True)
class Decision:
    """A chosen move and what the strategy knows about it."""

    move: Move
    value: int | None = None
    """Exact outcome for the mover with best play (+1/0/-1), when the strategy solved it."""
    plies: int | None = None
    """Plies to the end with best play, when solved."""
    estimate: float | None = None
    """Estimated chance of winning (draws count half), for searches that do not solve."""
    depth: int | None = None
    """How many plies deep a heuristic search looked, for searches that do not solve."""
    from_book: bool = False
    """The move came from the opening book rather than a search."""

    def describe(self) -> str:
        """A short evaluation for people, e.g. ``draw with best play``."""
        if self.value is not None:
            if self.value == 0:
                return "draw with best play"
            outcome = "wins" if self.value > 0 else "loses"
            within = "" if self.plies is None else f" in {self.plies}"
            return f"{outcome}{within} with best play"
        if self.estimate is not None:
            return f"about {self.estimate:.0%} to win"
        if self.depth is not None:
            return f"searched {counted(self.depth, 'move')} ahead"
        return "no evaluation"


class Strategy(ABC):
    """A way of choosing moves. ``choose`` never mutates the board."""

    name: str

    def supports(self, board: Board) -> bool:
        """Whether this strategy can play on ``board``'s shape."""
        return True

    @abstractmethod
    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        """Pick a move for the side to move of an unfinished board."""

    def choose(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Move:
        """The move :meth:`decide` picks."""
        return self.decide(board, rng, budget).move

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def require_moves(board: Board) -> int:
    """The legal cells of an unfinished board (ValueError once the game is over)."""
    legal = board.legal_bits
    if not legal:
        raise ValueError("game is over")
    return legal


def pick(board: Board, bits: int, rng: random.Random) -> Move:
    return board.move_at(rng.choice(cells_of(bits)))

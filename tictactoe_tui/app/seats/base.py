"""A seat: one side of the board, who plays it and how their move arrives."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.dom import DOMNode

from ...engine.board import Move
from ...game import GameState
from ..ai import Searcher

if TYPE_CHECKING:
    from ..jobs import AiJob


@dataclass(frozen=True)
class SeatPorts:
    """What the game screen offers the seats: workers and messages go to ``owner``; the
    computer's level and time per move are read when its turn starts."""

    owner: DOMNode
    searcher: Searcher
    level: Callable[[], str]
    seconds: Callable[[], float]
    rng: random.Random


class Seat(ABC):
    """Who plays one side. The game screen tells the seat to move when its turn comes and
    never asks which kind it is: a person at this keyboard plays through :meth:`play`, the
    computer and the friend online answer with a message to the screen."""

    def take_turn(self, state: GameState) -> None:  # noqa: B027 (a seat that waits does nothing)
        """It is this seat's turn in ``state``: start thinking, or wait for the move to arrive."""

    def wait_turn(self, state: GameState) -> None:  # noqa: B027 (most seats have nothing to prepare)
        """The other side is to move in ``state``: get ready for this seat's turn meanwhile."""

    def stop(self) -> None:  # noqa: B027 (a seat that does not think has nothing to stop)
        """Stop thinking; an answer that arrives later is dropped."""

    @property
    def thinking(self) -> bool:
        """True while this seat is working out a move."""
        return False

    def answers(self, job: AiJob) -> bool:
        """Whether ``job`` is the search this seat waits for (then it waits no more)."""
        return False

    @abstractmethod
    def refusal(self, state: GameState) -> str | None:
        """Why the person at this keyboard may not move for this seat in ``state`` (None: they may)."""

    def play(self, state: GameState, move: Move) -> GameState | None:
        """The person at this keyboard plays ``move`` for this seat (:meth:`refusal` allowed it):
        the state after it, or None when the move goes elsewhere and comes back as a message."""
        raise NotImplementedError(f"{type(self).__name__} takes no moves from the keyboard")

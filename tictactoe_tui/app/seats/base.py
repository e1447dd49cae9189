"""A seat: one side of the board, who plays it and how their move arrives."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.dom import DOMNode
from textual.message import Message

from ...engine.board import Move
from ...game import GameState
from ..work.ai import Searcher

if TYPE_CHECKING:
    from ...game import AiMove


@dataclass(frozen=True)
class SeatPorts:
    """What the game screen offers the seats: workers and messages go to ``owner``; the
    computer's level and time per move are read when its turn starts."""

    owner: DOMNode
    searcher: Searcher
    level: Callable[[], str]
    seconds: Callable[[], float]
    rng: random.Random


class SeatMoved(Message):
    """A seat moved: ``seat`` plays ``move`` for the turn of ``state`` (the state its
    :meth:`Seat.take_turn` was handed). A seat whose move arrives later (a search, a remote
    player) posts this to the game screen, :attr:`SeatPorts.owner`, from any thread; the screen
    plays the move if the game is still at ``state``, ``seat`` is to move there and
    :meth:`Seat.takes` ``token``, and drops it otherwise. ``token``: what the seat tagged the
    request with (the computer: its search), handed back to :meth:`Seat.takes`. ``ai``: what the
    computer did, for the status line and the archive (None for other seats)."""

    def __init__(
        self, seat: Seat, state: GameState, move: Move, *, token: object = None, ai: AiMove | None = None
    ) -> None:
        super().__init__()
        self.seat, self.state, self.move, self.token, self.ai = seat, state, move, token, ai


class Seat(ABC):
    """Who plays one side. The game screen tells the seat to move when its turn comes and
    never asks which kind it is: a person at this keyboard plays through :meth:`play`; every
    other seat (the computer, the friend online, a plug-in's) answers with a :class:`SeatMoved`
    posted to the screen."""

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

    def takes(self, token: object) -> bool:
        """Whether this seat still waits for the answer tagged ``token`` (then it waits no
        more). By default it does: the screen has checked the answer is for the turn in play."""
        return True

    @abstractmethod
    def refusal(self, state: GameState) -> str | None:
        """Why the person at this keyboard may not move for this seat in ``state`` (None: they may)."""

    def play(self, state: GameState, move: Move) -> GameState | None:
        """The person at this keyboard plays ``move`` for this seat (:meth:`refusal` allowed it):
        the state after it, or None when the move goes elsewhere and comes back as a message."""
        raise NotImplementedError(f"{type(self).__name__} takes no moves from the keyboard")

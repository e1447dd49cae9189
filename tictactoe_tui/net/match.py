"""A match between two people over the network: the games so far and the one being played.

An immutable value, the same on both sides: the host keeps the real one and checks every move
against it; the guest rebuilds it from each ``state`` message (checking it too, since a host
can be hostile as well).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from ..engine.board import (
    DEFAULT_GAME,
    Board,
    BoardError,
    GameShape,
    Mark,
    Move,
    check_size,
    move_name,
    parse_move,
)
from ..engine.marks import Symbols
from ..engine.position import Position
from ..engine.rules import RULES
from ..table import ONLINE_HOST, ONLINE_JOIN, Online, Seating
from ..words import shortened

Side = Literal["host", "guest"]


class MoveRefused(ValueError):
    """A move that the rules or the turn do not allow; the message says why."""


#: The symbols the two sides of a match show, whoever moves first.
HOST_SYMBOL, GUEST_SYMBOL = ONLINE_HOST.own_symbol, ONLINE_JOIN.own_symbol

#: The position a match starts with when none is given: classic 3×3, no moves.
CLASSIC = Position(GameShape(3, 3, 3, DEFAULT_GAME))


@dataclass(frozen=True)
class Match:
    """Game ``number`` of a session: its ``position`` (the game, the shape and the moves played)
    and the session's scores."""

    position: Position = CLASSIC
    """Its moves travel in the grid's names (column letter, row from the top, as every
    version sends them), whatever the game calls its squares on screen."""
    number: int = 1
    symbols: Symbols = Symbols.AS_PLAYED
    """Who moves first in this game, as the symbols shown, the first player's first: the host's
    marks show as X (:attr:`.Online.own_symbol`), so ``AS_PLAYED`` when the host moves first.
    Rematches alternate."""
    host_wins: int = 0
    guest_wins: int = 0
    draws: int = 0

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves of this game so far."""
        return self.position.moves

    @property
    def board(self) -> Board:
        """The position, with its history."""
        return self.position.board()

    @property
    def host_first(self) -> bool:
        """The host moves first (plays the engine's X), as the messages say it."""
        return self.symbols.of(Mark.X) == HOST_SYMBOL

    def mark(self, side: Side) -> Mark:
        """The engine's mark ``side`` plays in this game (X moves first): the side whose symbol it shows."""
        shown = HOST_SYMBOL if side == "host" else GUEST_SYMBOL
        return Mark.X if self.symbols.of(Mark.X) == shown else Mark.O

    def seating(self, table: Online) -> Seating:
        """Who sits where in this game as the side of the match at ``table`` sees it."""
        return table.in_match(self.mark(table.side), self.symbols)

    def play(self, side: Side, move: Move, ply: int | None = None) -> Match:
        """The match after ``side`` plays ``move``; :class:`MoveRefused` if it may not.

        ``ply`` (the number of moves the player saw before moving) refuses a move sent twice
        or sent for a position that has changed since.
        """
        board = self.board
        if board.is_over:
            raise MoveRefused("the game is over")
        if ply is not None and ply != len(self.moves):
            raise MoveRefused(f"that move was for move {ply + 1}, and this is move {len(self.moves) + 1}")
        if board.to_move is not self.mark(side):
            raise MoveRefused("it is not your turn")
        if not (0 <= move[0] < self.position.shape.rows and 0 <= move[1] < self.position.shape.cols):
            raise MoveRefused(f"{move_name(move)} is off the board")
        if board.at(move) is not None:
            raise MoveRefused(f"{board.name(move)} is taken")
        after = replace(self, position=replace(self.position, moves=(*self.moves, move)))
        return after.counted() if after.board.is_over else after

    def counted(self) -> Match:
        """The scores with this (finished) game added."""
        winner = self.board.winner
        if winner is None:
            return replace(self, draws=self.draws + 1)
        if winner is self.mark("host"):
            return replace(self, host_wins=self.host_wins + 1)
        return replace(self, guest_wins=self.guest_wins + 1)

    def rematch(self) -> Match:
        """The next game, the other player moving first; :class:`MoveRefused` before this one ends."""
        if not self.board.is_over:
            raise MoveRefused("finish this game first")
        fresh = replace(self.position, moves=())
        return replace(self, position=fresh, number=self.number + 1, symbols=self.symbols.traded)

    def to_message(self) -> dict[str, Any]:
        """The ``state`` message for this match."""
        return {
            "type": "state",
            "game": self.position.shape.game,
            "rows": self.position.shape.rows,
            "cols": self.position.shape.cols,
            "k": self.position.shape.k,
            "number": self.number,
            "host_first": self.host_first,
            "moves": [move_name(move) for move in self.moves],
            "score": {"host": self.host_wins, "guest": self.guest_wins, "draws": self.draws},
        }

    @classmethod
    def from_message(cls, message: dict[str, Any]) -> Match:
        """A match from a ``state`` message; :class:`ValueError` for anything inconsistent."""
        rows, cols, k, number = (_whole(message, key) for key in ("rows", "cols", "k", "number"))
        score = message.get("score")
        names = message.get("moves")
        first = message.get("host_first")
        game = message.get("game", DEFAULT_GAME)
        if not isinstance(game, str) or game not in RULES:
            raise ValueError(f"a state for a game this version does not play: {shortened(str(game), 40)!r}")
        if not isinstance(first, bool):
            raise ValueError("a state without host_first")
        if not isinstance(score, dict):
            raise ValueError("a state without a score")
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise ValueError("a state whose moves are not a list of names")
        try:
            check_size(rows, cols, k, game)
            position = Position(GameShape(rows, cols, k, game), tuple(parse_move(name, rows, cols) for name in names))
            position.board()
        except BoardError as error:
            raise ValueError(f"an impossible state: {error}") from None
        counts = (_whole(score, "host"), _whole(score, "guest"), _whole(score, "draws"))
        if number < 1 or min(counts) < 0:
            raise ValueError("a state with a negative count")
        return cls(position, number, Symbols.first_showing(HOST_SYMBOL if first else GUEST_SYMBOL), *counts)


def _whole(message: dict[str, Any], key: str) -> int:
    """A whole-number field; :class:`ValueError` if missing or not one."""
    value = message.get(key)
    if type(value) is not int:
        raise ValueError(f"a state whose {key} is not a whole number")
    return value


def answer_guest(match: Match, message: dict[str, Any]) -> tuple[Match, dict[str, Any] | None]:
    """The host's answer to a guest's sealed request (``ping``, ``join``, ``rematch``, ``move``):
    the match after it (``match`` itself when it changed nothing) and a reply for the guest alone
    (None when the new state goes to everyone)."""
    kind = message["type"]
    if kind == "ping":
        return match, {"type": "pong"}
    if kind == "join":
        return match, {"type": "error", "reason": "already joined"}
    try:
        if kind == "rematch":
            return match.rematch(), None
        name, ply = message.get("move"), message.get("ply")
        if not isinstance(name, str) or type(ply) is not int or len(name) > 8:
            return match, {"type": "error", "reason": "a move needs 'move' (like b2) and 'ply'"}
        return match.play("guest", parse_move(name, match.position.shape.rows, match.position.shape.cols), ply), None
    except (MoveRefused, BoardError) as refusal:
        return match, {"type": "error", "reason": str(refusal), "state": match.to_message()}

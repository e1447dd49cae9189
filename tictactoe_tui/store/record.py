"""One finished game as the archive keeps it (:class:`GameRecord`), and how the lists speak of a
game: its result, its players by the symbols shown, its board and its times. Pure Python, no
Textual.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from .. import __version__
from ..engine import Board, Mark, Move, Position
from ..engine.board import DEFAULT_GAME, GameShape
from ..engine.rules import RULES
from ..engine.strength import MATCH_ME, Blend
from ..game import GameState
from ..table import TABLES, Seating, marks_shown

CLASSIC = DEFAULT_GAME


@dataclass(frozen=True)
class GameRecord:
    """One finished game as the archive keeps it: its position and who sat where, with the
    level, the times and the result."""

    position: Position
    """The game, its board's shape and the moves played."""
    seating: Seating
    """Who sat where: the kind of table, the player at each side in the table's vocabulary
    (``you``, ``computer``, ``friend``…, the first player first) and the symbols they showed;
    the one way the record's sides become symbols."""
    level: str
    times: tuple[float, ...]
    winner: str | None
    outcome: int
    started_at: float
    ended_at: float
    app_version: str = __version__
    id: int | None = None
    coached: bool = False
    """Whether the coach told of each mistake at once (counted apart in the statistics)."""
    aids: str = ""
    """The help taken that leaves the game unrated, e.g. ``hint take-back`` (:attr:`.GameState.aids`)."""
    played_as: str = ""
    """What "match-me" (the :attr:`level`) played: a blend of levels, ``medium+hard@0.52``."""

    @classmethod
    def of(cls, game: GameState, level: str, ended_at: float | None = None) -> GameRecord:
        """The record of a finished game; ``level`` is the computer's level at its end (the
        record keeps the levels that played, :meth:`.GameState.level_played`)."""
        board = game.board
        level = game.level_played(level) if game.seating.by_level else ""
        played_as, level = (level, MATCH_ME) if Blend.parse(level) is not None else ("", level)
        return cls(
            position=Position(GameShape.of(board), board.history or ()),
            seating=game.seating,
            level=level,
            times=game.times[: game.ply],
            winner=None if board.winner is None else board.winner.value,
            outcome=game.outcome_for_stats(),
            started_at=game.started,
            ended_at=time.time() if ended_at is None else ended_at,
            coached=game.coached,
            aids=" ".join(game.aids),
            played_as=played_as,
        )

    @property
    def shape(self) -> GameShape:
        """The game and the board's shape."""
        return self.position.shape

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played."""
        return self.position.moves

    @property
    def first_symbol(self) -> str:
        """The symbol the first player (the engine's X) showed."""
        return self.seating.symbol(Mark.X)

    @property
    def board_label(self) -> str:
        """E.g. ``3×3`` or ``5×5, 4 in a row``."""
        shape = self.shape
        return board_label(shape.game, shape.rows, shape.cols, shape.k)

    @property
    def missing(self) -> str | None:
        """Why it cannot be shown now (its game or table is a plug-in's, not installed), or None."""
        game, table = self.shape.game, self.seating.table
        if game not in RULES or table not in TABLES:
            what, name = ("game", game) if game not in RULES else ("table", table)
            return f"Game #{self.id} needs the {what} {name!r}, from a plug-in not installed now"
        return None

    @property
    def result_text(self) -> str:
        """E.g. ``You won``, ``X won`` or ``Draw``, as the player saw it."""
        return result_text(self.seating.table, self.winner, self.first_symbol, self.outcome)

    @property
    def yours(self) -> frozenset[Mark]:
        """The sides the person at this keyboard played."""
        return self.seating.keyboard

    @property
    def players_by_symbol(self) -> tuple[str, str]:
        """Who played the marks shown as X and who those shown as O (the first player showed
        :attr:`first_symbol`), as the lists name them: the symbols people saw, not the engine's sides."""
        return players_by_symbol(*self.seating.listed(self.level), self.first_symbol)

    def shown_text(self, plies: int | None = None) -> str:
        """The final position in rows, with the symbols people saw."""
        return self.seating.shown_text(self.board(plies)).replace("/", "\n")

    def board(self, plies: int | None = None) -> Board:
        """The position after the first ``plies`` moves (all by default), with its history."""
        position = self.position if plies is None else replace(self.position, moves=self.moves[:plies])
        return position.board()

    def state(self, plies: int | None = None) -> GameState:
        """The game at ``plies`` moves as a :class:`GameState` (for showing it), the whole line kept."""
        state = GameState.seated(self.board(plies), self.seating, started=self.started_at)
        return state.with_line(self.moves, self.times)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data (times as ISO 8601, moves as names), its players and
        winner named by the symbols shown (``first``: the symbol that moved first)."""
        seating, shape = self.seating, self.shape
        x_player, o_player = self.players_by_symbol
        return {
            "id": self.id,
            "game": shape.game,
            "board": f"{shape.rows}x{shape.cols}",
            "k": shape.k,
            "mode": seating.table,
            "level": self.level or None,
            "x": x_player,
            "o": o_player,
            "first": seating.symbol(Mark.X),
            "moves": self.position.names(),
            "times": list(self.times),
            "winner": None if self.winner is None else seating.symbol(Mark(self.winner)).lower(),
            "result": self.result_text,
            "outcome": self.outcome,
            "started": iso_time(self.started_at),
            "ended": iso_time(self.ended_at),
            "app_version": self.app_version,
            "coached": self.coached,
        }


def result_text(mode: str, winner: str | None, x_symbol: str, outcome: int) -> str:
    """A finished game's result as its player saw it: ``You won``, ``X won``, ``Draw``…"""
    if winner is None:
        return "Draw"
    table = TABLES.get(mode)
    if table is not None and table.results_yours:
        return "You won" if outcome > 0 else "You lost"
    first, second = marks_shown(x_symbol == "O")
    return f"{first if winner == Mark.X.value else second} won"


def players_by_symbol(x_player: str, o_player: str, x_symbol: str) -> tuple[str, str]:
    """Who played the marks shown as X and as O, from the columns of the first player, the
    second, and the symbol the first showed."""
    return (o_player, x_player) if x_symbol == "O" else (x_player, o_player)


def local_time(seconds: float, short: bool = False) -> str:
    """A moment as the game lists show it: ``2026-11-22 18:47``, local time (``short``: the
    day only)."""
    return time.strftime("%Y-%m-%d" if short else "%Y-%m-%d %H:%M", time.localtime(seconds))


def iso_time(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(seconds))


def board_label(game: str, rows: int, cols: int, k: int) -> str:
    """E.g. ``3×3`` or ``5×5, 4 in a row``, with the game's name unless classic."""
    if game == CLASSIC:
        return f"{rows}×{cols}" if (rows, cols, k) == (3, 3, 3) else f"{rows}×{cols}, {k} in a row"
    rules = RULES.get(game)
    if rules is None:  # a game from a newer version of the app
        return f"{game} {rows}×{cols}, {k} in a row"
    return rules.board_name(rows, cols, k)


def title(game: str) -> str:
    """A game's name for people (its stored name when this version does not know it)."""
    rules = RULES.get(game)
    return game if rules is None else rules.title

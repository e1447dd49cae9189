"""One finished game as the archive keeps it (:class:`GameRecord`), and how the lists speak of a
game: its result, its players by the symbols shown, its board and its times. Pure Python, no
Textual.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
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
    """One finished game as the archive keeps it."""

    rows: int
    cols: int
    k: int
    mode: str
    """The kind of table (its name)."""
    level: str
    x_player: str
    """Who moved first, in the seating's vocabulary: ``you``, ``computer``, ``friend``…"""
    o_player: str
    x_symbol: str
    moves: tuple[Move, ...]
    times: tuple[float, ...]
    winner: str | None
    outcome: int
    started_at: float
    ended_at: float
    game: str = CLASSIC
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
        seating = game.seating
        x_player, o_player = seating.players
        level = game.level_played(level) if seating.by_level else ""
        played_as, level = (level, MATCH_ME) if Blend.parse(level) is not None else ("", level)
        return cls(
            rows=board.rows,
            cols=board.cols,
            k=board.k,
            game=board.rules.name,
            mode=seating.table,
            level=level,
            x_player=x_player,
            o_player=o_player,
            x_symbol=seating.symbol(Mark.X),
            moves=board.history or (),
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
        return GameShape(self.rows, self.cols, self.k, self.game)

    @property
    def board_label(self) -> str:
        """E.g. ``3×3`` or ``5×5, 4 in a row``."""
        return board_label(self.game, self.rows, self.cols, self.k)

    @property
    def missing(self) -> str | None:
        """Why it cannot be shown now (its game or table is a plug-in's, not installed), or None."""
        if self.game not in RULES or self.mode not in TABLES:
            what, name = ("game", self.game) if self.game not in RULES else ("table", self.mode)
            return f"Game #{self.id} needs the {what} {name!r}, from a plug-in not installed now"
        return None

    @property
    def result_text(self) -> str:
        """E.g. ``You won``, ``X won`` or ``Draw``, as the player saw it."""
        return result_text(self.mode, self.winner, self.x_symbol, self.outcome)

    @property
    def yours(self) -> frozenset[Mark]:
        """The sides the person at this keyboard played."""
        return self.seating.keyboard

    @property
    def seating(self) -> Seating:
        """Who sat where: the record as the game held it (what a saved game states, and the one
        way the record's sides become symbols)."""
        return Seating(self.mode, (self.x_player, self.o_player), marks_shown(self.x_symbol == "O"))

    @property
    def players_by_symbol(self) -> tuple[str, str]:
        """Who played the marks shown as X and who those shown as O (the first player showed
        :attr:`x_symbol`), as the lists name them: the symbols people saw, not the engine's sides."""
        return players_by_symbol(*self.seating.listed(self.level), self.x_symbol)

    def shown_text(self, plies: int | None = None) -> str:
        """The final position in rows, with the symbols people saw."""
        return self.seating.shown_text(self.board(plies)).replace("/", "\n")

    def board(self, plies: int | None = None) -> Board:
        """The position after the first ``plies`` moves (all by default), with its history."""
        moves = self.moves if plies is None else self.moves[:plies]
        return Position(self.shape, moves).board()

    def state(self, plies: int | None = None) -> GameState:
        """The game at ``plies`` moves as a :class:`GameState` (for showing it), the whole line kept."""
        state = GameState.seated(self.board(plies), self.seating, started=self.started_at)
        return state.with_line(self.moves, self.times)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data (times as ISO 8601, moves as names), its players and
        winner named by the symbols shown (``first``: the symbol that moved first)."""
        seating = self.seating
        x_player, o_player = self.players_by_symbol
        return {
            "id": self.id,
            "game": self.game,
            "board": f"{self.rows}x{self.cols}",
            "k": self.k,
            "mode": self.mode,
            "level": self.level or None,
            "x": x_player,
            "o": o_player,
            "first": seating.symbol(Mark.X),
            "moves": Position(self.shape, self.moves).names(),
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

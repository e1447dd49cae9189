"""Finished games as the archive keeps them: the record of one game, the rows the browser
lists, and the queries that add, find, list and delete games (each on a connection the
database gives, inside its transaction). Pure Python, no Textual.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import __version__
from ..engine import Board, Mark, Move, Position, move_name, parse_move
from ..engine.board import DEFAULT_GAME
from ..engine.rules import RULES
from ..engine.strength import MATCH_ME, Blend
from ..game import GameState
from ..table import TABLES, Seating, marks_shown
from .files import BadFile, parse_json

#: Rows a page of the browser holds.
PAGE_SIZE = 100
CLASSIC = DEFAULT_GAME

GAME_COLUMNS = (
    "id, variant, rows, cols, k, mode, level, x_player, o_player, x_symbol,"
    " moves, times, winner, outcome, started_at, ended_at, app_version, coached, aids, played_as"
)

#: What makes games of one kind: their streaks run together (coached games apart).
#: The SQL column ``variant`` holds the game (its name from the first schema).
KIND = "mode, level, variant, rows, cols, k, coached"
SAME_KIND = "mode = ? AND level = ? AND variant = ? AND rows = ? AND cols = ? AND k = ? AND coached = ?"


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
        return Position(self.game, self.rows, self.cols, self.k, moves).board()

    def state(self, plies: int | None = None) -> GameState:
        """The game at ``plies`` moves as a :class:`GameState` (for showing it), the whole line kept."""
        state = GameState.seated(self.board(plies), self.seating, started=self.started_at)
        return replace(state, line=self.moves, times=self.times)

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
            "moves": Position(self.game, self.rows, self.cols, self.k, self.moves).names(),
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


def _row_values(record: GameRecord) -> tuple[Any, ...]:
    return (
        record.game,
        record.rows,
        record.cols,
        record.k,
        record.mode,
        record.level,
        record.x_player,
        record.o_player,
        record.x_symbol,
        moves_text(record.moves),
        json.dumps([round(t, 3) for t in record.times]),
        record.winner,
        record.outcome,
        record.started_at,
        record.ended_at,
        record.app_version,
        int(record.coached),
        record.aids,
        record.played_as,
    )


def moves_text(moves: Sequence[Move]) -> str:
    """Moves as the ``moves`` column holds them: ``b2 a1 c3``, in every game the grid's names
    (column letter, row from the top) that the archive has always kept, whatever a game calls
    its squares on screen and in files (:meth:`.Board.name`)."""
    return " ".join(move_name(move) for move in moves)


def streak_before(connection: sqlite3.Connection, kind: Sequence[Any], game_id: int | None = None) -> int:
    """The winning streak of games of ``kind`` before game ``game_id`` (before any new game by default)."""
    newest = connection.execute(
        f"SELECT streak FROM games WHERE {SAME_KIND} AND id < ? ORDER BY id DESC LIMIT 1",
        (*kind, game_id if game_id is not None else 2**62),
    ).fetchone()
    return 0 if newest is None else int(newest[0])


def _record_from_row(row: Sequence[Any]) -> GameRecord:
    (id_, game, rows, cols, k, mode, level, x_player, o_player, x_symbol) = row[:10]
    (moves, times, winner, outcome, started_at, ended_at, app_version, coached, aids, played_as) = row[10:]
    return GameRecord(
        rows=rows,
        cols=cols,
        k=k,
        mode=mode,
        level=level,
        x_player=x_player,
        o_player=o_player,
        x_symbol=x_symbol,
        moves=tuple(parse_move(name, rows, cols) for name in moves.split()),
        times=_times(times),
        winner=winner,
        outcome=outcome,
        started_at=started_at,
        ended_at=ended_at,
        game=game,
        app_version=app_version,
        id=id_,
        coached=bool(coached),
        aids=aids,
        played_as=played_as,
    )


def _times(text: str) -> tuple[float, ...]:
    """The seconds each move was made at, as the row keeps them; none from a field that does
    not hold a list of numbers (a damaged or edited row: the game is still read)."""
    try:
        times = parse_json(text)
    except (BadFile, TypeError):
        return ()
    if not isinstance(times, list) or not all(type(t) in (int, float) for t in times):
        return ()
    return tuple(float(t) for t in times)


@dataclass(frozen=True)
class Filters:
    """What the browser shows: None means any."""

    mode: str | None = None
    level: str | None = None
    board: tuple[str, int, int, int] | None = None
    """``(game, rows, cols, k)``."""
    outcome: int | None = None

    def where(self) -> tuple[str, list[Any]]:
        """SQL conditions (joined with AND, starting with it) and their parameters."""
        clauses: list[str] = []
        params: list[Any] = []
        for column, value in (("mode", self.mode), ("level", self.level), ("outcome", self.outcome)):
            if value is not None:
                clauses.append(f" AND {column} = ?")
                params.append(value)
        if self.board is not None:
            clauses.append(" AND variant = ? AND rows = ? AND cols = ? AND k = ?")
            params.extend(self.board)
        return "".join(clauses), params


@dataclass(frozen=True)
class Summary:
    """A row of the browser: enough to list a game without reading its moves."""

    id: int
    ended_at: float
    game: str
    rows: int
    cols: int
    k: int
    mode: str
    x_player: str
    """Who played the marks shown as X (the first player when they showed X, else the second)."""
    o_player: str
    result: str
    plies: int

    def cells(self, narrow: bool = False) -> tuple[str, ...]:
        """A list row: number, end time, board, mode, players, result and length. ``narrow``
        (for 80 columns) leaves out the mode, which the players tell, and the time of day."""
        board = f"{self.rows}×{self.cols}" if self.k == 3 else f"{self.rows}×{self.cols} k{self.k}"
        table = TABLES.get(self.mode)
        mode = () if narrow else (self.mode if table is None else table.short,)
        return (
            str(self.id),
            local_time(self.ended_at, short=narrow),
            board if self.game == CLASSIC else f"{title(self.game)} {board}",
            *mode,
            self.x_player,
            self.o_player,
            self.result,
            str(self.plies),
        )


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


def _summary(row: Sequence[Any]) -> Summary:
    id_, ended_at, game, rows, cols, k, mode, level, x_player, o_player, winner, x_symbol, outcome, moves = row
    plies = moves.count(" ") + 1 if moves else 0
    result = result_text(mode, winner, x_symbol, outcome)
    listed = Seating(mode, (x_player, o_player)).listed(level)
    by_symbol = players_by_symbol(*listed, x_symbol)
    return Summary(id_, ended_at, game, rows, cols, k, mode, *by_symbol, result, plies)


def insert(connection: sqlite3.Connection, record: GameRecord) -> None:
    """Add a finished game, with its winning streak counted."""
    values = _row_values(record)
    kind = (record.mode, record.level, record.game, record.rows, record.cols, record.k, int(record.coached))
    streak = streak_before(connection, kind) + 1 if record.outcome == 1 else 0
    columns = GAME_COLUMNS.removeprefix("id, ")
    placeholders = ", ".join("?" * (len(values) + 1))
    connection.execute(f"INSERT INTO games ({columns}, streak) VALUES ({placeholders})", (*values, streak))


def delete(connection: sqlite3.Connection, game_id: int) -> bool:
    """Remove a game (the streaks of the games after it are counted again); whether it was there."""
    kind = connection.execute(f"SELECT {KIND} FROM games WHERE id = ?", (game_id,)).fetchone()
    if kind is None:
        return False
    connection.execute("DELETE FROM games WHERE id = ?", (game_id,))
    connection.execute("DELETE FROM reviews WHERE game_id = ?", (game_id,))
    streak = streak_before(connection, kind, game_id)
    later = connection.execute(
        f"SELECT id, outcome, streak FROM games WHERE {SAME_KIND} AND id > ? ORDER BY id", (*kind, game_id)
    )
    for id_, outcome, stored in later.fetchall():
        streak = streak + 1 if outcome == 1 else 0
        if streak == stored:
            break  # from here on the streaks never depended on the deleted game
        connection.execute("UPDATE games SET streak = ? WHERE id = ?", (streak, id_))
    return True


def count(connection: sqlite3.Connection, filters: Filters) -> int:
    """How many games match."""
    where, params = filters.where()
    return int(connection.execute(f"SELECT COUNT(*) FROM games WHERE 1{where}", params).fetchone()[0])


def page(connection: sqlite3.Connection, filters: Filters, before: int | None, size: int) -> list[Summary]:
    """Up to ``size`` games, newest first, older than game ``before`` if given."""
    where, params = filters.where()
    if before is not None:
        where += " AND id < ?"
        params.append(before)
    query = (
        "SELECT id, ended_at, variant, rows, cols, k, mode, level, x_player, o_player, winner, x_symbol, outcome, moves"
        f" FROM games WHERE 1{where} ORDER BY id DESC LIMIT ?"
    )
    return [_summary(row) for row in connection.execute(query, [*params, size]).fetchall()]


def get(connection: sqlite3.Connection, game_id: int) -> GameRecord | None:
    """One whole game, or None."""
    row = connection.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else _record_from_row(row)


def find(connection: sqlite3.Connection, record: GameRecord) -> int | None:
    """The id of the game kept as ``record`` (the same start, end and moves), or None; the
    newest is looked at first (a game just finished is the last one kept)."""
    row = connection.execute(
        "SELECT id FROM games WHERE started_at = ? AND ended_at = ? AND moves = ? ORDER BY id DESC LIMIT 1",
        (record.started_at, record.ended_at, moves_text(record.moves)),
    ).fetchone()
    return None if row is None else int(row[0])


def choices(connection: sqlite3.Connection) -> tuple[list[str], list[tuple[str, int, int, int]]]:
    """The levels and the boards ``(game, rows, cols, k)`` that games were played on."""
    levels = [row[0] for row in connection.execute("SELECT DISTINCT level FROM games WHERE level <> ''")]
    boards = connection.execute("SELECT DISTINCT variant, rows, cols, k FROM games").fetchall()
    return sorted(levels), sorted(boards, key=lambda b: (b[1] * b[2], b[1], b[3], b[0]))

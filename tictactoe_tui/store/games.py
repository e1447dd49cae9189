"""The queries on finished games: add, find, list, count and delete them (each on a connection the
database gives, inside its transaction), and the rows the browser lists. Pure Python, no
Textual.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Move, Position, move_name, parse_move
from ..engine.board import GameShape
from ..table import TABLES, Seating, marks_shown
from .files import BadFile, parse_json
from .record import CLASSIC, GameRecord, local_time, players_by_symbol, result_text, title

#: Rows a page of the browser holds.
PAGE_SIZE = 100

GAME_COLUMNS = (
    "id, variant, rows, cols, k, mode, level, x_player, o_player, x_symbol,"
    " moves, times, winner, outcome, started_at, ended_at, app_version, coached, aids, played_as"
)

#: What makes games of one kind: their streaks run together (coached games apart).
#: The SQL column ``variant`` holds the game (its name from the first schema).
KIND = "mode, level, variant, rows, cols, k, coached"
SAME_KIND = "mode = ? AND level = ? AND variant = ? AND rows = ? AND cols = ? AND k = ? AND coached = ?"


def _row_values(record: GameRecord) -> tuple[Any, ...]:
    shape, seating = record.shape, record.seating
    return (
        shape.game,
        shape.rows,
        shape.cols,
        shape.k,
        seating.table,
        record.level,
        *seating.players,
        record.first_symbol,
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
    played = tuple(parse_move(name, rows, cols) for name in moves.split())
    return GameRecord(
        position=Position(GameShape(rows, cols, k, game), played),
        seating=Seating(mode, (x_player, o_player), marks_shown(x_symbol == "O")),
        level=level,
        times=_times(times),
        winner=winner,
        outcome=outcome,
        started_at=started_at,
        ended_at=ended_at,
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


#: The games list's columns, each a cell of :meth:`Summary.cells`.
LIST_COLUMNS = ("#", "ended", "board", "mode", "X", "O", "result", "moves")


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

    def cells(self, columns: Sequence[str] = LIST_COLUMNS, short_time: bool = False) -> tuple[str, ...]:
        """A list row's cells for ``columns`` (of :data:`LIST_COLUMNS`: number, end time, board,
        mode, players, result and length); ``short_time``: the day without the time of day."""
        board = f"{self.rows}×{self.cols}" if self.k == 3 else f"{self.rows}×{self.cols} k{self.k}"
        table = TABLES.get(self.mode)
        cell = {
            "#": str(self.id),
            "ended": local_time(self.ended_at, short=short_time),
            "board": board if self.game == CLASSIC else f"{title(self.game)} {board}",
            "mode": self.mode if table is None else table.short,
            "X": self.x_player,
            "O": self.o_player,
            "result": self.result,
            "moves": str(self.plies),
        }
        return tuple(cell[column] for column in columns)


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
    shape = record.shape
    kind = (record.seating.table, record.level, shape.game, shape.rows, shape.cols, shape.k, int(record.coached))
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

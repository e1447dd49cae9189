"""Puzzles as the archive keeps them: the position, every move that solves it, and how often
it was solved and failed (the table is in the archive's schema, version 2; ``swapped`` from version 5),
and which games were mined for them (the ``mined`` table, version 8)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Move, Position, move_name, parse_move
from ..engine.board import GameShape
from ..engine.marks import Symbols
from ..engine.puzzles import Puzzle

COLUMNS = "id, variant, rows, cols, k, moves, kind, plies, keeping, source, yours, swapped, solved, failed"


@dataclass(frozen=True)
class PuzzleEntry:
    """A stored puzzle with its number and results."""

    id: int
    puzzle: Puzzle
    solved: int
    failed: int


def _names(moves: Sequence[Move]) -> str:
    """Moves as the archive keeps them: the grid's names in every game (as :func:`.games.moves_text`)."""
    return " ".join(move_name(move) for move in moves)


def _moves(text: str, rows: int, cols: int) -> tuple[Move, ...]:
    return tuple(parse_move(name, rows, cols) for name in text.split())


def insert(connection: sqlite3.Connection, puzzles: Sequence[Puzzle]) -> int:
    """Add the puzzles not kept yet (the same position twice is one puzzle); how many were new."""
    added = 0
    for puzzle in puzzles:
        position = puzzle.position
        shape = position.shape
        cursor = connection.execute(
            "INSERT OR IGNORE INTO puzzles (variant, rows, cols, k, moves, kind, plies, keeping, source, yours,"
            " swapped, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (shape.game, shape.rows, shape.cols, shape.k, _names(position.moves), puzzle.kind, puzzle.plies,
             _names(puzzle.keeping), puzzle.source, int(puzzle.yours), int(puzzle.symbols.swapped), time.time()),
        )  # fmt: skip
        added += cursor.rowcount
    return added


def entry(row: Sequence[Any]) -> PuzzleEntry:
    """A row of :data:`COLUMNS` as an entry."""
    id_, game, rows, cols, k, moves, kind, plies, keeping, source, yours, swapped, solved, failed = row
    position = Position(GameShape(rows, cols, k, game), _moves(moves, rows, cols))
    symbols = Symbols.SWAPPED if swapped else Symbols.AS_PLAYED
    puzzle = Puzzle(position, kind, plies, _moves(keeping, rows, cols), source, bool(yours), symbols)
    return PuzzleEntry(id_, puzzle, solved, failed)


def listing(connection: sqlite3.Connection, limit: int) -> list[PuzzleEntry]:
    """Puzzles to solve: unsolved first, your own mistakes first among them, oldest first."""
    query = f"SELECT {COLUMNS} FROM puzzles ORDER BY solved > 0, yours DESC, id LIMIT ?"
    return [entry(row) for row in connection.execute(query, (limit,)).fetchall()]


def count_attempt(connection: sqlite3.Connection, puzzle_id: int, solved: bool) -> None:
    """Count an attempt at a puzzle."""
    column = "solved" if solved else "failed"
    connection.execute(f"UPDATE puzzles SET {column} = {column} + 1 WHERE id = ?", (puzzle_id,))


def unmined(connection: sqlite3.Connection, limit: int, squares: int) -> list[int]:
    """Up to ``limit`` games the player played a side of, on boards of at most ``squares``
    squares, not mined for puzzles yet: newest first."""
    query = (
        "SELECT id FROM games WHERE rows * cols <= ? AND 'you' IN (x_player, o_player)"
        " AND id NOT IN (SELECT game_id FROM mined) ORDER BY id DESC LIMIT ?"
    )
    return [int(row[0]) for row in connection.execute(query, (squares, limit)).fetchall()]


def keep_mined(connection: sqlite3.Connection, game_ids: Sequence[int], found: Sequence[Puzzle]) -> int:
    """Keep the puzzles ``found`` in games ``game_ids`` and mark those games mined; how many puzzles were new."""
    connection.executemany("INSERT OR IGNORE INTO mined (game_id) VALUES (?)", [(id_,) for id_ in game_ids])
    return insert(connection, found)

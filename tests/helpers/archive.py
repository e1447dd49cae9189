"""Archived games the tests build: a small finished game of each kind, a puzzle, damaged archives."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tictactoe_tui.engine import Position
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.puzzles import Puzzle
from tictactoe_tui.store.archive import Archive, GameRecord
from tictactoe_tui.table import TWO_PLAYERS, VS_COMPUTER, Seating

PAGE = 4096
"""SQLite's page size in the archives the tests make."""

KINDS = [
    (VS_COMPUTER.name, "hard", 3, 3, 3),
    (VS_COMPUTER.name, "easy", 3, 3, 3),
    (VS_COMPUTER.name, "hard", 5, 5, 4),
    (TWO_PLAYERS.name, "", 3, 3, 3),
]


def game(outcome: int = 1, kind: int = 0, started: float = 1_000.0) -> GameRecord:
    """A small finished game of one of :data:`KINDS` with the given result."""
    mode, level, rows, cols, k = KINDS[kind]
    players = ("you", "you") if mode == TWO_PLAYERS.name else ("you", "computer")
    winner = {1: "x", 0: None, -1: "o"}[outcome]
    moves = ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
    return GameRecord(
        Position(GameShape(rows, cols, k), moves),
        Seating(mode, players),
        level,
        (1.0, 2.0, 3.0, 4.0, 5.0),
        winner,
        outcome,
        started,
        started + 9,
    )


def damaged(path: Path) -> Archive:
    """An archive of 300 games and a puzzle whose pages after the schema are garbage, reopened:
    it opens, and the first use of any table finds the damage."""
    archive = Archive(path)
    for number in range(300):
        archive.record(game(started=float(number)))
    archive.add_puzzles([PUZZLE])
    archive.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[2 * page :] = b"\x5a" * (len(data) - 2 * page)
    path.write_bytes(bytes(data))
    return Archive(path)


PUZZLE = Puzzle(Position(GameShape(3, 3, 3, "classic"), ((1, 1), (0, 0), (2, 2))), "win", 3, ((0, 2),), "solver")
"""A puzzle to keep: what it asks does not matter here."""


def archive_of(path: Path, games: int) -> None:
    """An archive of ``games`` games at ``path``, closed (its WAL folded in)."""
    archive = Archive(path)
    for number in range(games):
        archive.record(game(started=float(number)))
    archive.close()


def spoil(path: Path, page: int) -> bytes:
    """Overwrite page ``page`` (counted from 1) with garbage; the file's bytes after."""
    data = bytearray(path.read_bytes())
    data[(page - 1) * PAGE : page * PAGE] = b"\x5a" * PAGE
    path.write_bytes(bytes(data))
    return bytes(data)


def page_of_games(path: Path) -> tuple[int, int]:
    """A page in the middle of the games table's leaves, and how many games it holds."""
    with sqlite3.connect(path) as connection:
        try:
            leaves = connection.execute(
                "SELECT pageno, ncell FROM dbstat WHERE name = 'games' AND pagetype = 'leaf' ORDER BY pageno"
            ).fetchall()
        except sqlite3.OperationalError:
            pytest.skip("this SQLite has no dbstat table to find a page of games with")
    page, on_it = leaves[len(leaves) // 2]
    return int(page), int(on_it)

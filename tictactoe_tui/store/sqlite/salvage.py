"""Every row SQLite can still read from a damaged database, copied into a fresh one.

A damaged page costs the rows on it, not the file: each table is read in order of its rowid
until SQLite stops at the damage, then row by row past it (a look-up by rowid reaches every
page that is whole). Rows are copied by the columns both files have, so a copy made by an
older version of the app comes back too. Pure Python, no Textual.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

#: Past the last row read, how many rowids are looked up one by one before the table is taken
#: to end there (when its highest rowid cannot be read).
PROBE_GAP = 10_000


def salvage(damaged: Path, fresh: sqlite3.Connection) -> dict[str, int]:
    """Copy what can be read of each of ``fresh``'s tables from ``damaged`` (opened read-only,
    left as it is) in one transaction; the rows copied per table."""
    copied: dict[str, int] = {}
    companions = [damaged.with_name(damaged.name + suffix) for suffix in ("-wal", "-shm")]
    made = [companion for companion in companions if not companion.exists()]  # read-only WAL readers make them
    try:
        source = sqlite3.connect(f"{damaged.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return copied
    try:
        tables = [name for (name,) in fresh.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
        fresh.execute("BEGIN IMMEDIATE")
        for table in tables:
            if table != "sqlite_sequence":
                copied[table] = _copy_table(source, fresh, table)
        _carry_sequence(source, fresh, tables)
        fresh.execute("COMMIT")
    except BaseException:
        if fresh.in_transaction:
            fresh.execute("ROLLBACK")
        raise
    finally:
        source.close()
        for companion in made:
            with contextlib.suppress(OSError):
                companion.unlink(missing_ok=True)
    return copied


def _columns(connection: sqlite3.Connection, table: str) -> list[str]:
    try:
        return [row[1] for row in connection.execute(f"PRAGMA table_info({_quoted(table)})")]
    except sqlite3.DatabaseError:
        return []


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _copy_table(source: sqlite3.Connection, fresh: sqlite3.Connection, table: str) -> int:
    kept = set(_columns(source, table))
    columns = [column for column in _columns(fresh, table) if column in kept]
    if not columns:
        return 0
    names = ", ".join(map(_quoted, columns))
    insert = f"INSERT OR IGNORE INTO {_quoted(table)} ({names}) VALUES ({', '.join('?' * len(columns))})"
    copied = 0
    for row in readable_rows(source, table, names):
        with contextlib.suppress(sqlite3.IntegrityError):  # a row damaged into breaking the schema's rules
            copied += fresh.execute(insert, row).rowcount
    return copied


def readable_rows(source: sqlite3.Connection, table: str, names: str) -> Iterator[tuple[object, ...]]:
    """The rows of ``table`` (its columns ``names``) that SQLite can read, in rowid order."""
    select = f"SELECT rowid, {names} FROM {_quoted(table)}"
    last = 0
    try:
        for rowid, *values in source.execute(f"{select} ORDER BY rowid"):
            last = rowid
            yield tuple(values)
        return
    except sqlite3.DatabaseError:
        pass  # stopped at a damaged page: look the rest up one by one
    highest = _highest_rowid(source, table)
    rowid, found = last + 1, last
    while rowid <= (found + PROBE_GAP if highest is None else highest):
        try:
            row = source.execute(f"{select} WHERE rowid = ?", (rowid,)).fetchone()
        except sqlite3.DatabaseError:
            row = None
        if row is not None:
            found = rowid
            yield tuple(row[1:])
        rowid += 1


def _highest_rowid(source: sqlite3.Connection, table: str) -> int | None:
    """The table's highest rowid, read from the table itself or from what AUTOINCREMENT keeps."""
    for query, params in (
        (f"SELECT max(rowid) FROM {_quoted(table)}", ()),
        ("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)),
    ):
        with contextlib.suppress(sqlite3.DatabaseError):
            row = source.execute(query, params).fetchone()
            if row is not None and isinstance(row[0], int):
                return row[0]
    return None


def _carry_sequence(source: sqlite3.Connection, fresh: sqlite3.Connection, tables: list[str]) -> None:
    """Keep AUTOINCREMENT's highest numbers, so that a game lost to the damage keeps its number
    (no later game is given it)."""
    try:
        sequences = source.execute("SELECT name, seq FROM sqlite_sequence").fetchall()
    except sqlite3.DatabaseError:
        return
    for name, seq in sequences:
        if not (name in tables and isinstance(seq, int)):
            continue
        if not fresh.execute("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", (seq, name)).rowcount:
            fresh.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", (name, seq))

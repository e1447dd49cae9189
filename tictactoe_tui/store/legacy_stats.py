"""The statistics file of versions before the game archive (``stats.json``): read once, its
counts imported into the archive as "earlier games", the file then kept renamed."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .files import BadFile, load
from .record import iso_time
from .sqlite.database import ArchiveError, Database


@dataclass
class Record:
    """Results for one mode and level: yours against the computer, otherwise X's."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    streak: int = 0
    best_streak: int = 0


@dataclass
class Stats:
    """Every record, keyed ``mode · level`` (just ``two players`` between people)."""

    records: dict[str, Record] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Statistics from the file's content; :class:`BadFile` if anything is off."""
        if not isinstance(data, dict):
            raise BadFile(f"a {type(data).__name__} where an object was expected")
        records = {}
        for key, fields in data.items():
            if not isinstance(fields, dict) or set(fields) != set(vars(Record())):
                raise BadFile(f"a record for {key!r} without exactly {', '.join(vars(Record()))}")
            if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in fields.values()):
                raise BadFile(f"a record for {key!r} whose counts are not whole numbers")
            records[key] = Record(**fields)
        return cls(records)


def load_stats(path: Path) -> tuple[Stats, str | None]:
    """Statistics and a problem to report; empty for a missing or bad file."""
    return load(path, Stats.from_json, Stats)


def import_once(database: Database, path: Path) -> None:
    """Once per archive: count the old ``stats.json`` in the statistics and rename it
    ``stats.json.imported`` (kept, not deleted); an archive opened read-only imports it later."""
    if not database.available or database.read_only:
        return
    imported = "SELECT 1 FROM meta WHERE key = 'legacy_stats_imported'"
    with contextlib.suppress(sqlite3.Error), database.transaction() as connection:  # the write finds any damage
        if connection.execute(imported).fetchone():
            return  # the usual case, without taking the write lock

    def add_counts(connection: sqlite3.Connection) -> None:
        if connection.execute(imported).fetchone():
            return
        stats, problem = load_stats(path) if path.exists() else (Stats(), None)
        if problem:
            database.report(problem)
        connection.executemany(
            "INSERT OR REPLACE INTO legacy_stats VALUES (?, ?, ?, ?, ?, ?)",
            [(key, r.won, r.drawn, r.lost, r.streak, r.best_streak) for key, r in stats.records.items()],
        )
        connection.execute("INSERT INTO meta VALUES ('legacy_stats_imported', ?)", (iso_time(time.time()),))

    try:
        database.write(add_counts, f"import {path} into the archive")
    except ArchiveError as error:
        database.report(f"{error.sentence()}; {path} is left as it is")
        return
    if path.exists():
        try:
            os.replace(path, path.with_name(path.name + ".imported"))
        except OSError as error:
            database.report(f"{path} was imported but could not be renamed ({error})")

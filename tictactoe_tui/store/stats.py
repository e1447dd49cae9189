"""The statistics file of versions before the game archive: read once, to import its counts."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .files import BadFile, load


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

"""The statistics file: won, drawn and lost per mode and level, with streaks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..game import Mode
from .files import BadFile, Paths, load


@dataclass
class Record:
    """Results for one mode and level, from the point of view in :func:`stats_key`."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    streak: int = 0
    best_streak: int = 0

    def add(self, outcome: int) -> None:
        """Count a result: +1 won, 0 drawn, -1 lost."""
        if outcome > 0:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
            if outcome == 0:
                self.drawn += 1
            else:
                self.lost += 1


@dataclass
class Stats:
    """Every record, keyed by :func:`stats_key`."""

    records: dict[str, Record] = field(default_factory=dict)

    def record(self, key: str) -> Record:
        return self.records.setdefault(key, Record())

    def to_json(self) -> dict[str, Any]:
        return {key: vars(record) for key, record in sorted(self.records.items())}

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


def stats_key(mode: Mode, level: str) -> str:
    """Against the computer: yours, per level. Otherwise X's, per mode (and level)."""
    if mode is Mode.TWO_PLAYERS:
        return mode.value
    return f"{mode.value} · {level}"


def load_stats(paths: Paths) -> tuple[Stats, str | None]:
    """Statistics and a problem to report; empty for a missing or bad file."""
    return load(paths.stats, Stats.from_json, Stats)

"""The statistics as a Rich table, the same in the app's dialog and from ``tictactoe-tui stats``
(Rich only: the command line prints it without loading Textual)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..store.archive import Statistics, StatsLine

#: The count columns, each a space wider than its title.
COUNTS = ("won", "drawn", "lost", "streak", "best")


def statistics_table(statistics: Statistics) -> Group:
    """Won, drawn and lost with streaks: who played (mode and level) as a heading, a row per
    board under it, so that a row holds one line at 80 columns."""
    parts: list[RenderableType] = [_counts_table("  board")]
    by_who: dict[str, list[StatsLine]] = {}
    for line in statistics.lines:
        by_who.setdefault(line.who, []).append(line)
    for who, lines in by_who.items():
        table = _counts_table()
        for line in lines:
            counts = (line.won, line.drawn, line.lost, line.streak, line.best_streak)
            table.add_row(f"  {line.board}", *(str(count) for count in counts))
        parts += [Text(who, style="bold"), table]
    return Group(*parts)


def _counts_table(first: str | None = None) -> Table:
    """A table of boards and their counts; with ``first``, only its titles."""
    table = Table(box=None, expand=True, padding=0, show_header=first is not None, header_style="dim")
    table.add_column(first or "", ratio=1, overflow="fold")
    for column in COUNTS:
        table.add_column(column, justify="right", width=len(column) + 1)
    return table

"""The statistics dialog: won, drawn and lost per mode, level and board, and your rating's charts."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Sparkline, Static

from ....store.archive import BoardRating, Statistics, board_label
from ....words import counted
from ...themes import PANELS_CSS
from ...widgets.stats_table import ratings_note, ratings_table, statistics_table


class StatsScreen(ModalScreen[None]):
    """Won, drawn and lost per mode, level and board, with winning streaks, from the archive."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,s", "dismiss", "Close")]

    def __init__(self, statistics: Statistics) -> None:
        super().__init__()
        self.statistics = statistics

    def compose(self) -> ComposeResult:
        with Vertical(id="stats", classes="dialog"):
            total = self.statistics.games
            games = counted(total, "game")
            yield Static(f"[b]Statistics[/b]  [dim]{games}, all sessions[/dim]", classes="dialog-title")
            if self.statistics.lines:
                with VerticalScroll(id="stats-scroll"):
                    yield Static(statistics_table(self.statistics))
                    if self.statistics.ratings:
                        yield from rating_charts(self.statistics.ratings)
            elif not self.statistics.coached:
                yield Static("No finished games yet.")
            if self.statistics.coached:
                yield Static(f"[dim]{self.statistics.coached_text}[/dim]")
            yield Static(
                "[dim]Against the computer: your results. Otherwise: X's. escape to close[/dim]",
                classes="dialog-foot",
            )


def chart_scale(path: tuple[float, ...]) -> str:
    """What a rating chart's bars span, from its lowest rating to its highest: "1141 to 1229"."""
    low, high = (f"{rating:.0f}" for rating in (min(path, default=0), max(path, default=0)))
    return low if low == high else f"{low} to {high}"


def rating_charts(boards: tuple[BoardRating, ...]) -> ComposeResult:
    """Your rating per board, and a chart of each over its games (oldest to newest)."""
    yield Static(ratings_table(boards, with_trend=False), id="ratings")
    for board in boards:
        shape = board.shape
        with Horizontal(classes="rating-chart"):
            label = board_label(shape.game, shape.rows, shape.cols, shape.k)
            yield Static(f"  {label}\n  [dim]{chart_scale(board.path)}[/dim]", classes="chart-label")
            yield Sparkline(list(board.path), summary_function=max)
    yield Static(f"[dim]{ratings_note(boards)}[/dim]")

"""The statistics as a Rich table, the same in the app's dialog and from ``tictactoe-tui stats``
(Rich only: the command line prints it without loading Textual)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ...engine.strength import ratings_for
from ...store.archive import BoardRating, Statistics, StatsLine, board_label
from ...words import counted
from .phrases import PHRASE_END, phrased

#: A chart of a rating in a line: its lowest to its highest, in eight steps.
BARS = "▁▂▃▄▅▆▇█"
#: The most games a line's chart shows (the newest).
TREND_GAMES = 24

#: The count columns, each a space wider than its title.
COUNTS = ("won", "drawn", "lost", "streak", "best")


class Phrased:
    """A cell broken between its phrases where its column is narrower than it ("Misère 3×3," /
    "3 in a row", not "Misère 3×3, 3 in a" / "row"), each line after ``indent`` spaces: its
    column is never narrower than its longest phrase."""

    def __init__(self, text: str, indent: int = 0) -> None:
        self.text, self.indent = text, indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = phrased(self.text, options.max_width - self.indent, room=len(self.text)).split("\n")
        yield Text("\n".join(" " * self.indent + line for line in lines))

    @property
    def narrowest(self) -> int:
        """The width it needs: its longest phrase, after the indent."""
        return self.indent + max(cell_len(phrase.strip()) for phrase in PHRASE_END.split(self.text))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.narrowest, self.indent + cell_len(self.text))


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
            table.add_row(Phrased(line.board, indent=2), *(str(count) for count in counts))
        parts += [Text(who, style="bold"), table]
    return Group(*parts)


def fair_fight(board: BoardRating) -> str:
    """The level nearest the rating: ``a fair fight: hard``."""
    ratings = ratings_for(board.shape)
    return "" if ratings is None else f"a fair fight: {ratings.nearest_level(board.rating.rating)}"


def trend(path: tuple[float, ...]) -> str:
    """The newest ratings of ``path`` as a line of bars, lowest ▁ to highest █."""
    shown = path[-TREND_GAMES:]
    low, high = min(shown), max(shown)
    steps = len(BARS) - 1
    return "".join(BARS[round((value - low) / (high - low) * steps) if high > low else 0] for value in shown)


def ratings_table(boards: tuple[BoardRating, ...], with_trend: bool = True) -> Table:
    """Your rating per board: the rating (± its deviation while provisional), the games rated,
    the level nearest it and (``with_trend``) a chart of its games, newest last."""
    table = Table(box=None, expand=True, padding=(0, 1, 0, 0), header_style="dim")
    labels = [
        Phrased(board_label(board.shape.game, board.shape.rows, board.shape.cols, board.shape.k), 2) for board in boards
    ]
    narrowest = max((label.narrowest for label in labels), default=0)
    table.add_column("  your rating", min_width=narrowest)  # no ratio: it and the fair fight share the room
    table.add_column("rating", justify="right", no_wrap=True)
    table.add_column("games", justify="right")
    table.add_column("")
    if with_trend:
        table.add_column("over time", no_wrap=True, max_width=TREND_GAMES)
    for board, label in zip(boards, labels, strict=True):
        row: list[RenderableType] = [label, board.rating.text(), str(board.games), Phrased(fair_fight(board))]
        table.add_row(*row, *([trend(board.path)] if with_trend else []))
    return table


def ratings_note(boards: tuple[BoardRating, ...]) -> str:
    """What the ratings count: the games rated, and the help that leaves a game unrated."""
    games = sum(board.games for board in boards)
    return f"{counted(games, 'rated game')} (not those with a take-back, a hint, the analysis or the coach)"


def _counts_table(first: str | None = None) -> Table:
    """A table of boards and their counts; with ``first``, only its titles."""
    table = Table(box=None, expand=True, padding=0, show_header=first is not None, header_style="dim")
    table.add_column(first or "", ratio=1, overflow="fold")
    for column in COUNTS:
        table.add_column(column, justify="right", width=len(column) + 1)
    return table

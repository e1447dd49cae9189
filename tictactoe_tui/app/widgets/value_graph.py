"""The review's graph: X's value before each move and after the last (exact: win, draw, loss;
estimated: the win rate, rescaled) on one line: two columns a position where there is room, one
where not, and a sample of the positions spread over the width where a long game has more
positions than columns. A ``▲`` marks the turning point and a ``│`` the position shown; clicking
a bar asks to show the position it draws.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.marks import Symbols
from ...engine.review import Review

#: Bars from X losing (lowest) to X winning (highest).
LEVELS = "▁▂▃▄▅▆▇█"
#: Columns per position where the graph has room for them.
BAR_WIDTH = 2
#: What a position not judged yet draws.
NOT_YET = "·"


def bar(value: float) -> str:
    """The bar for a value from -1 (O wins) to 1 (X wins)."""
    level = round((value + 1) / 2 * (len(LEVELS) - 1))
    return LEVELS[min(max(level, 0), len(LEVELS) - 1)]


def sampled(positions: int, width: int) -> tuple[list[int], int]:
    """Which position each bar draws (in order) and the columns of a bar, for ``positions``
    positions on ``width`` columns: every position where they fit, else a sample spread evenly
    from the first to the last."""
    if positions * BAR_WIDTH <= width:
        return list(range(positions)), BAR_WIDTH
    if positions <= width or width < 2:
        return list(range(positions)), 1
    return [round(column * (positions - 1) / (width - 1)) for column in range(width)], 1


def mark_row(plies: list[int], width: int, shown: int, turn: int | None) -> str:
    """The line under the bars: ``│`` under the position shown and ``▲`` under the turning
    point ``turn``, each under the bar nearest its position (a long game's bars are a sample);
    where one column holds both, the position shown wins."""

    def nearest(ply: int) -> int:
        return min(range(len(plies)), key=lambda column: abs(plies[column] - ply))

    here = nearest(shown)
    turned = None if turn is None else nearest(turn)
    marks = []
    for column in range(len(plies)):
        mark = ("▲" if column == turned else "") + ("│" if column == here else "")
        marks.append((mark if width > 1 else mark[-1:]).ljust(width))
    return "".join(marks)


class ValueGraph(Widget):
    """The value for the side shown as X over the game, the turning point and the position
    shown; click to jump."""

    DEFAULT_CSS = """
    ValueGraph { height: 3; }
    """

    review: reactive[Review | None] = reactive(None)
    positions: reactive[int] = reactive(0)
    """Positions in the game (its moves and the start), judged or not yet."""
    shown: reactive[int] = reactive(0)
    """The position shown: after this many moves."""

    def __init__(self, *, symbols: Symbols = Symbols.AS_PLAYED, id: str | None = None) -> None:
        """``symbols``: those the game's sides showed (values are drawn for the side shown as X)."""
        super().__init__(id=id)
        self.symbols = symbols

    class Jump(Message):
        """Show the position after ``ply`` moves (a bar was clicked)."""

        def __init__(self, ply: int) -> None:
            super().__init__()
            self.ply = ply

    def bar_layout(self) -> tuple[list[int], int]:
        """The position each bar draws and a bar's columns, for the width the graph has now."""
        return sampled(self.positions, self.content_size.width)

    def render(self) -> Text:
        review = self.review
        if not self.positions:
            return Text("")
        plies, width = self.bar_layout()
        values = review.values_for_x() if review is not None else []
        if self.symbols.swapped:
            values = [-value for value in values]
        turn = None if review is None or len(review.moves) < self.positions - 1 else review.turning_point
        bars = "".join((bar(values[ply]) if ply < len(values) else NOT_YET) * width for ply in plies)
        marks = mark_row(plies, width, self.shown, None if turn is None else turn.ply)
        estimated = review is not None and not review.exact
        legend = next(
            (text for text in self.legends(estimated) if len(text) <= self.content_size.width),
            self.legends(estimated)[-1],
        )
        return Text.assemble((bars, "bold"), "\n", marks, "\n", (legend, "dim"))

    def legends(self, estimated: bool) -> list[str]:
        """What the bars and marks mean and the moves they span, longest first (the first that
        fits is shown)."""
        last = self.positions - 1
        draw = bar(0.0)
        return [
            f"█ X wins · {draw} draw · ▁ O wins · ▲ turning point · │ here · moves 0–{last}"
            + (" · estimated" if estimated else ""),
            f"█ X wins {draw} draw ▁ O wins ▲ turning point │ here 0–{last}" + (" est." if estimated else ""),
            f"█ X wins {draw} draw ▁ O wins ▲ turning │ here 0–{last}" + (" est." if estimated else ""),
            f"█X {draw}draw ▁O ▲turning │here 0–{last}" + (" est." if estimated else ""),
        ]

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y > 1 or not self.positions:
            return
        plies, width = self.bar_layout()
        column = offset.x // width
        if column < len(plies):
            self.post_message(self.Jump(plies[column]))

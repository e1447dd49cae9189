"""The game review's widgets: the value of the game over its moves, and the summary beside it.

The graph draws X's value before each move and after the last (exact: win, draw, loss;
estimated: the win rate, rescaled), one bar of two columns per position; a ``▲`` marks the
turning point and a ``│`` the position shown. Clicking a bar asks to show that position.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..engine.board import Mark, move_name
from ..engine.review import Review

#: Bars from X losing (lowest) to X winning (highest).
LEVELS = "▁▂▃▄▅▆▇█"
#: Columns per position.
BAR_WIDTH = 2


def bar(value: float) -> str:
    """The bar for a value from -1 (O wins) to 1 (X wins)."""
    level = round((value + 1) / 2 * (len(LEVELS) - 1))
    return LEVELS[min(max(level, 0), len(LEVELS) - 1)] * BAR_WIDTH


class ValueGraph(Widget):
    """X's value over the game, the turning point and the position shown; click to jump."""

    DEFAULT_CSS = """
    ValueGraph { height: 3; }
    """

    review: reactive[Review | None] = reactive(None)
    shown: reactive[int] = reactive(0)
    """The position shown: after this many moves."""

    class Jump(Message):
        """Show the position after ``ply`` moves (a bar was clicked)."""

        def __init__(self, ply: int) -> None:
            super().__init__()
            self.ply = ply

    def render(self) -> Text:
        review = self.review
        if review is None:
            return Text("")
        values = review.values_for_x()
        turn = review.turning_point
        bars = Text("".join(bar(value) for value in values), style="bold")
        marks = [" " * BAR_WIDTH] * len(values)
        if turn is not None:
            marks[turn.ply] = "▲".ljust(BAR_WIDTH)  # the value after the turning move
        if 0 <= self.shown < len(values):
            marks[self.shown] = ("▲│" if marks[self.shown].startswith("▲") else "│").ljust(BAR_WIDTH)
        legend = "high: X wins · low: O wins · ▲ turn · │ here" + ("" if review.exact else " · estimated")
        return Text.assemble(bars, "\n", "".join(marks), "\n", (legend, "dim"))

    def on_click(self, event: events.Click) -> None:
        review = self.review
        if review is None or event.y > 1:
            return
        ply = event.x // BAR_WIDTH
        if 0 <= ply <= len(review.moves):
            self.post_message(self.Jump(ply))


def summary(review: Review, symbol: dict[Mark, str]) -> str:
    """Accuracy of each side and the turning point, as the players saw their symbols."""
    parts = []
    for mark in Mark:
        accuracy = review.accuracy(mark)
        parts.append(f"{symbol[mark]}: " + ("not judged" if accuracy is None else f"{accuracy:.0%} accurate"))
    return f"[b]Review[/b] · {' · '.join(parts)}\nTurning point: {review.turning_text()}"


def verdict_line(review: Review, ply: int) -> str:
    """What the review says of the move that led to the position after ``ply`` moves."""
    if not 1 <= ply <= len(review.moves):
        return ""
    move = review.moves[ply - 1]
    if move.verdict is None:
        return f"not judged exactly — {move.estimate}"
    if move.verdict == "best":
        return "best" + (" (a slower win)" if move.slower else "")
    instead = ", ".join(move_name(best) for best in move.best[:4])
    lost = "win" if move.value_before == 1 else "draw"
    return f"{move.verdict}: {move_name(move.move)} gave up the {lost}; {instead} instead"

"""The status line: it lays out the one value it is given, :class:`~.said.Said` (whose turn,
the thinking indicator, the result, online the code and who is away, one notice at a time, and
the news), decided by :func:`~.said.status_said`.

The game screen is the one writer of its notice: the screen's parts (hints, the coach, saving,
online play) return what they decided, or post it as :class:`Told`, and the screen says it.
"""

from __future__ import annotations

from rich.text import Text
from textual.markup import escape
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .phrases import PHRASE_END, phrased, wrapped_height
from .said import Cause, Notice, Said

__all__ = ["Cause", "Notice", "StatusLine", "Told", "leading", "phrased", "wrapped_height"]


class Told(Message):
    """A part of the game screen has something to say: ``notice`` (posted from a callback or a
    task that runs after the part's method returned)."""

    def __init__(self, notice: Notice) -> None:
        super().__init__()
        self.notice = notice


class StatusLine(Widget):
    """Renders what it is given, :attr:`said`: the headline, online the banner (the code, or whom
    you play), the notice (an answer to the player), and the news (the computer's move, or the
    match's) below it where the two fit. It decides none of it. The banner, the notice and the
    news are drawn as written (their text may come from the network: markup in it is shown)."""

    said: reactive[Said] = reactive(Said)

    def render(self) -> str:
        said = self.said
        if not said.headline:
            return ""
        notice = said.notice.text if said.notice is not None else ""
        news = said.news
        width, room = self.content_size.width, self.content_size.height
        # the headline in bold ("Looking back at move 5 of 12:" / "press End to return"), the
        # lines below it plain (dimmed, they read faintly in some themes)
        lines = [f"[b]{phrased(said.headline, width, room)}[/b]"]
        room -= self._height_of(lines[0], width)  # below the headline
        if said.banner:  # whole, however it wraps
            lines.append(escape(phrased(said.banner, width, room)))
            room -= self._height_of(lines[-1], width)
        first = notice or news
        if first:  # its first phrases where not all of it fits (no phrase cut off mid-way)
            lines.append(escape(leading(first, width, room) or phrased(first, width, room)))
            room -= self._height_of(lines[-1], width)
        if notice and news and news != notice:  # the news too, below the notice: what of it fits
            below = leading(news, width, room)
            if below:
                lines.append(escape(below))
        return "\n".join(lines)

    def _height_of(self, markup: str, width: int) -> int:
        """The lines ``markup`` takes, wrapped by words at ``width`` cells as it is drawn. Read
        without emoji codes, as Textual draws it (Rich's reading loads its table of 3,600
        emoji names, before the first frame)."""
        return len(Text.from_markup(markup, emoji=False).wrap(self.app.console, max(width, 1)))

    def watch_said(self, said: Said) -> None:
        self.set_class(said.thinking, "-thinking")
        self.set_class(said.over, "-over")


def leading(line: str, width: int, room: int) -> str:
    """``line`` :func:`phrased` within ``room`` lines of ``width`` cells: whole where it fits, else
    as many of its first phrases as fit, ending in "…" ("O played a1 — draw with best play…"
    without "(132.2 ms)"), else as many of its first words as fit, ending in "…" (a phrase
    longer than the room), else ""."""
    phrases = PHRASE_END.split(line)
    for count in range(len(phrases), 0, -1):
        kept = "".join(phrases[:count])
        if count < len(phrases):  # "Waiting for your friend…", not a bare "…friend:"
            kept = kept.rstrip(",:") + "…"
        shown = phrased(kept, width, room)
        if sum(wrapped_height(part, width) for part in shown.split("\n")) <= room:
            return shown
    words = phrases[0].split()
    for count in range(len(words) - 1, 0, -1):
        kept = " ".join(words[:count]).rstrip(",:;(") + "…"
        if wrapped_height(kept, width) <= room:
            return kept
    return ""

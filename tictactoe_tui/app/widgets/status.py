"""What the status line says and how long each line lives: whose turn, the thinking indicator,
the result, the computer's last move, and one notice at a time, which names its cause and ends
with it.

The game screen is the one writer of its notice: the screen's parts (hints, the coach, saving,
online play) return what they decided, or post it as :class:`Told`, and the screen says it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rich.cells import cell_len
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.games import game_of
from ...game import GameState


class Cause(StrEnum):
    """Why the status says a notice: each notice ends with its cause, at the latest when the
    game shown changes (whoever changes it says what follows)."""

    KEY = "key"
    """A key or click that did nothing, and why (or what the next digit picks): ends with the
    next key that acts."""
    EARLY = "early"
    """A move key pressed while the other side was to move, not played: ends with the next key
    that acts, and outlives the other side's move (else a quick reply took it off the screen at
    once, and the key was lost unsaid)."""
    ANSWER = "answer"
    """What a key did (undone, saved, loaded, a setting changed): ends with the next change."""
    START = "start"
    """What the start of the game decided (the coin flip): ends with your first move."""
    COACH = "coach"
    """The coach's word on your last move: ends when the move is taken back or you move again."""
    ANALYSIS = "analysis"
    """A hint, the overlay's legend, or what is being worked out: ends with the position, or when
    the hint and the overlay go."""
    BOARD = "board"
    """The window is too small for the whole board: ends when the board fits."""
    NARROW = "narrow"
    """The window is too narrow for the sidebar F2 asked for: ends when it is wide enough, or
    with the next key that acts."""
    FAULT = "fault"
    """A search or a check that failed: ends with the next change."""


@dataclass(frozen=True)
class Notice:
    """A line the status says below the headline, and its :class:`Cause`."""

    text: str
    cause: Cause

    def __str__(self) -> str:
        return self.text


class Told(Message):
    """A part of the game screen has something to say: ``notice`` (posted from a callback or a
    task that runs after the part's method returned)."""

    def __init__(self, notice: Notice) -> None:
        super().__init__()
        self.notice = notice


class StatusLine(Widget):
    """Renders the bound game state: the headline, online the code (or whom you play), the latest
    notice (an answer to the player), and the latest news (the computer's move, or the match's)
    below it where the two fit."""

    game: reactive[GameState | None] = reactive(None)
    thinking: reactive[bool] = reactive(False)
    paused: reactive[bool] = reactive(False)
    held: reactive[bool] = reactive(False)
    notice: reactive[Notice | None] = reactive(None)
    online_status: reactive[str] = reactive("")
    online_banner: reactive[str] = reactive("")

    def render(self) -> str:
        game = self.game
        if game is None:
            return ""
        headline = game.turn_text()
        presentation = game_of(game.board).presentation
        where = presentation.where_to_play(game.board)
        ending = presentation.ending(game.board, game.symbol) if game.board.is_over else ""
        if where:
            headline += f" — play in {where}"
        elif ending:
            headline += f" — {ending}"
        if self.thinking:
            headline += "  ·  [b]thinking…[/b]"
        elif self.held:
            headline += "  ·  waiting for you"
        elif self.paused and game.level_to_move:
            headline += "  ·  paused (p to resume)"
        news = self.online_status or game.move_news()
        notice = self.notice.text if self.notice is not None else ""
        width, room = self.content_size.width, self.content_size.height - 1  # below the headline
        lines = [headline]
        if self.online_banner:  # whole, however it wraps
            lines.append(f"[dim]{phrased(self.online_banner, width, room)}[/dim]")
            room -= self._height_of(lines[-1], width)
        said = notice or news
        if said:  # its first phrases where not all of it fits (no phrase cut off mid-way)
            lines.append(f"[dim]{leading(said, width, room) or phrased(said, width, room)}[/dim]")
            room -= self._height_of(lines[-1], width)
        if notice and news and news != notice:  # the news too, below the notice: what of it fits
            below = leading(news, width, room)
            if below:
                lines.append(f"[dim]{below}[/dim]")
        return "\n".join(lines)

    def _height_of(self, markup: str, width: int) -> int:
        """The lines ``markup`` takes, wrapped by words at ``width`` cells as it is drawn."""
        return len(Text.from_markup(markup).wrap(self.app.console, max(width, 1)))

    def watch_thinking(self, thinking: bool) -> None:
        self.set_class(thinking, "-thinking")

    def watch_game(self, game: GameState | None) -> None:
        self.set_class(game is not None and game.board.is_over, "-over")


#: Where a phrase ends: after "," or ":", or before " — ", " · " or " (".
PHRASE_END = re.compile(r"(?<=[,:])(?= )|(?= [—·(])")


def phrased(line: str, width: int, room: int) -> str:
    """``line`` broken between its phrases (see :data:`PHRASE_END`) where it is wider than
    ``width`` cells, as many whole phrases to a line as fit, so that "with best play" or "both
    sides)" is not left on a line of its own; as it is (wrapped by words) when that would take
    more than ``room`` lines. A phrase wider than the line wraps by words (and counts the lines
    it takes so)."""
    if width <= 0 or cell_len(line) <= width:
        return line
    first, *phrases = PHRASE_END.split(line)
    lines = [first]
    for phrase in phrases:
        if cell_len(lines[-1] + phrase) <= width:
            lines[-1] += phrase
        else:
            lines.append(phrase.lstrip())
    return "\n".join(lines) if sum(wrapped_height(part, width) for part in lines) <= room else line


def leading(line: str, width: int, room: int) -> str:
    """``line`` :func:`phrased` within ``room`` lines of ``width`` cells: whole where it fits, else
    as many of its first phrases as fit, ending in "…" ("O played a1 in 132.2 ms…" without
    "— draw with best play"), else ""."""
    phrases = PHRASE_END.split(line)
    for count in range(len(phrases), 0, -1):
        kept = "".join(phrases[:count])
        if count < len(phrases):  # "Waiting for your friend…", not a bare "…friend:"
            kept = kept.rstrip(",:") + "…"
        shown = phrased(kept, width, room)
        if sum(wrapped_height(part, width) for part in shown.split("\n")) <= room:
            return shown
    return ""


def wrapped_height(line: str, width: int) -> int:
    """The lines ``line`` takes wrapped by words at ``width`` cells (a word wider than a line
    is broken)."""
    height, used = 1, 0
    for word in line.split():
        size = cell_len(word)
        if used and used + 1 + size <= width:
            used += 1 + size
        elif used:
            height += 1 + (size - 1) // width
            used = (size - 1) % width + 1
        else:
            height += (size - 1) // width
            used = (size - 1) % width + 1
    return height

"""The chat log of an online match: its lines as a value (:class:`Chat`, the game screen's), and
the widget that shows them above the sidebar, its last lines in view and the rest a scroll away.

Every line is shown as plain text: markup such as ``[red]x[/]`` is never parsed (the text goes
in a :class:`~rich.text.Text`, not through markup), and a control or formatting character
(an escape sequence's ESC, a bell, a right-to-left override) is shown as its escape, ``\\x1b``,
never sent to the terminal.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from ...game import GameState

if TYPE_CHECKING:  # (a plain start loads no network code)
    from ...net.chat import ChatLine

#: Lines a log keeps (the oldest go first): a scroll of the rest, bounded whatever comes.
LOG_LINES = 200
#: The unicode categories shown as escapes: controls, formatting, line and paragraph separators.
HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp"})


def shown(text: str) -> str:
    """``text`` with every control or formatting character written as its escape (``\\x1b``)."""
    return "".join(
        char.encode("unicode_escape").decode() if unicodedata.category(char) in HIDDEN else char for char in text
    )


@dataclass(frozen=True)
class Chat:
    """The lines of the chat with the match ``link`` (only as who it is: a line of another
    match starts a new log), at most :data:`LOG_LINES`, oldest first."""

    lines: tuple[ChatLine, ...] = ()
    link: object | None = None

    def with_line(self, line: ChatLine, link: object) -> Chat:
        """The log with ``line``: a line of yours already in it (kept, now sent) takes its place."""
        lines = self.lines if link is self.link else ()
        if line.author == "you" and any(old.author == "you" and old.number == line.number for old in lines):
            lines = tuple(line if old.author == "you" and old.number == line.number else old for old in lines)
        else:
            lines = (*lines, line)[-LOG_LINES:]
        return Chat(lines, link)

    def text(self) -> Text:
        """The log as one text: each line its speaker, then its words as written."""
        text = Text(no_wrap=False, overflow="fold")
        for number, line in enumerate(self.lines):
            if number:
                text.append("\n")
            if line.author == "note":
                text.append(shown(line.text), style="italic dim")
            else:
                text.append(f"{line.author}: ", style="bold")
                text.append(shown(line.text))
            if line.waiting:
                text.append(" (waits to be sent)", style="dim")
        return text


class ChatLog(VerticalScroll):
    """The bound chat, shown while the game is online (``t`` to type a line), scrolled to its end
    whenever a line comes."""

    DEFAULT_CSS = """
    ChatLog {
        height: 30%;
        min-height: 5;
        padding: 0 1;
        border-bottom: hkey $foreground 20%;
        display: none;
    }
    ChatLog.-online {
        display: block;
    }
    """

    game: reactive[GameState | None] = reactive(None)
    chat: reactive[Chat] = reactive(Chat)

    def compose(self) -> ComposeResult:
        yield Static(self._words(), id="chat-lines")

    def _words(self) -> Text:
        return self.chat.text() if self.chat.lines else Text("Chat: press t to write to your friend", style="dim")

    def watch_game(self, game: GameState | None) -> None:
        self.set_class(game is not None and game.table.online, "-online")

    def watch_chat(self) -> None:
        if self.is_mounted:
            self.query_one("#chat-lines", Static).update(self._words())
            self.call_after_refresh(self.scroll_end, animate=False)

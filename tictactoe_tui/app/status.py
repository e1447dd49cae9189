"""The status line: whose turn, the thinking indicator, the result and the computer's last move."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..engine.games import game_of
from ..game import GameState


class StatusLine(Widget):
    """Renders the bound game state: the headline, online the code (or whom you play), the latest
    notice (an answer to the player), and the latest news (the computer's move, or the match's)
    below it where the two fit."""

    game: reactive[GameState | None] = reactive(None)
    thinking: reactive[bool] = reactive(False)
    paused: reactive[bool] = reactive(False)
    notice: reactive[str] = reactive("")
    online_status: reactive[str] = reactive("")
    online_banner: reactive[str] = reactive("")

    def render(self) -> str:
        game = self.game
        if game is None:
            return ""
        headline = game.turn_text()
        where = game_of(game.board).presentation.where_to_play(game.board)
        if where:
            headline += f" — play in {where}"
        if self.thinking:
            headline += "  ·  [b]thinking…[/b]"
        elif self.paused and game.level_to_move:
            headline += "  ·  paused (p to resume)"
        news = self.online_status or game.ai_news()
        width, room = self.content_size.width, self.content_size.height - 1  # below the headline
        lines = [headline]
        for line in (self.online_banner, self.notice or news):
            if line:
                lines.append(f"[dim]{phrased(line, width, room)}[/dim]")
                room -= self._height_of(lines[-1], width)
        if self.notice and news and news != self.notice:  # the news too, below the notice, where it fits whole
            below = f"[dim]{phrased(news, width, room)}[/dim]"
            if self._height_of(below, width) <= room:
                lines.append(below)
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
    more than ``room`` lines. A phrase wider than the line wraps by words."""
    if width <= 0 or cell_len(line) <= width:
        return line
    first, *phrases = PHRASE_END.split(line)
    lines = [first]
    for phrase in phrases:
        if cell_len(lines[-1] + phrase) <= width:
            lines[-1] += phrase
        else:
            lines.append(phrase.lstrip())
    return "\n".join(lines) if len(lines) <= room else line

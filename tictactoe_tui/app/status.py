"""The status line: whose turn, the thinking indicator, the result and the computer's last move."""

from __future__ import annotations

from rich.cells import cell_len
from textual.reactive import reactive
from textual.widget import Widget

from ..engine.games import game_of
from ..game import GameState


class StatusLine(Widget):
    """Renders the bound game state: the headline, online the code (or whom you play), and the
    latest news."""

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
        elif self.paused and game.computer_to_move:
            headline += "  ·  paused (p to resume)"
        detail = self.notice or self.online_status or game.ai_news()
        width = self.content_size.width
        lines = [headline, *(f"[dim]{phrased(line, width)}[/dim]" for line in (self.online_banner, detail) if line)]
        return "\n".join(lines)

    def watch_thinking(self, thinking: bool) -> None:
        self.set_class(thinking, "-thinking")

    def watch_game(self, game: GameState | None) -> None:
        self.set_class(game is not None and game.board.is_over, "-over")


def phrased(line: str, width: int) -> str:
    """``line`` broken before its `` — `` phrases where it is wider than ``width`` cells, so
    that a phrase ("O wins with best play") wraps whole onto a line of its own, not mid-way."""
    if width <= 0 or cell_len(line) <= width:
        return line
    first, *rest = line.split(" — ")
    lines = [first]
    for phrase in rest:
        joined = f"{lines[-1]} — {phrase}"
        if cell_len(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(f"— {phrase}")
    return "\n".join(lines)

"""The help screen: every key, read from the bindings themselves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..themes import PANELS_CSS
from ..widgets.evaluation import VALUE_LEGEND

#: The most cells the keys' column takes: what they do keeps the rest, even at 40 columns.
KEYS_WIDTH = 12

EXTRA_KEYS = (
    ("mouse click", "Place a mark on a free square"),
    ("tab / shift+tab", "Move between the board and the sidebar"),
    ("ctrl+p", "Command palette: new game, level, board, first player, mode, theme"),
    ("W5 · D · L2", "Values on the overlay (a) and in a hint (i): " + VALUE_LEGEND),
    ("54 · X 62%", "Estimates where too big to solve: a side's chances in %, on the squares and the bar (a)"),
)


def keys_table(bindings: list[Binding], key_display: Callable[[Binding], str], board: bool = True) -> Table:
    """A two-column table of keys (as ``key_display`` shows them) and what they do; ``board``:
    with the keys the bindings do not list (the digits, the mouse, the palette)."""
    table = Table(box=None, show_header=False, padding=(0, 2))
    table.add_column(style="bold", max_width=KEYS_WIDTH)  # a longer key wraps between its words
    table.add_column(overflow="fold")  # never cut with "…" in a narrow window
    seen: set[str] = set()
    for binding in bindings:
        if binding.description in seen or binding.action.startswith("place_number"):
            continue
        seen.add(binding.description)
        keys = [replace(binding, key=key.strip()) for key in binding.key.split(",")]
        table.add_row(" / ".join(key_display(key) for key in keys), binding.description)
    if not board:
        return table
    table.add_row(
        "1 – 9",
        "Place on 3×3 (layout chosen in the sidebar); a column in Gravity; in Ultimate a square of the "
        "board you were sent to, else the board and then its square",
    )
    for key, description in EXTRA_KEYS:
        table.add_row(key, description)
    return table


def games_table() -> Table:
    """Each game's name, rules and (where they differ) levels, from the registry."""
    from ...engine.games import GAMES

    table = Table(box=None, show_header=False, padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for game in GAMES.values():
        table.add_row(game.title, f"{game.rules.help}\n{game.levels_help}" if game.levels_help else game.rules.help)
    return table


class HelpScreen(ModalScreen[None]):
    """Lists the keys; any of escape, q or ? closes it."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def __init__(self, bindings: list[Binding], replay_bindings: list[Binding]) -> None:
        """``bindings``: the game's keys; ``replay_bindings``: those of a replay and its review."""
        super().__init__()
        self.bindings = bindings
        self.replay_bindings = replay_bindings

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static("[b]Keys[/b]", id="help-title")
            yield Static(keys_table(self.bindings, self.app.get_key_display))
            yield Static("[b]In a replay (g, then Enter) and a review (v)[/b]", classes="help-section")
            yield Static(keys_table(self.replay_bindings, self.app.get_key_display, board=False))
            yield Static("[b]Games[/b]", classes="help-section")
            yield Static(games_table())
            yield Static("[dim]escape, q or ? to close[/dim]", id="help-close")

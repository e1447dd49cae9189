"""The sidebar: the player's choices as selects. It shows settings; the app owns them."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Label, Select

from ..engine import LEVELS, STRATEGIES
from ..game import PRESETS, FirstPlayer, KeyLayout, MarkChoice, Mode, Settings

LEVEL_OPTIONS: list[tuple[str, str]] = [
    *((f"{name.title()} · {level.strategy.name}", name) for name, level in LEVELS.items()),
    *((f"Strategy: {name}", name) for name in STRATEGIES),
]


def setting_options(field: str) -> list[tuple[str, Any]]:
    """The (label, value) choices for one setting."""
    if field == "level":
        return list(LEVEL_OPTIONS)
    if field == "preset":
        return [(preset.label, preset) for preset in PRESETS]
    enum = {"mode": Mode, "first": FirstPlayer, "mark": MarkChoice, "layout": KeyLayout}[field]
    return [(member.value.capitalize() if field != "mark" else member.value, member) for member in enum]


SECTIONS = (
    ("mode", "Mode"),
    ("level", "Computer"),
    ("first", "Who goes first"),
    ("mark", "Your mark"),
    ("preset", "Board"),
    ("layout", "Number keys"),
)


class Sidebar(VerticalScroll):
    """One select per setting; changes travel to the app as ``Select.Changed``."""

    can_focus = False  # Tab goes straight to the selects

    settings: reactive[Settings | None] = reactive(None)

    def __init__(self, initial: Settings, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.initial = initial

    def compose(self) -> ComposeResult:
        yield Label("tictactoe-tui", id="title")
        for field, title in SECTIONS:
            yield Label(title, classes="setting-title")
            options = setting_options(field)
            yield Select(
                options, value=getattr(self.initial, field), allow_blank=False, compact=True, id=field
            )

    def watch_settings(self, settings: Settings | None) -> None:
        if settings is None:
            return
        for field, _title in SECTIONS:
            select: Select[Any] = self.query_one(f"#{field}", Select)
            value = getattr(settings, field)
            if select.value != value:
                with select.prevent(Select.Changed):
                    select.value = value

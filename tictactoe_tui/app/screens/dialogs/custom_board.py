"""The custom board dialog: rows, columns and how many in a row, checked as typed."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ....engine import BoardError
from ....game import Preset
from ....words import spans, whole_number
from ...themes import PANELS_CSS


class FieldInput(Input):
    """An input that acts on its editing keys itself, from its own queue. An input's bindings
    are looked up when the key comes back to the app, through the focus of that moment: in a
    burst such as "⌫ 7 Tab ⌫ 3" the second ⌫ would edit the field Tab moved to."""

    EDITING: ClassVar[dict[str, str]] = {
        "backspace": "delete_left",
        "delete": "delete_right",
        "left": "cursor_left",
        "right": "cursor_right",
        "home": "home",
        "end": "end",
    }

    async def on_key(self, event: events.Key) -> None:
        action = self.EDITING.get(event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(action)


#: The custom board's fields, by name, and how the problem line names them.
FIELDS = (("rows", "rows"), ("cols", "columns"), ("k", "k"))


class CustomBoardScreen(ModalScreen[Preset | None]):
    """Asks for rows, columns and how many in a row win."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Cancel"),
        # Tab as a priority binding moves the focus as it arrives: the keys typed after it in
        # one burst then go to the next field, not to the one it left
        Binding("tab", "app.focus_next", "Next field", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", "Previous field", show=False, priority=True),
    ]

    def __init__(self, current: Preset) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        rows, cols = self.current.rules.sides()  # only the sizes its rules take
        with Vertical(id="custom-board", classes="dialog"):
            yield Static(f"[b]Custom board — {self.current.rules.title}[/b]", classes="dialog-title")
            for name, label, value in (
                ("rows", f"Rows ({spans(rows)})", self.current.rows),
                ("cols", f"Columns ({spans(cols)})", self.current.cols),
                ("k", "In a row to win", self.current.k),
            ):
                yield Static(label)
                yield FieldInput(str(value), id=name, type="integer")
            yield Static("", id="custom-problem")
            yield Static("[dim]Enter to use it from the next game, escape to cancel[/dim]", classes="dialog-foot")

    def chosen(self) -> Preset | str:
        """The board the inputs describe, or why it cannot be played."""
        typed = [(label, self.query_one(f"#{name}", Input).value) for name, label in FIELDS]
        numbers = [whole_number(value) for _label, value in typed]
        wrong = [f"{label} {value!r}" for (label, value), number in zip(typed, numbers, strict=True) if number is None]
        if wrong:
            return f"{', '.join(wrong)}: write a whole number"
        rows, cols, k = (number or 0 for number in numbers)
        try:
            return Preset(rows, cols, k, self.current.game).checked()
        except BoardError as error:
            return str(error)

    @on(Input.Submitted)
    def submitted(self) -> None:
        preset = self.chosen()
        if isinstance(preset, str):
            self.query_one("#custom-problem", Static).update(f"[b]{preset}[/b]")
            return
        self.dismiss(preset)

    @on(Input.Changed)
    def changed(self) -> None:
        """A problem shown is checked again as the numbers change: it goes once they fit."""
        problem = self.query_one("#custom-problem", Static)
        if str(problem.content):
            chosen = self.chosen()
            problem.update(f"[b]{chosen}[/b]" if isinstance(chosen, str) else "")

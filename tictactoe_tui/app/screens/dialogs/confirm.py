"""A yes/no question."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...themes import PANELS_CSS


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; ``y`` answers yes, ``n`` or escape no."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question
        self.answered = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Static(f"[b]{self.question}[/b]", classes="dialog-title")
            yield Static("[dim]y: yes · n or escape: no[/dim]", classes="dialog-foot")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_key(self, event: events.Key) -> None:
        """Keys typed in the same burst as the answer reach the dialog before the answer's binding
        closes it: they go on, in order, to the screen below, as if typed after it closed ("n 9"
        declines, then plays)."""
        if self.answered:
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))
        elif any(event.key in binding.key.split(",") for binding in self.BINDINGS if isinstance(binding, Binding)):
            self.answered = True  # its binding answers when the key reaches the app

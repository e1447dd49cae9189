"""The one-line input ``t`` opens online: Enter sends the line to the friend, Esc cancels. It
sits at the foot of the screen, over the footer, so the board and the chat log stay in view."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input

from ...net.chat import CHAT_CHARS


class ChatPrompt(ModalScreen[str | None]):
    """A line of chat to type: dismissed with it (Enter), or with None (Esc, or nothing typed)."""

    DEFAULT_CSS = """
    ChatPrompt {
        align: left bottom;
        background: $background 0%;
    }
    ChatPrompt Input {
        width: 100%;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Cancel")]

    def compose(self) -> ComposeResult:
        yield Input(
            placeholder="A line to your friend: Enter sends, Esc cancels", max_length=CHAT_CHARS, id="chat-input"
        )

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

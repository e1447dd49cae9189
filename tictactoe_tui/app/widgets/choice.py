"""A dropdown that survives being set before its parts exist.

Textual's ``Select`` sets its value on mount, and its current-value part then looks for its
label, which may not be mounted yet, or already removed when the app quits in the same
moment: a ``q`` pressed while the sidebar was still being built crashed the app with
``NoMatches`` (Textual issue #6581). Here the value is kept and shown once the label exists.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from rich.console import RenderableType
from textual import events
from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.widgets import Select
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay


class _CurrentChoice(SelectCurrent):
    """The shown value, kept until the label is there to show it."""

    def update(self, label: RenderableType | NoSelection) -> None:
        with suppress(NoMatches):  # not mounted yet (on_mount shows it), or the app is closing
            super().update(label)

    def on_mount(self) -> None:
        self.update(self.label)


class Choice(Select[Any]):
    """A ``Select`` that is safe to set while it mounts or as the app quits, and that says
    "changed" only when its value changes after it is shown: the value it is built with is no
    choice of the player's, and may be older than the settings by the time it mounts (a
    ``Select`` reports it on mount, and the screen took it for a change back)."""

    def _on_mount(self, event: events.Mount) -> None:
        if not self.is_attached:
            return  # the app quit while it was being built
        with self.prevent(Select.Changed):
            super()._on_mount(event)

    def compose(self) -> ComposeResult:
        yield _CurrentChoice(self.prompt)
        yield SelectOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)

"""The footer of the app's screens: the keys in force, each whole or left out, never cut."""

from __future__ import annotations

from textual.binding import Binding
from textual.events import Resize
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """Textual's footer fitted to its width: where its keys do not fit they go compact (one
    space between them, not two), and where they still do not, the screen's own are left out
    from the last (the board's Enter and a new game last), so that the app's keys (help, quit)
    and the palette's stay whole."""

    def __init__(self) -> None:
        super().__init__()
        self._width = 0

    async def recompose(self) -> None:
        await super().recompose()
        self._fit()

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self._width:
            self._width = event.size.width
            self._fit()

    def _fit(self) -> None:
        """Show every key, wide; then go compact, then leave keys out, until they fit."""
        self.compact = False
        for key in self.query(FooterKey):
            key.display = True
        self.call_after_refresh(self._compact_if_needed)

    def _compact_if_needed(self) -> None:
        if self._overflow() > 0:
            self.compact = True
            self.call_after_refresh(self._leave_out)

    def _leave_out(self) -> None:
        overflow = self._overflow()
        app_actions = {binding.action for binding in self.app.BINDINGS if isinstance(binding, Binding)}
        for key in reversed(self.query(FooterKey)):
            if overflow <= 0:
                break
            if not key.has_class("-command-palette") and key.action.removeprefix("app.") not in app_actions:
                key.display = False
                overflow -= _width_of(key)

    def _overflow(self) -> int:
        """The cells the shown keys take beyond the footer's width."""
        return sum(_width_of(key) for key in self.query(FooterKey) if key.display) - self.size.width


def _width_of(key: FooterKey) -> int:
    """The cells ``key`` takes in the footer's row."""
    styles = key.styles
    border = 1 if styles.border_left[0] else 0
    return key.render().cell_len + styles.padding.width + styles.margin.width + border

"""The sidebar's place on the game screen: the sidebar and the footer, mounted just after the
first frame, and the sidebar shown or folded away (on a narrow screen, or by F2). In the first
frame no widget stands there: the board's column keeps the sidebar's room, so the board stays
where it is."""

from __future__ import annotations

import asyncio
from contextlib import suppress

from textual.containers import Vertical

from ...words import counted
from ..themes import PANELS_CSS
from .play import PlayScreen

#: The class of the board's column while it keeps the sidebar's room (``tictactoe.tcss``).
SIDEBAR_ROOM = "-sidebar-room"

#: Below this width the sidebar starts folded away.
NARROW = 72

#: The sidebar's width (``#side`` in panels.tcss, the room kept for it in tictactoe.tcss).
SIDEBAR_WIDTH = 32

#: The least width the board's column keeps beside the sidebar: the status's words stay whole
#: (the longest it says, an address with its port, takes 21 cells, inside the column's padding).
BESIDE_SIDEBAR = 28


class SidebarPlace:
    """Where the game screen's sidebar goes (``#side``, once mounted), and whether it is shown."""

    def __init__(self, screen: PlayScreen) -> None:
        self._screen = screen
        self._narrow = False
        self._folded_by_key = False
        """Whether F2 folded the sidebar away: widening the window does not bring it back."""
        self.built = asyncio.Event()
        """Set once the sidebar and the footer are in (or will never be: the app quit first)."""

    async def build(self) -> None:
        """Read the sidebar's rules, mount it and the footer (unless the app quit before the
        screen's first frame)."""
        try:
            if self._screen.is_attached:
                await self._mount()
        finally:
            self.built.set()

    async def whole(self) -> None:
        """Wait until the sidebar is built (at most a few seconds): quitting while its parts are
        still being mounted would break them mid-way."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self.built.wait(), 3)

    def resized(self, width: int) -> None:
        """The screen is ``width`` columns wide now: the sidebar folds away (or comes back)
        when the width crosses :data:`NARROW` (unless F2 folded it), and folds where the
        board's column would be left too narrow beside it."""
        narrow = width < NARROW
        if narrow != self._narrow:
            self._narrow = narrow
            self.show(not (narrow or self._folded_by_key))
        elif self.shown and width < self.needs:
            self.show(False)

    @property
    def needs(self) -> int:
        """The window's width the sidebar needs: its own and the board's column beside it."""
        return SIDEBAR_WIDTH + BESIDE_SIDEBAR

    def toggle(self, width: int) -> str | None:
        """Show or fold the sidebar (F2) in a window ``width`` columns wide; what to say if it
        cannot be shown there."""
        if not self.shown and width < self.needs:
            return f"The sidebar needs {counted(self.needs, 'column')}: Ctrl+P offers its choices"
        self._folded_by_key = self.shown
        self.show(not self.shown)
        return None

    async def _mount(self) -> None:
        from ..widgets.chat_log import ChatLog
        from ..widgets.footer import KeysFooter
        from ..widgets.sidebar import Sidebar

        screen = self._screen
        stylesheet = screen.app.stylesheet
        if not stylesheet.has_source(str(PANELS_CSS)):  # else a dialog shown first has read them
            stylesheet.read(PANELS_CSS)
            stylesheet.parse()
        sidebar = Sidebar(screen.settings, visitor=screen.host.visitor, id="sidebar").data_bind(
            PlayScreen.settings, PlayScreen.game, PlayScreen.scores, PlayScreen.rating, PlayScreen.marks
        )
        chat = ChatLog(id="chat").data_bind(PlayScreen.game, PlayScreen.chat)
        side = Vertical(chat, sidebar, id="side")
        side.display = self.shown  # it takes the room kept for it (or stays folded)
        mounted = screen.mount(side)
        screen.query_one("#play").remove_class(SIDEBAR_ROOM)
        screen.mount(KeysFooter())
        screen.call_after_refresh(screen.refresh_bindings)  # the footer lists the keys in force from now
        await mounted

    @property
    def shown(self) -> bool:
        """Whether the sidebar is shown (before it is mounted: whether its room is kept)."""
        side = self._screen.query("#side")
        return side.first().display if side else self._screen.query_one("#play").has_class(SIDEBAR_ROOM)

    def show(self, shown: bool) -> None:
        """Show or fold the sidebar (before it is mounted: keep its room or not)."""
        side = self._screen.query("#side")
        if side:
            side.first().display = shown
        else:
            self._screen.query_one("#play").set_class(shown, SIDEBAR_ROOM)

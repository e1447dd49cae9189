"""The sidebar's place on the game screen: the sidebar and the footer, mounted just after the
first frame, and the sidebar shown or folded away (on a narrow screen, or by F2)."""

from __future__ import annotations

from .play import PlayScreen
from .themes import PANELS_CSS


class SidebarPlace:
    """Where the game screen's sidebar goes (``#side``), and whether it is shown."""

    def __init__(self, screen: PlayScreen) -> None:
        self._screen = screen

    async def build(self) -> None:
        """Read the sidebar's rules, mount it and the footer."""
        from textual.widgets import Footer

        from .sidebar import Sidebar

        screen = self._screen
        stylesheet = screen.app.stylesheet
        if not stylesheet.has_source(str(PANELS_CSS)):  # else a dialog shown first has read them
            stylesheet.read(PANELS_CSS)
            stylesheet.parse()
        side = screen.query_one("#side")
        side.update_node_styles()  # the place's look, from those rules
        screen.mount(Footer())
        screen.call_after_refresh(screen.refresh_bindings)  # the footer lists the keys in force from now
        sidebar = Sidebar(screen.settings, id="sidebar").data_bind(
            PlayScreen.settings, PlayScreen.game, PlayScreen.scores
        )
        await side.mount(sidebar)

    @property
    def shown(self) -> bool:
        """Whether the sidebar is shown."""
        return self._screen.query_one("#side").display

    def show(self, shown: bool) -> None:
        """Show or fold the sidebar."""
        self._screen.query_one("#side").display = shown

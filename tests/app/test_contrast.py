"""Every text of the game screen reads in every theme the app offers: its colour against the
colour behind it has a WCAG contrast ratio of at least :data:`FLOOR`, in full colour and in a
256-colour terminal (tmux's default), where Textual's colours are rounded to the palette's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.color import Color, ColorSystem
from rich.segment import Segment
from textual.geometry import Offset
from textual.widget import Widget
from textual.widgets import TabbedContent

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.sidebar import HistoryList
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.game import Settings

from ..helpers.app import settle
from ..helpers.players import FirstFree

#: The themes the app lists in its theme picker, read from the app itself.
OFFERED = sorted(TicTacToeApp(searcher=ThreadSearcher(lambda _name: FirstFree())).available_themes)

#: WCAG's floor for large text (AA) and for user-interface parts: below it a text is hard to read.
FLOOR = 3.0

#: Full colour, and a 256-colour terminal's palette (tmux by default).
COLOUR_SYSTEMS = (ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT)


def luminance(colour: Color, system: ColorSystem) -> float:
    """WCAG's relative luminance of ``colour`` as a terminal of ``system`` shows it."""
    shown = colour.downgrade(system).get_truecolor()

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = shown
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(segment: Segment, system: ColorSystem) -> float | None:
    """The WCAG contrast ratio of ``segment``'s text against its background; None where the
    terminal's own palette decides either (the ANSI themes: the player's terminal colours)."""
    style = segment.style
    if style is None or style.color is None or style.bgcolor is None:
        return None
    if style.color.is_system_defined or style.bgcolor.is_system_defined:
        return None
    lighter, darker = sorted((luminance(style.color, system), luminance(style.bgcolor, system)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def checked_part(app: TicTacToeApp, at: Offset) -> str | None:
    """The name of the part of the game screen at ``at`` whose texts must read, or None: the
    status, the sidebar's tabs and move list, the squares of the board (the overlay's values)."""
    widget: Widget | None = app.screen.get_widget_at(*at)[0]
    while widget is not None:
        if isinstance(widget, StatusLine):
            return "the status"
        if type(widget).__name__ == "ContentTab":
            return f"the {widget.label_text!r} tab"  # type: ignore[attr-defined]
        if isinstance(widget, HistoryList):
            return "the move list"
        if isinstance(widget, BoardView):
            view = widget
            local = at - view.region.offset
            for move in view.squares:
                region = view.square_region(move)
                if region is not None and region.contains_point(local):
                    return f"square {move}" + (" (the cursor's)" if move == view.cursor else "")
            return None  # the coordinates and the gaps between squares
        widget = widget.parent if isinstance(widget.parent, Widget) else None
    return None


def texts(app: TicTacToeApp) -> Iterator[tuple[str, Segment]]:
    """Each text drawn now in a checked part of the screen, with the part's name."""
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        x = 0
        for segment in strip:
            if any(character.isalnum() for character in segment.text):
                part = checked_part(app, Offset(x, y))
                if part is not None:
                    yield part, segment
            x += segment.cell_length


def faint_texts(app: TicTacToeApp, theme: str, seen: set[str]) -> Iterator[str]:
    """Each text drawn now in a checked part below :data:`FLOOR`, saying where and how faint;
    the parts read go into ``seen``."""
    for part, segment in texts(app):
        seen.add(part.removesuffix(" (the cursor's)"))
        for system in COLOUR_SYSTEMS:
            ratio = contrast(segment, system)
            if ratio is not None and ratio < FLOOR:
                colours = "256 colours" if system == ColorSystem.EIGHT_BIT else "full colour"
                yield f"{theme}, {colours}: {part} {segment.text.strip()!r} at {ratio:.2f}"


@pytest.mark.parametrize("theme", OFFERED)
async def test_every_text_of_the_game_screen_reads_in_every_theme(theme: str) -> None:
    """Before, solarized-dark's tabs read at 1.17 in 256 colours, catppuccin-frappe's status at
    1.86, monokai's overlay value on the cursor's square at 1.42."""
    app = TicTacToeApp(Settings(), searcher=ThreadSearcher(lambda _name: FirstFree()), seed=1, watch_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.game_screen.whole()
        app.theme = theme
        await pilot.press("5")  # X in the centre, the computer answers
        await pilot.press("a")  # the overlay: every square's value
        await settle(app)
        view = app.query_one(BoardView)
        faint: list[str] = []
        seen: set[str] = set()
        for move in view.squares:  # the cursor on each square, its value on the cursor's tint
            view.cursor = move
            await pilot.pause()
            faint += faint_texts(app, theme, seen)
        app.query_one(TabbedContent).active = "history-tab"  # the move list, the settings' tab not shown
        await pilot.pause()
        faint += faint_texts(app, theme, seen)
        parts = {"the status", "the 'Settings' tab", "the 'History' tab", "the move list", "square (1, 0)"}
        assert parts <= seen, f"not drawn: {parts - seen}"
        assert not faint, "texts too faint to read:\n" + "\n".join(dict.fromkeys(faint))

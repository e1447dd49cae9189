"""Telling the player what went wrong with saved data, as a notification that says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.widget import Widget

    from ...store.archive import Archive


def tell_archive_news(teller: Widget | App[Any], archive: Archive) -> None:
    """Notify what the archive met and has not told yet (a damaged file set aside, say)."""
    for problem in archive.news():
        teller.notify(problem, title="Problem with saved data", severity="warning", timeout=12)

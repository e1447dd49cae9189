"""The game archive's list: browse finished games and filter them; replay, export or delete one.

The screens read the archive directly (a page is one indexed query); what a player chooses
to do with a game goes back to the app as the screen's result.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import DataTable, Select, Static

from ...store.archive import Archive, ArchiveError, Filters, GameRecord, board_label
from ...store.games import LIST_COLUMNS
from ...store.savefile import SavedGame
from ...table import TABLES
from ...words import counted
from ..themes import PANELS_CSS
from ..transfer import Folder, GameFiles
from ..widgets.choice import Choice
from ..widgets.footer import KeysFooter
from ..widgets.notices import tell_archive_news
from ..work.ai import Searcher
from .dialogs.confirm import ConfirmScreen
from .replay import ReplayScreen, delete_game, export_game

#: Load the next page when the cursor gets this close to the last row loaded.
PAGE_AHEAD = 20
#: The width below which the games list leaves out the mode and the time of day (the widest
#: rows need 97 columns with them, 76 without).
WIDE_LIST = 100
#: The width below which it leaves out the game's number and end day too: what the game was and
#: how it went stay whole (at 60 columns the result was cut, "You los", and the moves left out).
NARROW_LIST = 78


def list_columns(width: int) -> tuple[str, ...]:
    """The games list's columns a screen ``width`` columns wide has room for."""
    left_out = set() if width >= WIDE_LIST else {"mode"} if width >= NARROW_LIST else {"mode", "#", "ended"}
    return tuple(column for column in LIST_COLUMNS if column not in left_out)


ANY = "any"


class ArchiveScreen(Screen[SavedGame | None]):
    """Every finished game, newest first, with filters; pages load as the cursor nears the end.

    Dismissed with a position to play on from, or None.
    """

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back"),
        Binding("enter", "open", "Replay"),
        Binding("e", "export", "Export"),
        Binding("d,delete", "delete", "Delete"),
        # Home and End go to the first and last game loaded (the table's own keys scroll sideways).
        Binding("home", "table('scroll_top')", "First", show=False, priority=True),
        Binding("end", "table('scroll_bottom')", "Last", show=False, priority=True),
    ]

    def __init__(self, archive: Archive, searcher: Searcher, *, files: GameFiles | None = None) -> None:
        """``files``: where an exported game goes (a file typed, in the current folder unless said)."""
        super().__init__()
        self.archive = archive
        self.searcher = searcher
        self.files: GameFiles = Folder(Path()) if files is None else files
        self.filters = Filters()
        self._oldest: int | None = None
        self._complete = False
        self._columns: tuple[str, ...] = ()
        """The list's columns, for the width the screen has (:func:`list_columns`)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="archive-title")
        levels, boards = self.archive.choices() if self.archive.available else ([], [])
        with Horizontal(id="archive-filters"):
            yield Choice(
                [("Any mode", ANY), *((table.short.capitalize(), name) for name, table in TABLES.items())],
                value=ANY,
                allow_blank=False,
                compact=True,
                id="filter-mode",
            )
            yield Choice(
                [("Any level", ANY), *((level, level) for level in levels)],
                value=ANY,
                allow_blank=False,
                compact=True,
                id="filter-level",
            )
            yield Choice(
                [("Any board", ANY), *((board_label(*board), board) for board in boards)],
                value=ANY,
                allow_blank=False,
                compact=True,
                id="filter-board",
            )
            yield Choice(
                [("Any result", ANY), ("Won", 1), ("Drawn", 0), ("Lost", -1)],
                value=ANY,
                allow_blank=False,
                compact=True,
                id="filter-outcome",
            )
        yield DataTable(cursor_type="row", zebra_stripes=True, id="games")
        yield Static(
            "[dim]Enter replays a game. Won and lost: yours against the computer, otherwise X's.[/dim]",
            id="archive-help",
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.reload()
        self.query_one(DataTable).focus()

    def on_resize(self, event: Resize) -> None:
        if self._columns != list_columns(event.size.width):
            self.reload()

    def reload(self) -> None:
        """Show the first page for the current filters, in the columns the width has room for."""
        table = self.query_one(DataTable)
        self._columns = list_columns(self.size.width)
        table.clear(columns=True)
        table.add_columns(*self._columns)
        self._oldest, self._complete = None, False
        try:
            self.archive.count(self.filters)  # the first read: a damaged file found is recovered here
            self.load_page()
            total = self.archive.count(self.filters)  # or by the page: counted in the recovered file
        except ArchiveError as error:
            self.query_one("#archive-title", Static).update(f"[b]Game archive[/b]  {error}")
            self._complete = True
            return
        finally:
            tell_archive_news(self, self.archive)  # a damaged file recovered: how many games came back
        self.query_one("#archive-title", Static).update(
            f"[b]Game archive[/b]  [dim]{counted(total, 'game')}, newest first[/dim]"
        )

    def load_page(self) -> None:
        """Append the next page of older games."""
        if self._complete:
            return
        try:
            page = self.archive.page(self.filters, before=self._oldest)
        except ArchiveError as error:
            self.notify(str(error), severity="error")
            page = []
        self._complete = not page
        table = self.query_one(DataTable)
        for game in page:
            table.add_row(*game.cells(self._columns, short_time="mode" not in self._columns), key=str(game.id))
        if page:
            self._oldest = page[-1].id

    async def action_table(self, action: str) -> None:
        await self.query_one(DataTable).run_action(action)

    @on(DataTable.RowHighlighted)
    def near_the_end(self, event: DataTable.RowHighlighted) -> None:
        if event.cursor_row >= event.data_table.row_count - PAGE_AHEAD:
            self.load_page()

    @on(Select.Changed)
    def filter_changed(self, event: Select.Changed) -> None:
        event.stop()  # the app's own selects are the sidebar's
        name = (event.select.id or "").removeprefix("filter-")
        value = None if event.value == ANY else event.value
        self.filters = Filters(**{**self.filters.__dict__, name: value})
        self.reload()

    def highlighted(self) -> GameRecord | None:
        """The game under the cursor, read whole, or None (with a notice)."""
        table = self.query_one(DataTable)
        if not table.row_count:
            self.notify("No game here", severity="warning")
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        record = self.archive.get(int(key or 0))
        if record is None:
            self.notify("That game is no longer in the archive", severity="warning")
            self.reload()
        return record

    def shown(self) -> GameRecord | None:
        """The game under the cursor, if it can be shown (its game installed), else None with a
        notice that names the plug-in it needs."""
        record = self.highlighted()
        if record is not None and record.missing is not None:
            self.notify(record.missing, severity="warning")
            return None
        return record

    @on(DataTable.RowSelected)
    def action_open(self) -> None:
        """Replay the game under the cursor."""
        record = self.shown()
        if record is not None:
            replay = ReplayScreen(record, self.archive, self.searcher, files=self.files)
            self.app.push_screen(replay, self.replay_closed)

    def replay_closed(self, result: SavedGame | bool | None) -> None:
        """``True``: the game was deleted; a position with its seating: play on from it."""
        if result is True:
            self.reload()
        elif isinstance(result, SavedGame):
            self.dismiss(result)

    def action_export(self) -> None:
        """Save the game under the cursor where the player's games go."""
        record = self.shown()
        if record is not None:
            export_game(self, record, self.files)

    def action_delete(self) -> None:
        """Delete the game under the cursor, after asking."""
        record = self.highlighted()
        if record is not None:
            self.app.push_screen(
                ConfirmScreen(f"Delete game #{record.id} ({record.result_text}, {record.board_label})?"),
                partial(self.deleted, record),
            )

    def deleted(self, record: GameRecord, yes: bool | None) -> None:
        if yes:
            delete_game(self, self.archive, record)
            self.reload()

    def action_close(self) -> None:
        self.dismiss(None)

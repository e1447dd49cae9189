"""Where a player's games leave the app and come back: a folder of this machine, or, for a
stranger playing through ``serve``, their own browser (a download out, text pasted in), so that
no dialog of theirs reads, lists or writes a file of the machine serving them.

The app picks one (:attr:`TicTacToeApp.game_files`); saving, loading and the archive's export
go through it and never ask which it is.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen

from ..engine import Board
from ..store import savefile
from .themes import PANELS_CSS

#: What a saved game's readers are handed: the game, and how the player named it.
Took = Callable[[savefile.SavedGame, str], None]
#: Told why a game could not be read, in one line.
Refused = Callable[[str], None]


@dataclass(frozen=True)
class Folder:
    """Games as files: a name typed goes in ``path`` (a path typed, anywhere else)."""

    path: Path
    #: What the palette says its save and load commands do.
    save_help: ClassVar[str] = "Write this game to a file"
    load_help: ClassVar[str] = "Read a game from a file"

    def send(
        self, screen: Screen[Any], title: str, name: str, board: Board, seating: savefile.Seating | None, sent: Refused
    ) -> None:
        """Ask for a file (``name`` offered) and write the game there; ``sent`` gets the name typed."""
        from .screens.dialogs.file_prompt import save_game_as

        save_game_as(screen, title, self.path, name, board, seating, lambda typed: sent(f"Saved to {typed}"))

    def ask(self, screen: Screen[Any], title: str, took: Took, refused: Refused) -> None:
        """Ask for a file and read the game in it. A file that cannot be read is ``refused`` and
        the prompt stays, saying why, for another name (or escape)."""
        from .screens.dialogs.file_prompt import SavedGamePrompt, in_folder, saved_games_folder

        read: dict[str, savefile.SavedGame] = {}

        def check(typed: str) -> str | None:
            full = in_folder(self.path, typed)
            try:
                read[typed] = savefile.read_game(full)
            except savefile.SaveFileError as error:
                why = str(error).replace(str(full), full.name)  # the file by its name: a long path hid the reason
                refused(why)
                return why
            return None

        def chosen(typed: str | None) -> None:
            if typed is not None and typed in read:
                took(read[typed], typed)

        screen.app.push_screen(SavedGamePrompt(title, saved_games_folder(screen, self.path), check=check), chosen)


@dataclass(frozen=True)
class Browser:
    """Games through the visitor's browser: saved as a download, loaded from text pasted in."""

    save_help: ClassVar[str] = "Download this game to your browser"
    load_help: ClassVar[str] = "Paste a saved game's text"

    def send(
        self, screen: Screen[Any], title: str, name: str, board: Board, seating: savefile.Seating | None, sent: Refused
    ) -> None:
        """Hand the game to the browser as the download ``name``."""
        text = io.StringIO(savefile.dump(board, seating))
        screen.app.deliver_text(text, save_filename=name, open_method="download", mime_type="text/plain")
        sent(f"Sent to your browser as {name}")

    def ask(self, screen: Screen[Any], title: str, took: Took, refused: Refused) -> None:
        """Ask for a saved game's text, pasted in, and read it. A text that is not a saved game is
        ``refused`` and the prompt stays, saying why, for another paste (or escape)."""

        def check(text: str) -> savefile.SavedGame | str:
            try:
                return read_pasted(text)
            except savefile.SaveFileError as error:
                refused(str(error))
                return str(error)

        def pasted(saved: savefile.SavedGame | None) -> None:
            if saved is not None:
                took(saved, PASTED)

        screen.app.push_screen(PastedGamePrompt(title, check), pasted)


#: How a game pasted in is named in the status ("Loaded the pasted game: 4 moves played").
PASTED = "the pasted game"

#: Where a player's games go and come from.
GameFiles = Folder | Browser


def read_pasted(text: str) -> savefile.SavedGame:
    """The game in a pasted text, refused past a saved game's size (:data:`savefile.MAX_BYTES`)."""
    if len(text.encode("utf-8")) > savefile.MAX_BYTES:
        raise savefile.SaveFileError(f"that is larger than a saved game can be ({savefile.MAX_BYTES // 1024} KiB)")
    return savefile.parse_game(text)


class PastedGamePrompt(ModalScreen["savefile.SavedGame | None"]):
    """Asks for a saved game's text: paste it, then Load (Tab, Enter) or Ctrl+O; escape cancels.
    Answers the game ``check`` reads in it; a text it refuses keeps the prompt, saying why."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Cancel"),
        Binding("ctrl+o", "load", "Load", priority=True),
    ]

    def __init__(self, title: str, check: Callable[[str], savefile.SavedGame | str]) -> None:
        super().__init__()
        self.title_text = title
        self.check = check

    def compose(self) -> ComposeResult:
        from textual.widgets import Button, Static, TextArea  # loaded when first asked: the start needs none

        with Vertical(id="paste-prompt", classes="dialog"):
            yield Static(f"[b]{escape(self.title_text)}[/b]", classes="dialog-title")
            yield Static("[dim]Paste a saved game's text (a .ttt file) here:[/dim]", classes="dialog-note")
            yield TextArea(id="pasted", soft_wrap=False, show_line_numbers=False)
            yield Static(id="paste-problem", classes="dialog-problem", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Load", id="load", variant="primary", compact=True)
            yield Static("[dim]Ctrl+O or Load to read it, escape to cancel[/dim]", classes="dialog-foot")

    def on_mount(self) -> None:
        self.query_one("#pasted").focus()

    def on_button_pressed(self) -> None:
        self.action_load()

    def action_load(self) -> None:
        """Read what was pasted (nothing pasted: nothing to read, the prompt stays)."""
        from textual.widgets import Static, TextArea

        text = self.query_one("#pasted", TextArea).text
        if not text.strip():
            return
        read = self.check(text)
        if not isinstance(read, str):
            self.dismiss(read)
            return
        shown = self.query_one("#paste-problem", Static)
        shown.update(f"{read}: paste another, or escape")
        shown.add_class("shown")

"""The file prompt for saving and loading games, and the one way a game is saved through it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DirectoryTree, Input, Static

from ....engine import Board
from ....store import savefile
from ...themes import PANELS_CSS
from .confirm import ConfirmScreen

#: Why a name typed cannot be taken (one line), or None to take it.
Check = Callable[[str], str | None]


class PathPrompt(ModalScreen[str | None]):
    """Asks for a file name; Enter answers, escape cancels. A name that ``check`` refuses keeps
    the prompt open, saying why under the field (keys typed next stay in the field)."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, title: str, suggestion: str, check: Check | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.suggestion = suggestion
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(id="path-prompt", classes="dialog"):
            yield Static(f"[b]{escape(self.title_text)}[/b]", classes="dialog-title")
            yield Input(self.suggestion, id="path")
            yield Static(id="path-problem", classes="dialog-problem", markup=False)
            yield from self.below_field()
            yield Static("[dim]Enter to confirm, escape to cancel[/dim]", classes="dialog-foot")

    def below_field(self) -> ComposeResult:
        """What the dialog shows between the field and its keys (nothing here)."""
        yield from ()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        typed = event.value.strip()
        problem = self.check(typed) if typed and self.check is not None else None
        if problem is None:
            self.dismiss(typed or None)
            return
        shown = self.query_one("#path-problem", Static)
        shown.update(f"{problem}: type another name, or escape")
        shown.add_class("shown")


class SavedGamePrompt(PathPrompt):
    """Asks for a saved game's file: a name in the saved-games folder (listed below the field;
    pick one to fill it in) or any path. Dismissed with the path typed, relative to the folder."""

    def __init__(self, title: str, folder: Path, suggestion: str = "", check: Check | None = None) -> None:
        super().__init__(title, suggestion, check)
        self.folder = folder

    def below_field(self) -> ComposeResult:
        """The saved games, to pick one."""
        yield Static(f"[dim]Saved games in {self.folder}:[/dim]", classes="dialog-note")
        yield DirectoryTree(self.folder, id="saved-games")

    @on(DirectoryTree.FileSelected)
    def picked(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        path = event.path.relative_to(self.folder) if event.path.is_relative_to(self.folder) else event.path
        self.query_one("#path", Input).value = str(path)
        self.query_one("#path", Input).focus()


def saved_games_folder(screen: Screen[Any], folder: Path) -> Path:
    """The saved-games ``folder``, made on first use (a typed path may point anywhere else)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        screen.notify(f"Cannot make {folder}: {error.strerror or error}", title="Saved games", severity="warning")
    return folder


def in_folder(folder: Path, typed: str) -> Path:
    """A path typed in the prompt: a plain name goes in the saved-games ``folder``."""
    return folder / Path(typed).expanduser()


def save_game_as(
    screen: Screen[Any],
    title: str,
    folder: Path,
    suggestion: str,
    board: Board,
    seating: savefile.Seating | None = None,
    saved: Callable[[str], None] | None = None,
) -> None:
    """Ask for a file (a name in the saved-games ``folder`` unless a path says otherwise) and
    write ``board`` there as a saved game, then call ``saved`` with the name typed. A file
    that is there already is replaced only after a yes."""

    def write(typed: str, replace: bool) -> None:
        try:
            savefile.save(in_folder(folder, typed), board, seating, new=not replace)
        except savefile.SaveFileError as error:
            screen.notify(str(error), title="Not saved", severity="error")
            return
        if saved is not None:
            saved(typed)

    def chosen(typed: str | None) -> None:
        if typed is None:
            return
        if not in_folder(folder, typed).is_file():
            write(typed, replace=False)
            return
        screen.app.push_screen(
            ConfirmScreen(f"{typed} is there already. Replace it?"), lambda yes: write(typed, True) if yes else None
        )

    screen.app.push_screen(SavedGamePrompt(title, saved_games_folder(screen, folder), suggestion), chosen)

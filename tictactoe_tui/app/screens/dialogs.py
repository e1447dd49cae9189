"""Modal screens: statistics, the file prompt for saving and loading games (and the one way a
game is saved through it), the custom board and yes/no questions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import DirectoryTree, Input, Sparkline, Static

from ...engine import Board, BoardError
from ...game import Preset
from ...store import savefile
from ...store.archive import BoardRating, Statistics, board_label
from ...words import counted, spans, whole_number
from ..themes import PANELS_CSS
from ..widgets.stats_table import ratings_note, ratings_table, statistics_table


class StatsScreen(ModalScreen[None]):
    """Won, drawn and lost per mode, level and board, with winning streaks, from the archive."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,s", "dismiss", "Close")]

    def __init__(self, statistics: Statistics) -> None:
        super().__init__()
        self.statistics = statistics

    def compose(self) -> ComposeResult:
        with Vertical(id="stats", classes="dialog"):
            total = self.statistics.games
            games = counted(total, "game")
            yield Static(f"[b]Statistics[/b]  [dim]{games}, all sessions[/dim]", classes="dialog-title")
            if self.statistics.lines:
                with VerticalScroll(id="stats-scroll"):
                    yield Static(statistics_table(self.statistics))
                    if self.statistics.ratings:
                        yield from rating_charts(self.statistics.ratings)
            elif not self.statistics.coached:
                yield Static("No finished games yet.")
            if self.statistics.coached:
                yield Static(f"[dim]{self.statistics.coached_text}[/dim]")
            yield Static(
                "[dim]Against the computer: your results. Otherwise: X's. escape to close[/dim]",
                classes="dialog-foot",
            )


def chart_scale(path: tuple[float, ...]) -> str:
    """What a rating chart's bars span, from its lowest rating to its highest: "1141 to 1229"."""
    low, high = (f"{rating:.0f}" for rating in (min(path, default=0), max(path, default=0)))
    return low if low == high else f"{low} to {high}"


def rating_charts(boards: tuple[BoardRating, ...]) -> ComposeResult:
    """Your rating per board, and a chart of each over its games (oldest to newest)."""
    yield Static(ratings_table(boards, with_trend=False), id="ratings")
    for board in boards:
        shape = board.shape
        with Horizontal(classes="rating-chart"):
            label = board_label(shape.game, shape.rows, shape.cols, shape.k)
            yield Static(f"  {label}\n  [dim]{chart_scale(board.path)}[/dim]", classes="chart-label")
            yield Sparkline(list(board.path), summary_function=max)
    yield Static(f"[dim]{ratings_note(boards)}[/dim]")


class PathPrompt(ModalScreen[str | None]):
    """Asks for a file name; Enter answers, escape cancels."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, title: str, suggestion: str) -> None:
        super().__init__()
        self.title_text = title
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(id="path-prompt", classes="dialog"):
            yield Static(f"[b]{escape(self.title_text)}[/b]", classes="dialog-title")
            yield Input(self.suggestion, id="path")
            yield Static("[dim]Enter to confirm, escape to cancel[/dim]", classes="dialog-foot")

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class SavedGamePrompt(PathPrompt):
    """Asks for a saved game's file: a name in the saved-games folder (listed below the field;
    pick one to fill it in) or any path. Dismissed with the path typed, relative to the folder."""

    def __init__(self, title: str, folder: Path, suggestion: str = "") -> None:
        super().__init__(title, suggestion)
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(id="path-prompt", classes="dialog"):
            yield Static(f"[b]{escape(self.title_text)}[/b]", classes="dialog-title")
            yield Input(self.suggestion, id="path")
            yield Static(f"[dim]Saved games in {self.folder}:[/dim]", classes="dialog-note")
            yield DirectoryTree(self.folder, id="saved-games")
            yield Static("[dim]Enter to confirm, escape to cancel[/dim]", classes="dialog-foot")

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


class FieldInput(Input):
    """An input that acts on its editing keys itself, from its own queue. An input's bindings
    are looked up when the key comes back to the app, through the focus of that moment: in a
    burst such as "⌫ 7 Tab ⌫ 3" the second ⌫ would edit the field Tab moved to."""

    EDITING: ClassVar[dict[str, str]] = {
        "backspace": "delete_left",
        "delete": "delete_right",
        "left": "cursor_left",
        "right": "cursor_right",
        "home": "home",
        "end": "end",
    }

    async def on_key(self, event: events.Key) -> None:
        action = self.EDITING.get(event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(action)


#: The custom board's fields, by name, and how the problem line names them.
FIELDS = (("rows", "rows"), ("cols", "columns"), ("k", "k"))


class CustomBoardScreen(ModalScreen[Preset | None]):
    """Asks for rows, columns and how many in a row win."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Cancel"),
        # Tab as a priority binding moves the focus as it arrives: the keys typed after it in
        # one burst then go to the next field, not to the one it left
        Binding("tab", "app.focus_next", "Next field", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", "Previous field", show=False, priority=True),
    ]

    def __init__(self, current: Preset) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        rows, cols = self.current.rules.sides()  # only the sizes its rules take
        with Vertical(id="custom-board", classes="dialog"):
            yield Static(f"[b]Custom board — {self.current.rules.title}[/b]", classes="dialog-title")
            for name, label, value in (
                ("rows", f"Rows ({spans(rows)})", self.current.rows),
                ("cols", f"Columns ({spans(cols)})", self.current.cols),
                ("k", "In a row to win", self.current.k),
            ):
                yield Static(label)
                yield FieldInput(str(value), id=name, type="integer")
            yield Static("", id="custom-problem")
            yield Static("[dim]Enter to use it from the next game, escape to cancel[/dim]", classes="dialog-foot")

    def chosen(self) -> Preset | str:
        """The board the inputs describe, or why it cannot be played."""
        typed = [(label, self.query_one(f"#{name}", Input).value) for name, label in FIELDS]
        numbers = [whole_number(value) for _label, value in typed]
        wrong = [f"{label} {value!r}" for (label, value), number in zip(typed, numbers, strict=True) if number is None]
        if wrong:
            return f"{', '.join(wrong)}: write a whole number"
        rows, cols, k = (number or 0 for number in numbers)
        try:
            return Preset(rows, cols, k, self.current.game).checked()
        except BoardError as error:
            return str(error)

    @on(Input.Submitted)
    def submitted(self) -> None:
        preset = self.chosen()
        if isinstance(preset, str):
            self.query_one("#custom-problem", Static).update(f"[b]{preset}[/b]")
            return
        self.dismiss(preset)

    @on(Input.Changed)
    def changed(self) -> None:
        """A problem shown is checked again as the numbers change: it goes once they fit."""
        problem = self.query_one("#custom-problem", Static)
        if str(problem.content):
            chosen = self.chosen()
            problem.update(f"[b]{chosen}[/b]" if isinstance(chosen, str) else "")


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; ``y`` answers yes, ``n`` or escape no."""

    CSS_PATH = PANELS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question
        self.answered = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Static(f"[b]{self.question}[/b]", classes="dialog-title")
            yield Static("[dim]y: yes · n or escape: no[/dim]", classes="dialog-foot")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_key(self, event: events.Key) -> None:
        """Keys typed in the same burst as the answer reach the dialog before the answer's binding
        closes it: they go on, in order, to the screen below, as if typed after it closed ("n 9"
        declines, then plays)."""
        if self.answered:
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))
        elif any(event.key in binding.key.split(",") for binding in self.BINDINGS if isinstance(binding, Binding)):
            self.answered = True  # its binding answers when the key reaches the app

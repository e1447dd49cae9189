"""The sidebar: scores, the move history and the player's choices. It shows; the app owns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Label, OptionList, Select, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from ...engine import LEVELS, STRATEGIES, Board, get_strategy
from ...engine.rules import RULES
from ...engine.strength import MATCH_ME
from ...game import (
    THINK_TIMES,
    FirstPlayer,
    GameState,
    KeyLayout,
    MarkChoice,
    Preset,
    Scoreboard,
    Settings,
    presets_for,
)
from ...table import CHOICES, TABLES
from .choice import Choice


def level_options() -> list[tuple[str, str]]:
    """Every level (capitalised), then every player people may name, as named (a game registered
    later included): the Computer heading says what they all are."""
    levels = (*LEVELS, MATCH_ME)  # "match me": the levels' blend nearest your rating
    return [
        *((name.capitalize(), name) for name in levels),
        *((name, name) for name in STRATEGIES if name not in levels),
    ]


#: The board select's last entry, which asks for rows, columns and k.
CUSTOM = "custom"


def setting_options(
    field: str, current: Settings, in_play: Board | None = None, *, visitor: bool = False
) -> list[tuple[str, Any]]:
    """The (label, value) choices for one setting (the current value is always one of them).
    The computer's list holds only players of the next game's board and of ``in_play``, the
    game in play's: a level plays its very next move. A ``visitor`` (``serve``) is offered no
    online mode: the match would run from the serving machine, on its network."""
    if field == "level":
        boards = [Board.empty_of(current.preset), *([in_play] if in_play is not None else [])]
        return [
            (label, name)
            for label, name in level_options()
            if name == current.level or all(get_strategy(name).supports(board) for board in boards)
        ]
    if field == "game":
        return [(rules.title, name) for name, rules in RULES.items()]
    if field == "preset":
        offered = presets_for(current.game)
        presets = offered if current.preset in offered else (*offered, current.preset)
        return [*((preset.label, preset) for preset in presets), ("Custom…", CUSTOM)]
    if field == "think_seconds":
        times = sorted({*THINK_TIMES, current.think_seconds})
        return [(f"{seconds:g} s a move", seconds) for seconds in times]
    if field == "coordinates":
        return [("Shown", True), ("Hidden", False)]
    if field == "coach":
        return [("Off", False), ("On", True)]
    if field == "mode":
        return [(table.label, name) for name, table in TABLES.items() if not (visitor and table.online)]
    enum = {"first": FirstPlayer, "mark": MarkChoice, "layout": KeyLayout}[field]
    return [(member.value.capitalize() if field != "mark" else member.value, member) for member in enum]


SECTIONS = (
    ("mode", "Mode"),
    ("game", "Game"),
    ("level", "Computer"),
    ("first", "Who goes first"),
    ("mark", "Your mark"),
    ("preset", "Board"),
    ("think_seconds", "Computer's time"),
    ("layout", "Number keys"),
    ("coordinates", "Coordinates"),
    ("coach", "Coach"),
)


class HistoryList(OptionList):
    """One line per position: the start, then each move; the current one highlighted."""

    class Jump(Message):
        """The player picked a position to go back (or forward) to."""

        def __init__(self, ply: int) -> None:
            super().__init__()
            self.ply = ply

    def show(self, game: GameState, annotations: Mapping[int, str] | None = None) -> None:
        """List the game's line, marking moves that were undone, each move with its review's
        mark beside it (``annotations``, by ply: ``??``, ``?``, ``?!``) where it has one."""
        options = [Option("start", id="ply-0")]
        for ply, name in enumerate(game.move_list(), start=1):
            name += (annotations or {}).get(ply, "")
            options.append(Option(f"[dim]{name}[/dim]" if ply > game.ply else name, id=f"ply-{ply}"))
        with self.prevent(OptionList.OptionHighlighted):
            self.set_options(options)
            self.highlighted = game.ply

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Jump(event.option_index))


class Sidebar(Vertical):
    """Scores, the history and one select per setting; changes travel to the app as messages."""

    # Its children draw; the sidebar itself need not repaint when these change.
    settings: reactive[Settings | None] = reactive(None, repaint=False)
    game: reactive[GameState | None] = reactive(None, repaint=False)
    scores: reactive[Scoreboard] = reactive(Scoreboard, repaint=False)
    rating: reactive[str] = reactive("", repaint=False)
    marks: reactive[Mapping[int, str]] = reactive(dict, repaint=False)
    """The marks beside the game's moves where the coach or a review judged them, by ply."""
    """Your rating on the board in play, under the score line ('' before your first rated game there)."""

    class ResetScores(Message):
        """The player asked to reset the session's scores."""

    class Chosen(Message):
        """The player chose ``value`` for the setting ``field`` (a custom board once its
        rows, columns and k are given)."""

        def __init__(self, field: str, value: Any) -> None:
            super().__init__()
            self.field, self.value = field, value

    def __init__(self, initial: Settings, *, visitor: bool = False, id: str | None = None) -> None:
        """``visitor``: a stranger through ``serve``, offered what works there (no online mode)."""
        super().__init__(id=id)
        self.initial = initial
        self.visitor = visitor

    def compose(self) -> ComposeResult:
        with Horizontal(id="title-row"):  # the score line gets the whole width: it never splits
            yield Label("tictactoe-tui", id="title")
            reset = Button("reset scores", id="reset-scores", compact=True)
            reset.can_focus = False  # Tab goes to the settings; a click asks before resetting
            yield reset
        yield Static(str(Scoreboard()), id="scores")
        with TabbedContent(initial="settings-tab"):
            with TabPane("Settings", id="settings-tab"), VerticalScroll():
                for field, title in SECTIONS:
                    yield Label(title, classes="setting-title", id=f"{field}-title")
                    options = setting_options(field, self.initial, visitor=self.visitor)
                    value = getattr(self.initial, field)
                    yield Choice(options, value=value, allow_blank=False, compact=True, id=field)
            with TabPane("History", id="history-tab"):
                yield HistoryList(id="history")

    @on(Select.Changed)
    def chosen(self, event: Select.Changed) -> None:
        """Pass a choice on to the screen; for a custom board, ask its rows, columns and k first."""
        event.stop()
        if event.select.id is None or event.value is Select.NULL:
            return
        if event.value == CUSTOM and self.settings is not None:
            from ..screens.dialogs.custom_board import CustomBoardScreen

            self.app.push_screen(CustomBoardScreen(self.settings.preset), self._custom_board_chosen)
            return
        self.post_message(self.Chosen(event.select.id, event.value))

    def _custom_board_chosen(self, preset: Preset | None) -> None:
        """Use a custom board from the next game (or put the select back if cancelled)."""
        if preset is None:
            self._show_settings(self.settings)  # the board in use again
            return
        self.post_message(self.Chosen("preset", preset))

    @on(Button.Pressed, "#reset-scores")
    def reset_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.ResetScores())

    def on_mount(self) -> None:
        """Show the settings in force now: they may have changed while the sidebar was being built."""
        self._show_settings(self.settings)

    def watch_settings(self, settings: Settings | None) -> None:
        if self.is_mounted:  # before that, a select's own parts may not exist yet: on_mount shows them
            self._show_settings(settings)

    def _show_settings(self, settings: Settings | None) -> None:
        """Set every select to ``settings`` (and the options that depend on them)."""
        if settings is None:
            return
        shown = self.game.table.shown_choices(self.game) if self.game is not None else {}
        in_play = self.game.board if self.game is not None else None
        for field, _title in SECTIONS:
            if field in shown:
                continue  # the table decides it: see show_seating
            select: Select[Any] = self.query_one(f"#{field}", Select)
            value = getattr(settings, field)
            with select.prevent(Select.Changed):
                if field in ("preset", "think_seconds", "level"):
                    select.set_options(setting_options(field, settings, in_play))
                if select.value != value:
                    select.value = value
        self.show_in_play()

    def watch_game(self, old: GameState | None, game: GameState | None) -> None:
        if game is not None:
            self.query_one(HistoryList).show(game, self.marks)
            self.show_seating(game)
            if old is None or (old.board.rules, old.board.geometry) != (game.board.rules, game.board.geometry):
                self._show_settings(self.settings)  # the computer list: players of this board too

    def watch_marks(self) -> None:
        if self.game is not None:
            self.query_one(HistoryList).show(self.game, self.marks)

    def show_seating(self, game: GameState) -> None:
        """Show your mark and who goes first as the table decides them (online), fixed;
        else the player's choices again."""
        shown = game.table.shown_choices(game)
        for field in ("mark", "first"):
            select: Select[Any] = self.query_one(f"#{field}", Select)
            with select.prevent(Select.Changed):
                if field in shown:
                    select.set_options([(shown[field], shown[field])])
                    select.value, select.disabled = shown[field], True
                elif select.disabled and self.settings is not None:
                    select.set_options(setting_options(field, self.settings))
                    select.value, select.disabled = getattr(self.settings, field), False
        self.show_in_play()
        self._show_scores()

    def show_in_play(self) -> None:
        """Mark each choice that differs from the game in play "(next game)", and turn off the
        choices neither this game's table nor the next one's uses, saying why: their titles
        say it, and their values, which apply to nothing, are not shown."""
        game, settings = self.game, self.settings
        if game is None or settings is None or not self.is_mounted:
            return
        now, next_table = game.table, settings.table
        used = now.uses | next_table.uses
        shown = now.shown_choices(game)
        pending = game.pending_choices(settings)
        for field, title in SECTIONS:
            unused = field in CHOICES and field not in used and field not in shown
            if field in CHOICES and field not in shown:  # a choice that does not apply shows no value
                select = self.query_one(f"#{field}", Select)
                select.disabled, select.display = unused, not unused
            note = (
                f" [dim]({next_table.unused_note})[/dim]"
                if unused
                else " [b](next game)[/b]"
                if field in pending
                else ""
            )
            label = self.query_one(f"#{field}-title", Label)
            label.update(title + note)
            label.set_class(unused, "-unused")

    def watch_scores(self) -> None:
        self._show_scores()

    def watch_rating(self) -> None:
        self._show_scores()

    def _show_scores(self) -> None:
        """The score line of the pair playing now (a change of mode brings their own tally)."""
        scores = self.scores if self.game is None else self.scores.facing(self.game)
        rating = f"\n{self.rating}" if self.rating else ""
        self.query_one("#scores", Static).update(f"{scores}{rating}")

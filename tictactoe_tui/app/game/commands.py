"""The command palette's game commands: every action and setting of the game screen."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, ClassVar, Protocol, cast

from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher
from textual.style import Style

from ...engine.rules import RULES
from ...game import FirstPlayer, GameState, Settings, presets_for
from .play import GameHost

#: (title, help, what it does)
Command = tuple[str, str, Callable[[], object]]


class GameActions(Protocol):
    """What the palette can do on the game screen."""

    BINDINGS: ClassVar[list[BindingType]]
    settings: Settings
    game: GameState
    host: GameHost

    async def action_new_game(self) -> None: ...
    def action_undo(self) -> None: ...
    def action_redo(self) -> None: ...
    def action_hint(self) -> None: ...
    def action_toggle_overlay(self) -> None: ...
    def action_reset_scores(self) -> None: ...
    def action_stats(self) -> None: ...
    def action_archive(self) -> None: ...
    def action_save_game(self) -> None: ...
    def action_load_game(self) -> None: ...
    def action_new_code(self) -> None: ...
    def action_puzzles(self) -> None: ...
    def change_setting(self, field: str, value: Any) -> None: ...


#: What the palette says below each action of the game screen it offers (the title is the
#: binding's own description; the key, where the help names it, the binding's own key).
ACTION_HELP = {
    "new_game": "Start a new game now",
    "undo": "Take back your last move",
    "redo": "Play again what was undone",
    "hint": "Show the best move",
    "toggle_overlay": "The evaluation bar and every square's value (estimates where too big to solve)",
    "stats": "Results across sessions",
    "archive": "Every finished game: replay, review, export, delete",
    "puzzles": "Keep the win or hold the draw: your own mistakes first ({key})",
}


def binding_for(screen: GameActions, action: str) -> Binding:
    """The game screen's binding for ``action``: the one owner of the action's name and key."""
    return next(binding for binding in Binding.make_bindings(screen.BINDINGS) if binding.action == action)


def bound_command(screen: GameActions, action: str, help_text: str) -> Command:
    """The palette's command for ``action``: titled by its binding's description, ``{key}`` in
    ``help_text`` its binding's key."""
    binding = binding_for(screen, action)
    return binding.description, help_text.format(key=binding.key), getattr(screen, f"action_{action}")


def game_commands(screen: GameActions) -> Iterator[Command]:
    """What the palette offers on the game screen."""
    for action in ("new_game", "undo", "redo", "hint", "toggle_overlay"):
        yield bound_command(screen, action, ACTION_HELP[action])
    yield "Reset scores", "Set this session's scores to zero", screen.action_reset_scores  # no key of its own
    for action in ("stats", "archive", "puzzles"):
        yield bound_command(screen, action, ACTION_HELP[action])
    files, visitor = screen.host.game_files, screen.host.visitor
    yield bound_command(screen, "save_game", files.save_help)
    yield bound_command(screen, "load_game", files.load_help)
    if not visitor:  # no online mode is offered there
        yield bound_command(screen, "new_code", "Hosting online: retire the code and show a new one ({key})")
    from ..widgets.sidebar import setting_options

    change = screen.change_setting
    for label, name in setting_options("level", screen.settings, screen.game.board):  # as the sidebar
        yield f"Computer level: {name}", label, partial(change, "level", name)
    for name, rules in RULES.items():
        yield f"Game: {rules.title}", rules.help, partial(change, "game", name)
    for preset in presets_for(screen.settings.game):
        yield f"Board: {preset.label}", "From the next game", partial(change, "preset", preset)
    for first in FirstPlayer:
        yield f"Who goes first: {first}", "From the next game", partial(change, "first", first)
    for label, name in setting_options("mode", screen.settings, visitor=visitor):  # as the sidebar names each table
        yield f"Mode: {label}", "From the next game", partial(change, "mode", name)
    if screen.settings.coach:  # the one that changes something
        yield "Coach: off", "Play without the coach", partial(change, "coach", False)
    else:
        coaching = "Against the computer: say at once when a move gives up a win or a draw"
        yield "Coach: on", coaching, partial(change, "coach", True)


def board_size_typed(query: str) -> str:
    """A query as the titles write board sizes: ``15x15`` (as typed, or as on the command line) is ``15×15``."""
    return re.sub(r"(?<=\d)\s*[xX]\s*(?=\d)", "×", query)


def _folded_letter(letter: str) -> str:
    """``letter`` without its accents, lower case: ``È`` is ``e``; one letter stays one letter."""
    bare = [part for part in unicodedata.normalize("NFD", letter) if not unicodedata.combining(part)]
    base = bare[0] if len(bare) == 1 else letter
    lower = base.lower()
    return lower if len(lower) == 1 else base


def folded(text: str) -> str:
    """``text`` as the palette compares it: accents and case folded, letter for letter (so a
    match's offsets in it are the same in ``text``): ``Game: Misère`` is ``game: misere``."""
    return "".join(map(_folded_letter, text))


class FoldingMatcher(Matcher):
    """Textual's fuzzy matcher, comparing query and candidate with accents and case folded, and
    highlighting the candidate as written where it matched."""

    def __init__(self, query: str, *, match_style: Style | None = None) -> None:
        super().__init__(folded(query), match_style=match_style)

    def match(self, candidate: str) -> float:
        return super().match(folded(candidate))

    def highlight(self, candidate: str) -> Content:
        score, offsets = self.fuzzy_search.match(self.query, folded(candidate))
        content = Content(candidate)
        if not score:
            return content
        for offset in offsets:
            if not candidate[offset].isspace():
                content = content.stylize(self.match_style, offset, offset + 1)
        return content


class GameCommands(Provider):
    """Offers :func:`game_commands` on the screen that lists it in its ``COMMANDS``."""

    def _commands(self) -> list[Command]:
        return list(game_commands(cast(GameActions, self.screen)))

    def matcher(self, user_input: str, case_sensitive: bool = False) -> Matcher:
        """A matcher that folds accents and case: ``misere`` finds ``Game: Misère``."""
        return FoldingMatcher(user_input, match_style=self.match_style)

    async def discover(self) -> Hits:
        for title, help_text, run in self._commands():
            yield DiscoveryHit(title, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(board_size_typed(query))
        for title, help_text, run in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), run, text=title, help=help_text)

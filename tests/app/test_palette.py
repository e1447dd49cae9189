"""The command palette finds its commands as players type them: without accents, in any case."""

from __future__ import annotations

import re
import unicodedata

import pytest
from textual.binding import Binding
from textual.command import Hit
from textual.content import Content

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.commands import GameCommands, game_commands
from tictactoe_tui.game import Settings

from ..helpers.app import TWO_PLAYERS, AppFactory, settle


def without_accents(text: str) -> str:
    """``text`` as typed on a keyboard without accents: ``Game: Misère`` is ``Game: Misere``."""
    return "".join(part for part in unicodedata.normalize("NFD", text) if not unicodedata.combining(part))


async def hits(app: TicTacToeApp, query: str) -> dict[str, Hit]:
    """What the game's palette provider finds for ``query``, by each command's title."""
    found: dict[str, Hit] = {}
    async for hit in GameCommands(app.game_screen).search(query):
        assert isinstance(hit, Hit)
        assert hit.text is not None
        found[hit.text] = hit
    return found


def highlighted(hit: Hit) -> str:
    """The letters of ``hit``'s title the palette highlights as matched."""
    assert isinstance(hit.match_display, Content)
    plain = hit.match_display.plain
    return "".join(plain[span.start : span.end] for span in hit.match_display.spans)


async def test_every_command_is_found_by_its_title_without_accents_in_any_case() -> None:
    app = TicTacToeApp(seed=1)
    titles = [title for title, _help, _run in game_commands(app.game_screen)]
    assert "Game: Misère" in titles
    for title in titles:
        for typed in (without_accents(title), without_accents(title).lower(), without_accents(title).upper()):
            found = await hits(app, typed)
            assert title in found, f"{typed!r} does not find {title!r}"
            shown = found[title].match_display
            assert isinstance(shown, Content)
            assert shown.plain == title, "the command keeps its proper name"


@pytest.mark.parametrize("typed", ["misere", "Game: misere", "MISÈRE"])
async def test_the_palette_highlights_misere_where_it_matched(typed: str) -> None:
    found = await hits(TicTacToeApp(seed=1), typed)
    assert highlighted(found["Game: Misère"]).replace(" ", "").endswith("Misère")


async def test_typing_misere_in_the_palette_chooses_misere(make_app: AppFactory) -> None:
    app = make_app(TWO_PLAYERS)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"misere")  # as on the command line: --game misere
        await settle(app)  # the palette has found what was typed
        await pilot.press("enter")
        await settle(app)
        assert app.game_screen.settings.game == "misere"


async def test_the_palette_offers_only_the_coach_switch_that_changes_something(make_app: AppFactory) -> None:
    app = make_app(Settings(coach=False))
    async with app.run_test():
        screen = app.game_screen
        for now, offered in ((False, "Coach: on"), (True, "Coach: off")):
            assert screen.settings.coach is now
            switches = {title: run for title, _help, run in game_commands(screen) if title.startswith("Coach:")}
            assert list(switches) == [offered]
            switches[offered]()
            await settle(app)
        assert screen.settings.coach is False


def test_every_palette_command_with_a_key_is_titled_by_its_binding() -> None:
    """The palette re-listed each action's words beside the bindings ("Analysis overlay" beside
    "Analysis", "Archive" beside "Games"): the binding is their one owner, and a key the help
    names is the binding's."""
    screen = TicTacToeApp(seed=1).game_screen
    bindings = {binding.action: binding for binding in Binding.make_bindings(screen.BINDINGS)}
    commands = list(game_commands(screen))
    actions = [getattr(run, "__name__", "").removeprefix("action_") for _title, _help, run in commands]
    keyed = [
        (command, bindings[action]) for command, action in zip(commands, actions, strict=True) if action in bindings
    ]
    assert len(keyed) >= 10, "the palette offers the screen's keyed actions"
    for (title, help_text, _run), binding in keyed:
        assert title == binding.description
        assert re.findall(r"\((\w)\)", help_text) in ([], [binding.key])

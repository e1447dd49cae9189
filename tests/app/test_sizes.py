"""Every board is whole on screen or replaced by a message saying the size it needs (issue 25).

A sweep of terminal sizes for every game and board preset: at each size either every square
lies inside the board's area (and so inside the screen), or the board area says how large
the window must be and a move is refused.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Footer, Select, Static
from textual.widgets._footer import FooterKey

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.said import UNRATED
from tictactoe_tui.app.widgets.status import PHRASE_END, Cause, Notice, StatusLine
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Board, get_strategy
from tictactoe_tui.engine.rules import RULES
from tictactoe_tui.game import GameState, Preset, Settings, presets_for
from tictactoe_tui.table import TABLES, TWO_PLAYERS, FirstPlayer, MarkChoice

from ..helpers.engine import random_play
from ..helpers.players import Gated
from ..helpers.squares import shown

WIDTHS = (40, 70, 80, 140, 200)  # 70 and 80: either side of the sidebar folding away
HEIGHTS = (12, 18, 24, 40)
PRESETS = [preset for game in RULES for preset in presets_for(game)]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda preset: f"{preset.game}-{preset.key}")
async def test_the_board_is_whole_or_says_the_size_it_needs(preset: Preset) -> None:
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name, preset=preset), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(WIDTHS[0], HEIGHTS[0])) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        for width in WIDTHS:
            for height in HEIGHTS:
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                where = f"{preset.label} at {width}×{height}"
                if view.fits:
                    for move in view.squares:
                        drawn = view.square_region(move)
                        assert drawn is not None
                        assert drawn.area, f"{where}: {move} is not drawn"
                        place = drawn.translate(view.region.offset)
                        assert view.content_region.contains_region(place), f"{where}: {move} is cut off"
                        assert app.screen.region.contains_region(place), f"{where}: {move} is off screen"
                else:
                    message = str(app.query_one("#too-small", Static).render())
                    assert re.search(r"\b\d+×\d+\b", message), f"{where}: {message!r} names no size"
                    before = app.game_screen.game
                    await pilot.press("enter")
                    assert app.game_screen.game is before, f"{where}: a move was played on a board not shown"
                if (width, height) == (80, 24):
                    assert view.fits, f"{where}: every board must fit the most common terminal"


@pytest.mark.parametrize("field", ["level", "coordinates"])
async def test_a_sidebar_dropdown_stays_above_the_footer_at_80x24(field: str) -> None:
    app = TicTacToeApp(Settings(), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.game_screen.whole()
        await pilot.pause()
        select = app.query_one(f"#{field}", Select)
        select.scroll_visible(animate=False)
        select.focus()
        await pilot.press("enter")
        await pilot.pause()
        overlay = select.query_one("SelectOverlay")
        assert select.expanded
        assert overlay.region.area
        assert overlay.region.bottom <= app.screen.query_one(Footer).region.y, f"the {field} list covers the footer"


@pytest.mark.parametrize("size", [(20, 8), (30, 12), (40, 12)], ids=lambda size: "{}x{}".format(*size))
async def test_the_message_that_replaces_a_board_is_whole(size: tuple[int, int]) -> None:
    preset = Preset(15, 15, 5)
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name, preset=preset), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)
        assert not view.fits
        message = app.query_one("#too-small", Static)
        assert view.content_region.contains_region(message.region), f"{message.region} is cut off"
        lines = [strip.text.strip() for strip in message.render_lines(Region(0, 0, *message.size))]
        words = str(message.render()).split()
        assert " ".join(lines).split() == words, f"shows {lines} of {words}"
        assert re.search(r"\b\d+×\d+\b", " ".join(words)), f"{words} does not name the size the board needs"


#: The end of the estimates' legend where the solver solved some of the moves.
ESTIMATES_SOLVED = " · W5/D/L2: solved (12)"
#: The longest things the status says under its headline: (the online banner, the news).
LONG_NEWS = [
    ("", "Hint for X: o15 (an estimate, like the numbers: X's chances 54%)" + UNRATED),
    ("", "O's estimated chances in % if O plays there · W, L: forced" + ESTIMATES_SOLVED),
    ("", "O's estimated chances in % if O plays there · W, L: forced" + UNRATED),
    ("", "O played e5 — O's chances 67% (from the opening book, 998.7 ms)"),
    ("code: 482-913 · 192.168.100.200:50123", "Your friend left: they can join again with the same code"),
]
#: Ultimate's longest headline, against the computer (two lines at 80×24 beside the sidebar).
LONG_HEADLINE = "Your turn (X) — play in the bottom-right board"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda size: "{}x{}".format(*size))
@pytest.mark.parametrize("game", ["classic", "ultimate"])
async def test_the_status_shows_its_whole_text(size: tuple[int, int], game: str) -> None:
    """At 80×24 a long hint or legend was cut under Ultimate's two-line headline."""
    preset = Preset(15, 15, 5) if game == "classic" else Preset(9, 9, 3, game)
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name, preset=preset), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        status = app.query_one(StatusLine)
        headlines = [status.said.headline] + ([LONG_HEADLINE] if game == "ultimate" else [])
        for headline in headlines:
            for banner, news in LONG_NEWS[: None if headline is status.said.headline else 3]:
                said = replace(status.said, headline=headline, banner=banner, notice=Notice(news, Cause.ANSWER))
                status.said = said
                await pilot.pause()
                drawn = " ".join(shown(status)).split()
                assert drawn == Text.from_markup(status.render()).plain.split()
                whole = " ".join(part for part in (headline, banner, news) if part)
                assert " ".join(drawn).startswith(whole), f"{news!r} cut under {headline!r}"
                assert app.query_one(BoardView).fits, f"{preset.label} at {size} no longer fits beside the status"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda size: "{}x{}".format(*size))
async def test_every_board_choice_fits_the_sidebar_on_one_line(size: tuple[int, int]) -> None:
    """Connect Four's label was cut at 80×24 and wrapped at 120×40."""
    app = TicTacToeApp(Settings(preset=Preset(6, 7, 4, "gravity")), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        select = app.query_one("#preset", Select)
        room = select.query_one("SelectCurrent").content_region.width - 2  # the label, then " ▼"
        assert select.region.height == 1, "the board choice wraps"
        for game in RULES:
            for preset in presets_for(game):
                assert len(preset.label) <= room, f"{preset.label!r} is cut in {room} columns"


async def test_a_click_reaches_the_square_under_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board is one widget: a click is mapped to the square under it by its offset, from
    any corner of the square, on every board of every game (Ultimate's small boards and their
    lines included) at two window sizes; a click in a gap between squares is no square's."""
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        view = app.query_one(BoardView)

        def click(x: int, y: int) -> list[tuple[int, int]]:
            """The squares a click at ``x``, ``y`` of the view posts (kept, not sent)."""
            posted: list[object] = []
            origin = view.region.offset
            with monkeypatch.context() as patch:
                patch.setattr(view, "post_message", posted.append)
                view.on_click(events.Click(view, x, y, 0, 0, 1, False, False, False, origin.x + x, origin.y + y))
            return [message.move for message in posted if isinstance(message, BoardView.CellClicked)]

        for size in ((140, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            for preset in PRESETS:
                view.game = GameState.start(Settings(mode=TWO_PLAYERS.name, preset=preset), random.Random(1))
                if not view.fits:
                    continue
                rows, cols = preset.rows, preset.cols
                for move in {(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1), (rows // 2, cols // 2)}:
                    region = view.square_region(move)
                    assert region is not None
                    for x, y in ((region.x, region.y), (region.right - 1, region.bottom - 1)):
                        assert click(x, y) == [move], f"{preset.label} at {size}: ({x}, {y}) in {move} {region}"
                first, second = view.square_region((0, 0)), view.square_region((0, 1))
                assert first is not None
                assert second is not None
                if second.x > first.right:  # a gap between them
                    assert click(first.right, first.y) == [], f"{preset.label} at {size}: the gap after a1"


@pytest.mark.parametrize("size", [(80, 24), (64, 20), (40, 14)], ids=lambda size: "{}x{}".format(*size))
async def test_the_footer_is_whole_at_every_table_in_every_game(size: tuple[int, int]) -> None:
    """At 80×24 the host's footer cut "? Help  q Quit" after "v Review", and at 60 columns every
    footer cut "? Help": the footer is read as drawn, for every table and game the app offers,
    with a game under way and one over; each key shown is whole, and help, quit and the
    palette's key are always shown."""
    gated = Gated()  # the computers never answer: the game stays as it was set
    app = TicTacToeApp(Settings(), searcher=ThreadSearcher(lambda name: gated), seed=1, watch_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        try:
            for table in TABLES.values():
                for game in RULES:
                    empty = Board.empty_of(presets_for(game)[0])
                    for board in (empty, random_play(empty, seed=1, plies=empty.rows * empty.cols)):
                        seating = table.seat(FirstPlayer.YOU, MarkChoice.X, random.Random(1))
                        screen.new_game(GameState.seated(board, seating))
                        await pilot.pause()
                        await pilot.pause()
                        footer = app.screen.query_one(Footer)
                        drawn = app.screen._compositor.render_strips()[footer.region.y].text  # the line as shown
                        where = f"{table.label}, {game}, {'over' if board.is_over else 'under way'}: {drawn!r}"
                        for key in footer.query(FooterKey).filter(".-command-palette").results():
                            assert key.display, where
                        for key in footer.query(FooterKey):
                            if key.display:  # else left out whole (the screen's, first to go)
                                assert f"{key.key_display} {key.description}".strip() in drawn, where
                        assert "? Help" in drawn, where
                        assert "q Quit" in drawn, where
        finally:
            gated.gate.set()


def words_whole(widget: Widget, text: str) -> bool:
    """Whether ``widget`` draws the words of ``text`` whole, broken between words only (and
    from the first, as many as its height holds)."""
    drawn, words = " ".join(shown(widget)).split(), text.split()
    return bool(drawn) and drawn == words[: len(drawn)]


@pytest.mark.parametrize("preset", [Preset(3, 3, 3), Preset(15, 15, 5)], ids=lambda preset: preset.key)
@pytest.mark.parametrize("size", [(40, 14), (60, 20)], ids=lambda size: "{}x{}".format(*size))
async def test_f2_in_a_narrow_window_keeps_the_status_readable_or_says_the_width_it_needs(
    size: tuple[int, int], preset: Preset
) -> None:
    """With the sidebar shown by F2 at 40×14 the status column shrank to four cells and its
    headline broke inside words: the sidebar is shown where the board's column keeps its words
    whole, else the status says the width the sidebar needs; a window narrowed under the
    sidebar folds it."""
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name, preset=preset), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=size) as pilot:
        status = app.query_one(StatusLine)
        view = app.query_one(BoardView)
        message = app.query_one("#too-small", Static)
        for width, height in (size, (40, 14)):  # F2 at ``size``, then narrowed
            status.said = replace(status.said, banner="")
            await pilot.resize_terminal(width, height)
            if (width, height) == size:
                await pilot.press("f2")
            await pilot.pause()
            where = f"F2 at {size}, now {width}×{height}"
            said = Text.from_markup(status.render()).plain
            if not app.query_one("#side").display and (width, height) == size:
                assert re.search(r"\b\d+ columns\b", said), f"{where}: {said!r} names no width"
            assert " ".join(shown(status)).split() == said.split(), f"{where}: {shown(status)} of {said!r}"
            status.said = replace(status.said, banner=LONG_NEWS[2][0])  # the longest words the status says: an address
            await pilot.pause()
            said = Text.from_markup(status.render()).plain
            assert words_whole(status, said), f"{where}: {shown(status)} of {said!r}"
            if not view.fits:
                assert words_whole(message, str(message.render())), f"{where}: {shown(message)}"
        assert not app.query_one("#side").display
        await pilot.resize_terminal(60, 20)
        await pilot.press("f2")
        await pilot.pause()
        assert app.query_one("#side").display
        assert "columns" not in Text.from_markup(status.render()).plain  # said while it could not be shown


async def test_the_width_the_sidebar_needs_is_said_until_the_window_has_it() -> None:
    """F2 refused at 40 columns said the width the sidebar needs, and the line stayed after the
    window was widened to that width: it lives as long as its cause."""
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(40, 14)) as pilot:
        status = app.query_one(StatusLine)
        await pilot.press("f2")
        await pilot.pause()
        assert re.search(r"\b\d+ columns\b", Text.from_markup(status.render()).plain)
        await pilot.resize_terminal(50, 14)  # still too narrow: still said
        await pilot.pause()
        assert "columns" in Text.from_markup(status.render()).plain
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.pause()
        assert "columns" not in Text.from_markup(status.render()).plain
        assert not app.query_one("#side").display  # widened, not asked again


@pytest.mark.parametrize("narrow", [60, 40])
async def test_a_sidebar_folded_by_f2_stays_folded_when_the_window_widens(narrow: int) -> None:
    """F2 folded the sidebar in a window of 60 columns, and widening it to 80 brought the
    sidebar back: the player's choice holds; a sidebar folded by a narrow window (not by F2)
    comes back with the width."""
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=(narrow, 20)) as pilot:
        side = app.query_one("#side")
        assert not side.display  # folded by the narrow window
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert side.display  # it comes back with the width
        await pilot.resize_terminal(narrow, 20)
        await pilot.pause()
        if narrow >= 60:
            await pilot.press("f2")  # shown by F2 where it fits, then folded by F2
            await pilot.pause()
            assert side.display
        else:
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert not side.display
        for width, height in ((narrow, 20), (120, 40)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            assert not side.display, f"F2 folded it; now {width}×{height}"
        await pilot.press("f2")
        await pilot.pause()
        assert side.display


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda size: "{}x{}".format(*size))
async def test_news_that_does_not_fit_under_a_long_banner_keeps_whole_phrases(size: tuple[int, int]) -> None:
    """At 80×24 a mailbox guest read "Your move c1 waits for the host: nothing": the news cut
    mid-phrase under the two lines of its banner. What is shown is whole phrases, from the first."""
    app = TicTacToeApp(Settings(mode=TWO_PLAYERS.name), searcher=ThreadSearcher(get_strategy), seed=1)
    async with app.run_test(size=size) as pilot:
        status = app.query_one(StatusLine)
        news = "Your move c1 waits for the host: nothing from them for a while…"
        status.said = replace(
            status.said, banner="playing the host through ws://mailbox.example.org:4000/v1", news=news
        )
        await pilot.pause()
        drawn = " ".join(" ".join(shown(status)).split())
        phrases = PHRASE_END.split(news)
        kept = ["".join(phrases[:count]) for count in range(1, len(phrases))]
        whole = [" ".join(line.split()) for line in (*(line.rstrip(",:") + "…" for line in kept), news)]
        assert "Your move c1" in drawn, drawn
        assert drawn[drawn.index("Your move c1") :] in whole, drawn

"""Every mark is drawn whole, under the cursor too, at every square size (issue 39.4).

The cursor's frame is drawn over a square's edge: a glyph as tall as the square lost its top
row under it (an O read as "U", or as ``█   █`` on the replay's small squares). A winning
square under the cursor keeps the win's inversion.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from textual.pilot import Pilot

from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.game import GameState, Preset, Settings
from tictactoe_tui.table import TWO_PLAYERS

from ..helpers.app import AppFactory
from ..helpers.fuzz import FRAME, drawn, glyph_marks
from ..helpers.squares import drawn as drawn_lines

SIZES = [(60, 18), (70, 20), (80, 24), (100, 30), (100, 40), (120, 40), (160, 50), (200, 60)]
BOARDS = [Preset(3, 3, 3), Preset(4, 4, 4), Preset(6, 7, 4, "gravity"), Preset(7, 7, 5)]


async def sizes_that_fit(pilot: Pilot[None], view: BoardView) -> AsyncIterator[tuple[int, int]]:
    """Each of :data:`SIZES` the terminal is resized to where the board fits (the others show
    the size they need instead)."""
    for size in SIZES:
        await pilot.resize_terminal(*size)
        await pilot.pause()
        if view.fits:
            yield size


def won_by_x(game: GameState) -> GameState:
    """Play the first legal moves, X along the first ones and O elsewhere, until X wins."""
    while not game.board.is_over:
        game = game.play(game.board.legal_moves()[0 if game.board.to_move.name == "X" else -1])
    return game


@pytest.mark.parametrize("preset", BOARDS, ids=lambda preset: f"{preset.game}-{preset.key}")
async def test_a_mark_under_the_cursor_is_whole_at_every_size(make_app: AppFactory, preset: Preset) -> None:
    app = make_app(Settings(mode=TWO_PLAYERS.name, preset=preset))
    heights = set()
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        screen = app.game_screen
        game = won_by_x(screen.game)
        screen.game = game
        view = app.query_one(BoardView)
        async for size in sizes_that_fit(pilot, view):
            for move in game.line:
                view.cursor = move
                await pilot.pause()
                square, region = view.squares[move], view.square_region(move)
                assert region is not None
                heights.add(region.height)
                where = f"{square.symbol} at {move} in a {region.width}×{region.height} square at {size}"
                ink, reversed_ink = drawn(view, move)
                assert ink in glyph_marks(square.symbol), f"{where}: drawn as {ink}"
                if square.has_class("-win"):
                    assert reversed_ink == ink, f"{where}: a winning square under the cursor is not inverted"
                    inked = [
                        segment.style
                        for strip in drawn_lines(view, region)
                        for segment in strip
                        if segment.text.strip() and not set(segment.text) <= FRAME
                    ]
                    assert all(style and style.underline for style in inked), (
                        f"{where}: a winning square lost its underline"
                    )
    assert len(heights) > 1, f"only squares {heights} lines tall were drawn"


@pytest.mark.parametrize("preset", [*BOARDS, Preset(15, 15, 5)], ids=lambda preset: f"{preset.game}-{preset.key}")
async def test_empty_squares_are_told_apart_without_colour(make_app: AppFactory, preset: Preset) -> None:
    """Read as plain text (a terminal with no colour), an empty board shows where each square
    is: a line in every gap between two squares, or a dot in each square where they touch."""
    app = make_app(Settings(mode=TWO_PLAYERS.name, preset=preset))
    async with app.run_test(size=SIZES[0]) as pilot:
        view = app.query_one(BoardView)
        async for size in sizes_that_fit(pilot, view):
            text = [strip.text for strip in view.render_lines(view.size.region)]
            for (row, col), square in view.squares.items():
                region = view.square_region((row, col))
                assert region is not None
                inside = [line[region.x : region.right] for line in text[region.y : region.bottom]]
                if square.move == view.cursor or "".join(inside).strip():
                    continue  # a frame or a dot shows the square
                for gap_x in (region.x - 1, region.right):  # the gaps beside it, where it has a neighbour
                    if (row, col + (1 if gap_x == region.right else -1)) in view.squares:
                        column = {line[gap_x] for line in text[region.y : region.bottom]}
                        assert column <= set("│┼┃"), f"{(row, col)} at {size}: no line beside it, only {column}"

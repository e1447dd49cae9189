"""The board's squares as the tests see them: what one shows, and a click on it."""

from __future__ import annotations

from typing import Any

from textual.dom import DOMNode
from textual.geometry import Region
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget

from tictactoe_tui.app.widgets.board_render import Square
from tictactoe_tui.app.widgets.board_view import BoardView
from tictactoe_tui.engine import Move


def square(node: DOMNode, move: Move) -> Square:
    """What square ``move`` of the board under ``node`` (an app or a screen) shows."""
    return node.query_one(BoardView).squares[move]


def squares(node: DOMNode) -> list[Square]:
    """Every square of the board under ``node``."""
    return list(node.query_one(BoardView).squares.values())


async def click_square(pilot: Pilot[Any], move: Move) -> bool:
    """Click the middle of square ``move`` on the screen shown; whether the click reached the board."""
    app = pilot.app
    region = app.screen.query_one(BoardView).square_region(move)
    assert region is not None, "the board is not drawn"
    return await pilot.click(BoardView, offset=(region.x + region.width // 2, region.y + region.height // 2))


def drawn(view: Widget, region: Region) -> list[Strip]:
    """The lines ``view`` (the board, or any widget) draws in ``region`` (its own coordinates),
    cut to the region: what the screen shows there."""
    return [
        strip.crop(region.x, region.right)
        for strip in view.render_lines(Region(0, region.y, view.outer_size.width, region.height))
    ]


def shown(widget: Widget) -> list[str]:
    """The lines ``widget`` draws, as text (colours and styles dropped, trailing spaces cut)."""
    return [strip.text.rstrip() for strip in drawn(widget, Region(0, 0, *widget.outer_size))]

"""The board drawn on a canvas: the coordinates, the gaps, each square's mark or label, and
for games of small boards their lines and claims (the board view decides what each square
shows and where the frame puts it; this draws it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from textual.color import Color

from ...engine import Move
from .board_drawing import (
    FILE_HEIGHT,
    RANK_WIDTH,
    SMALL_GRID_LINES,
    Canvas,
    big_mark,
    draw_block_lines,
    draw_claim,
    draw_grid_lines,
    draw_square,
)
from .board_frame import Frame
from .board_looks import Looks, faded, solid


class Square:
    """What one square shows: its mark, the overlay's or the hint's label, and its classes
    (``-x``, ``-o``, ``-cursor``, ``-last``, ``-win``, ``-lost``, ``-hint``, the overlay's
    ``-good``, ``-even``, ``-bad``, and ``-playable`` in games that limit where to play), which
    only choose its look. ``-x`` and ``-o`` follow the symbol shown, so each keeps its colour."""

    __slots__ = ("classes", "label", "move", "symbol")

    def __init__(self, move: Move, symbol: str, label: str, classes: frozenset[str]) -> None:
        self.move = move
        self.symbol = symbol
        self.label = label
        """The analysis overlay's value for a free square (``W5``, ``D``, ``L4``), the hint's
        mark, or a dot where the game limits where to play."""
        self.classes = classes

    def has_class(self, *names: str) -> bool:
        """Whether the square has all these classes."""
        return all(name in self.classes for name in names)


@dataclass(frozen=True)
class BoardDrawing:
    """One drawing of the board: its ``frame``, what each square shows, the ``looks`` of the
    theme and focus, Ultimate's claimed and open small boards, and the square under the mouse."""

    frame: Frame
    squares: Mapping[Move, Square]
    looks: Looks
    claims: Mapping[tuple[int, int], str]
    open: set[tuple[int, int]]
    hover: Move | None

    def draw(self, canvas: Canvas, beneath: Color, coordinates: bool) -> None:
        """The coordinates (with ``coordinates``), then the gaps and the squares over them."""
        frame, looks = self.frame, self.looks
        layout = frame.layout
        assert layout is not None
        rows, cols, block = frame.shape
        left, top = frame.origin
        opacity = looks.opacity
        if coordinates:
            margin = looks.ink("coordinates", beneath)
            for offset, line in enumerate([frame.files, *frame.ranks]):
                canvas.write(0, top - FILE_HEIGHT + offset, " " * (left - RANK_WIDTH) + line, margin)
        if block:
            self._blocks(canvas, beneath)
        else:
            gaps = beneath + looks.background("gaps")
            canvas.fill(left, top, *layout.grid_size(rows, cols), faded(solid(gaps), beneath, opacity))
            draw_grid_lines(canvas, (left, top), layout, (rows, cols), faded(looks.ink("gaps", gaps), beneath, opacity))
            for square in self.squares.values():
                self._square(canvas, square, gaps)

    def _square(self, canvas: Canvas, square: Square, beneath: Color) -> None:
        """One square, over the colour ``beneath`` it: its mark as large as fits (inside the
        cursor's frame), its label, or a dot where squares sit side by side."""
        layout = self.frame.layout
        assert layout is not None
        classes = square.classes | {"-hover"} if square.move == self.hover else square.classes
        look = self.looks.of(classes, beneath)
        if square.symbol:
            frame = 2 if look.frame is not None else 0
            text = big_mark(square.symbol, layout.cell_width - frame, layout.cell_height - frame)
        else:
            # A space, not nothing: a style such as the cursor's reverse needs a character to show on.
            text = square.label or ("·" if not layout.gutter else " ")
        draw_square(canvas, *self.frame.square_corner(square.move), layout, text, look)

    def _blocks(self, canvas: Canvas, beneath: Color) -> None:
        """A game of small boards (Ultimate): lines between the boards, heavy round those one
        may play in; each board's squares over its own gaps, or a big mark over a claimed one."""
        looks = self.looks
        layout = self.frame.layout
        assert layout is not None
        rows, _cols, block = self.frame.shape
        side = rows // block
        board_width, board_height = layout.grid_size(block, block)  # a small board's squares
        blocks = beneath + looks.background("blocks")
        light, heavy = looks.ink("blocks", blocks), looks.ink("blocks-open", blocks)
        left, top = self.frame.origin
        size = (board_width * side + side - 1, board_height * side + side - 1)
        canvas.fill(left, top, *size, faded(solid(blocks), beneath, looks.opacity))

        shown = self.frame.shown_block  # its own inverse: the small board drawn at a place

        def is_open(row: int, col: int, next_row: int, next_col: int) -> bool:
            return shown((row, col)) in self.open or shown((next_row, next_col)) in self.open

        styles = (faded(light, beneath, looks.opacity), faded(heavy, beneath, looks.opacity))
        draw_block_lines(canvas, (left, top), size, (board_width + 1, board_height + 1), side, is_open, styles)
        for board_row in range(side):
            for board_col in range(side):
                claim = self.claims.get((board_row, board_col), "")
                place_row, place_col = shown((board_row, board_col))
                x, y = left + place_col * (board_width + 1), top + place_row * (board_height + 1)
                first_row, first_col = board_row * block, board_col * block
                squares = [
                    self.squares[first_row + row, first_col + col] for row in range(block) for col in range(block)
                ]
                layer = "small-gaps-open" if (board_row, board_col) in self.open else "small-gaps"
                ground = blocks if claim else blocks + looks.background(layer)
                if claim:  # in the winning line, all its squares are "-win" or "-lost"
                    look = looks.claim(claim, blocks, any(square.classes & {"-win", "-lost"} for square in squares))
                    draw_claim(canvas, x, y, (board_width, board_height), claim, look)
                else:
                    canvas.fill(x, y, board_width, board_height, faded(solid(ground), blocks, looks.opacity))
                    lines = faded(looks.ink(layer, ground), blocks, looks.opacity)
                    draw_grid_lines(canvas, (x, y), layout, (block, block), lines, SMALL_GRID_LINES)
                for square in squares:  # a claimed board shows its last move over its big mark
                    if not claim or "-last" in square.classes:
                        self._square(canvas, square, ground)

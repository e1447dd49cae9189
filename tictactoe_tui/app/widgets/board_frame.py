"""Where the board view puts things: the squares' size, the grid's corner, the coordinates in
the margins, and which square is drawn at a point (clicks, the mouse). It draws nothing."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine import Move
from ...engine.rules import Rules
from .board_drawing import FILE_HEIGHT, RANK_WIDTH, Layout, board_layout, smallest_board, square_at, square_origin


@dataclass(frozen=True)
class Frame:
    """The board placed in a content region of ``size``: its :class:`Layout` (None when even the
    smallest squares do not fit, and ``shortfall`` says by how much), the grid's top left corner,
    and the margins' text."""

    shape: tuple[int, int, int]
    """Rows, columns and the side of the small boards (0 for one board)."""
    layout: Layout | None = None
    origin: tuple[int, int] = (0, 0)
    """The grid's top left corner in the content region."""
    files: str = ""
    """The columns' names over them, from the left of the rows' margin."""
    ranks: tuple[str, ...] = ()
    """The rows' names beside them, a line for each line of the grid."""
    shortfall: tuple[int, int] = (0, 0)
    """The columns and lines the region lacks for the smallest board (when ``layout`` is None)."""
    mirror: tuple[bool, bool] = (False, False)
    """Whether the rows, and the columns, are drawn in reverse (the board flipped)."""

    def shown(self, move: Move) -> Move:
        """Where square ``move`` is drawn, in rows and columns from the top left (itself unless
        the board is flipped; flipping twice is the square again)."""
        rows, cols, _block = self.shape
        row, col = move
        return (rows - 1 - row if self.mirror[0] else row, cols - 1 - col if self.mirror[1] else col)

    def shown_block(self, place: tuple[int, int]) -> tuple[int, int]:
        """Games of small boards: where the small board at ``place`` is drawn (as :meth:`shown`)."""
        rows, _cols, block = self.shape
        side = rows // block
        row, col = place
        return (side - 1 - row if self.mirror[0] else row, side - 1 - col if self.mirror[1] else col)

    def square_at(self, x: int, y: int) -> Move | None:
        """The square drawn at ``x``, ``y`` in the content region, or None (a gap, a margin, outside)."""
        if self.layout is None:
            return None
        rows, cols, _block = self.shape
        place = square_at(self.layout, rows, cols, x - self.origin[0], y - self.origin[1])
        return None if place is None else self.shown(place)

    def square_corner(self, move: Move) -> tuple[int, int]:
        """Where square ``move``'s top left corner is drawn in the content region."""
        assert self.layout is not None
        x, y = square_origin(self.layout, self.shown(move))
        return self.origin[0] + x, self.origin[1] + y


def least_height(shape: tuple[int, int, int], coordinates: bool) -> int:
    """The fewest lines a board of ``shape`` is drawn in, its coordinates' margin included."""
    rows, cols, block = shape
    return smallest_board(rows, cols, block)[1] + (FILE_HEIGHT if coordinates else 0)


def fit(
    size: tuple[int, int],
    shape: tuple[int, int, int],
    rules: Rules | None,
    coordinates: bool,
    mirror: tuple[bool, bool] = (False, False),
) -> Frame:
    """The board of ``shape`` with squares as large as fit a content region of ``size``, centred
    with its margins as Textual aligns a child with its margin; the margins name the columns and
    rows as ``rules`` name its squares (no names without rules or ``coordinates``), the rows and
    the columns in reverse where ``mirror`` says (the board flipped)."""
    width, height = size
    rows, cols, block = shape
    margin_x, margin_y = (RANK_WIDTH, FILE_HEIGHT) if coordinates else (0, 0)
    layout = board_layout(width - margin_x, height - margin_y, rows, cols, block)
    if layout is None:
        least_width, least_height = smallest_board(rows, cols, block)
        shortfall = (max(0, least_width + margin_x - width), max(0, least_height + margin_y - height))
        return Frame(shape, shortfall=shortfall, mirror=mirror)
    grid_width, grid_height = layout.grid_size(rows, cols)
    left = max(0, (width - grid_width - margin_x) // 2) + margin_x
    top = max(0, (height - grid_height - margin_y) // 2) + margin_y
    placed = Frame(shape, layout, (left, top), mirror=mirror)
    if not coordinates or rules is None:
        return placed
    stride_x, stride_y = layout.cell_width + layout.gutter, layout.cell_height + layout.gutter
    names = "".join(
        rules.column_label(placed.shown((0, col))[1]).center(layout.cell_width).ljust(stride_x) for col in range(cols)
    )
    lines = [""] * (stride_y * rows)
    for row in range(rows):
        name = rules.row_label(placed.shown((row, 0))[0], rows)
        lines[row * stride_y + (layout.cell_height - 1) // 2] = name.rjust(RANK_WIDTH - 1)
    files = " " * RANK_WIDTH + names.rstrip()
    return replace(placed, files=files, ranks=tuple(lines[: stride_y * rows - layout.gutter]))

"""How the board is drawn: the size of its squares in the space it has, their marks, and the
lines of text one widget paints for the whole board (squares, gaps, frames, coordinates)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from ...engine import Move
from .board_looks import Look

BIG_GLYPHS = {
    "X": ("▀▄     ▄▀", "  ▀▄ ▄▀  ", "  ▄▀ ▀▄  ", "▄▀     ▀▄"),
    "O": (" ▄▀▀▀▀▀▄ ", "█       █", "█       █", " ▀▄▄▄▄▄▀ "),
}
SMALL_GLYPHS = {
    "X": ("▀▄ ▄▀", "  █  ", "▄▀ ▀▄"),
    "O": ("▄▀▀▀▄", "█   █", "▀▄▄▄▀"),
}


#: The cursor's frame round a square large enough for one (no colour needed); brackets on a lower one.
FRAME = ("╭", "─", "╮", "│", "╰", "╯")

#: A crossing of the lines between small boards, by which of its arms (up, down, left, right) are heavy.
CROSSINGS = dict(
    zip(
        [(up, down, left, right) for up in (0, 1) for down in (0, 1) for left in (0, 1) for right in (0, 1)],
        "┼┾┽┿╁╆╅╈╀╄╃╇╂╊╉╋",
        strict=True,
    )
)


@dataclass(frozen=True)
class Layout:
    """How the board is drawn in the space it has: each square's size and the gap between."""

    cell_width: int
    cell_height: int
    gutter: int
    """1: a line between squares; 0: squares side by side, each empty one drawn as a dot."""

    def grid_size(self, rows: int, cols: int) -> tuple[int, int]:
        """The columns and lines the squares of ``rows`` × ``cols`` take, gaps between them included."""
        return self.cell_width * cols + self.gutter * (cols - 1), self.cell_height * rows + self.gutter * (rows - 1)


#: Room the coordinates take: the numbers down the left, the letters across the top.
RANK_WIDTH = 3
FILE_HEIGHT = 1


def smallest_board(rows: int, cols: int, block: int) -> tuple[int, int]:
    """The fewest columns and lines a board can be drawn in: squares side by side, one
    character each plus a space, or for games of small boards three columns and a gap each."""
    return (4 * cols - 1, 2 * rows - 1) if block else (2 * cols, rows)


def board_layout(width: int, height: int, rows: int, cols: int, block: int) -> Layout | None:
    """The largest squares that fit ``width`` × ``height`` characters (about twice as wide as
    tall: terminal cells are tall), with a line between squares where it fits; squares side by
    side otherwise (not for games of small boards, whose gaps show the boards). None: no fit."""
    cell_height = (height - (rows - 1)) // rows
    cell_width = min((width - (cols - 1)) // cols, cell_height * 2 + 3)
    if cell_height >= 1 and cell_width >= 3:
        return Layout(cell_width, cell_height, 1)
    least_width, least_height = smallest_board(rows, cols, block)
    if block or least_width > width or least_height > height:
        return None
    return Layout(3 if 3 * cols <= width else 2, 1, 0)


def big_mark(symbol: str, width: int, height: int) -> str:
    """The largest glyph of ``symbol`` that fits ``width`` × ``height`` characters."""
    for glyphs in (BIG_GLYPHS, SMALL_GLYPHS):
        art = glyphs[symbol]
        if height >= len(art) and width >= len(art[0]):
            return "\n".join(art)
    return symbol


def centred(text: str, width: int, height: int) -> list[tuple[int, int, str]]:
    """Where ``text``'s lines go in a box of ``width`` × ``height``, centred both ways (as
    Textual's ``content-align: center middle`` places them): each line's column, line and
    text; lines beyond the box are cut."""
    lines = text.split("\n")[:height]
    top = (height - len(lines)) // 2
    return [((width - len(line[:width])) // 2, top + offset, line[:width]) for offset, line in enumerate(lines)]


class Canvas:
    """The lines of the board: a grid of characters, each with a style, written into by
    rectangles and turned into strips once drawn."""

    def __init__(self, width: int, height: int, style: Style) -> None:
        self.width, self.height = width, height
        self._chars = [[" "] * width for _ in range(height)]
        self._styles = [[style] * width for _ in range(height)]

    def fill(self, x: int, y: int, width: int, height: int, style: Style) -> None:
        """Blank a rectangle in ``style``."""
        for row in range(max(y, 0), min(y + height, self.height)):
            chars, styles = self._chars[row], self._styles[row]
            for col in range(max(x, 0), min(x + width, self.width)):
                chars[col], styles[col] = " ", style

    def write(self, x: int, y: int, text: str, style: Style) -> None:
        """``text`` (one line) from ``x`` on line ``y``, cut at the edges."""
        if not 0 <= y < self.height:
            return
        chars, styles = self._chars[y], self._styles[y]
        for offset, char in enumerate(text):
            if 0 <= x + offset < self.width:
                chars[x + offset], styles[x + offset] = char, style

    def strips(self) -> list[Strip]:
        """Each line as a strip, runs of one style as one segment."""
        return [
            Strip(self._segments(chars, styles), self.width)
            for chars, styles in zip(self._chars, self._styles, strict=True)
        ]

    @staticmethod
    def _segments(chars: list[str], styles: list[Style]) -> Iterator[Segment]:
        start = 0
        for end in range(1, len(chars) + 1):
            if end == len(chars) or styles[end] is not styles[start]:
                yield Segment("".join(chars[start:end]), styles[start])
                start = end


def draw_square(canvas: Canvas, x: int, y: int, layout: Layout, text: str, look: Look) -> None:
    """One square at ``x``, ``y``: its text centred (a mark as large as fits, inside the frame
    if it has one), over its background, with the cursor's frame over its edge."""
    width, height = layout.cell_width, layout.cell_height
    canvas.fill(x, y, width, height, look.square)
    for left, top, line in centred(text, width, height):
        canvas.write(x + left, y + top, line, look.text)
    if look.frame is None:
        return
    top_left, across, top_right, down, bottom_left, bottom_right = FRAME
    if height < 3:  # too low for a frame: its sides, where they leave the text whole
        if (placed := centred(text, width, height)) and width >= 2 + max(len(line) for _, _, line in placed):
            canvas.write(x, y + placed[0][1], "[", look.frame)  # on the text's line
            canvas.write(x + width - 1, y + placed[0][1], "]", look.frame)
        return
    canvas.write(x, y, top_left + across * (width - 2) + top_right, look.frame)
    canvas.write(x, y + height - 1, bottom_left + across * (width - 2) + bottom_right, look.frame)
    for side_y in range(y + 1, y + height - 1):
        canvas.write(x, side_y, down, look.frame)
        canvas.write(x + width - 1, side_y, down, look.frame)


#: The lines between squares: down, across and where they cross; dashed inside a small board
#: (Ultimate), where solid lines part the boards.
GRID_LINES = ("│", "─", "┼")
SMALL_GRID_LINES = ("╎", "╌", "┼")


def draw_grid_lines(
    canvas: Canvas,
    origin: tuple[int, int],
    layout: Layout,
    shape: tuple[int, int],
    style: Style,
    glyphs: tuple[str, str, str] = GRID_LINES,
) -> None:
    """The lines in the gaps between a grid's squares (``shape``: its rows and columns), so
    that empty squares are told apart without colour."""
    if not layout.gutter:
        return
    down_line, across_line, crossing = glyphs
    left, top = origin
    rows, cols = shape
    width, height = layout.grid_size(rows, cols)
    across, down = layout.cell_width + 1, layout.cell_height + 1
    for col in range(1, cols):
        for line in range(top, top + height):
            canvas.write(left + col * across - 1, line, down_line, style)
    for row in range(1, rows):
        y = top + row * down - 1
        canvas.write(left, y, across_line * width, style)
        for col in range(1, cols):
            canvas.write(left + col * across - 1, y, crossing, style)


def draw_claim(canvas: Canvas, x: int, y: int, size: tuple[int, int], symbol: str, look: Look) -> None:
    """A claimed small board at ``x``, ``y`` (Ultimate): one big mark over the whole board."""
    width, height = size
    canvas.fill(x, y, width, height, look.square)
    for across, down, line in centred(big_mark(symbol, width, height), width, height):
        canvas.write(x + across, y + down, line, look.text)


def square_origin(layout: Layout, move: Move) -> tuple[int, int]:
    """Where square ``move``'s top left corner is, from the grid's."""
    row, col = move
    return col * (layout.cell_width + layout.gutter), row * (layout.cell_height + layout.gutter)


def square_at(layout: Layout, rows: int, cols: int, x: int, y: int) -> Move | None:
    """The square at ``x``, ``y`` from the grid's top left corner, or None (a gap or outside)."""
    stride_x, stride_y = layout.cell_width + layout.gutter, layout.cell_height + layout.gutter
    if x < 0 or y < 0:
        return None
    col, inside_x = divmod(x, stride_x)
    row, inside_y = divmod(y, stride_y)
    if row >= rows or col >= cols or inside_x >= layout.cell_width or inside_y >= layout.cell_height:
        return None
    return row, col


def draw_block_lines(
    canvas: Canvas,
    origin: tuple[int, int],
    size: tuple[int, int],
    stride: tuple[int, int],
    side: int,
    heavy: Callable[[int, int, int, int], bool],
    styles: tuple[Style, Style],
) -> None:
    """The lines in the gaps between the small boards (Ultimate): light lines, heavy round the
    boards one may play in. ``stride`` is a small board and its gap; ``heavy(row, col, row2,
    col2)`` says whether either board is open; ``styles`` the light lines' and the heavy ones'."""
    left, top = origin
    width, height = size
    board_width, board_height = stride[0] - 1, stride[1] - 1
    light, bold = styles
    for gap in range(side - 1):
        x = left + (gap + 1) * stride[0] - 1
        y = top + (gap + 1) * stride[1] - 1
        for along in range(height):
            row = min(along // stride[1], side - 1)
            if along % stride[1] != board_height:
                thick = heavy(row, gap, row, gap + 1)
                canvas.write(x, top + along, "┃" if thick else "│", bold if thick else light)
        for along in range(width):
            col = min(along // stride[0], side - 1)
            if along % stride[0] != board_width:
                thick = heavy(gap, col, gap + 1, col)
                canvas.write(left + along, y, "━" if thick else "─", bold if thick else light)
    for gap_row in range(side - 1):
        for gap_col in range(side - 1):
            arms = (
                heavy(gap_row, gap_col, gap_row, gap_col + 1),
                heavy(gap_row + 1, gap_col, gap_row + 1, gap_col + 1),
                heavy(gap_row, gap_col, gap_row + 1, gap_col),
                heavy(gap_row, gap_col + 1, gap_row + 1, gap_col + 1),
            )
            x, y = left + (gap_col + 1) * stride[0] - 1, top + (gap_row + 1) * stride[1] - 1
            canvas.write(x, y, CROSSINGS[arms], bold if any(arms) else light)

"""How the board is drawn: the size of its squares in the space it has and their marks."""

from __future__ import annotations

from dataclasses import dataclass

BIG_GLYPHS = {
    "X": ("▀▄     ▄▀", "  ▀▄ ▄▀  ", "  ▄▀ ▀▄  ", "▄▀     ▀▄"),
    "O": (" ▄▀▀▀▀▀▄ ", "█       █", "█       █", " ▀▄▄▄▄▄▀ "),
}
SMALL_GLYPHS = {
    "X": ("▀▄ ▄▀", "  █  ", "▄▀ ▀▄"),
    "O": ("▄▀▀▀▄", "█   █", "▀▄▄▄▀"),
}


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

"""How the board is drawn: the size of its squares in the space it has, their marks, and the
lines of text one widget paints for the whole board (squares, gaps, frames, coordinates)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.strip import Strip

from ...engine import Move

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


class Look:
    """How one square looks: its text's colour and style and its background, as the layers
    of the board's stylesheet give them (a background over the one beneath, a colour over that)."""

    __slots__ = ("frame", "square", "text")

    def __init__(self, text: Style, square: Style, frame: Style | None) -> None:
        self.text = text
        """The mark's or label's style."""
        self.square = square
        """The rest of the square: its background."""
        self.frame = frame
        """The cursor's frame, or None where none is drawn."""


def solid(background: Color) -> Style:
    """A style with only a background."""
    return Style(bgcolor=background.rich_color)


def faded(style: Style, beneath: Color, opacity: float) -> Style:
    """``style`` seen through ``opacity`` over ``beneath`` (Textual's opacity, as for a widget)."""
    if opacity == 1.0:
        return style
    if style.color is not None:
        style += Style(color=beneath.blend(Color.from_rich_color(style.color), opacity).rich_color)
    if style.bgcolor is not None:
        style += Style(bgcolor=beneath.blend(Color.from_rich_color(style.bgcolor), opacity).rich_color)
    return style


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


#: The layers a square's look is made of, by name: its background, its ink and its text style.
#: Colours are the theme's variables, with an opacity where one is given ("text" is the theme's
#: "auto": a colour that reads on the background beneath). In :class:`Looks`' order of
#: precedence: the hint over the winning line over the cursor over the last move over a square
#: one may play over the square under the mouse over a plain square.
LAYERS: dict[str, tuple[str | None, str | None, str | None]] = {
    "gaps": ("foreground 18%", "foreground 30%", None),  # the ink: the lines in the gaps
    "square": ("surface", "foreground", "bold"),
    "hover": ("boost", None, None),
    "x": (None, "text-primary", None),
    "o": (None, "text-error", None),
    "playable": ("accent 12%", None, None),
    "last": ("foreground 8%", None, "bold underline"),  # the last move is underlined, whatever the colours
    "cursor": ("foreground 12%", "foreground", None),  # the ink: its frame (the cursor shows without colour too)
    "cursor-focused": ("accent 35%", None, None),
    "cursor-small": (None, None, "bold reverse"),  # squares too small for a frame: a solid block instead
    "cursor-small-line": (None, None, "bold reverse underline"),  # the line keeps its look under the cursor
    "win": ("success 35%", "text", "bold reverse underline"),
    "win-cursor": ("success 55%", None, None),
    "lost": ("error 35%", "text", "bold reverse underline"),
    "hint": ("accent 45%", None, None),
    "good": (None, "text-success", None),
    "even": (None, "text-warning", None),
    "bad": (None, "text-error", None),
    "coordinates": (None, "text-muted", None),
    # games of small boards (Ultimate): lines between the boards, heavy round those one may play
    # in; each board's own gaps lit where one may play; a claimed board one big mark
    "blocks": ("surface", "foreground 70%", None),
    "blocks-open": (None, "accent", "bold"),
    "small-gaps": ("foreground 14%", "foreground 30%", None),
    "small-gaps-open": ("accent 60%", "foreground 30%", None),
    "claim-x": ("primary 15%", "text-primary", "bold"),
    "claim-o": ("error 15%", "text-error", "bold"),
}

#: Which class's layer gives a square its background, its ink, its text style: the first it has.
BACKGROUNDS = ("-hint", "-lost", "-win", "-cursor", "-last", "-playable", "-hover")
INKS = ("-bad", "-even", "-good", "-lost", "-win", "-o", "-x")
TEXT_STYLES = ("-lost", "-win", "-last")

#: How opaque the board is drawn while the computer thinks.
THINKING_OPACITY = 0.85

#: No colour: a layer that leaves the one beneath as it is.
CLEAR = Color(0, 0, 0, 0)


#: A terminal's own palette (the ANSI themes) has no shades: a layer tinted fainter than this
#: lays no background there, and one at least this strong lays the colour itself.
ANSI_TINT = 0.5


def written(variables: dict[str, str], spec: str) -> tuple[str, float | None]:
    """The colour ``spec`` names (a theme variable, then an opacity such as ``12%``) as the
    theme writes it, and its opacity (None where neither writes one). A variable may carry an
    opacity of its own (``"auto 87%"``, ``"ansi_default 50%"``): the two multiply."""
    name, _, opacity = spec.partition(" ")
    value, _, own = variables[name].partition(" ")
    if not (opacity or own):
        return value, None
    return value, (float(opacity.rstrip("%")) if opacity else 100) * (float(own.rstrip("%")) if own else 100) / 1e4


def theme_colour(variables: dict[str, str], spec: str | None) -> tuple[Color, bool]:
    """The colour ``spec`` names (see :func:`written`), and whether it is the theme's "auto"
    (then only its opacity counts). A colour of the terminal's palette (the ANSI themes) has no
    opacity: it is that colour, as Textual draws it."""
    if spec is None:
        return CLEAR, False
    value, alpha = written(variables, spec)
    if value == "auto":
        return Color(255, 255, 255, 1.0 if alpha is None else alpha), True
    colour = Color.parse(value)
    return (colour if alpha is None or colour.ansi is not None else colour.with_alpha(alpha)), False


def theme_background(variables: dict[str, str], spec: str | None) -> Color:
    """The colour ``spec`` names laid as a background: as :func:`theme_colour`, but a tint of
    the terminal's palette fainter than :data:`ANSI_TINT` lays none (it would cover the square
    in the full colour)."""
    colour, _auto = theme_colour(variables, spec)
    if spec is not None and colour.ansi is not None:
        _value, alpha = written(variables, spec)
        if alpha is not None and alpha < ANSI_TINT:
            return CLEAR
    return colour


class Looks:
    """How squares look in one drawing of the board, by their classes: the :data:`LAYERS` in
    the order of precedence the squares' stylesheet had when each was a widget (a later or
    more specific rule wins). Each set of classes is worked out once."""

    def __init__(self, variables: dict[str, str], focused: bool, small: bool, blocks: bool, opacity: float) -> None:
        self._variables = variables
        self._focused, self._small, self._blocks = focused, small, blocks
        self.opacity = opacity
        """Below 1 while the computer thinks: the board is drawn fainter."""
        self._known: dict[tuple[frozenset[str], Color], Look] = {}

    def background(self, name: str) -> Color:
        """Layer ``name``'s background as it is laid (seen through the board's opacity)."""
        return theme_background(self._variables, LAYERS[name][0]).multiply_alpha(self.opacity)

    def ink(self, name: str, beneath: Color) -> Style:
        """Layer ``name``'s ink and text style over ``beneath`` (its background not laid)."""
        _background, colour, text_style = LAYERS[name]
        ink, auto = theme_colour(self._variables, colour)
        if auto:
            ink = beneath.get_contrast_text(ink.a)
        style = Style(color=(beneath + ink).rich_color, bgcolor=beneath.rich_color)
        return Style.parse(text_style) + style if text_style else style

    def of(self, classes: frozenset[str], beneath: Color) -> Look:
        """The look of a square with ``classes`` drawn over ``beneath``."""
        key = (classes, beneath)
        if key not in self._known:
            self._known[key] = self._work_out(classes, beneath)
        return self._known[key]

    def claim(self, symbol: str, beneath: Color, winning: bool = False) -> Look:
        """The look of a small board ``symbol`` claimed (Ultimate), drawn over ``beneath``: in the
        game's winning line of boards, inverted and underlined on the winning line's colour."""
        name = f"claim-{symbol.lower()}"
        ground = beneath + self.background("win" if winning else name)
        ink = self.ink(name, ground) + Style(bold=True, reverse=winning, underline=winning)
        return Look(faded(ink, beneath, self.opacity), faded(solid(ground), beneath, self.opacity), None)

    def _work_out(self, classes: frozenset[str], beneath: Color) -> Look:
        cursor, line = "-cursor" in classes, bool(classes & {"-win", "-lost"})
        background = (
            "win-cursor"
            if cursor and "-win" in classes
            else "cursor-focused"
            if cursor and self._focused
            else "square"
            if self._blocks and "-playable" in classes  # the lit gaps say it
            else next((name[1:] for name in BACKGROUNDS if name in classes), "square")
        )
        colour = next((name[1:] for name in INKS if name in classes), "square")
        text_style = (
            ("cursor-small-line" if line else "cursor-small")
            if cursor and self._small
            else next((name[1:] for name in TEXT_STYLES if name in classes), "square")
        )
        square = beneath + self.background(background)
        ink, auto = theme_colour(self._variables, LAYERS[colour][1])
        if auto:  # contrast with the square's own colour, as the stylesheet's auto had it
            ink = (beneath + theme_background(self._variables, LAYERS[background][0])).get_contrast_text(ink.a)
        style = LAYERS[text_style][2]
        text = Style(color=(square + ink).rich_color, bgcolor=square.rich_color)
        text = Style.parse(style) + text if style else text
        frame = None
        if cursor:  # a frame, or on small squares its sides (with the reverse video where they do not fit)
            frame_colour = beneath + theme_colour(self._variables, LAYERS["cursor"][1])[0]
            frame = Style(color=frame_colour.rich_color, bgcolor=square.rich_color)
        return Look(
            faded(text, beneath, self.opacity),
            faded(solid(square), beneath, self.opacity),
            None if frame is None else faded(frame, beneath, self.opacity),
        )

"""How a square of the board looks in the theme: the layers of colour and style a square's classes
pick (:data:`LAYERS`, one table of the theme's colours), worked out once a drawing (:class:`Looks`)."""

from __future__ import annotations

from rich.color import ColorSystem
from rich.style import Style
from textual.color import Color


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

#: The contrast (WCAG's ratio, AA for normal text) a square's text keeps with the square: an ink
#: fainter than this is moved towards the square's contrasting text (a value's colour on the
#: cursor's tint, a warning colour on a light theme).
READABLE = 4.5


def luminance(colour: Color) -> float:
    """WCAG's relative luminance of an opaque ``colour``."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast_ratio(first: Color, second: Color) -> float:
    """WCAG's contrast ratio of two opaque colours (1 to 21), the lower of the two a terminal
    shows: in full colour, and rounded to a 256-colour palette's."""

    def ratio(one: Color, other: Color) -> float:
        lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
        return (lighter + 0.05) / (darker + 0.05)

    def rounded(colour: Color) -> Color:
        return Color.from_rich_color(colour.rich_color.downgrade(ColorSystem.EIGHT_BIT))

    return min(ratio(first, second), ratio(rounded(first), rounded(second)))


def readable(ink: Color, ground: Color) -> Color:
    """``ink`` (opaque) as it reads on ``ground``: as it is where it contrasts enough, else blended
    towards ``ground``'s contrasting text as little as makes it (a terminal's own palette, the
    ANSI themes', is the player's: kept)."""
    if ink.ansi is not None or ground.ansi is not None or contrast_ratio(ink, ground) >= READABLE:
        return ink
    text = ground.get_contrast_text(1.0)
    for share in (0.25, 0.5, 0.75):
        blended = ink.blend(text, share)
        if contrast_ratio(blended, ground) >= READABLE:
            return blended
    return text


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
        style = Style(color=readable(beneath + ink, beneath).rich_color, bgcolor=beneath.rich_color)
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
        text = Style(color=readable(square + ink, square).rich_color, bgcolor=square.rich_color)
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

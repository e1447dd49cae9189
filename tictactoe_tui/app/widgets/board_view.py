"""The board: one widget that draws a :class:`GameState`'s squares and reports clicks on them."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.events import Click, Leave, MouseMove, Resize
from textual.geometry import Region
from textual.message import Message
from textual.message_pump import MessagePump
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from ...engine import Move
from ...game import GameState
from ...words import counted
from .board_drawing import (
    FILE_HEIGHT,
    RANK_WIDTH,
    SMALL_GRID_LINES,
    Canvas,
    Layout,
    big_mark,
    board_layout,
    draw_block_lines,
    draw_claim,
    draw_grid_lines,
    draw_square,
    smallest_board,
    square_at,
    square_origin,
)
from .board_looks import THINKING_OPACITY, Looks, faded, solid

if TYPE_CHECKING:  # the searches load when the first one runs
    from ...engine import Analysis, MoveValue

#: Drawn on the square a hint suggests (the highlight's colour is not enough on its own).
HINT = "◆"

#: What the overlay's and the hint's labels mean, said beside them.
VALUE_LEGEND = "D: draw · W5: win in 5 moves of both sides, this one too · L2: loss in 2"


def value_words(value: MoveValue) -> str:
    """What :func:`overlay_label` says, in words: ``W5, a win in 5 moves of both sides``."""
    label = overlay_label(value)
    if value.value == 0:
        return f"{label}, a draw with best play"
    outcome = "win" if value.value > 0 else "loss"
    when = "with this move" if value.plies == 1 else f"in {counted(value.plies, 'move')} of both sides"
    return f"{label}, a {outcome} {when}"


def overlay_label(value: MoveValue) -> str:
    """``W5`` (wins in 5 moves of both sides, this one counted: the engine's plies), ``D``
    (draw) or ``L4`` (loses in 4), for the side to move."""
    if value.value == 0:
        return "D"
    return f"{'W' if value.value > 0 else 'L'}{value.plies}"


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


class BoardView(Widget, can_focus=True):
    """Renders the game bound to it, every square, gap and coordinate in one widget; keys
    and clicks go to the screen as messages."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move_cursor(-1, 0)", "Cursor up", show=False),
        Binding("down,j", "move_cursor(1, 0)", "Cursor down", show=False),
        Binding("left,h", "move_cursor(0, -1)", "Cursor left", show=False),
        Binding("right,l", "move_cursor(0, 1)", "Cursor right", show=False),
        Binding("enter,space", "place_at_cursor", "Place mark"),
    ]

    # Each change redraws the board's lines once (see _changed), not through a reactive repaint.
    game: reactive[GameState | None] = reactive(None, repaint=False)
    cursor: reactive[Move] = reactive((0, 0), repaint=False, init=False)
    """The square under the cursor (drawn by the paint that follows the first state bound to the
    view: no square is styled for the default first)."""
    thinking: reactive[bool] = reactive(False, repaint=False)
    analysis: reactive[Analysis | None] = reactive(None, repaint=False)
    """Values to show on free squares (the overlay), for the position shown, or None."""
    hint: reactive[Move | None] = reactive(None, repaint=False)
    coordinates: reactive[bool] = reactive(True, repaint=False)
    """Letters across the top and numbers down the left."""

    class CellClicked(Message):
        """A square was clicked."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    def __init__(self, shape: tuple[int, int, int]) -> None:
        """``shape`` is rows, columns and the side of the small boards (0 for one board)."""
        super().__init__(id="board")
        self._shape = shape
        self._squares: dict[Move, Square] = {}
        self._layout: Layout | None = None
        self._origin = (0, 0)
        """The grid's top left corner in the content region."""
        self._hover: Move | None = None
        self._claims: dict[tuple[int, int], str] = {}  # (see claims and open_boards)
        self._open: set[tuple[int, int]] = set()
        self._lines: list[Strip] | None = None
        """The drawn board, a strip a line of the content region (None: to be drawn)."""
        self._files = ""
        """The letters over the columns, from the left of the numbers' margin."""
        self._ranks: list[str] = []
        """The numbers beside the rows, a line for each line of the grid."""

    @property
    def shape(self) -> tuple[int, int, int]:
        """Rows, columns and the side of the small boards (0 for one board)."""
        return self._shape

    @property
    def squares(self) -> dict[Move, Square]:
        """What each square shows (empty until a game is bound)."""
        return self._squares

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")

    class CursorMoved(Message):
        """The player moved the cursor by ``rows`` and ``cols`` squares (arrows, h j k l)."""

        def __init__(self, rows: int, cols: int) -> None:
            super().__init__()
            self.rows, self.cols = rows, cols

    class PlaceAtCursor(Message):
        """The player asked to place a mark under the cursor (Enter, Space)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The board's keys are off (and out of the footer) while a dialog covers the board, and
        placing a mark where the table says nobody plays at this keyboard (computer vs computer)."""
        if self.screen is not self.app.screen:
            return False
        if action == "place_at_cursor" and self.game is not None:
            return not self.game.table.watch_only(self.game)
        return True

    def action_move_cursor(self, rows: int, cols: int) -> None:
        self.post_message(self.CursorMoved(rows, cols))

    def action_place_at_cursor(self) -> None:
        self.post_message(self.PlaceAtCursor())

    def watch_game(self, game: GameState | None) -> None:
        # Drawn at once, so the squares never lag the game they show.
        if game is None:
            return
        board = game.board
        shape = (board.rows, board.cols, board.rules.block_size)
        if shape != self._shape:
            self._shape = shape
            self._fit()
        self._paint()

    def watch_cursor(self, old: Move, new: Move) -> None:
        # Only two squares change their classes.
        if not self.can_focus:
            return
        for move, here in ((old, False), (new, True)):
            square = self._squares.get(move)
            if square is not None:
                classes = square.classes | {"-cursor"} if here else square.classes - {"-cursor"}
                self._squares[move] = Square(move, square.symbol, square.label, classes)
        self._changed()

    def watch_analysis(self) -> None:
        self._paint()

    watch_hint = watch_analysis

    def watch_thinking(self) -> None:
        self._changed()

    def watch_coordinates(self) -> None:
        self._fit()

    def on_resize(self, event: Resize) -> None:
        self._fit()

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._changed())  # its colours are the theme's

    def on_focus(self) -> None:
        self._changed()

    on_blur = on_focus

    async def clicks_handled(self, upto: MessagePump) -> None:
        """Wait (a second at most) until the clicks this board was sent have reached ``upto``
        (the screen) and been handled there. The app handles a priority key such as q at once,
        while a click goes through the board's queue and then each parent's: a key that decides
        on the game (quit, new game) waits for the move clicked just before it."""
        pumps: list[MessagePump] = []
        for node in self.ancestors_with_self:
            pumps.append(node)
            if node is upto:
                break
        with suppress(TimeoutError):
            async with asyncio.timeout(1):
                for pump in pumps:  # a click's message moves up one queue at a time
                    while True:  # until what the pump had (and posted itself meanwhile) is handled
                        done = asyncio.Event()
                        if not pump.call_later(done.set):
                            break
                        await done.wait()
                        if not pump.message_queue_size:
                            break

    @staticmethod
    async def settled(screen: Widget) -> bool:
        """Wait until the clicks sent to ``screen``'s board have been handled (as
        :meth:`clicks_handled`); False when it has no board any more: it is being taken down
        (a key of a burst that arrives as the app closes), and there is no game to decide on."""
        for view in screen.query(BoardView):
            await view.clicks_handled(screen)
            return True
        return False

    def on_click(self, event: Click) -> None:
        move = self._square_at(event.get_content_offset(self))
        if move is not None:
            event.stop()
            self.post_message(self.CellClicked(move))

    def on_mouse_move(self, event: MouseMove) -> None:
        move = self._square_at(event.get_content_offset(self))
        if move != self._hover:
            self._hover = move
            self._changed()

    def on_leave(self, event: Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self._changed()

    def _square_at(self, offset: tuple[int, int] | None) -> Move | None:
        """The square drawn at ``offset`` in the content region, or None."""
        if offset is None or self._layout is None or not self.fits:
            return None
        rows, cols, _block = self._shape
        return square_at(self._layout, rows, cols, offset[0] - self._origin[0], offset[1] - self._origin[1])

    def square_region(self, move: Move) -> Region | None:
        """Where square ``move`` is drawn in this widget (None while the board is not drawn)."""
        if self._layout is None or not self.fits:
            return None
        x, y = square_origin(self._layout, move)
        gutter = self.styles.gutter
        left, top = self._origin[0] + x + gutter.left, self._origin[1] + y + gutter.top
        return Region(left, top, self._layout.cell_width, self._layout.cell_height)

    @property
    def least_height(self) -> int:
        """The fewest lines this view needs to draw its whole board (padding and letters included)."""
        rows, cols, block = self._shape
        margin_y = FILE_HEIGHT if self.coordinates else 0
        return smallest_board(rows, cols, block)[1] + margin_y + self.styles.padding.top + self.styles.padding.bottom

    @property
    def fits(self) -> bool:
        """Whether the whole board is drawn (else a message says how large the window must be)."""
        return not self.has_class("-too-small")

    def _fit(self) -> None:
        """Size the squares as large as fits; when even the smallest do not, say how large the
        window must be instead of drawing part of the board."""
        width, height = self.content_size  # inside the padding
        rows, cols, block = self._shape
        if not rows or not width or not height or not self.is_mounted:
            return
        margin_x, margin_y = (RANK_WIDTH, FILE_HEIGHT) if self.coordinates else (0, 0)
        layout = board_layout(width - margin_x, height - margin_y, rows, cols, block)
        self.set_class(layout is None, "-too-small")
        self._layout = layout
        self._changed()
        if layout is None:
            least_width, least_height = smallest_board(rows, cols, block)
            short_x = max(0, least_width + margin_x - width)
            short_y = max(0, least_height + margin_y - height)
            needed = f"{self.app.size.width + short_x}×{self.app.size.height + short_y}"
            self.query_one("#too-small", Static).update(f"Make the window {needed} or larger")
            return
        grid_width, grid_height = layout.grid_size(rows, cols)
        # centred with the coordinates' margin, as Textual aligns a child with its margin
        left = max(0, (width - grid_width - margin_x) // 2) + margin_x
        top = max(0, (height - grid_height - margin_y) // 2) + margin_y
        self._origin = (left, top)
        self._draw_coordinates(layout)

    def _draw_coordinates(self, layout: Layout) -> None:
        """Letters over the columns and numbers beside the rows, each centred on its squares."""
        rows, cols, _block = self._shape
        if not self.coordinates:
            self._files, self._ranks = "", []
            return
        stride_x, stride_y = layout.cell_width + layout.gutter, layout.cell_height + layout.gutter
        letters = "".join(chr(ord("a") + col).center(layout.cell_width).ljust(stride_x) for col in range(cols))
        self._files = " " * RANK_WIDTH + letters.rstrip()
        lines = [""] * (stride_y * rows)
        for row in range(rows):
            lines[row * stride_y + (layout.cell_height - 1) // 2] = str(row + 1).rjust(RANK_WIDTH - 1)
        self._ranks = lines[: stride_y * rows - layout.gutter]

    def _paint(self) -> None:
        """Work out what each square shows from the game, the cursor, the hint and the overlay."""
        game = self.game
        if game is None:
            return
        board = game.board
        last = board.last_move
        winning = set(board.winning_line)
        values = {mv.move: mv for mv in self.analysis.moves} if self.analysis else {}
        legal = board.legal_bits
        playable = legal if legal != board.empty_bits else 0  # lit only where the game limits it
        squares = {}
        for row in range(board.rows):
            for col in range(board.cols):
                move = (row, col)
                mark = board.at(move)
                symbol = game.symbol(mark) if mark else ""
                playable_here = bool(playable >> (row * board.cols + col) & 1)
                value = values.get(move)
                # Meaning never rides on colour alone: the hint and the squares one may play carry a glyph.
                label = overlay_label(value) if value else HINT if move == self.hint else "·" if playable_here else ""
                decided = move in winning
                flags = {
                    "-playable": playable_here,
                    "-good": value is not None and value.value > 0,
                    "-even": value is not None and value.value == 0,
                    "-bad": value is not None and value.value < 0,
                    "-hint": move == self.hint,
                    "-x": symbol == "X",
                    "-o": symbol == "O",
                    "-cursor": move == self.cursor and self.can_focus,  # a board that takes no keys has no cursor
                    "-last": move == last,
                    "-win": decided and mark is board.winner,
                    "-lost": decided and mark is not board.winner,  # Misère: the line that lost
                }
                squares[move] = Square(move, symbol, label, frozenset(name for name, on in flags.items() if on))
        self._squares = squares
        self._small_boards(game, playable)
        self._changed()

    def _small_boards(self, game: GameState, playable: int) -> None:
        """Games of small boards: who claimed each, and where one may play."""
        board = game.board
        block = board.rules.block_size
        self._claims, self._open = {}, set()
        if not block:
            return
        for claimer, region in board.rules.claimed_regions(board):
            row, col = board.move_at(region[0])
            self._claims[row // block, col // block] = game.symbol(claimer)
        for index in range(board.rows * board.cols):
            if playable >> index & 1:
                row, col = board.move_at(index)
                self._open.add((row // block, col // block))

    @property
    def claims(self) -> dict[tuple[int, int], str]:
        """Games of small boards: the symbol that claimed each claimed small board, by its place."""
        return self._claims

    @property
    def open_boards(self) -> set[tuple[int, int]]:
        """Games of small boards: the small boards one may play in, by their place."""
        return self._open

    def _changed(self) -> None:
        """Draw the board again on the next frame."""
        self._lines = None
        self.refresh()

    def render_line(self, y: int) -> Strip:
        if self._lines is None:
            self._lines = self._draw()
        return self._lines[y] if y < len(self._lines) else Strip.blank(self.content_size.width)

    def _draw(self) -> list[Strip]:
        """The board's lines: the coordinates, then the gaps and the squares over them."""
        width, height = self.content_size
        beneath = self.background_colors[1]
        canvas = Canvas(width, height, solid(beneath))
        layout = self._layout
        rows, cols, block = self._shape
        if layout is None or not self.fits or len(self._squares) != rows * cols:
            return canvas.strips()
        left, top = self._origin
        opacity = THINKING_OPACITY if self.thinking else 1.0
        small = layout.cell_height < 3  # too small for a frame round the cursor
        looks = Looks(self.app.theme_variables, self.has_focus, small, bool(block), opacity)
        if self.coordinates:
            margin = looks.ink("coordinates", beneath)
            for offset, line in enumerate([self._files, *self._ranks]):
                canvas.write(0, top - FILE_HEIGHT + offset, " " * (left - RANK_WIDTH) + line, margin)
        if block:
            self._draw_blocks(canvas, looks, beneath)
        else:
            gaps = beneath + looks.background("gaps")
            canvas.fill(left, top, *layout.grid_size(rows, cols), faded(solid(gaps), beneath, opacity))
            draw_grid_lines(canvas, (left, top), layout, (rows, cols), faded(looks.ink("gaps", gaps), beneath, opacity))
            for square in self._squares.values():
                self._draw_square(canvas, looks, square, gaps)
        return canvas.strips()

    def _draw_square(self, canvas: Canvas, looks: Looks, square: Square, beneath: Color) -> None:
        """One square, over the colour ``beneath`` it: its mark as large as fits (inside the
        cursor's frame), its label, or a dot where squares sit side by side."""
        layout = self._layout
        assert layout is not None
        classes = square.classes | {"-hover"} if square.move == self._hover else square.classes
        look = looks.of(classes, beneath)
        if square.symbol:
            frame = 2 if look.frame is not None else 0
            text = big_mark(square.symbol, layout.cell_width - frame, layout.cell_height - frame)
        else:
            # A space, not nothing: a style such as the cursor's reverse needs a character to show on.
            text = square.label or ("·" if not layout.gutter else " ")
        x, y = square_origin(layout, square.move)
        draw_square(canvas, self._origin[0] + x, self._origin[1] + y, layout, text, look)

    def _draw_blocks(self, canvas: Canvas, looks: Looks, beneath: Color) -> None:
        """A game of small boards (Ultimate): lines between the boards, heavy round those one
        may play in; each board's squares over its own gaps, or a big mark over a claimed one."""
        layout = self._layout
        assert layout is not None
        rows, _cols, block = self._shape
        side = rows // block
        board_width, board_height = layout.grid_size(block, block)  # a small board's squares
        blocks = beneath + looks.background("blocks")
        light, heavy = looks.ink("blocks", blocks), looks.ink("blocks-open", blocks)
        left, top = self._origin
        size = (board_width * side + side - 1, board_height * side + side - 1)
        canvas.fill(left, top, *size, faded(solid(blocks), beneath, looks.opacity))

        def is_open(row: int, col: int, next_row: int, next_col: int) -> bool:
            return (row, col) in self._open or (next_row, next_col) in self._open

        styles = (faded(light, beneath, looks.opacity), faded(heavy, beneath, looks.opacity))
        draw_block_lines(canvas, (left, top), size, (board_width + 1, board_height + 1), side, is_open, styles)
        for board_row in range(side):
            for board_col in range(side):
                claim = self._claims.get((board_row, board_col), "")
                x, y = left + board_col * (board_width + 1), top + board_row * (board_height + 1)
                first_row, first_col = board_row * block, board_col * block
                squares = [
                    self._squares[first_row + row, first_col + col] for row in range(block) for col in range(block)
                ]
                layer = "small-gaps-open" if (board_row, board_col) in self._open else "small-gaps"
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
                        self._draw_square(canvas, looks, square, ground)

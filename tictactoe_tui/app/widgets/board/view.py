"""The board: one widget that draws a :class:`GameState`'s squares and reports clicks on them."""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Click, Leave, MouseMove, Resize
from textual.geometry import Region
from textual.message import Message
from textual.message_pump import MessagePump
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from ....engine import Move
from ....engine.rules import Rules
from ....game import GameState
from ..evaluation import overlay_values
from . import frame as board_frame
from .drawing import (
    Canvas,
)
from .frame import Frame
from .looks import THINKING_OPACITY, Looks, solid
from .render import BoardDrawing, Square

if TYPE_CHECKING:  # the searches load when the first one runs
    from ....engine.evaluation import Evaluation

#: Drawn on the square a hint suggests (the highlight's colour is not enough on its own).
HINT = "◆"


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
    analysis: reactive[Evaluation | None] = reactive(None, repaint=False)
    """Values to show on free squares (the overlay), exact or estimated, for the position shown, or None."""
    hint: reactive[Move | None] = reactive(None, repaint=False)
    coordinates: reactive[bool] = reactive(True, repaint=False)
    """Letters across the top and numbers down the left."""
    mirror: reactive[tuple[bool, bool]] = reactive((False, False), repaint=False)
    """Whether the rows, and the columns, are drawn in reverse: the board flipped, the other side
    at the bottom (the cursor keys still move the cursor the way they point on screen); bound
    to the screen's."""
    past: reactive[int | None] = reactive(None, repaint=False)
    """Show the game after this many of its moves instead of now (looking back: no hint and no
    overlay there); None: the game as it stands. Bound to the screen's, which decides it."""

    class CellClicked(Message):
        """A square was clicked."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    def __init__(self, shape: tuple[int, int, int]) -> None:
        """``shape`` is rows, columns and the side of the small boards (0 for one board)."""
        super().__init__(id="board")
        self._shape = shape
        self._rules: Rules | None = None
        """The game's rules, which name the columns and rows in the margins (None: no game yet)."""
        self._squares: dict[Move, Square] = {}
        self._frame = Frame(shape)
        """Where the squares and the margins go (:mod:`.board_frame`)."""
        self._hover: Move | None = None
        self._claims: dict[tuple[int, int], str] = {}  # (see claims and open_boards)
        self._open: set[tuple[int, int]] = set()
        self._lines: list[Strip] | None = None
        """The drawn board, a strip a line of the content region (None: to be drawn)."""

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
        if (shape, board.rules) != (self._shape, self._rules):
            self._shape, self._rules = shape, board.rules
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

    watch_hint = watch_past = watch_analysis

    def watch_thinking(self) -> None:
        self._changed()

    def watch_coordinates(self) -> None:
        self._fit()

    watch_mirror = watch_coordinates

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
        if offset is None or not self.fits:
            return None
        return self._frame.square_at(*offset)

    def square_region(self, move: Move) -> Region | None:
        """Where square ``move`` is drawn in this widget (None while the board is not drawn)."""
        layout = self._frame.layout
        if layout is None or not self.fits:
            return None
        x, y = self._frame.square_corner(move)
        gutter = self.styles.gutter
        return Region(x + gutter.left, y + gutter.top, layout.cell_width, layout.cell_height)

    @property
    def least_height(self) -> int:
        """The fewest lines this view needs to draw its whole board (padding and letters included)."""
        return (
            board_frame.least_height(self._shape, self.coordinates)
            + self.styles.padding.top
            + self.styles.padding.bottom
        )

    @property
    def fits(self) -> bool:
        """Whether the whole board is drawn (else a message says how large the window must be)."""
        return not self.has_class("-too-small")

    def _fit(self) -> None:
        """Size the squares as large as fits; when even the smallest do not, say how large the
        window must be instead of drawing part of the board."""
        width, height = self.content_size  # inside the padding
        if not self._shape[0] or not width or not height or not self.is_mounted:
            return
        self._frame = frame = board_frame.fit((width, height), self._shape, self._rules, self.coordinates, self.mirror)
        self.set_class(frame.layout is None, "-too-small")
        self._changed()
        if frame.layout is None:
            short_x, short_y = frame.shortfall
            needed = f"{self.app.size.width + short_x}×{self.app.size.height + short_y}"
            self.query_one("#too-small", Static).update(f"Make the window {needed} or larger")

    def _paint(self) -> None:
        """Work out what each square shows from the game (or the past position stepped back to),
        the cursor, the hint and the overlay (of the game as it stands: not shown on the past)."""
        game = self.game
        if game is None:
            return
        looking_back = self.past is not None and self.past < game.ply
        if self.past is not None and looking_back:
            game = game.at_ply(self.past)
        board = game.board
        last = board.last_move
        winning = set(board.winning_line)
        values = {} if looking_back else overlay_values(self.analysis)
        hint = None if looking_back else self.hint
        legal = board.legal_bits
        playable = legal if legal != board.empty_bits else 0  # lit only where the game limits it
        squares = {}
        for row in range(board.rows):
            for col in range(board.cols):
                move = (row, col)
                mark = board.at(move)
                symbol = game.symbol(mark) if mark else ""
                playable_here = bool(playable >> (row * board.cols + col) & 1)
                value, sign = values.get(move, ("", None))
                # Meaning never rides on colour alone: the hint and the squares one may play carry a glyph.
                label = value or (HINT if move == hint else "·" if playable_here else "")
                decided = move in winning
                flags = {
                    "-playable": playable_here,
                    "-good": sign is not None and sign > 0,
                    "-even": sign == 0,
                    "-bad": sign is not None and sign < 0,
                    "-hint": move == hint,
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
        layout = self._frame.layout
        rows, cols, block = self._shape
        if layout is None or not self.fits or len(self._squares) != rows * cols:
            return canvas.strips()
        opacity = THINKING_OPACITY if self.thinking else 1.0
        small = layout.cell_height < 3  # too small for a frame round the cursor
        looks = Looks(self.app.theme_variables, self.has_focus, small, bool(block), opacity)
        drawing = BoardDrawing(self._frame, self._squares, looks, self._claims, self._open, self._hover)
        drawing.draw(canvas, beneath, self.coordinates)
        return canvas.strips()

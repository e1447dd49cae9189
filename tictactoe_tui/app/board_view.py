"""The board: a grid of cells that renders a :class:`GameState` and reports clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.events import Click, Resize
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ..engine import Move
from ..game import GameState
from .board_drawing import CROSSINGS, FILE_HEIGHT, RANK_WIDTH, Layout, big_mark, board_layout, smallest_board

if TYPE_CHECKING:  # the searches load when the first one runs
    from ..engine import Analysis, MoveValue

#: Drawn on the square a hint suggests (the highlight's colour is not enough on its own).
HINT = "◆"

#: What the overlay's and the hint's labels mean, said beside them.
VALUE_LEGEND = "W5: win in 5 moves of both sides, this one counted · D: draw · L2: loss in 2, with best play"


def value_words(value: MoveValue) -> str:
    """What :func:`overlay_label` says, in words: ``W5, a win in 5 moves of both sides``."""
    label = overlay_label(value)
    if value.value == 0:
        return f"{label}, a draw with best play"
    outcome = "win" if value.value > 0 else "loss"
    if value.plies == 1:
        return f"{label}, a {outcome} with this move"
    return f"{label}, a {outcome} in {value.plies} moves of both sides"


def overlay_label(value: MoveValue) -> str:
    """``W5`` (wins in 5 moves of both sides, this one counted: the engine's plies), ``D``
    (draw) or ``L4`` (loses in 4), for the side to move."""
    if value.value == 0:
        return "D"
    return f"{'W' if value.value > 0 else 'L'}{value.plies}"


class Cell(Widget):
    """One square. Its classes (``-x``, ``-o``, ``-cursor``, ``-last``, ``-win``, ``-lost``, ``-hint``, the
    overlay's ``-good``, ``-even``, ``-bad``, and ``-playable`` in games that limit where to
    play) only style it.

    ``-x`` and ``-o`` follow the symbol shown, so each symbol keeps its colour.
    """

    symbol: reactive[str] = reactive("")
    label: reactive[str] = reactive("")
    """The analysis overlay's value for a free square, e.g. ``W5``, ``D`` or ``L4``."""
    dotted: reactive[bool] = reactive(False)
    """Draw a free square as a dot (squares side by side, with no line between them)."""

    def __init__(self, move: Move) -> None:
        super().__init__(id=f"cell-{move[0]}-{move[1]}")
        self.move = move

    def render(self) -> str:
        if not self.symbol:
            # A space, not nothing: a style such as the cursor's reverse needs a character to show on.
            return self.label or ("·" if self.dotted else " ")
        width, height = self.content_size
        if self.styles.outline.top[0] not in ("", "none"):  # the cursor's frame is drawn over the edge
            width, height = width - 2, height - 2
        return big_mark(self.symbol, width, height)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(BoardView.CellClicked(self.move))


class SmallBoard(Widget):
    """One small board of a game made of several (Ultimate): its squares, or once claimed a
    big mark over them. Classes ``-playable`` and ``-claimed`` with ``-x`` / ``-o`` style it."""

    claim: reactive[str] = reactive("")
    """The symbol that claimed this board, or ``""``."""

    def __init__(self, cells: list[Cell], block: tuple[int, int]) -> None:
        super().__init__(id=f"small-{block[0]}-{block[1]}", classes="small")
        self.cells = cells

    def compose(self) -> ComposeResult:
        yield Static("", classes="claim")
        with Grid(classes="small-grid") as grid:
            side = round(len(self.cells) ** 0.5)
            grid.styles.grid_size_columns = grid.styles.grid_size_rows = side
            yield from self.cells

    def watch_claim(self, claim: str) -> None:
        self.set_class(bool(claim), "-claimed")
        self.set_class(claim == "X", "-x")
        self.set_class(claim == "O", "-o")
        self._draw_claim()

    def on_resize(self) -> None:
        self._draw_claim()

    def _draw_claim(self) -> None:
        if self.is_mounted and self.claim:
            width, height = self.content_size
            self.query_one(".claim", Static).update(big_mark(self.claim, width, height))


class BlocksGrid(Grid):
    """The grid of small boards (Ultimate), with lines drawn in the gaps between them: light
    lines, heavy round the small boards one may play in (a frame that needs no colour)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"blocks--open"}

    def render(self) -> Text:
        boards = list(self.query_children(SmallBoard))
        side = round(len(boards) ** 0.5)
        width, height = self.content_size
        board_width, board_height = ((width - side + 1) // side, (height - side + 1) // side) if side else (0, 0)
        if board_width < 1 or board_height < 1:  # not composed or not laid out yet
            return Text()
        open_boards = {divmod(index, side) for index, small in enumerate(boards) if small.has_class("-playable")}

        def heavy(row: int, col: int, *neighbour: int) -> bool:
            return (row, col) in open_boards or tuple(neighbour) in open_boards

        def gap(position: int, size: int) -> int | None:
            """Which gap (0 after the first board) ``position`` falls in, or None inside a board."""
            index, offset = divmod(position, size + 1)
            return index if offset == size and index < side - 1 else None

        text = Text()
        open_style = self.get_component_rich_style("blocks--open")
        for y in range(height):
            gap_row, board_row = gap(y, board_height), min(y // (board_height + 1), side - 1)
            for x in range(width):
                gap_col, board_col = gap(x, board_width), min(x // (board_width + 1), side - 1)
                if gap_row is not None and gap_col is not None:
                    arms = (
                        heavy(gap_row, gap_col, gap_row, gap_col + 1),
                        heavy(gap_row + 1, gap_col, gap_row + 1, gap_col + 1),
                        heavy(gap_row, gap_col, gap_row + 1, gap_col),
                        heavy(gap_row, gap_col + 1, gap_row + 1, gap_col + 1),
                    )
                    text.append(CROSSINGS[arms], open_style if any(arms) else "")
                elif gap_col is not None:
                    thick = heavy(board_row, gap_col, board_row, gap_col + 1)
                    text.append("┃" if thick else "│", open_style if thick else "")
                elif gap_row is not None:
                    thick = heavy(gap_row, board_col, gap_row + 1, board_col)
                    text.append("━" if thick else "─", open_style if thick else "")
                else:
                    text.append(" ")
            if y < height - 1:
                text.append("\n")
        return text


class BoardView(Widget, can_focus=True):
    """Renders the game bound to it; keys and clicks go to the app as actions and messages.
    Its squares are widgets; the view itself draws the coordinates in the margin round them."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"board--coordinates"}

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move_cursor(-1, 0)", "Cursor up", show=False),
        Binding("down,j", "move_cursor(1, 0)", "Cursor down", show=False),
        Binding("left,h", "move_cursor(0, -1)", "Cursor left", show=False),
        Binding("right,l", "move_cursor(0, 1)", "Cursor right", show=False),
        Binding("enter,space", "place_at_cursor", "Place mark"),
    ]

    # The view draws nothing itself (its cells do): no whole-board repaint on a change.
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
        self._cells: dict[Move, Cell] = {}
        self._files = ""
        """The letters over the columns, from the left of the numbers' margin."""
        self._ranks: list[str] = []
        """The numbers beside the rows, a line for each line of the grid."""

    @property
    def shape(self) -> tuple[int, int, int]:
        """Rows, columns and the side of the small boards (0 for one board)."""
        return self._shape

    def compose(self) -> ComposeResult:
        rows, cols, block = self._shape
        self.set_class(rows * cols > 25, "-compact")
        self._cells = {(row, col): Cell((row, col)) for row in range(rows) for col in range(cols)}
        yield Static("", id="too-small")
        yield from self._grid(rows, cols, block)

    def _grid(self, rows: int, cols: int, block: int) -> ComposeResult:
        """The squares: one grid, or (Ultimate) a grid of small boards."""
        with (BlocksGrid if block else Grid)(id="grid", classes="-blocks" if block else "") as grid:
            if not block:
                grid.styles.grid_size_columns = cols
                grid.styles.grid_size_rows = rows
                yield from self._cells.values()
                return
            grid.styles.grid_size_columns = cols // block
            grid.styles.grid_size_rows = rows // block
            for top in range(0, rows, block):
                for left in range(0, cols, block):
                    squares = [self._cells[top + r, left + c] for r in range(block) for c in range(block)]
                    yield SmallBoard(squares, (top // block, left // block))

    class CursorMoved(Message):
        """The player moved the cursor by ``rows`` and ``cols`` squares (arrows, h j k l)."""

        def __init__(self, rows: int, cols: int) -> None:
            super().__init__()
            self.rows, self.cols = rows, cols

    class PlaceAtCursor(Message):
        """The player asked to place a mark under the cursor (Enter, Space)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The board's keys are off (and out of the footer) while a dialog covers the board."""
        return self.screen is self.app.screen

    def action_move_cursor(self, rows: int, cols: int) -> None:
        self.post_message(self.CursorMoved(rows, cols))

    def action_place_at_cursor(self) -> None:
        self.post_message(self.PlaceAtCursor())

    def watch_game(self, game: GameState | None) -> None:
        # Painted at once, so the squares never lag the game they show; only a new shape waits
        # for its squares to be built.
        if game is None:
            return
        board = game.board
        shape = (board.rows, board.cols, board.rules.block_size)
        if shape != self._shape:
            self._shape = shape
            self.call_next(self._rebuild, shape)
            return
        self._paint()

    async def _rebuild(self, shape: tuple[int, int, int]) -> None:
        """Build the squares of a board of ``shape``, then size and paint them."""
        if self._shape != shape:  # a board of yet another shape came meanwhile: its rebuild draws it
            return
        await self.recompose()
        if self._shape != shape:
            return
        self._fit()
        self._paint()

    def watch_cursor(self, old: Move, new: Move) -> None:
        # Only two squares change: repainting all of them makes 15×15 sluggish.
        for move, here in ((old, False), (new, True)):
            cell = self._cells.get(move)  # None for a square of a board being replaced
            if cell is not None:
                cell.set_class(here, "-cursor")

    def watch_analysis(self) -> None:
        self._paint()

    def watch_hint(self) -> None:
        self._paint()

    def watch_thinking(self, thinking: bool) -> None:
        self.set_class(thinking, "-thinking")

    def watch_coordinates(self) -> None:
        self._fit()

    def on_resize(self, event: Resize) -> None:
        self._fit()

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
        if layout is None:
            least_width, least_height = smallest_board(rows, cols, block)
            short_x = max(0, least_width + margin_x - width)
            short_y = max(0, least_height + margin_y - height)
            needed = f"{self.app.size.width + short_x}×{self.app.size.height + short_y}"
            self.query_one("#too-small", Static).update(f"Make the window {needed} or larger")
            return
        self._draw_coordinates(layout)
        cell_width, cell_height, gutter = layout.cell_width, layout.cell_height, layout.gutter
        self.set_class(cell_height < 3, "-small-squares")  # too small for a frame round the cursor
        for cell in self._cells.values():
            cell.dotted = not gutter
        grid = self.query_one("#grid", Grid)
        grid.styles.grid_gutter_horizontal = grid.styles.grid_gutter_vertical = gutter
        if block:  # small boards of block × block squares, the same gutters inside and between
            for small_grid in self.query(".small-grid").results(Grid):
                small_grid.styles.grid_rows = str(cell_height)
                small_grid.styles.grid_columns = str(cell_width)
            cell_height, cell_width = cell_height * block + block - 1, cell_width * block + block - 1
            rows, cols = rows // block, cols // block
        grid.styles.grid_rows = str(cell_height)
        grid.styles.grid_columns = str(cell_width)
        grid.styles.width = cell_width * cols + gutter * (cols - 1)
        grid.styles.height = cell_height * rows + gutter * (rows - 1)

    def _draw_coordinates(self, layout: Layout) -> None:
        """Letters over the columns and numbers beside the rows, each centred on its squares: the
        grid keeps a margin for them, which :meth:`render` fills."""
        rows, cols, _block = self._shape
        self.query_one("#grid", Grid).styles.margin = (FILE_HEIGHT, 0, 0, RANK_WIDTH) if self.coordinates else 0
        self.refresh()
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

    def render(self) -> Text:
        """The coordinates, in the margin the grid keeps for them (nothing while the board does
        not fit, or before the grid is laid out)."""
        # none while a board of another shape is being composed
        grid = next(iter(self.query_children("#grid").results(Grid)), None) if self.is_mounted else None
        width, height = self.content_size
        if grid is None or not self._files or not self.fits or not grid.region:
            return Text()
        # where the margin begins, inside this view's padding
        left = grid.region.x - self.content_region.x - RANK_WIDTH
        top = grid.region.y - self.content_region.y - FILE_HEIGHT
        lines = [""] * height
        for offset, line in enumerate([self._files, *self._ranks]):
            if 0 <= top + offset < height:
                lines[top + offset] = " " * left + line
        return Text("\n".join(line[:width] for line in lines), self.get_component_rich_style("board--coordinates"))

    def _paint(self) -> None:
        game = self.game
        if game is None or not self.is_mounted:
            return
        board = game.board
        if len(self._cells) != board.rows * board.cols or (board.rows - 1, board.cols - 1) not in self._cells:
            return  # a board of another shape is being composed; it paints once its squares are there
        last = board.last_move
        winning = set(board.winning_line)
        values = {mv.move: mv for mv in self.analysis.moves} if self.analysis else {}
        legal = board.legal_bits
        playable = legal if legal != board.empty_bits else 0  # lit only where the game limits it
        self._paint_small_boards(game, playable)
        for cell in self._cells.values():
            row, col = cell.move
            mark = board.at(cell.move)
            cell.symbol = game.symbol(mark) if mark else ""
            playable_here = bool(playable >> (row * board.cols + col) & 1)
            cell.set_class(playable_here, "-playable")
            value = values.get(cell.move)
            # Meaning never rides on colour alone: the hint and the squares one may play carry a glyph.
            cell.label = (
                overlay_label(value) if value else HINT if cell.move == self.hint else "·" if playable_here else ""
            )
            cell.set_class(value is not None and value.value > 0, "-good")
            cell.set_class(value is not None and value.value == 0, "-even")
            cell.set_class(value is not None and value.value < 0, "-bad")
            cell.set_class(cell.move == self.hint, "-hint")
            cell.set_class(cell.symbol == "X", "-x")
            cell.set_class(cell.symbol == "O", "-o")
            cell.set_class(cell.move == self.cursor, "-cursor")
            cell.set_class(cell.move == last, "-last")
            decided = cell.move in winning
            cell.set_class(decided and mark is board.winner, "-win")
            cell.set_class(decided and mark is not board.winner, "-lost")  # Misère: the line that lost

    def _paint_small_boards(self, game: GameState, playable: int) -> None:
        """Light the small boards one may play in; draw a big mark over the claimed ones."""
        board = game.board
        block = board.rules.block_size
        if not block:
            return
        claims = {}
        for claimer, region in board.rules.claimed_regions(board):
            row, col = board.move_at(region[0])
            claims[row // block, col // block] = game.symbol(claimer)
        for small in self.query(SmallBoard):
            top, left = small.cells[0].move
            where = (top // block, left // block)
            small.claim = claims.get(where, "")
            small.set_class(any(playable >> board.index(cell.move) & 1 for cell in small.cells), "-playable")
        self.query_one(BlocksGrid).refresh()  # its lines frame the boards one may play in

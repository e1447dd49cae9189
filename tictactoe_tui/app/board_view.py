"""The board: a grid of cells that renders a :class:`GameState` and reports clicks."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.events import Click, Resize
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ..engine import Analysis, Move, MoveValue
from ..game import GameState

BIG_GLYPHS = {
    "X": ("▀▄     ▄▀", "  ▀▄ ▄▀  ", "  ▄▀ ▀▄  ", "▄▀     ▀▄"),
    "O": (" ▄▀▀▀▀▀▄ ", "█       █", "█       █", " ▀▄▄▄▄▄▀ "),
}
SMALL_GLYPHS = {
    "X": ("▀▄ ▄▀", "  █  ", "▄▀ ▀▄"),
    "O": ("▄▀▀▀▄", "█   █", "▀▄▄▄▀"),
}


def overlay_label(value: MoveValue) -> str:
    """``W5`` (wins in 5 plies), ``D`` (draw) or ``L4`` (loses in 4), for the side to move."""
    if value.value == 0:
        return "D"
    return f"{'W' if value.value > 0 else 'L'}{value.plies}"


class Cell(Widget):
    """One square. Its classes (``-x``, ``-o``, ``-cursor``, ``-last``, ``-win``, ``-hint`` and
    the overlay's ``-good``, ``-even``, ``-bad``) only style it.

    ``-x`` and ``-o`` follow the symbol shown, so each symbol keeps its colour.
    """

    symbol: reactive[str] = reactive("")
    label: reactive[str] = reactive("")
    """The analysis overlay's value for a free square, e.g. ``W5``, ``D`` or ``L4``."""

    def __init__(self, move: Move) -> None:
        super().__init__(id=f"cell-{move[0]}-{move[1]}")
        self.move = move

    def render(self) -> str:
        if not self.symbol:
            return self.label
        width, height = self.content_size
        for glyphs in (BIG_GLYPHS, SMALL_GLYPHS):
            art = glyphs[self.symbol]
            if height >= len(art) and width >= len(art[0]):
                return "\n".join(art)
        return self.symbol

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(BoardView.CellClicked(self.move))


class BoardView(Widget, can_focus=True):
    """Renders the game bound to it; keys and clicks go to the app as actions and messages."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "app.move_cursor(-1, 0)", "Cursor up", show=False),
        Binding("down,j", "app.move_cursor(1, 0)", "Cursor down", show=False),
        Binding("left,h", "app.move_cursor(0, -1)", "Cursor left", show=False),
        Binding("right,l", "app.move_cursor(0, 1)", "Cursor right", show=False),
        Binding("enter,space", "app.place_at_cursor", "Place mark"),
        *(Binding(str(digit), f"app.place_number({digit})", f"Square {digit}", show=False) for digit in range(1, 10)),
    ]

    # The view draws nothing itself (its cells do): no whole-board repaint on a change.
    game: reactive[GameState | None] = reactive(None, repaint=False)
    cursor: reactive[Move] = reactive((0, 0), repaint=False)
    thinking: reactive[bool] = reactive(False, repaint=False)
    analysis: reactive[Analysis | None] = reactive(None, repaint=False)
    """Values to show on free squares (the overlay), for the position shown, or None."""
    hint: reactive[Move | None] = reactive(None, repaint=False)

    class CellClicked(Message):
        """A square was clicked."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    def __init__(self, shape: tuple[int, int]) -> None:
        super().__init__(id="board")
        self._shape = shape
        self._cells: dict[Move, Cell] = {}

    def compose(self) -> ComposeResult:
        rows, cols = self._shape
        self.set_class(rows * cols > 25, "-compact")
        self._cells = {(row, col): Cell((row, col)) for row in range(rows) for col in range(cols)}
        yield Static("", id="too-small")
        with Grid(id="grid") as grid:
            grid.styles.grid_size_columns = cols
            grid.styles.grid_size_rows = rows
            yield from self._cells.values()

    async def watch_game(self, game: GameState | None) -> None:
        if game is None:
            return
        shape = (game.board.rows, game.board.cols)
        if shape != self._shape:
            self._shape = shape
            await self.recompose()
            self._fit(self.size.width, self.size.height)
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

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Size the cells as large as fits, about twice as wide as tall (terminal cells are tall);
        when even one-character cells do not fit, say how large the window must be."""
        rows, cols = self._shape
        if not rows or not width or not height:
            return
        short_x = max(0, 2 * cols - 1 - width)
        short_y = max(0, 2 * rows - 1 - height)
        self.set_class(bool(short_x or short_y), "-too-small")
        if short_x or short_y:
            needed = f"{self.app.size.width + short_x}×{self.app.size.height + short_y}"
            self.query_one("#too-small", Static).update(f"Make the window larger (needs {needed})")
            return
        cell_height = max(1, (height - (rows - 1)) // rows)
        cell_width = max(3, min((width - (cols - 1)) // cols, cell_height * 2 + 3))
        grid = self.query_one("#grid", Grid)
        grid.styles.grid_rows = str(cell_height)
        grid.styles.grid_columns = str(cell_width)
        grid.styles.width = cell_width * cols + cols - 1
        grid.styles.height = cell_height * rows + rows - 1

    def _paint(self) -> None:
        game = self.game
        if game is None or not self.is_mounted:
            return
        board = game.board
        last = board.history[-1] if board.history else None
        winning = set(board.winning_line)
        values = {mv.move: mv for mv in self.analysis.moves} if self.analysis else {}
        for cell in self._cells.values():
            mark = board.at(cell.move)
            cell.symbol = game.symbol(mark) if mark else ""
            value = values.get(cell.move)
            cell.label = overlay_label(value) if value else ""
            cell.set_class(value is not None and value.value > 0, "-good")
            cell.set_class(value is not None and value.value == 0, "-even")
            cell.set_class(value is not None and value.value < 0, "-bad")
            cell.set_class(cell.move == self.hint, "-hint")
            cell.set_class(cell.symbol == "X", "-x")
            cell.set_class(cell.symbol == "O", "-o")
            cell.set_class(cell.move == self.cursor, "-cursor")
            cell.set_class(cell.move == last, "-last")
            cell.set_class(cell.move in winning, "-win")

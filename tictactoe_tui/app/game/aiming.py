"""Pointing at squares on a screen where a player moves: the arrows, the number keys, Enter
and clicks, each through the game's presentation (:mod:`...engine.games`), so that every such
screen aims alike. A click anywhere in a Gravity column plays where the mark lands, a number
key names a square on 3×3 and a column in Gravity (in Ultimate, where you may play in any
board, one digit picks the board and the next its square), and the cursor stays on the board
(in Gravity, on the square a mark would land).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding, BindingType

from ...engine import Board, Move
from ...engine.games import presentation_of
from ..widgets.board.view import BoardView

#: The number keys: priority bindings, so they work while a sidebar control has the focus.
DIGIT_BINDINGS: list[BindingType] = [
    Binding(str(digit), f"place_number({digit})", f"Square {digit}", show=False, priority=True)
    for digit in range(1, 10)
]


#: The board's own keys (the arrows, h j k l, Enter and Space) as priority bindings of the screen,
#: for a screen whose other keys are priority bindings (the number keys, n, u, q): then every key
#: is handled in the order typed. The board's bindings run later, from the board's own queue, so
#: in a burst such as "Enter q" the q came first. The screen lets them act only while the board
#: has the focus (else the focused control has its keys).
BOARD_BINDINGS: list[Binding] = [
    Binding(binding.key, binding.action, binding.description, show=binding.show, priority=True)
    for binding in BoardView.BINDINGS
    if isinstance(binding, Binding)
]
#: The actions of :data:`BOARD_BINDINGS`.
BOARD_ACTIONS = frozenset(binding.action.partition("(")[0] for binding in BOARD_BINDINGS)


def playable_near(board: Board, cursor: Move) -> Move:
    """Where the cursor goes after a move: where it was, but in games that limit the squares
    (Gravity, Ultimate) the nearest square the side to move may play."""
    legal = board.legal_bits
    if not legal or legal == board.empty_bits:
        return cursor
    row, col = presentation_of(board).aim(board, cursor)
    return min(board.legal_moves(), key=lambda move: (abs(move[0] - row) + abs(move[1] - col), move))


def centre(board: Board) -> Move:
    """The centre square (in Gravity, where a mark in the centre column lands)."""
    return playable_near(board, ((board.rows - 1) // 2, (board.cols - 1) // 2))


def rules_refusal(board: Board, move: Move, mirror: tuple[bool, bool] = (False, False)) -> str | None:
    """Why the rules do not let the side to move mark ``move`` on ``board``, or None (parts of
    the board named where they are drawn: ``mirror``, the board flipped)."""
    cell = board.index(move)
    return None if board.legal_bits >> cell & 1 else presentation_of(board).refusal(board, cell, mirror)


class Aiming:
    """The part of a screen that turns the board view's keys and clicks, and the number keys
    (:data:`DIGIT_BINDINGS`), into the square to play.

    The screen keeps the ``cursor`` and says which board is aimed at, what the number keys
    name on 3×3, how a square is played and where a notice goes.
    """

    cursor: Move
    _typed: tuple[Board, tuple[int, ...]] | None = None
    """The number keys typed so far that await another digit, and the board they were typed on."""

    def aimed_board(self) -> Board | None:
        """The board the keys and clicks aim at (None: none shown)."""
        raise NotImplementedError

    def keypad(self) -> Callable[[int], Move]:
        """The square each number key names on 3×3 (the player's key layout)."""
        raise NotImplementedError

    def place(self, move: Move) -> None:
        """Play ``move`` for the player at this keyboard, or say why not."""
        raise NotImplementedError

    def say(self, text: str) -> None:
        """Tell the player ``text`` (why a key did nothing)."""
        raise NotImplementedError

    def mirrored(self) -> tuple[bool, bool]:
        """Whether the board's rows, and columns, are drawn in reverse (flipped): the cursor keys
        move the cursor the way they point on screen."""
        return (False, False)

    def on_board_view_cursor_moved(self, event: BoardView.CursorMoved) -> None:
        event.stop()
        self.action_move_cursor(event.rows, event.cols)

    def action_move_cursor(self, rows: int, cols: int) -> None:
        """Move the cursor, staying on the board (in Gravity, on the square a mark would land)."""
        self._forget_digits()
        board = self.aimed_board()
        if board is None:
            return
        row, col = self.cursor
        down, right = self.mirrored()
        rows, cols = -rows if down else rows, -cols if right else cols
        moved = (min(max(row + rows, 0), board.rows - 1), min(max(col + cols, 0), board.cols - 1))
        self.cursor = presentation_of(board).aim(board, moved)

    def on_board_view_place_at_cursor(self, event: BoardView.PlaceAtCursor) -> None:
        event.stop()
        self.action_place_at_cursor()

    def action_place_at_cursor(self) -> None:
        """Place a mark under the cursor."""
        self._forget_digits()
        self.place(self.cursor)

    def on_board_view_cell_clicked(self, event: BoardView.CellClicked) -> None:
        """Place a mark where a click aims (a click anywhere in a Gravity column drops there)."""
        event.stop()
        self._forget_digits()
        board = self.aimed_board()
        if board is None:
            return
        self.cursor = presentation_of(board).aim(board, event.move)
        self.place(self.cursor)

    def action_place_number(self, digit: int) -> None:
        """Place a mark on the square the number keys name (on 3×3, a Gravity board's column, in
        Ultimate the square of the small board you were sent to), or move the cursor to the part
        of the board named so far and say what the next digit picks."""
        board = self.aimed_board()
        if board is None:
            return
        earlier = self._typed[1] if self._typed is not None and self._typed[0] is board else ()
        digits = (*earlier, digit)
        answer = presentation_of(board).digit_square(board, digits, self.drawn_keypad())
        self._typed = (board, digits) if answer.awaits_digit else None
        if answer.square is not None:
            self.cursor = answer.square
            self.place(answer.square)
            return
        if answer.cursor is not None:
            self.cursor = answer.cursor
        self.say(answer.prompt)

    def drawn_keypad(self) -> Callable[[int], Move]:
        """The square each number key names on 3×3 where it is drawn: the player's layout, turned
        with the board when it is flipped (the key at the top right names the square drawn there)."""
        keypad, (down, right) = self.keypad(), self.mirrored()
        if not (down or right):
            return keypad

        def drawn(digit: int) -> Move:
            row, col = keypad(digit)
            return (2 - row if down else row, 2 - col if right else col)

        return drawn

    def _forget_digits(self) -> None:
        """Drop the digits that awaited another (the arrows, Enter or a click aim instead), and
        the prompt for it."""
        typed, self._typed = self._typed, None
        if typed is not None and typed[0] is self.aimed_board():
            self.say("")

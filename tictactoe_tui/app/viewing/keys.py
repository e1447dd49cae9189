"""The game screen's looking keys (:class:`Viewing`): ``,`` and ``.`` step back and forth
through the game's moves, Home goes to its start and End back to the game as it stands; ``f``
flips the board; ``/`` asks for a square's name and moves the cursor there.

Stepping back shows the past position on the board and the status's headline says so ("Looking
back at move 5 of 12: press End to return"); it changes nothing in the game. A move key while
stepped back is refused, and says why (playing from the past position is undo's and the
history's job, which take moves back); the screen returns to the game as it stands whenever
the game changes (the other side's move, undo, a new game).
"""

from __future__ import annotations

from textual.binding import Binding, BindingType
from textual.screen import Screen

from ...engine import Board, BoardError, Move
from ...engine.games import presentation_of
from ...game import GameState
from ..widgets.said import looking_back_refusal
from ..widgets.status import Cause, Notice

#: The looking keys: none of them plays, moves the cursor, or is a number key (the arrows and
#: h j k l move the cursor; the digits play squares on 3×3 and columns in Connect Four).
VIEWING_BINDINGS: list[BindingType] = [
    Binding("comma", "step(-1)", "Look a move back", show=False),
    Binding("full_stop", "step(1)", "Look a move on", show=False),
    Binding("home", "step_to(0)", "Look at the start", show=False),
    Binding("end", "step_to(-1)", "Back to the game as it stands", show=False),
    Binding("f", "flip", "Flip the board", show=False),
    Binding("slash", "go_to", "Type a square for the cursor", show=False),
]


class Viewing(Screen[None]):
    """The part of the game screen that shows the game without changing it: the screen keeps
    the game, the ``cursor``, the ``notice``, and how the board is shown: the ply looked back
    at (``past``), which the board view, the evaluation bar and the status read, and ``mirror``."""

    game: GameState
    cursor: Move
    notice: Notice | None
    past: int | None
    mirror: tuple[bool, bool]

    def viewed_board(self) -> Board:
        """The board of the game as it stands."""
        return self.game.board

    def action_step(self, moves: int) -> None:
        """Show the position ``moves`` moves later (earlier when negative), within the game."""
        now, past = self.viewed_board().move_count, self.past
        self._show(min(max((now if past is None else past) + moves, 0), now))

    def action_step_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves (-1: the game as it stands)."""
        now = self.viewed_board().move_count
        self._show(now if ply < 0 else min(ply, now))

    def _show(self, ply: int) -> None:
        """Look at the position after ``ply`` moves (the status's headline says so)."""
        was, self.past = self.past, None if ply >= self.viewed_board().move_count else ply
        if self.past is not None:
            self.notice = None  # it was about the game as it stands
        elif was is not None:
            self.notice = Notice("Back to the game as it stands", Cause.ANSWER)

    def stepped_refusal(self) -> Notice | None:
        """Why no move may be played now: the board shows a past position (None: it does not)."""
        return None if self.past is None else looking_back_refusal(self.past)

    def mirrored(self) -> tuple[bool, bool]:
        """Whether the board's rows, and columns, are drawn in reverse (the cursor keys follow)."""
        return self.mirror

    def action_flip(self) -> None:
        """Flip the board: the other side at the bottom (in Gravity the columns mirrored, the
        floor still down); again, back as it was."""
        flipped = self.mirror == (False, False)
        self.mirror = presentation_of(self.viewed_board()).mirror if flipped else (False, False)
        self.notice = Notice("Board flipped: f turns it back" if flipped else "Board turned back", Cause.ANSWER)

    def mirror_for(self, board: Board) -> tuple[bool, bool]:
        """How ``board``'s game is drawn with the flip as it is now: a flip stays on from one game
        to another, each drawn flipped its own way (Connect Four mirrors its columns only)."""
        return presentation_of(board).mirror if any(self.mirror) else (False, False)

    def action_go_to(self) -> None:
        """Ask for a square's name (``h8``; Connect Four ``4-1``, or a column's number) and move
        the cursor there."""
        from ..screens.dialogs.file_prompt import PathPrompt

        board = self.viewed_board()
        example = board.name((board.rows // 2, board.cols // 2))  # as this game names its squares
        self.app.push_screen(PathPrompt(f"Go to the square (like {example})", ""), self._go_to)

    def _go_to(self, name: str | None) -> None:
        if not name:
            return
        board = self.viewed_board()
        presentation = presentation_of(board)
        try:
            square = board.square(name)
        except BoardError as error:
            if not (name.isascii() and name.isdigit() and 1 <= int(name) <= board.cols):
                self.notice = Notice(str(error), Cause.KEY)
                return
            square = (0, int(name) - 1)  # a column by its number: where a mark in it lands
        self.cursor = presentation.aim(board, square)
        self.notice = Notice(f"Cursor on {board.name(self.cursor)}", Cause.KEY)

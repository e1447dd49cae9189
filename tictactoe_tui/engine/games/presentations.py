"""How people point at squares of each game of the package's own and what they are told of it
(:class:`~.base.Presentation`): a module of its own, without the games' players, so that the
first frame's status line (which shows no player) asks a game's presentation without building
the game (:func:`~.registry.presentation_of`)."""

from __future__ import annotations

from collections.abc import Callable

from ..board import Board, Mark, Move
from ..rules.gravity import Gravity
from ..rules.ultimate import BLOCK_MASKS, BLOCK_NAMES, SLOT_OF, Ultimate, block_name, unpack
from .base import DigitAnswer, Presentation


class GravityPresentation(Presentation):
    """A mark goes where it would fall; number keys name columns."""

    choice = "column"
    mirror = (False, True)

    def aim(self, board: Board, move: Move) -> Move:
        """The lowest free square of ``move``'s column (the top square when it is full)."""
        return Gravity.landing(board, move)

    def digit_square(self, board: Board, digits: tuple[int, ...], keypad: Callable[[int], Move]) -> DigitAnswer:
        """Digits 1 to the number of columns pick a column."""
        if digits[-1] > board.cols:
            return DigitAnswer(prompt=f"Number keys 1–{board.cols} pick a column here")
        return DigitAnswer(self.aim(board, (0, digits[-1] - 1)))


class MiserePresentation(Presentation):
    """A lost game names the line the loser completed (the winner made none)."""

    def ending(self, board: Board, symbol: Callable[[Mark], str]) -> str:
        if board.winner is None:
            return ""
        squares = " ".join(board.name(move) for move in board.winning_line)
        return f"{symbol(board.winner.other)} completed {squares}"


class UltimatePresentation(Presentation):
    """The status line names the small board to play in; digits pick a square inside it (where
    you may play in any board, a digit picks the board first)."""

    def where_to_play(self, board: Board, mirror: tuple[bool, bool] = (False, False)) -> str:
        if board.is_over:
            return ""
        last, _, _, closed = unpack(board.state)
        if last is None or closed >> SLOT_OF[last] & 1:
            return "any open board"
        return f"the {block_name(SLOT_OF[last], mirror)} board"

    def refusal(self, board: Board, cell: int, mirror: tuple[bool, bool] = (False, False)) -> str:
        rules = board.rules
        return rules.refusal(board, cell, mirror) if isinstance(rules, Ultimate) else rules.refusal(board, cell)

    def digit_square(self, board: Board, digits: tuple[int, ...], keypad: Callable[[int], Move]) -> DigitAnswer:
        """Where you were sent, a digit names the square inside that small board; where you may
        play in any, the first digit picks the board (the cursor goes to its centre) and the
        next the square inside it. The key layout is the same for boards and squares. On a
        finished game a digit names its board's centre (which the screen says cannot be played)."""
        blocks = [block for block, mask in enumerate(BLOCK_MASKS) if board.legal_bits & mask]
        if len(blocks) == 1:
            return DigitAnswer(_square_in(blocks[0], keypad(digits[-1])))
        row, col = keypad(digits[0])
        block = row * 3 + col
        if board.is_over:
            return DigitAnswer(_square_in(block, (1, 1)))
        if block not in blocks:
            return DigitAnswer(prompt=f"The {BLOCK_NAMES[block]} board is decided: pick an open board")
        if len(digits) == 1:
            prompt = f"The {BLOCK_NAMES[block]} board: now a digit for its square"
            return DigitAnswer(cursor=_square_in(block, (1, 1)), prompt=prompt)
        return DigitAnswer(_square_in(block, keypad(digits[1])))


def _square_in(block: int, square: Move) -> Move:
    """The big board's square at ``square`` (row, column 0-2) inside small board ``block``."""
    return (block // 3 * 3 + square[0], block % 3 * 3 + square[1])


#: Each game of the package's own's presentation, by the game's name: what its :class:`~.base.Game`
#: is given (:data:`~..rules.OWN_RULES` names the games; a test checks the two agree).
OWN_PRESENTATIONS: dict[str, Presentation] = {
    "classic": Presentation(),
    "gravity": GravityPresentation(),
    "misere": MiserePresentation(),
    "ultimate": UltimatePresentation(),
}

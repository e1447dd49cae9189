"""Ultimate's levels, its own player (an MCTS-Solver on its own engine), its fast playouts, and how
people are told which small board they were sent to."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..board import Board, Move
from ..players import Decision, MctsStrategy, RandomStrategy, Strategy, unless_won_at_once
from ..players.base import require_moves
from ..rules import RULES, Rules
from ..rules.ultimate import BLOCK_MASKS, BLOCK_NAMES, SLOT_OF, unpack
from ..search.budget import UNLIMITED, Budget
from ..search.kit import SearchKit
from ..search.ultimate.playout import playout_from
from .base import DigitAnswer, Game, Presentation

if TYPE_CHECKING:
    from ..search.ultimate.mcts import SearchTree


class UltimatePresentation(Presentation):
    """The status line names the small board to play in; digits pick a square inside it (where
    you may play in any board, a digit picks the board first)."""

    def where_to_play(self, board: Board, mirror: tuple[bool, bool] = (False, False)) -> str:
        if board.is_over:
            return ""
        last, _, _, closed = unpack(board.state)
        if last is None or closed >> SLOT_OF[last] & 1:
            return "any open board"
        row, col = divmod(SLOT_OF[last], 3)
        shown = (2 - row if mirror[0] else row) * 3 + (2 - col if mirror[1] else col)  # where it is drawn
        return f"the {BLOCK_NAMES[shown]} board"

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


class UltimateMctsStrategy(Strategy):
    """MCTS-Solver on Ultimate's own engine (:mod:`..search.ultimate_mcts`): a move that wins the
    game at once taken wherever the tree or a playout meets one, proven results backed up, the
    tree kept between moves. Stops after ``playouts`` playouts or when the budget ends.
    It plays the game whose ``rules`` its registration hands in (Ultimate's)."""

    name = "ultimate-mcts"

    def __init__(self, playouts: int = 2000, *, rules: Rules) -> None:
        self.playouts = playouts
        self.rules = rules
        self._tree: SearchTree | None = None

    def supports(self, board: Board) -> bool:
        return board.rules is self.rules

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        legal = require_moves(board)
        from ..search.ultimate import mcts as ultimate_mcts

        if self._tree is None:
            self._tree = ultimate_mcts.SearchTree()
        tree = self._tree
        return unless_won_at_once(
            board,
            legal,
            rng,
            lambda allowed: ultimate_mcts.search(board, rng, self.playouts, budget, tree=tree, allowed=allowed),
        )

    def __getstate__(self) -> dict[str, object]:
        """Pickled (to a search process) without its tree."""
        return {**self.__dict__, "_tree": None}


#: The playouts ``impossible`` may run when no clock limits it (about what fits in 1 s here).
STRONGEST_PLAYOUTS = 30_000
_RULES = RULES["ultimate"]
#: Ultimate's searches: the rules' exact solver; playouts on nine-bit masks per small board.
SEARCHES = SearchKit(playout=playout_from)
_STRONGEST = UltimateMctsStrategy(STRONGEST_PLAYOUTS, rules=_RULES)

#: Random, plain MCTS, then Ultimate's own MCTS-Solver with more and more playouts; every
#: level but the first takes a move that wins at once, avoids one that lets the opponent win
#: at once, and reuses its tree.
GAME = Game(
    _RULES,
    {
        "easy": RandomStrategy(),
        "medium": MctsStrategy(200, searches=SEARCHES),
        "hard": UltimateMctsStrategy(1000, rules=_RULES),
        "impossible": _STRONGEST,
    },
    _STRONGEST,
    UltimatePresentation(),
    searches=SEARCHES,
    players=(UltimateMctsStrategy(rules=_RULES),),
    levels_help=(
        "Levels: easy plays at random; medium is MCTS with 200 playouts; hard and impossible are "
        "Ultimate's own MCTS-Solver with 1,000 and 30,000 playouts (under 1 s). Against a stock "
        "MCTS-Solver of 1,000 simulations hard scores 85% and impossible 99%; against one of "
        "10,000, impossible scores 94%."
    ),
)

"""Ultimate's levels, its own player (an MCTS-Solver on its own engine) and its fast playouts (how
people are told which small board they were sent to: :mod:`.presentations`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..board import Board
from ..players import Decision, MctsStrategy, RandomStrategy, Strategy, unless_won_at_once
from ..players.base import require_moves
from ..rules import RULES, Rules
from ..search.budget import UNLIMITED, Budget
from ..search.kit import SearchKit
from ..search.ultimate.playout import playout_from
from .base import Game
from .presentations import OWN_PRESENTATIONS

if TYPE_CHECKING:
    from ..search.ultimate.mcts import SearchTree


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
    OWN_PRESENTATIONS[_RULES.name],
    searches=SEARCHES,
    players=(UltimateMctsStrategy(rules=_RULES),),
    levels_help=(
        "Levels: easy plays at random; medium is MCTS with 200 playouts; hard and impossible are "
        "Ultimate's own MCTS-Solver with 1,000 and 30,000 playouts (under 1 s). Against a stock "
        "MCTS-Solver of 1,000 simulations hard scores 85% and impossible 99%; against one of "
        "10,000, impossible scores 94%."
    ),
)

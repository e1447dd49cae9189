"""Misère's levels (how a lost game is told: :mod:`.presentations`)."""

from __future__ import annotations

from ..players import BySize, MctsStrategy, PerfectStrategy, RandomStrategy
from ..rules import RULES
from .base import Game
from .presentations import OWN_PRESENTATIONS

_HEURISTIC = MctsStrategy(3000)

#: Random; MCTS with 300 and 1,500 playouts (each avoids a move that loses at once); and
#: the solver: exact up to 4×4 (the empty 4×4 board takes it ~1 million nodes, a few
#: seconds), where it may take 10 s whatever the think time; MCTS where it cannot finish.
GAME = Game(
    RULES["misere"],
    {
        "easy": RandomStrategy(),
        "medium": MctsStrategy(300),
        "hard": MctsStrategy(1500),
        "impossible": BySize(
            "impossible",
            (
                (16, PerfectStrategy(2_000_000, _HEURISTIC, min_seconds=10.0)),
                (None, PerfectStrategy(300_000, _HEURISTIC)),
            ),
        ),
    },
    _HEURISTIC,
    OWN_PRESENTATIONS["misere"],
)

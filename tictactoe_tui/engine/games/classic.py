"""The classic game's searches and levels: a tier per board size, from 3×3 to gomoku's 15×15."""

from __future__ import annotations

from ..lazy import LoadedOnCall
from ..players import (
    AlphaBetaStrategy,
    BySize,
    MctsStrategy,
    PerfectStrategy,
    RandomStrategy,
    RulesStrategy,
    SlippingStrategy,
    Strategy,
    ThreatSpaceStrategy,
)
from ..rules import CLASSIC
from ..search.kit import SearchKit, books
from .base import Game
from .presentations import OWN_PRESENTATIONS

_SEARCH = f"{__name__.rsplit('.', 2)[0]}.search"
#: The classic game's searches, where only lines matter and any free square may be marked, each
#: loaded on its first use: the solver on line bitboards (with 5×5's opening book), UCT on
#: bitboards, alpha-beta with threat detection, threat-space search; playouts through the rules.
SEARCHES = SearchKit(
    exact=LoadedOnCall(f"{_SEARCH}.solver", "Solver"),
    uct=LoadedOnCall(f"{_SEARCH}.mcts", "uct"),
    alphabeta=LoadedOnCall(f"{_SEARCH}.alphabeta", "search"),
    threat_space=LoadedOnCall(f"{_SEARCH}.threats", "search"),
    book=books("opening book", {"5x5k4": "book-5x5k4.bin"}),
)

_RANDOM, _RULES = RandomStrategy(), RulesStrategy()
_MCTS, _ALPHABETA = MctsStrategy(1000, searches=SEARCHES), AlphaBetaStrategy(1_500, searches=SEARCHES)
_THREATS = ThreatSpaceStrategy(20_000, searches=SEARCHES)
#: The classic game's heuristic player: what its perfect players on up to 25 squares fall back to
#: where the solver cannot finish (on 6×6 and 7×7 they fall back to threat-space).
CLASSIC_FALLBACK = AlphaBetaStrategy(20_000, searches=SEARCHES)
#: Board sizes the levels tell apart: 3×3; up to 16 squares (4×4); up to 25 squares (5×5,
#: where impossible has an opening book for 4 in a row); up to 49 squares (6×6 and 7×7, often
#: solvable near the end, impossible plays threat-space before that); anything bigger
#: (15×15). On 4×4 to 7×7 good play draws so often that, measured, the levels below
#: impossible never (4×4) or rarely (6×6 and 7×7: about 1 game in 8 for hard) lose to it;
#: there they make deliberate slips.
THREE_BY_THREE, UP_TO_4X4, UP_TO_5X5, UP_TO_7X7 = 9, 16, 25, 49

#: The classic game's difficulty levels.
CLASSIC_LEVELS: dict[str, Strategy] = {
    level.name: level
    for level in (
        BySize("easy", ((None, _RANDOM),)),
        BySize("medium", ((THREE_BY_THREE, _RULES), (UP_TO_4X4, SlippingStrategy(_RULES, 4)), (None, _RULES))),
        BySize(
            "hard",
            (
                (THREE_BY_THREE, _MCTS),
                (UP_TO_4X4, SlippingStrategy(_MCTS, 5)),
                (UP_TO_7X7, SlippingStrategy(_ALPHABETA, 20)),
                (None, _ALPHABETA),
            ),
        ),
        BySize(
            "impossible",
            (
                (UP_TO_4X4, PerfectStrategy(300_000, CLASSIC_FALLBACK, set_traps=True, searches=SEARCHES)),
                (UP_TO_5X5, PerfectStrategy(1_000_000, CLASSIC_FALLBACK, min_seconds=10.0, searches=SEARCHES)),
                (UP_TO_7X7, PerfectStrategy(50_000, _THREATS, searches=SEARCHES)),
                (None, _THREATS),
            ),
        ),
    )
}

GAME = Game(CLASSIC, CLASSIC_LEVELS, CLASSIC_FALLBACK, OWN_PRESENTATIONS[CLASSIC.name], searches=SEARCHES)

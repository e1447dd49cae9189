"""Computer players by kind: the seeds' players, the exact player, the searching players (alpha-beta,
threat space), the Monte Carlo players, and the building blocks of levels (slips, tiers by size).

Players use searches and rules; which player a game's level is belongs to the games registry
(:mod:`tictactoe_tui.engine.games`), which no player imports.
"""

from .base import Decision, Strategy
from .mcts import (
    MctsStrategy,
    ReferenceMctsStrategy,
    ReferenceSolverStrategy,
    immediate_outcomes,
    unless_won_at_once,
)
from .perfect import ANY_GAME_PLAYOUTS, Choices, PerfectStrategy
from .searching import AlphaBetaStrategy, ThreatSpaceStrategy, proven_value
from .seeds import (
    FIRST_SEAT_TABLE,
    SECOND_SEAT_TABLE,
    OpeningTableStrategy,
    RandomStrategy,
    RulesStrategy,
    centre_cells,
    corner_cells,
    first_winning_cell,
    rules_squares,
)
from .tiers import BySize, SlippingStrategy

__all__ = [
    "ANY_GAME_PLAYOUTS",
    "FIRST_SEAT_TABLE",
    "SECOND_SEAT_TABLE",
    "AlphaBetaStrategy",
    "BySize",
    "Choices",
    "Decision",
    "MctsStrategy",
    "OpeningTableStrategy",
    "PerfectStrategy",
    "RandomStrategy",
    "ReferenceMctsStrategy",
    "ReferenceSolverStrategy",
    "RulesStrategy",
    "SlippingStrategy",
    "Strategy",
    "ThreatSpaceStrategy",
    "centre_cells",
    "corner_cells",
    "first_winning_cell",
    "immediate_outcomes",
    "proven_value",
    "rules_squares",
    "unless_won_at_once",
]

"""Playouts: random games played on from a position, which the Monte Carlo searches score
positions by. The one here plays any game through its rules; a game may hand in a faster one
of its own (:class:`~.kit.SearchKit`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..board import Geometry, cells_of

#: A random game played on from a position (the game's shape, the cells of the side to move
#: and of the side that just moved, the rules' state word, the random generator): 1.0 if the
#: side that just moved wins, 0.5 for a draw, 0.0 if it loses. Each game may hand in its own.
Playout = Callable[[Geometry, int, int, int, random.Random], float]


def rules_playout(shape: Geometry, me: int, opp: int, state: int, rng: random.Random) -> float:
    """A :data:`Playout` for any game, through its rules (one move at a time)."""
    rules = shape.rules
    mover_moved_in = False  # the side to move is not the one that moved into ``node``
    while True:
        cells = cells_of(rules.legal(shape, me, opp, state))
        cell = cells[rng.randrange(len(cells))]
        me |= 1 << cell
        state, result = rules.after(shape, me, opp, state, cell)
        if result is not None:
            score = (result + 1) / 2
            return score if mover_moved_in else 1.0 - score
        me, opp = opp, me
        mover_moved_in = not mover_moved_in

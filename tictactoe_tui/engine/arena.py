"""Computer against computer: single games and seeded series."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .board import Board, Mark
from .solver import UNLIMITED, Budget
from .strategies import Strategy


@dataclass(frozen=True)
class ArenaResult:
    """Totals of a series; ``x`` and ``o`` are the names that played each seat."""

    x: str
    o: str
    games: int
    x_wins: int
    o_wins: int
    draws: int


def play_game(board: Board, x: Strategy, o: Strategy, rng: random.Random, budget: Budget = UNLIMITED) -> Board:
    """Play ``board`` out with ``x`` and ``o`` moving in turn; return the final position."""
    while not board.is_over:
        player = x if board.to_move is Mark.X else o
        board = board.play(player.choose(board, rng, budget))
    return board


def run_arena(
    x_name: str,
    x: Strategy,
    o_name: str,
    o: Strategy,
    *,
    games: int,
    start: Board,
    seed: int,
    on_game: Callable[[Board], None] | None = None,
) -> ArenaResult:
    """Play ``games`` games from ``start``; the same seed gives the same results."""
    series = random.Random(seed)
    tally = {Mark.X: 0, Mark.O: 0, None: 0}
    for _ in range(games):
        final = play_game(start, x, o, random.Random(series.getrandbits(64)))
        tally[final.winner] += 1
        if on_game is not None:
            on_game(final)
    return ArenaResult(x_name, o_name, games, tally[Mark.X], tally[Mark.O], tally[None])

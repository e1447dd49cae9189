"""Computer against computer: single games and seeded series, optionally on several cores."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, Unpack

from .board import Board, Mark
from .games import get_strategy
from .players import Strategy
from .search.budget import Budget

if TYPE_CHECKING:  # only pools that callers pass in
    from concurrent.futures import Executor

#: Each level and the one below it, weakest pairing first.
LADDER = (("medium", "easy"), ("hard", "medium"), ("impossible", "hard"))
#: The outside yardstick every level is also measured against.
REFERENCE = "mcts-1000"
#: The reference as common MCTS libraries run it, backing up proven wins and losses.
SOLVER_REFERENCE = "mcts-solver-1000"
#: Each level against the yardstick, easiest first.
AGAINST_REFERENCE = tuple(
    (level, reference)
    for reference in (REFERENCE, SOLVER_REFERENCE)
    for level in ("easy", "medium", "hard", "impossible")
)


class SeriesOptions(TypedDict, total=False):
    """How the games of a series are played, beyond who plays, how many and from where."""

    seconds_a_move: float | None
    """Each move's time (None, the default: as long as the player's own limits allow)."""
    on_game: Callable[[Board], None] | None
    """Given each final position."""
    on_move: Callable[[Board], None] | None
    """Given each position after a move (only where the games are played here: a ``pool``'s
    processes report whole games)."""
    pool: Executor | None
    """Processes to share the games out to (None: played here, one after another)."""


@dataclass(frozen=True)
class ArenaResult:
    """Totals of a series; ``x`` and ``o`` are the names that played each seat."""

    x: str
    o: str
    games: int
    x_wins: int
    o_wins: int
    draws: int


def play_game(
    board: Board,
    x: Strategy,
    o: Strategy,
    rng: random.Random,
    seconds_a_move: float | None = None,
    on_move: Callable[[Board], None] | None = None,
) -> Board:
    """Play ``board`` out with ``x`` and ``o`` moving in turn; return the final position.
    Each move may take ``seconds_a_move`` (None: as long as the player's own limits allow);
    ``on_move`` is given the position after each move."""
    while not board.is_over:
        player = x if board.to_move is Mark.X else o
        board = board.play(player.choose(board, rng, Budget.seconds(seconds_a_move)))
        if on_move is not None:
            on_move(board)
    return board


def play_seeded_game(
    start: Board,
    x: str,
    o: str,
    game_seed: int,
    seconds_a_move: float | None = None,
    on_move: Callable[[Board], None] | None = None,
) -> Board:
    """One game of a series between two named players (a top-level function, so a process
    pool can run it)."""
    return play_game(start, get_strategy(x), get_strategy(o), random.Random(game_seed), seconds_a_move, on_move)


def run_arena(
    x: str,
    o: str,
    *,
    games: int,
    start: Board,
    seed: int,
    **options: Unpack[SeriesOptions],
) -> ArenaResult:
    """Play ``games`` games from ``start`` between the named levels or strategies, as ``options``
    say (:class:`SeriesOptions`).

    Without ``seconds_a_move`` each player stops at its own node limits, so the same seed gives
    the same results, with or without a ``pool`` to share the games out; with it, a search may
    stop sooner on a slower or busier machine.
    """
    seconds_a_move, on_game, on_move = options.get("seconds_a_move"), options.get("on_game"), options.get("on_move")
    pool = options.get("pool")
    series = random.Random(seed)
    game_seeds = [series.getrandbits(64) for _ in range(games)]
    finals: Iterator[Board]
    if pool is None:
        finals = (play_seeded_game(start, x, o, game_seed, seconds_a_move, on_move) for game_seed in game_seeds)
    else:
        finals = pool.map(
            play_seeded_game, [start] * games, [x] * games, [o] * games, game_seeds, [seconds_a_move] * games
        )
    tally = {Mark.X: 0, Mark.O: 0, None: 0}
    for final in finals:
        tally[final.winner] += 1
        if on_game is not None:
            on_game(final)
    return ArenaResult(x, o, games, tally[Mark.X], tally[Mark.O], tally[None])


@dataclass(frozen=True)
class PairingResult:
    """``upper`` against ``lower`` from both seats: ``upper``'s wins and losses, and the draws."""

    upper: str
    lower: str
    games: int
    wins: int
    losses: int
    draws: int

    @property
    def beats_lower(self) -> bool:
        return self.wins > self.losses

    @property
    def score(self) -> float:
        """``upper``'s share of the points: a win counts 1, a draw a half."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0


def run_pairing(
    upper: str,
    lower: str,
    *,
    games: int,
    start: Board,
    seed: int,
    **options: Unpack[SeriesOptions],
) -> PairingResult:
    """Half the games with ``upper`` as X (series seed ``seed``), half as O (``seed + 1``)."""
    half = max(1, games // 2)
    series = functools.partial(run_arena, games=half, start=start, **options)
    as_x = series(upper, lower, seed=seed)
    as_o = series(lower, upper, seed=seed + 1)
    return PairingResult(
        upper,
        lower,
        2 * half,
        wins=as_x.x_wins + as_o.o_wins,
        losses=as_x.o_wins + as_o.x_wins,
        draws=as_x.draws + as_o.draws,
    )

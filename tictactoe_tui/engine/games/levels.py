"""The players people name: the levels (in each game, the player its registration names), the
strategies of every game and of one game, and the exact analysis through each game's solver."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ...registry import Registry
from ..blended import MatchMe
from ..board import Board
from ..players import (
    AlphaBetaStrategy,
    BySize,
    Decision,
    MctsStrategy,
    OpeningTableStrategy,
    PerfectStrategy,
    RandomStrategy,
    ReferenceMctsStrategy,
    ReferenceSolverStrategy,
    RulesStrategy,
    Strategy,
    ThreatSpaceStrategy,
)
from ..rules import Rules
from ..search.budget import UNLIMITED, Budget
from ..search.kit import SearchKit
from .base import LEVEL_NAMES, Game
from .registry import GAMES, game_of

if TYPE_CHECKING:
    from ..search.solver import Analysis


def register_game(game: Game) -> Game:
    """Offer ``game`` everywhere games are offered (the sidebar, the palette, the command line,
    files, the archive): it joins :data:`GAMES`, its one entry (which :data:`~..rules.RULES`
    reads its rules from), and its own players (:attr:`Game.players`) join :data:`STRATEGIES`.
    The same game again (its rules of the same class: say, a copy a spawned process unpickled)
    is a no-op that returns the one registered; a name already taken otherwise is refused
    (ValueError), and then nothing is registered."""
    if game.name in GAMES and type(GAMES[game.name].rules) is type(game.rules):
        return GAMES[game.name]
    taken = [game.name] if game.name in GAMES else []
    # its own players' names against every strategy's (which loads the package's own games: a
    # game without players of its own, most plug-ins', is registered without loading them)
    taken += [player.name for player in game.players if player.name in GAMES or player.name in STRATEGIES]
    if taken:
        raise ValueError(f"already registered: {', '.join(taken)}")
    GAMES.register(game.name, game)
    for player in game.players:
        STRATEGIES.register(player.name, player)
    return game


def unregister_game(name: str) -> None:
    """Undo :func:`register_game` for the game called ``name``: its players leave the strategies,
    the game (and with it its rules) the games, and the levels forget who played them there
    (KeyError if no game is called so)."""
    game = GAMES[name]
    for player in game.players:
        STRATEGIES.unregister(player.name)
    GAMES.unregister(name)
    for level in LEVELS.values():
        level.forget(game.rules)


@contextmanager
def registered_game(game: Game) -> Iterator[Game]:
    """``game`` registered (:func:`register_game`) for the ``with`` block, then taken out again;
    a name already taken is refused, even by the same game (the block would take it out)."""
    if game.name in GAMES:
        raise ValueError(f"already registered: {game.name}")
    register_game(game)
    try:
        yield game
    finally:
        unregister_game(game.name)


def analyze(board: Board, budget: Budget = UNLIMITED) -> Analysis:
    """Exact values of every legal move of ``board``, by its game's solver (see
    :class:`~..search.solver.Analysis`)."""
    return game_of(board).searches.analyze(board, budget)


class Level(Strategy):
    """A player people pick by name: in each game, the player that game registers for it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._players: dict[Rules, Strategy] = {}

    def player(self, game: Game) -> Strategy:
        """Who plays this level in ``game``."""
        return game.levels[self.name]

    def forget(self, rules: Rules) -> None:
        """Forget who plays this level in the game of ``rules`` (it was unregistered)."""
        self._players.pop(rules, None)

    def pick(self, board: Board) -> Strategy:
        """The strategy this level plays on ``board`` (a dictionary look-up once warm: it runs on
        every 3×3 move)."""
        rules = board.geometry.rules
        player = self._players.get(rules)
        if player is None:
            player = self._players[rules] = self.player(GAMES[rules.name])
        return player.pick(board) if isinstance(player, BySize) else player

    def supports(self, board: Board) -> bool:
        return self.pick(board).supports(board)

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        return self.pick(board).decide(board, rng, budget)


class PerfectLevel(Level):
    """``perfect``: the exact solver where it finishes, each game's heuristic player where not."""

    def __init__(self) -> None:
        super().__init__(PerfectStrategy.name)

    def player(self, game: Game) -> Strategy:
        return PerfectStrategy(fallback=game.heuristic, searches=game.searches)


class EachGamesSearches:
    """Hands a player that plays every game the searches of the game in front of it."""

    def of(self, board: Board) -> SearchKit:
        return game_of(board).searches


#: What the players people name for any game search with: each board's game's searches.
GAME_SEARCHES = EachGamesSearches()


#: The difficulty levels people pick, easiest first.
LEVELS: Registry[Level] = Registry("level")
for _name in LEVEL_NAMES:
    LEVELS.register(_name, Level(_name))


def _strategies() -> list[tuple[str, Strategy]]:
    """The strategies people may name, made when :data:`STRATEGIES` is first read or added to
    (that loads every game of the package's own, for their own players): those of every game,
    each game's own players, the yardsticks, in that order."""
    return [
        (strategy.name, strategy)
        for strategy in (
            RandomStrategy(),
            RulesStrategy(),
            OpeningTableStrategy(),
            PerfectLevel(),
            MctsStrategy(searches=GAME_SEARCHES),
            AlphaBetaStrategy(searches=GAME_SEARCHES),
            ThreatSpaceStrategy(searches=GAME_SEARCHES),
            *(player for game in GAMES.values() for player in game.players),
            ReferenceMctsStrategy(searches=GAME_SEARCHES),
            ReferenceSolverStrategy(searches=GAME_SEARCHES),
            ReferenceSolverStrategy(10_000, searches=GAME_SEARCHES),
            MatchMe(get_strategy),
        )
    ]


#: The strategies people may name on the command line and in the sidebar, by name: those of
#: every game, each game's own players (:attr:`Game.players`), the yardsticks, then any
#: registered later (a plug-in's game's players).
STRATEGIES: Registry[Strategy] = Registry("strategy", fill=_strategies)


def strategy_names() -> list[str]:
    """Every name :func:`get_strategy` accepts: the levels, then the strategies."""
    return [*LEVELS, *STRATEGIES]


def get_strategy(name: str) -> Strategy:
    """The strategy for a level (``easy`` … ``impossible``) or a strategy name."""
    key = name.strip().lower()
    if key in LEVELS:
        return LEVELS[key]
    if key in STRATEGIES:
        return STRATEGIES[key]
    raise ValueError(f"unknown level or strategy {name!r}: choose from {', '.join(strategy_names())}")

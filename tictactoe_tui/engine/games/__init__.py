"""The games registry: each game's rules, its levels and its presentation, by name.

The top of the engine. A new game is a rules module (:mod:`..rules`), a module here that
names its players and presentation, and one line in :data:`GAMES`. Nothing below imports
this package: rules, boards, searches and players never name a game's levels.
"""

from __future__ import annotations

import random

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
from ..rules import RULES, Rules, rules_named
from ..search.kit import SearchKit
from ..search.solver import UNLIMITED, Analysis, Budget
from . import classic, gravity, misere, ultimate
from .base import LEVEL_NAMES, DigitAnswer, Game, Presentation

__all__ = [
    "GAMES",
    "LEVELS",
    "LEVEL_NAMES",
    "STRATEGIES",
    "DigitAnswer",
    "Game",
    "Level",
    "Presentation",
    "analyze",
    "game_named",
    "game_of",
    "get_strategy",
    "plug_ins",
    "register_game",
    "strategy_names",
]

#: Every game by its name, in the order the sidebar offers them (the rules' order).
GAMES: dict[str, Game] = {game.name: game for game in (classic.GAME, gravity.GAME, misere.GAME, ultimate.GAME)}
assert list(GAMES) == list(RULES), "every game's rules have one registered game"
#: The games the package registers itself: a process that imports it knows them.
OWN_GAMES = frozenset(GAMES)


def register_game(game: Game) -> Game:
    """Offer ``game`` everywhere games are offered (the sidebar, the palette, the command line,
    files, the archive): its rules join :data:`~..rules.RULES`, it joins :data:`GAMES`, and its
    own players (:attr:`Game.players`) join :data:`STRATEGIES`. A name already taken is refused."""
    taken = [name for name in (game.name, *(player.name for player in game.players)) if name in {*GAMES, *STRATEGIES}]
    if taken:
        raise ValueError(f"already registered: {', '.join(taken)}")
    RULES[game.name] = game.rules
    GAMES[game.name] = game
    STRATEGIES.update((player.name, player) for player in game.players)
    return game


def plug_ins() -> tuple[Game, ...]:
    """The games registered from outside the package (:func:`register_game`), which a process
    started afresh (the search process) must be handed."""
    return tuple(game for name, game in GAMES.items() if name not in OWN_GAMES)


def game_named(name: str) -> Game:
    """The registered game called ``name`` (any case); :class:`BoardError` names the choices."""
    return GAMES[rules_named(name).name]


def game_of(board: Board) -> Game:
    """The game ``board`` is played in."""
    return GAMES[board.rules.name]


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
LEVELS: dict[str, Level] = {name: Level(name) for name in LEVEL_NAMES}

#: The strategies people may name on the command line and in the sidebar, by name: those of
#: every game, each game's own players (:attr:`Game.players`), the yardsticks.
STRATEGIES: dict[str, Strategy] = {
    strategy.name: strategy
    for strategy in (
        RandomStrategy(),
        RulesStrategy(),
        OpeningTableStrategy(),
        PerfectLevel(),
        MctsStrategy(searches=GAME_SEARCHES),
        AlphaBetaStrategy(),
        ThreatSpaceStrategy(),
        *(player for game in GAMES.values() for player in game.players),
        ReferenceMctsStrategy(searches=GAME_SEARCHES),
        ReferenceSolverStrategy(searches=GAME_SEARCHES),
        ReferenceSolverStrategy(10_000, searches=GAME_SEARCHES),
    )
}


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

"""A game's searches are handed in by its registration; players and the review take them from it."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Board, Budget, get_strategy
from tictactoe_tui.engine.board import Geometry
from tictactoe_tui.engine.games import GAME_SEARCHES, GAMES
from tictactoe_tui.engine.players import (
    AlphaBetaStrategy,
    MctsStrategy,
    PerfectStrategy,
    ReferenceMctsStrategy,
    ReferenceSolverStrategy,
)
from tictactoe_tui.engine.search.alphabeta import SearchOutcome
from tictactoe_tui.engine.search.gravity.solver import GravitySolver
from tictactoe_tui.engine.search.kit import SearchKit, UctAnswer
from tictactoe_tui.engine.search.playouts import rules_playout
from tictactoe_tui.engine.search.rules_solver import RulesSolver
from tictactoe_tui.engine.search.solver import ExactSolver


class Counting:
    """A playout that counts its calls and plays through the rules."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, shape: Geometry, me: int, opp: int, state: int, rng: random.Random) -> float:
        self.calls += 1
        return rules_playout(shape, me, opp, state, rng)


def test_monte_carlo_players_run_the_playouts_they_are_handed() -> None:
    board = Board.empty(4, 4, 4, "misere")
    for player in (lambda kit: MctsStrategy(50, searches=kit), lambda kit: ReferenceSolverStrategy(50, searches=kit)):
        counting = Counting()
        player(SearchKit(playout=counting)).decide(board, random.Random(1), Budget())
        assert counting.calls >= 50


def test_perfect_uses_the_solver_it_is_handed() -> None:
    made: list[Geometry] = []

    def solver(shape: Geometry) -> ExactSolver:
        made.append(shape)
        return RulesSolver(shape)

    board = Board.parse("xx./oo./...", k=3, game="misere")
    PerfectStrategy(searches=SearchKit(exact=solver)).decide(board, random.Random(0))
    assert made == [board.geometry]


def test_each_game_hands_in_its_own_searches() -> None:
    connect_four = Board.empty(6, 7, 4, "gravity")
    assert isinstance(GAMES["gravity"].searches.solver(connect_four.geometry), GravitySolver)
    assert GAMES["ultimate"].searches.playout is not rules_playout
    for game in GAMES.values():
        board = Board.empty(*game.rules.presets[0], game.name)
        assert GAME_SEARCHES.of(board) is game.searches
    # the players people name for any game look the searches up per board
    named = get_strategy("mcts-solver-1000")
    assert isinstance(named, ReferenceSolverStrategy)
    assert named.searches is GAME_SEARCHES


def test_the_searching_players_play_the_games_whose_kit_has_their_search_and_run_that_one() -> None:
    classic, big, gravity = Board.empty(3, 3, 3), Board.empty(7, 7, 5), Board.empty(6, 7, 4, "gravity")
    alphabeta, threat_space = get_strategy("alphabeta"), get_strategy("threat-space")
    assert [alphabeta.supports(board) for board in (classic, big, gravity)] == [True, True, False]
    assert [threat_space.supports(board) for board in (classic, big, gravity)] == [False, True, False]
    with pytest.raises(ValueError, match="alphabeta does not play Gravity"):
        alphabeta.decide(gravity, random.Random(0))
    seen: list[str] = []
    own = GAMES["classic"].searches

    def alpha_beta(board: Board, budget: Budget, *, every_score: bool = False) -> SearchOutcome:
        seen.append("alphabeta")
        assert own.alphabeta is not None
        return own.alphabeta(board, budget, every_score=every_score)

    def uct(
        board: Board,
        rng: random.Random,
        playouts: int,
        budget: Budget,
        *,
        exploration: float | None = None,
        tactics: bool = True,
    ) -> UctAnswer:
        seen.append(f"uct, tactics {tactics}")
        assert own.uct is not None
        return own.uct(board, rng, playouts, budget, exploration=exploration, tactics=tactics)

    kit = SearchKit(uct=uct, alphabeta=alpha_beta)
    for player in (AlphaBetaStrategy(500, searches=kit), MctsStrategy(50, searches=kit)):
        player.decide(classic, random.Random(0))
    ReferenceMctsStrategy(searches=kit).decide(classic, random.Random(0), Budget(max_nodes=1))
    assert seen == ["alphabeta", "uct, tactics True", "uct, tactics False"]

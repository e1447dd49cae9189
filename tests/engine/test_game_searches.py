"""A game's searches are handed in by its registration; players and the review take them from it."""

from __future__ import annotations

import random

from tictactoe_tui.engine import Board, Budget, get_strategy
from tictactoe_tui.engine.board import Geometry
from tictactoe_tui.engine.games import GAME_SEARCHES, GAMES
from tictactoe_tui.engine.players import MctsStrategy, PerfectStrategy, ReferenceSolverStrategy
from tictactoe_tui.engine.search.gravity_solver import GravitySolver
from tictactoe_tui.engine.search.kit import SearchKit
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

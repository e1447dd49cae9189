"""The engine's catalogues of names are registries: a game registered from outside joins them
all, and leaves them all again."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Board, BoardError, Budget, Decision, get_strategy
from tictactoe_tui.engine.games import (
    GAMES,
    LEVELS,
    STRATEGIES,
    Game,
    plug_ins,
    presentation_of,
    register_game,
    registered_game,
    unregister_game,
)
from tictactoe_tui.engine.players import RandomStrategy, RulesStrategy, Strategy
from tictactoe_tui.engine.rules import OWN_RULES, RULES, rules_named
from tictactoe_tui.engine.rules.classic import Classic
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.registry import Registry


class Copycat(Classic):
    """The classic game under another name."""

    name = "copycat"
    title = "Copycat"


class Named(Strategy):
    """A player of its own name that plays the first free square."""

    def __init__(self, name: str) -> None:
        self.name = name

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        return Decision(board.legal_moves()[0])


def copycat(rules: Copycat, easy: Strategy, *players: Strategy) -> Game:
    """The copycat game, ``easy`` its easy level, ``players`` its own players."""
    levels = {"easy": easy, "medium": RulesStrategy(), "hard": RulesStrategy(), "impossible": RulesStrategy()}
    return Game(rules, levels, RulesStrategy(), players=players)


def test_the_catalogues_are_registries_and_the_package_lists_its_games_once() -> None:
    for catalogue in (GAMES, STRATEGIES, LEVELS):
        assert type(catalogue) is Registry  # the one type, no subclass overriding its methods
    for game in GAMES.values():
        assert type(game.searches.book) is type(game.searches.win_book) is Registry
    names = [rules.name for rules in OWN_RULES]
    assert list(RULES) == list(GAMES) == names
    assert plug_ins() == ()


def test_each_own_games_presentation_is_the_one_its_game_is_given_and_a_plug_ins_its_games() -> None:
    """presentation_of answers a game of the package's own from OWN_PRESENTATIONS (without
    building it): that must be the very presentation its registered game holds."""
    from tictactoe_tui.engine.games.presentations import OWN_PRESENTATIONS

    assert list(OWN_PRESENTATIONS) == [rules.name for rules in OWN_RULES]
    for rules in OWN_RULES:
        board = Board.empty(*rules.presets[0], rules.name)
        assert presentation_of(board) is OWN_PRESENTATIONS[rules.name] is GAMES[rules.name].presentation
    with registered_game(copycat(Copycat(), RandomStrategy())) as game:
        assert presentation_of(Board.empty(3, 3, 3, "copycat")) is game.presentation


def test_a_game_registered_for_a_block_is_everywhere_inside_it_and_nowhere_after() -> None:
    rules, player = Copycat(), Named("copycat-first")
    with registered_game(copycat(rules, RandomStrategy(), player)) as game:
        assert rules_named("Copycat") is rules
        assert GAMES["copycat"] is game
        assert plug_ins() == (game,)
        assert get_strategy("copycat-first") is player
        assert list(STRATEGIES)[-1] == "copycat-first"
        assert LEVELS["easy"].pick(Board.empty(3, 3, 3, "copycat")).name == "random"
    assert "copycat" not in RULES
    assert "copycat" not in GAMES
    assert "copycat-first" not in STRATEGIES
    with pytest.raises(BoardError, match="unknown game 'copycat'"):
        rules_named("copycat")
    with pytest.raises(RuntimeError), registered_game(copycat(rules, RandomStrategy())):
        raise RuntimeError("the test failed")
    assert "copycat" not in GAMES


def test_a_game_is_one_registry_entry_whose_rules_the_rules_read_from_it() -> None:
    rules = Copycat()
    with registered_game(copycat(rules, RandomStrategy())) as game:
        GAMES.unregister("copycat")  # its one entry taken out by hand: its rules go with it
        assert "copycat" not in RULES
        with pytest.raises(BoardError, match="unknown game 'copycat'"):
            rules_named("copycat")
        GAMES.register("copycat", game)  # and back, by the games registry alone
        assert RULES["copycat"] is rules_named("copycat") is rules
        assert list(RULES) == list(GAMES)


def test_a_game_registered_again_is_played_by_its_new_levels() -> None:
    """The levels remember who plays them in each game: unregistering the game forgets it."""
    rules = Copycat()
    with registered_game(copycat(rules, RandomStrategy())):
        assert LEVELS["easy"].pick(Board.empty(3, 3, 3, "copycat")).name == "random"
    with registered_game(copycat(rules, RulesStrategy())):
        assert LEVELS["easy"].pick(Board.empty(3, 3, 3, "copycat")).name == "rules"


def test_a_taken_name_registers_nothing_and_an_unknown_game_cannot_be_unregistered() -> None:
    with pytest.raises(ValueError, match="already registered: mcts"):
        register_game(copycat(Copycat(), RandomStrategy(), Named("mcts")))
    assert "copycat" not in RULES
    assert "copycat" not in GAMES
    with pytest.raises(KeyError):
        unregister_game("copycat")

"""Exact five: a game, a kind of player, its seat and a table, brought to tictactoe-tui by one
entry point (see pyproject.toml)."""

from __future__ import annotations

from tictactoe_tui.engine.games import Game
from tictactoe_tui.engine.players import MctsStrategy, RandomStrategy
from tictactoe_tui.plugins import PlugIn
from tictactoe_tui.table import Player, Table

from .rules import ExactFive

#: The game: its rules and a player for each level (the searches any game gets: the rules'
#: solver and playouts).
GAME = Game(
    ExactFive(),
    {
        "easy": RandomStrategy(),
        "medium": MctsStrategy(100),
        "hard": MctsStrategy(400),
        "impossible": MctsStrategy(1500),
    },
    MctsStrategy(1500),
)

#: A kind of player: it plays the first free square in reading order, at once.
FIRST_FREE = Player("first-free", "First-free", "First-free's turn", "First-free wins")
#: A table: you play X, first-free O.
AGAINST_FIRST_FREE = Table("you vs first-free", "vs first-free", ("you", FIRST_FREE.name))


def register(plugin: PlugIn) -> None:
    """What tictactoe-tui calls, once in each of its processes."""
    plugin.game(GAME)
    plugin.player(FIRST_FREE)
    plugin.seat(FIRST_FREE.name, "exact_five.seat:FirstFreeSeat")  # imported when a game first seats it
    plugin.table(AGAINST_FIRST_FREE)

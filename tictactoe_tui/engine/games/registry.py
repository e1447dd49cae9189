"""Every game by name: the package's own games, each loaded with its players and searches on
first use, and the games registered from outside."""

from __future__ import annotations

import importlib
from functools import partial

from ...registry import Registry
from ..board import Board
from ..rules import OWN_RULES, RULES, rules_named
from .base import Game, Presentation
from .presentations import OWN_PRESENTATIONS


def _own_game(name: str) -> Game:
    """The package's own game ``name``: its module's ``GAME`` (the module here of its name)."""
    game: Game = importlib.import_module(f".{name}", __package__).GAME
    return game


#: Every game by its name, in the order the sidebar offers them (the rules' order). A game of
#: the package's own (:data:`~..rules.OWN_RULES`) is its module's ``GAME``, imported when the game
#: is first asked for: a start on the classic board never builds Ultimate's players.
GAMES: Registry[Game] = Registry("game")
for _own in OWN_RULES:
    GAMES.register_loader(_own.name, partial(_own_game, _own.name))
RULES.read_from(GAMES)  # the one entry a game: the rules registry reads its names and rules here


def plug_ins() -> tuple[Game, ...]:
    """The games registered from outside the package (:func:`~.levels.register_game`), which a
    process started afresh (the search process) must be handed."""
    own = {rules.name for rules in OWN_RULES}
    return tuple(GAMES[name] for name in GAMES if name not in own)


def game_named(name: str) -> Game:
    """The registered game called ``name`` (any case); :class:`BoardError` names the choices."""
    return GAMES[rules_named(name).name]


def game_of(board: Board) -> Game:
    """The game ``board`` is played in."""
    return GAMES[board.rules.name]


def presentation_of(board: Board) -> Presentation:
    """How people point at squares of ``board``'s game and what they are told of it. A game of
    the package's own answers from :data:`~.presentations.OWN_PRESENTATIONS`, the one its
    :class:`Game` is given, without building the game's players (the first frame's status line
    asks, and shows no player); any other, from its registered game."""
    own = OWN_PRESENTATIONS.get(board.rules.name)
    return own if own is not None else game_of(board).presentation

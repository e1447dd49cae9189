"""Every game by name: the package's own games, each loaded with its players and searches on
first use, and the games registered from outside."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping

from ..board import Board
from ..rules import RULES, rules_named
from .base import Game

#: The package's own games, each by the module here that registers it, in the rules' order.
OWN_GAMES: dict[str, str] = {"classic": ".classic", "gravity": ".gravity", "misere": ".misere", "ultimate": ".ultimate"}
assert list(OWN_GAMES) == list(RULES), "every game's rules have one registered game"


class Games(MutableMapping[str, Game]):
    """The registered games by name, in the order the sidebar offers them. A game of the
    package's own is its module's ``GAME``, imported when the game is first asked for: a start
    on the classic board never builds Ultimate's players."""

    def __init__(self) -> None:
        self._games: dict[str, Game | None] = dict.fromkeys(OWN_GAMES)

    def __getitem__(self, name: str) -> Game:
        game = self._games[name]
        if game is None:
            loaded: Game = importlib.import_module(OWN_GAMES[name], __package__).GAME
            game = self._games[name] = loaded
        return game

    def __setitem__(self, name: str, game: Game) -> None:
        self._games[name] = game

    def __delitem__(self, name: str) -> None:
        del self._games[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)


#: Every game by its name, in the order the sidebar offers them (the rules' order).
GAMES = Games()


def plug_ins() -> tuple[Game, ...]:
    """The games registered from outside the package (:func:`~.levels.register_game`), which a
    process started afresh (the search process) must be handed."""
    return tuple(GAMES[name] for name in GAMES if name not in OWN_GAMES)


def game_named(name: str) -> Game:
    """The registered game called ``name`` (any case); :class:`BoardError` names the choices."""
    return GAMES[rules_named(name).name]


def game_of(board: Board) -> Game:
    """The game ``board`` is played in."""
    return GAMES[board.rules.name]

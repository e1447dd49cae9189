"""Saving and loading games on the game screen (the file format: :mod:`..store.savefile`),
loaded when the player first saves or loads one. What comes of the dialogs reaches the screen
as messages: :class:`~.status.Told` for a game saved (or one that cannot or need not be
loaded), :class:`~.messages.Loaded` for one read."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from ...game import AIDS, GameState, Settings
from ...store import savefile
from ...words import counted
from ..widgets.status import Cause, Notice, Told
from .messages import Loaded, Saved
from .play import PlayScreen


def resumed(settings: Settings, saved: savefile.SavedGame, number: int = 1) -> GameState:
    """A saved game brought back as it was saved: who played which side, which symbol each showed,
    and (a game in progress) when its moves were played and the help it took."""
    game = GameState.resume(settings, saved.board, number, saved.seating)
    played = saved.played
    if played is None:
        return game
    kept = replace(game, started=played.started, times=played.times, levels=played.levels or game.levels)
    return kept.with_aids(played.aids & frozenset(AIDS)).with_coach(played.coached)


def played_of(game: GameState) -> savefile.Played:
    """When ``game``'s moves were played and the help it took, as a game in progress keeps them."""
    times = game.times[: len(game.board.history or ())]
    return savefile.Played(game.started, times, game.coached, game.aids, game.levels)


def loaded_news(name: str | None, saved: savefile.SavedGame) -> str:
    """What the status says of a game just loaded from the file ``name`` (as the player gave it)."""
    played = counted(saved.board.move_count, "move")
    return f"Loaded {Path(name).name}: {played} played" if name else f"Loaded the saved game: {played} played"


def played_on_news(position: savefile.SavedGame) -> str:
    """What the status says of a game played on from a position of the archive."""
    return f"Playing on from the archive after {counted(position.board.move_count, 'move')}"


def on_screen(screen: PlayScreen, saved: savefile.SavedGame) -> bool:
    """Whether ``saved`` is the game on ``screen`` as it stands: the same moves (none taken back
    to play again) and the same seats, so that loading it would change nothing."""
    game, loaded = screen.game, resumed(screen.settings, saved)
    return loaded.line == game.line and loaded.board == game.board and loaded.seating == game.seating


def save_game(screen: PlayScreen) -> None:
    """Save the game where the player's games go: a file they name, or a download (Ctrl+S)."""

    game = screen.game

    def sent(news: str) -> None:
        screen.post_message(Saved(game, news))

    suggestion = time.strftime("tictactoe-%Y%m%d-%H%M%S.ttt")
    screen.host.game_files.send(screen, "Save game as", suggestion, game.board, game.seating, sent)


def ask_for_game(screen: PlayScreen) -> None:
    """Ask for a saved game (a file, or pasted text) and resume it (Ctrl+O)."""

    def refused(why: str) -> None:  # said in the status line: the game in progress goes on
        screen.post_message(Told(Notice(f"Not loaded: {why}", Cause.ANSWER)))

    screen.host.game_files.ask(screen, "Load game from", lambda saved, name: load_game(screen, saved, name), refused)


def load_game(screen: PlayScreen, saved: savefile.SavedGame, name: str) -> None:
    """Resume ``saved`` (named ``name`` by the player), unless it is the game on screen already."""
    if on_screen(screen, saved):  # nothing to load, and nothing to ask: the game goes on as it is
        screen.post_message(Told(Notice(f"Already on screen: {Path(name).name} holds this game", Cause.ANSWER)))
        return
    screen.post_message(Loaded(saved, name))

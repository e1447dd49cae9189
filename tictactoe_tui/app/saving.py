"""Saving and loading games on the game screen (the file format: :mod:`..store.savefile`),
loaded when the player first saves or loads one. What comes of the dialogs reaches the screen
as messages: :class:`~.status.Told` for a game saved (or one that cannot or need not be
loaded), :class:`~.messages.Loaded` for one read."""

from __future__ import annotations

import time
from pathlib import Path

from ..game import GameState, Settings
from ..store import savefile
from ..words import counted
from .messages import Loaded
from .play import PlayScreen
from .status import Cause, Notice, Told


def resumed(settings: Settings, saved: savefile.SavedGame, number: int = 1) -> GameState:
    """A saved game brought back as it was saved: who played which side, which symbol each showed."""
    return GameState.resume(settings, saved.board, number, saved.seating)


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
    """Ask for a file (in the saved-games folder unless a path says otherwise) and write the game to it (Ctrl+S)."""
    from .screens import save_game_as

    game = screen.game

    def saved_to(path: str) -> None:
        screen.saved = game  # leaving it as it stands now loses nothing
        screen.post_message(Told(Notice(f"Saved to {path}", Cause.ANSWER)))

    suggestion = time.strftime("tictactoe-%Y%m%d-%H%M%S.ttt")
    save_game_as(screen, "Save game as", screen.host.saved_games, suggestion, game.board, game.seating, saved_to)


def ask_for_game(screen: PlayScreen) -> None:
    """Ask for a file and resume the game in it (Ctrl+O)."""
    from .screens import SavedGamePrompt, saved_games_folder

    folder = saved_games_folder(screen, screen.host.saved_games)
    screen.app.push_screen(SavedGamePrompt("Load game from", folder), lambda path: load_game(screen, path))


def load_game(screen: PlayScreen, path: str | None) -> None:
    """Read the game saved in ``path`` for the screen to resume, or say why it cannot be loaded."""
    from .screens import in_folder

    if path is None:
        return
    full = in_folder(screen.host.saved_games, path)
    try:
        saved = savefile.read_game(full)
    except savefile.SaveFileError as error:  # refused in the status line: the game in progress goes on
        why = str(error).replace(str(full), full.name)  # the file by its name: a long path hid the reason
        screen.post_message(Told(Notice(f"Not loaded: {why}", Cause.ANSWER)))
        return
    if on_screen(screen, saved):  # nothing to load, and nothing to ask: the game goes on as it is
        screen.post_message(Told(Notice(f"Already on screen: {full.name} holds this game", Cause.ANSWER)))
        return
    screen.post_message(Loaded(saved, path))

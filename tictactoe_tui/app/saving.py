"""Saving and loading games on the game screen (the file format: :mod:`..store.savefile`)."""

from __future__ import annotations

import time

from ..game import GameState, Settings
from ..store import savefile
from .play import PlayScreen


def resumed(settings: Settings, saved: savefile.SavedGame, number: int = 1) -> GameState:
    """A saved game brought back as it was saved: who played which side, which symbol each showed."""
    return GameState.resume(settings, saved.board, number, saved.seating)


class Saving(PlayScreen):
    """The game screen's saving part: Ctrl+S and Ctrl+O."""

    def action_save_game(self) -> None:
        """Ask for a file (in the saved-games folder unless a path says otherwise) and write the game to it."""
        from .screens import save_game_as

        game = self.game
        suggestion = time.strftime("tictactoe-%Y%m%d-%H%M%S.ttt")
        save_game_as(self, "Save game as", self.host.saved_games, suggestion, game.board, game.seating, self.saved_to)

    def saved_to(self, path: str) -> None:
        self.notice = f"Saved to {path}"

    def action_load_game(self) -> None:
        """Ask for a file and resume the game in it."""
        from .screens import SavedGamePrompt, saved_games_folder

        folder = saved_games_folder(self, self.host.saved_games)
        self.app.push_screen(SavedGamePrompt("Load game from", folder), self.load_game)

    def load_game(self, path: str | None) -> None:
        """Resume the game saved in ``path``, or say why it cannot be loaded."""
        from .screens import in_folder

        if path is None:
            return
        try:
            saved = savefile.read_game(in_folder(self.host.saved_games, path))
        except savefile.SaveFileError as error:
            self.notify(str(error), title="Cannot load the game", severity="error", timeout=10)
            return
        game = resumed(self.settings, saved, self.game.number + 1)
        self.leave_unfinished(f"Load {path}", lambda: self.loaded(game, path))

    def loaded(self, game: GameState, path: str) -> None:
        """Play on in the loaded ``game`` (from ``path``)."""
        self.new_game(game)
        self.notice = f"Loaded {path}"

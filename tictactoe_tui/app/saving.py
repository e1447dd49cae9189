"""Saving and loading games on the game screen (the file format: :mod:`..store.savefile`)."""

from __future__ import annotations

import time
from pathlib import Path

from ..engine import Mark
from ..game import GameState, Settings
from ..store import savefile
from .play import PlayScreen


def resumed(settings: Settings, saved: savefile.SavedGame, number: int = 1) -> GameState:
    """A saved game brought back as it was saved: who played which side, which symbol each showed."""
    return GameState.resume(settings, saved.board, number, saved.seating)


class Saving(PlayScreen):
    """The game screen's saving part: Ctrl+S and Ctrl+O."""

    def _saved_games(self) -> Path:
        """The saved-games folder, made on first use (a typed path may point anywhere else)."""
        folder = self.host.saved_games
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.notify(f"Cannot make {folder}: {error.strerror or error}", title="Saved games", severity="warning")
        return folder

    def _in_saved_games(self, path: str) -> Path:
        """A typed path: a plain name goes in the saved-games folder."""
        return self.host.saved_games / Path(path).expanduser()

    def action_save_game(self) -> None:
        """Ask for a file (in the saved-games folder unless a path says otherwise) and write the game to it."""
        from .screens import SavedGamePrompt

        prompt = SavedGamePrompt("Save game as", self._saved_games(), time.strftime("tictactoe-%Y%m%d-%H%M%S.ttt"))
        self.app.push_screen(prompt, self.save_game)

    def save_game(self, path: str | None) -> None:
        """Write the game (its moves so far) to ``path``."""
        if path is None:
            return
        try:
            game = self.game
            seating = savefile.Seating(game.seats(), (game.symbol(Mark.X), game.symbol(Mark.O)))
            savefile.save(self._in_saved_games(path), game.board, seating)
        except savefile.SaveFileError as error:
            self.notify(str(error), title="Not saved", severity="error")
            return
        self.notice = f"Saved to {path}"

    def action_load_game(self) -> None:
        """Ask for a file and resume the game in it."""
        from .screens import SavedGamePrompt

        self.app.push_screen(SavedGamePrompt("Load game from", self._saved_games()), self.load_game)

    def load_game(self, path: str | None) -> None:
        """Resume the game saved in ``path``, or say why it cannot be loaded."""
        if path is None:
            return
        try:
            saved = savefile.read_game(self._in_saved_games(path))
        except savefile.SaveFileError as error:
            self.notify(str(error), title="Cannot load the game", severity="error", timeout=10)
            return
        game = resumed(self.settings, saved, self.game.number + 1)
        self.leave_unfinished(f"Load {path}", lambda: self.loaded(game, path))

    def loaded(self, game: GameState, path: str) -> None:
        """Play on in the loaded ``game`` (from ``path``)."""
        self.new_game(game)
        self.notice = f"Loaded {path}"

"""The screens beside the game: the archive, replay, puzzles, help and the modal dialogs."""

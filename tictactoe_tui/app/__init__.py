"""The Textual user interface."""

from .app import TicTacToeApp, run_app

__all__ = ["TicTacToeApp", "run_app"]

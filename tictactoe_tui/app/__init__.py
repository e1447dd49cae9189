"""The Textual user interface."""

from .main import TicTacToeApp, run_app

__all__ = ["TicTacToeApp", "run_app"]

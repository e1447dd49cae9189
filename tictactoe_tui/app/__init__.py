"""The Textual user interface. Its names load the app (and Textual) on first use, so the command
line can print with the app's Rich tables (:mod:`.widgets.stats_table`) without loading Textual."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.lazy import lazy_names

if TYPE_CHECKING:
    from .app import TicTacToeApp, run_app

__all__ = ["TicTacToeApp", "run_app"]

__getattr__ = lazy_names(__name__, dict.fromkeys(__all__, "app"))

"""The app leaves the terminal as it found it: the alternate screen is cleared before it is left
(tmux, resized while the app ran, put rows of the app's frame back over the shell's screen)."""

from __future__ import annotations

import sys

import pytest

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.terminal import CLEAR_SCREEN, ClearingDriver
from tictactoe_tui.game import Settings

LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l"


class Written:
    """Stands in for the driver's writer thread: keeps what the driver writes."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, data: str) -> None:
        self.text += data


@pytest.mark.skipif(sys.platform == "win32", reason="the terminal driver of Linux and macOS")
async def test_the_app_clears_the_alternate_screen_before_it_leaves_it() -> None:
    app = TicTacToeApp(Settings(), paths=None)
    driver = app.driver_class(app)
    assert isinstance(driver, ClearingDriver)
    written = Written()
    driver._writer_thread = written  # type: ignore[assignment]  # (its writes, kept here)
    driver.stop_application_mode()
    assert LEAVE_ALTERNATE_SCREEN in written.text
    assert CLEAR_SCREEN in written.text.split(LEAVE_ALTERNATE_SCREEN)[0]

"""The terminal the app draws on: Textual's own driver, but for one thing done on the way out.

The alternate screen is cleared before it is left. A terminal that keeps the alternate screen
apart shows nothing of it either way; tmux, resized while the app runs, brings some of the
alternate screen's rows back over the shell's own when the app leaves it (the app's frame stayed
on the shell after a quit at 80×24 grown to 140×45, 2 times of 2; cleared first, the shell's
screen came back whole, 3 times of 3).
"""

from __future__ import annotations

import sys

from textual.driver import Driver

#: Erase the whole screen (the alternate one, while the app is in it).
CLEAR_SCREEN = "\x1b[2J"


def driver_for(driver: type[Driver]) -> type[Driver]:
    """The driver the app runs with: ``driver`` (the one Textual chose), or where that is the
    terminal driver of Linux and macOS, the same that clears its screen before leaving it."""
    if sys.platform == "win32":
        return driver
    from textual.drivers.linux_driver import LinuxDriver

    if driver is not LinuxDriver:  # a test's headless driver, the browser's, Windows'
        return driver
    return ClearingDriver


if sys.platform != "win32":
    from textual.drivers.linux_driver import LinuxDriver

    class ClearingDriver(LinuxDriver):
        """Textual's terminal driver, which clears the alternate screen before leaving it."""

        def stop_application_mode(self) -> None:
            self.write(CLEAR_SCREEN)
            super().stop_application_mode()

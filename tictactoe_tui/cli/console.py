"""The commands' Rich console. A reader that goes away (``| head``) ends every command in the
one place that handles it, :func:`tictactoe_tui.cli.main`, instead of Rich's own exit (status 1)."""

from __future__ import annotations

from rich.console import Console


class CommandConsole(Console):
    """A Rich console that hands a closed pipe to :func:`tictactoe_tui.cli.main`."""

    def on_broken_pipe(self) -> None:
        self.quiet = True  # nothing more to write: the pipe is gone
        raise BrokenPipeError


def command_console(*, stderr: bool = False) -> Console:
    """A console for a command's output (``stderr``: for its progress bars)."""
    return CommandConsole(stderr=stderr)

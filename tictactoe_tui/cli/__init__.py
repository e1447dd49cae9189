"""Command line: ``tictactoe-tui`` plays; ``analyze``, ``arena``, ``games``, ``stats`` and ``plugins`` answer.

Bad arguments exit with status 2 and one line saying why. Each command lives in a module of
its own, loaded only when it runs, so a quick answer never pays for the searches or Rich.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

#: The exit status of a command whose reader went away (``| head``): it wrote what was read,
#: so it succeeded (``set -o pipefail`` scripts piping into ``head`` keep going).
CLOSED_PIPE = 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tictactoe-tui`` command; returns the exit status."""
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader closed the pipe (Rich's consoles hand it here too): end quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
        return CLOSED_PIPE


def _main(argv: Sequence[str] | None) -> int:
    # No cyclic garbage collections while the command loads, nor, to play, while the game loads
    # and draws its first frame (they went over every object Textual and the game had loaded,
    # again and again): a command turns the collector back on before it runs, the app after
    # its first frame.
    gc.disable()
    try:
        from ..plugins import load_plugins

        load_plugins()  # before the parser offers games and tables, and before settings are read
        given = sys.argv[1:] if argv is None else argv
        if not given:  # nothing to parse: no command, no saved game, no choices (argparse not even loaded)
            from ..app import run_app

            return run_app(load=None, choices={})
        from ..engine.board import BoardError
        from ..store import savefile
        from .parser import UsageError, build_parser, launch_choices

        try:
            args = build_parser().parse_args(given)
            if args.command is not None:
                gc.enable()
                tell_plugin_problems(args.command)
                return run_command(args)
            if args.visitor and args.load is not None:  # a browser's visitor reads no file here
                raise UsageError("--load cannot be given with --visitor")
            game = None if args.load is None else savefile.read_game(args.load)
            choices = launch_choices(args)
        except (UsageError, BoardError, savefile.SaveFileError) as error:
            print(f"tictactoe-tui: error: {error}", file=sys.stderr)
            return 2
        from ..app import run_app  # loaded only to play: analyze and arena never import Textual

        return run_app(load=game, choices=choices, visitor=args.visitor)
    finally:
        gc.enable()


def tell_plugin_problems(command: str) -> None:
    """One line on standard error for each plug-in left out (``plugins`` lists them itself; the
    app shows them in its window)."""
    if command != "plugins":
        from ..plugins import problems

        for line in problems():
            print(f"tictactoe-tui: {line}", file=sys.stderr)


def run_command(args: argparse.Namespace) -> int:
    """Run a subcommand, loading only the module that runs it."""
    from .parser import UsageError

    match args.command:
        case "analyze":
            from . import analyze

            return analyze.run(args)
        case "arena":
            from . import arena

            return arena.run(args)
        case "games" | "stats":
            from . import archive

            return archive.run(args)
        case "serve":
            from . import serve

            return serve.run(args)
        case "host" | "join":
            from . import online

            return online.run(args)
        case "puzzle":
            from . import puzzle

            return puzzle.run(args)
        case "plugins":
            from . import plugins

            return plugins.run(args)
    raise UsageError(f"unknown command {args.command!r}")

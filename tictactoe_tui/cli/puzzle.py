"""``tictactoe-tui puzzle``: the puzzles screen, or (``--list``) the puzzles and your results."""

from __future__ import annotations

import argparse
import json

from ..engine.puzzles import SOLVER
from ..store.archive import Archive, ArchiveError
from ..store.files import Paths
from ..store.puzzles import PuzzleEntry
from ..words import counted
from .parser import UsageError


def run(args: argparse.Namespace) -> int:
    """Open the app on the puzzles, or list them."""
    if not args.list:
        if args.json:
            raise UsageError("--json goes with --list")
        from ..app import run_app

        return run_app(puzzles=True)
    archive = Archive.open(Paths.default())
    try:
        archive.ensure_available()
        entries = archive.puzzles(limit=1000)
    except ArchiveError as error:
        raise UsageError(str(error)) from None
    finally:
        archive.close()
    if args.json:
        listed = [
            {
                "id": entry.id,
                "game": entry.puzzle.position.shape.game,
                "board": f"{entry.puzzle.position.shape.rows}x{entry.puzzle.position.shape.cols}",
                "k": entry.puzzle.position.shape.k,
                "position": entry.puzzle.shown_text,
                "task": entry.puzzle.task,
                "solutions": entry.puzzle.position.names(entry.puzzle.keeping),
                "source": entry.puzzle.source,
                "yours": entry.puzzle.yours,
                "solved": entry.solved,
                "failed": entry.failed,
            }
            for entry in entries
        ]
        print(json.dumps(listed))
        return 0
    if not entries:
        print("No puzzles yet: review a game (tictactoe-tui games review ID), or open the puzzles to get some")
        return 0
    print_puzzles(sorted(entries, key=lambda entry: entry.id))
    return 0


def print_puzzles(entries: list[PuzzleEntry]) -> None:
    """The puzzles as a table, by number: what each asks, of which game and from where in one
    column, whole at 80 columns (cells wrap between words, positions fold; Rich alone would cut
    them with "…")."""
    from rich import box
    from rich.table import Table

    from .archive import fit
    from .console import command_console

    console = command_console()
    table = Table(title=f"{counted(len(entries), 'puzzle')}", box=box.SIMPLE_HEAD, show_edge=False)
    for column in ("#", "puzzle", "position", "solved", "missed"):
        table.add_column(column, justify="right" if column in ("#", "solved", "missed") else "left", overflow="fold")
    rows = []
    for entry in entries:
        puzzle = entry.puzzle
        where = "made by the solver" if puzzle.source == SOLVER else f"from {puzzle.source}"
        about = f"{puzzle.task}\n{puzzle.game_text}\n{where}{', yours' if puzzle.yours else ''}"
        rows.append((str(entry.id), about, puzzle.shown_text, str(entry.solved), str(entry.failed)))
        table.add_row(*rows[-1])
    fit(table, rows, (1, 2), console)  # the puzzle's words, then its position
    console.print(table)

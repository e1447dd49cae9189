"""``tictactoe-tui puzzle``: the puzzles screen, or (``--list``) the puzzles and your results."""

from __future__ import annotations

import argparse
import json
import sys

from ..engine import move_name
from ..store.archive import Archive, ArchiveError
from ..store.files import Paths
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
        if not archive.available:
            raise ArchiveError("; ".join(archive.problems))
        entries = archive.puzzles(limit=1000)
    except ArchiveError as error:
        raise UsageError(str(error)) from None
    finally:
        archive.close()
    if args.json:
        listed = [
            {
                "id": entry.id,
                "board": f"{entry.puzzle.rows}x{entry.puzzle.cols}",
                "k": entry.puzzle.k,
                "position": entry.puzzle.shown_text,
                "task": f"{entry.puzzle.mover_symbol.lower()} to play and {entry.puzzle.title}",
                "solutions": [move_name(move) for move in entry.puzzle.keeping],
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
    for entry in entries:
        puzzle = entry.puzzle
        where = f"{puzzle.source}{', yours' if puzzle.yours else ''}"
        print(
            f"{entry.id:>4}  {puzzle.mover_symbol} to play and {puzzle.title:<14} {puzzle.shown_text}"
            f"  ({where}; solved {entry.solved}, missed {entry.failed})",
            file=sys.stdout,
        )
    return 0

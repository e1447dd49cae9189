"""``tictactoe-tui arena``: seeded series between computer players, and the level ladder."""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..engine import AGAINST_REFERENCE, LADDER, ArenaResult, Board, default_k, get_strategy, run_arena, run_pairing
from ..engine.marks import board_size
from ..game import presets_for
from ..words import counted
from .console import command_console
from .parser import UsageError

if TYPE_CHECKING:
    from ..engine.arena import SeriesOptions


def run(args: argparse.Namespace) -> int:
    """``arena``: play a seeded series (or a ladder) and print the totals."""

    if args.board is None:
        if args.k is not None:
            raise UsageError("--k needs --board")
        start = Board.empty_of(presets_for(args.game)[0])
    else:
        rows, cols = args.board
        start = Board.empty(rows, cols, default_k(rows, cols, args.game) if args.k is None else args.k, args.game)
    rows, cols = start.rows, start.cols
    if not args.ladder:
        if args.x is None or args.o is None:
            raise UsageError("arena needs --x and --o (or --ladder)")
        for name in (args.x, args.o):
            if not get_strategy(name).supports(start):
                raise UsageError(
                    f"{name} does not play {start.rules.title} on {board_size(rows, cols)} with k={start.k}"
                )
    with arena_pool(args.jobs) as pool:
        if args.ladder:
            return run_ladder(args, start, pool)
        with arena_progress(args) as progress:
            title = f"{args.x} (X) vs {args.o} (O)"
            task = progress.add_task(title, total=args.games)
            result = run_arena(
                args.x,
                args.o,
                games=args.games,
                start=start,
                seed=args.seed,
                **series_options(args, pool, progress, task, title),
            )
    if args.json:
        print(json.dumps(result.__dict__))
    else:
        command_console().print(arena_table(result, start))
    return 0


def arena_progress(args: argparse.Namespace) -> Progress:
    """The progress display on stderr: games played of all, the time so far, and (where the
    games are played in this process) the move the game in play has reached, so a slow player
    on a big board shows it is still at work."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        console=command_console(stderr=True),
        transient=True,
        disable=args.json,
    )


def series_options(
    args: argparse.Namespace, pool: Executor | None, progress: Progress, task: TaskID, title: str
) -> SeriesOptions:
    """How the command plays a series: each move's time as asked, in ``pool``, advancing ``task``
    of ``progress`` a game at a time and showing the move the game in play has reached after
    ``title``."""
    return {
        "seconds_a_move": args.think_time,
        "pool": pool,
        "on_game": lambda _final: progress.advance(task),
        "on_move": lambda board: progress.update(task, description=f"{title} · move {board.move_count}"),
    }


def arena_pool(jobs: int) -> AbstractContextManager[Executor | None]:
    """Processes to play games in, or none for one job. Spawned, not forked: the progress
    display runs a thread. Each loads the plug-ins and is handed the games registered here."""

    if jobs == 1:
        return nullcontext()
    from ..engine.games import plug_ins
    from ..plugins import adopt

    return ProcessPoolExecutor(
        jobs, mp_context=multiprocessing.get_context("spawn"), initializer=adopt, initargs=(plug_ins(),)
    )


def shape_text(start: Board) -> str:
    """E.g. ``Classic on 3×3, k=3`` (× as the app writes a size)."""
    return f"{start.rules.title} on {start.rows}×{start.cols}, k={start.k}"


def arena_table(result: ArenaResult, start: Board) -> Table:
    """A Rich table of a series' totals."""

    table = Table(title=f"{counted(result.games, 'game')} of {shape_text(start)}")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("wins", justify="right")
    table.add_column("share", justify="right")
    for seat, name, wins in (("X", result.x, result.x_wins), ("O", result.o, result.o_wins)):
        table.add_row(seat, name, str(wins), f"{wins / result.games:.0%}")
    table.add_row("", "draws", str(result.draws), f"{result.draws / result.games:.0%}")
    return table


def run_ladder(args: argparse.Namespace, start: Board, pool: Executor | None) -> int:
    """``arena --ladder``: each level against the one below it, then each level against the
    reference bot, half the games from each seat."""
    pairings = (*LADDER, *AGAINST_REFERENCE)
    with arena_progress(args) as progress:
        total = args.games * len(pairings)
        title = f"ladder: {shape_text(start)}"
        task = progress.add_task(title, total=total)
        rows = [
            run_pairing(
                upper,
                lower,
                games=args.games,
                start=start,
                seed=args.seed,
                **series_options(args, pool, progress, task, title),
            )
            for upper, lower in pairings
        ]
    ladder, reference = rows[: len(LADDER)], rows[len(LADDER) :]
    if args.json:
        print(
            json.dumps(
                {
                    "game": start.rules.name,
                    "board": f"{start.rows}x{start.cols}",
                    "k": start.k,
                    "ladder": [{**dataclasses.asdict(row), "beats_lower": row.beats_lower} for row in ladder],
                    "reference": [{**dataclasses.asdict(row), "score": round(row.score, 4)} for row in reference],
                }
            )
        )
        return 0
    table = Table(title=f"Ladder: {shape_text(start)} (seed {args.seed})")
    for column in ("level", "against", "games", "wins", "losses", "draws", "score"):
        table.add_column(column, justify="left" if column in ("level", "against") else "right")
    for row in rows:
        table.add_row(
            row.upper,
            row.lower,
            *(str(count) for count in (row.games, row.wins, row.losses, row.draws)),
            f"{row.score:.1%}",
            end_section=row is ladder[-1],
        )
    command_console().print(table)
    command_console().print("[dim]score: wins plus half the draws, per game[/dim]")
    return 0

"""``tictactoe-tui games`` (list, show, review, export) and ``tictactoe-tui stats``: read the game archive."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..store import savefile
from ..store.archive import Archive, ArchiveError, GameRecord, local_time
from ..store.files import Paths
from ..words import counted
from .parser import UsageError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


def run(args: argparse.Namespace) -> int:
    """``games``, ``games show``, ``games export`` and ``stats``: read the game archive.
    Rich loads only to draw a table (``--json`` answers without it)."""
    archive = Archive.open(Paths.default())
    try:
        archive.ensure_available()
        warn(archive)
        if args.command == "stats":
            return print_stats(archive, args.json)
        if args.games_command is None:
            return print_games(archive, args.limit, args.json)
        record = archive.get(args.id)
        if record is None:
            raise UsageError(f"no game {args.id} in the archive")
        if record.missing is not None:
            raise UsageError(record.missing)
        if args.games_command == "show":
            return print_game(record, args.json)
        if args.games_command == "review":
            return print_review(record, archive, args.json, args.time)
        if args.file.exists():
            raise UsageError(f"{args.file} already exists; choose another name")
        savefile.save(args.file, record.board(), record.seating)
        print(f"game {record.id} written to {args.file}")
        return 0
    except ArchiveError as error:
        raise UsageError(str(error)) from None
    finally:
        warn(archive)  # what a write met: a damaged file set aside, say
        archive.close()


def warn(archive: Archive) -> None:
    """Print what the archive has not told yet, one warning a line on stderr."""
    for problem in archive.news():
        print(f"tictactoe-tui: warning: {problem}", file=sys.stderr)


def print_stats(archive: Archive, as_json: bool) -> int:
    """``stats``: the statistics as a table, or one JSON object whose ``games`` counts every game."""
    statistics = archive.statistics()
    if as_json:
        print(json.dumps(statistics.to_json()))
        return 0
    from ..app.widgets.stats_table import ratings_note, ratings_table, statistics_table
    from .console import command_console

    console = command_console()
    games = statistics.games
    console.print(f"Statistics: {counted(games, 'finished game')}", highlight=False)
    if statistics.lines:  # the dialog's table, at most 80 columns wide (wider, the counts stray far right)
        console.print(statistics_table(statistics), width=min(console.width, 80))
    if statistics.coached:
        console.print(f"[dim]{statistics.coached_text}[/dim]")
    console.print("[dim]Against the computer: your results. Otherwise: X's.[/dim]")
    if statistics.ratings:
        console.print(ratings_table(statistics.ratings), width=min(console.width, 80))
        console.print(f"[dim]{ratings_note(statistics.ratings)}[/dim]", highlight=False)
    return 0


def fit(table: Table, rows: Sequence[Sequence[str]], wrapping: Sequence[int], console: Console) -> None:
    """While ``table`` is wider than ``console``, narrow the ``wrapping`` columns in turn, each as
    far as needed but no narrower than its longest word, its header's included, so cells and
    headers wrap between words (Rich alone would cut them with "…", drop a column, or split a
    header: "boa" over "rd"). A word wider than all that is left (the players of a game whose
    computer changed level at every move: ``easy+medium+hard+…``) is folded, in the widest of
    those columns, and the others keep theirs whole."""
    from rich.measure import Measurement

    def excess() -> int:
        return Measurement.get(console, console.options.update_width(10_000), table).maximum - console.width

    for index in wrapping:
        if excess() <= 0:
            return
        lines = [line for row in rows for line in row[index].splitlines()]
        words = [word for line in (*lines, str(table.columns[index].header)) for word in line.split()]
        longest_word = max(map(len, words), default=1)
        table.columns[index].width = max(longest_word, max(map(len, lines), default=1) - excess())
    widest = max(wrapping, key=lambda index: table.columns[index].width or 0)
    if excess() > 0:
        table.columns[widest].width = max(1, (table.columns[widest].width or 0) - excess())


def print_games(archive: Archive, limit: int, as_json: bool) -> int:
    """``games``: the newest games, one line each."""

    games = archive.page(size=limit)
    if as_json:
        print(json.dumps({"total": archive.count(), "games": [game.__dict__ for game in games]}))
        return 0
    from rich import box
    from rich.table import Table

    from .console import command_console

    console = command_console()
    if not games:
        console.print("No games yet: the games you play are kept here")
        return 0
    table = Table(
        title=f"The newest {len(games)} of {counted(archive.count(), 'game')}", box=box.SIMPLE_HEAD, show_edge=False
    )
    for column in ("#", "ended", "board", "mode", "X · O", "result", "moves"):
        table.add_column(column, justify="right" if column in ("#", "moves") else "left", overflow="fold")
    rows = []
    for game in games:
        number, ended, board, mode, x_player, o_player, result, plies = game.cells()
        rows.append((number, ended, board, mode, f"{x_player} · {o_player}", result, plies))
        table.add_row(*rows[-1])
    fit(table, rows, (1, 2, 3, 4), console)  # the ended, board, mode and players columns
    console.print(table)
    return 0


def print_review(record: GameRecord, archive: Archive, as_json: bool, seconds: float) -> int:
    """``games review``: every move's verdict from exact values, the lines of its mistakes,
    accuracy and the turning point (its mistakes are kept as puzzles)."""
    from ..engine.board import Mark
    from ..engine.puzzles import puzzles_from_review
    from ..engine.review import review_game

    start = record.board(0)
    if as_json:
        review = review_game(start, record.moves, seconds)
    else:
        from rich.progress import Progress

        from .console import command_console

        progress = command_console(stderr=True)
        with Progress(console=progress, transient=True, disable=not progress.is_terminal) as bar:
            task = bar.add_task(f"reviewing game {record.id}", total=len(record.moves))
            review = review_game(start, record.moves, seconds, lambda done: bar.update(task, completed=done))
    seating = record.seating  # each side as the players saw it
    found = puzzles_from_review(review, f"game {record.id}", seating.keyboard, symbols=seating.symbols)
    new_puzzles = archive.add_puzzles(found) if record.id is None else archive.keep_mined((record.id,), found)

    def shown(mark: Mark) -> str:
        return seating.symbol(mark).lower()

    if as_json:
        entries = [move.as_json(start.name) | {"by": shown(move.by)} for move in review.moves]
        print(json.dumps(entries))
        return 0
    from rich.table import Table

    from .console import command_console

    console = command_console()
    x_player, o_player = record.players_by_symbol
    console.print(f"[b]Game {record.id}[/b]: {record.board_label}; X: {x_player}, O: {o_player}: {record.result_text}")
    table = Table("move", "by", "verdict", "value", "best instead")
    words = {1: "win", 0: "draw", -1: "loss", None: "?"}
    for move in review.moves:
        verdict = (move.verdict or f"{move.estimated_verdict} (estimated)") + (" (slower)" if move.slower else "")
        value = f"{words[move.value_before]} → {words[move.value_after]}" if move.exact else move.estimate
        best = move.quicker_win(start.name) if move.verdict == "best" else ", ".join(map(start.name, move.best[:6]))
        table.add_row(f"{move.ply}. {start.name(move.move)}", shown(move.by).upper(), verdict, value, best)
    console.print(table)
    for move in review.moves:
        if move.lost_value:
            console.print(f"Move {move.ply}, {start.name(move.move)}: {move.lines_text(start.name)}", highlight=False)
    estimated = "" if review.exact else " (estimated)"
    for mark in Mark:
        accuracy = review.accuracy(mark)
        shown_name = shown(mark).upper()
        console.print(
            f"{shown_name}'s accuracy: " + ("not judged" if accuracy is None else f"{accuracy:.0%}{estimated}")
        )
    console.print(f"Turning point: {review.turning_text()}")
    if new_puzzles:
        console.print(f"{counted(new_puzzles, 'new puzzle')} from its mistakes: tictactoe-tui puzzle")
    return 0


def print_game(record: GameRecord, as_json: bool) -> int:
    """``games show``: one game, move by move."""

    if as_json:
        print(json.dumps(record.to_json()))
        return 0
    from .console import command_console

    state = record.state()
    x_player, o_player = record.players_by_symbol
    console = command_console()
    where = f"{record.board_label}, {record.seating.table}"
    console.print(f"[b]Game {record.id}[/b]: {where}; X: {x_player}, O: {o_player}")
    console.print(
        f"{local_time(record.started_at)} to "
        f"{time.strftime('%H:%M', time.localtime(record.ended_at))}: [b]{record.result_text}[/b]"
    )
    for name, seconds in zip(state.move_list(), record.times, strict=False):
        console.print(f"  {name:<12} {seconds:8.1f} s")
    console.print(record.shown_text())
    return 0

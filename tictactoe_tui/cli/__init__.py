"""Command line: ``tictactoe-tui`` plays; ``analyze`` and ``arena`` answer questions.

Bad arguments exit with status 2 and one line saying why.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from . import __version__
from .engine import (
    LADDER,
    Analysis,
    ArenaResult,
    Board,
    BoardError,
    Budget,
    alphabeta,
    analyze,
    default_k,
    get_strategy,
    move_name,
    run_arena,
    run_pairing,
    strategy_names,
)
from .game import Preset
from .store import savefile
from .store.archive import Archive, ArchiveError, GameRecord
from .store.files import Paths

if TYPE_CHECKING:  # Rich and the process pool load only for the commands that print or pool
    from concurrent.futures import Executor

    from rich.table import Table

OUTCOME_WORDS = {1: "win", 0: "draw", -1: "loss"}


class UsageError(Exception):
    """A bad command line; the message is the one-line reason."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def board_size(text: str) -> tuple[int, int]:
    """Parse ``MxN`` (e.g. ``4x4``) into ``(rows, cols)``."""
    rows, sep, cols = text.lower().partition("x")
    if not sep or not rows.isdigit() or not cols.isdigit():
        raise argparse.ArgumentTypeError(f"board size must look like 3x3, not {text!r}")
    return int(rows), int(cols)


def positive_int(text: str) -> int:
    """Parse a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(text)


def positive_seconds(text: str) -> float:
    """Parse a positive number of seconds."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return seconds


def player_name(text: str) -> str:
    """Check a level or strategy name."""
    try:
        get_strategy(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text.strip().lower()


def build_parser() -> _Parser:
    """The argument parser for every subcommand."""
    parser = _Parser(prog="tictactoe-tui", description="Tic-tac-toe in the terminal, from 3x3 to m×n×k.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--load", metavar="FILE", type=Path, help="resume a saved game")
    parser.add_argument("--board", type=board_size, help="play on rows x columns, e.g. 15x15 (with --k)")
    parser.add_argument("--k", type=positive_int, help="marks in a row to win on --board (default as its preset)")
    parser.add_argument("--think-time", type=positive_seconds, help="the computer's seconds per move")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    analyze = commands.add_parser("analyze", help="exact value of every move of a position")
    analyze.add_argument("board", help="rows separated by '/', cells x, o or '.', e.g. x.o/.x./..o")
    analyze.add_argument("--k", type=positive_int, help="marks in a row to win (default as on the presets)")
    analyze.add_argument("--time", type=positive_seconds, default=30.0, help="seconds to spend (default 30)")
    analyze.add_argument("--json", action="store_true", help="print one JSON object")

    arena = commands.add_parser("arena", help="computer against computer")
    arena.add_argument("--x", type=player_name, help=f"one of {', '.join(strategy_names())}")
    arena.add_argument("--o", type=player_name, help="as --x")
    arena.add_argument("--ladder", action="store_true", help="each level against the one below, from both seats")
    arena.add_argument("--games", type=positive_int, default=100, help="games to play (default 100)")
    arena.add_argument("--board", type=board_size, default=(3, 3), help="rows x columns (default 3x3)")
    arena.add_argument("--k", type=positive_int, help="marks in a row to win (default as on the presets)")
    arena.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    arena.add_argument(
        "--jobs", type=positive_int, default=1, help="games played at once, one process each (default 1)"
    )
    arena.add_argument("--json", action="store_true", help="print one JSON object")

    games = commands.add_parser("games", help="the finished games in the archive, newest first")
    games.add_argument("--limit", type=positive_int, default=20, help="games to list (default 20)")
    games.add_argument("--json", action="store_true", help="print one JSON object")
    game_commands = games.add_subparsers(dest="games_command", parser_class=_Parser)
    show = game_commands.add_parser("show", help="one game: its players, result and every move")
    show.add_argument("id", type=positive_int, help="the game's number, as listed")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    export = game_commands.add_parser("export", help="write one game to a saved-game file")
    export.add_argument("id", type=positive_int, help="the game's number, as listed")
    export.add_argument("file", type=Path, help="the file to write (it must not exist yet)")

    stats = commands.add_parser("stats", help="won, drawn and lost per mode, level and board")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tictactoe-tui`` command; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if args.command == "analyze":
            return run_analyze(args)
        if args.command == "arena":
            return run_arena_command(args)
        if args.command in ("games", "stats"):
            return run_archive_command(args)
        game = None if args.load is None else savefile.load(args.load)
        choices = launch_choices(args)
    except (UsageError, BoardError, savefile.SaveFileError, ArchiveError) as error:
        print(f"tictactoe-tui: error: {error}", file=sys.stderr)
        return 2
    from .app import run_app  # loaded only to play: analyze and arena never import Textual

    return run_app(load=game, **choices)


def launch_choices(args: argparse.Namespace) -> dict[str, object]:
    """Settings the command line overrides for this game."""
    choices: dict[str, object] = {}
    if args.k is not None and args.board is None:
        raise UsageError("--k needs --board")
    if args.board is not None:
        rows, cols = args.board
        choices["preset"] = Preset(rows, cols, default_k(rows, cols) if args.k is None else args.k)
    if args.think_time is not None:
        choices["think_seconds"] = args.think_time
    return choices


def run_analyze(args: argparse.Namespace) -> int:
    """``analyze``: print every move's exact value."""
    from rich.console import Console

    board = Board.parse(args.board, k=args.k)
    if board.is_over:
        raise UsageError("game is over")
    budget = Budget.seconds(args.time)
    result = analyze(board, budget.share(0.5))
    if result.complete:
        if args.json:
            print(json.dumps(analysis_json(result)))
        else:
            Console().print(analysis_table(result))
        return 0
    outcome = alphabeta.search(board, budget, every_score=True)
    if args.json:
        print(json.dumps(estimate_json(board, outcome)))
    else:
        Console().print(estimate_table(board, outcome, args.time))
    return 0


def estimate_json(board: Board, outcome: alphabeta.SearchOutcome) -> dict[str, object]:
    """The ``--json`` form of a heuristic estimate: scores, not values, and the depth searched."""
    ranked = sorted(outcome.scores.items(), key=lambda item: -item[1])
    return {
        "board": str(board),
        "k": board.k,
        "to_move": str(board.to_move),
        "value": None,
        "complete": False,
        "estimate_depth": outcome.depth,
        "moves": [
            {"row": cell // board.cols, "col": cell % board.cols, "score": score, "outlook": outlook(score)}
            for cell, score in ranked
        ],
    }


def outlook(score: int) -> str:
    """``win`` / ``loss`` when the search found a forced line, else ``better`` / ``even`` / ``worse``."""
    if score >= alphabeta.WIN - alphabeta.MAX_DEPTH:
        return "win"
    if score <= -alphabeta.WIN + alphabeta.MAX_DEPTH:
        return "loss"
    return "better" if score > 0 else ("worse" if score < 0 else "even")


def estimate_table(board: Board, outcome: alphabeta.SearchOutcome, seconds: float) -> Table:
    """A Rich table of estimates for a board too big to solve in time."""
    from rich.table import Table

    mover = board.to_move.upper()
    table = Table(
        title=f"{board}  (k={board.k}) — {mover} to move: not solved within {seconds:g} s;\n"
        f"estimates from a {outcome.depth}-ply search, not exact values, for the"
        f" {len(outcome.scores)} most promising of {len(board.legal_moves())} moves",
    )
    table.add_column("move")
    table.add_column("row, col", justify="right")
    table.add_column(f"outlook for {mover}")
    table.add_column("score", justify="right")
    for cell, score in sorted(outcome.scores.items(), key=lambda item: -item[1]):
        row, col = divmod(cell, board.cols)
        table.add_row(move_name((row, col)), f"{row}, {col}", outlook(score), str(score))
    return table


def analysis_json(analysis: Analysis) -> dict[str, object]:
    """The ``--json`` form of an analysis."""
    board = analysis.board
    return {
        "board": str(board),
        "k": board.k,
        "to_move": str(board.to_move),
        "value": analysis.value,
        "complete": analysis.complete,
        "moves": [
            {"row": mv.move[0], "col": mv.move[1], "value": mv.value, "plies": mv.plies} for mv in analysis.moves
        ],
    }


def analysis_table(analysis: Analysis) -> Table:
    """A Rich table of an analysis, best move first."""
    from rich.table import Table

    board = analysis.board
    mover = board.to_move.upper()
    if analysis.value is None:
        verdict = f"not solved within the time limit; {len(analysis.moves)} moves solved"
    else:
        verdict = f"{OUTCOME_WORDS[analysis.value]} for {mover} in {analysis.plies} plies with best play"
    table = Table(title=f"{board}  (k={board.k}) — {mover} to move: {verdict}")
    table.add_column("move")
    table.add_column("row, col", justify="right")
    table.add_column(f"result for {mover}")
    table.add_column("plies to end", justify="right")
    styles = {1: "green", 0: "yellow", -1: "red"}
    for mv in analysis.moves:
        word = OUTCOME_WORDS[mv.value]
        table.add_row(
            move_name(mv.move),
            f"{mv.move[0]}, {mv.move[1]}",
            f"[{styles[mv.value]}]{word}[/]",
            str(mv.plies),
        )
    return table


def run_arena_command(args: argparse.Namespace) -> int:
    """``arena``: play a seeded series (or a ladder) and print the totals."""
    from rich.console import Console
    from rich.progress import Progress

    rows, cols = args.board
    start = Board.empty(rows, cols, default_k(rows, cols) if args.k is None else args.k)
    if not args.ladder:
        if args.x is None or args.o is None:
            raise UsageError("arena needs --x and --o (or --ladder)")
        for name in (args.x, args.o):
            if not get_strategy(name).supports(start):
                raise UsageError(f"{name} does not play on a {rows}x{cols} board with k={start.k}")
    with arena_pool(args.jobs) as pool:
        if args.ladder:
            return run_ladder(args, start, pool)
        with Progress(console=Console(stderr=True), transient=True, disable=args.json) as progress:
            task = progress.add_task(f"{args.x} (X) vs {args.o} (O)", total=args.games)
            result = run_arena(
                args.x,
                args.o,
                games=args.games,
                start=start,
                seed=args.seed,
                on_game=lambda _final: progress.advance(task),
                pool=pool,
            )
    if args.json:
        print(json.dumps(result.__dict__))
    else:
        Console().print(arena_table(result, start))
    return 0


def arena_pool(jobs: int) -> AbstractContextManager[Executor | None]:
    """Processes to play games in, or none for one job. Spawned, not forked: the progress
    display runs a thread."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    if jobs == 1:
        return nullcontext()
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))


def arena_table(result: ArenaResult, start: Board) -> Table:
    """A Rich table of a series' totals."""
    from rich.table import Table

    table = Table(title=f"{result.games} games on {start.rows}x{start.cols}, k={start.k}")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("wins", justify="right")
    table.add_column("share", justify="right")
    for seat, name, wins in (("X", result.x, result.x_wins), ("O", result.o, result.o_wins)):
        table.add_row(seat, name, str(wins), f"{wins / result.games:.0%}")
    table.add_row("", "draws", str(result.draws), f"{result.draws / result.games:.0%}")
    return table


def run_ladder(args: argparse.Namespace, start: Board, pool: Executor | None) -> int:
    """``arena --ladder``: each level against the one below it, half the games from each seat."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    with Progress(console=Console(stderr=True), transient=True, disable=args.json) as progress:
        task = progress.add_task(f"ladder on {start.rows}x{start.cols}, k={start.k}", total=args.games * len(LADDER))
        rows = [
            run_pairing(
                upper,
                lower,
                games=args.games,
                start=start,
                seed=args.seed,
                on_game=lambda _final: progress.advance(task),
                pool=pool,
            )
            for upper, lower in LADDER
        ]
    if args.json:
        ladder = [{**dataclasses.asdict(row), "beats_lower": row.beats_lower} for row in rows]
        print(json.dumps({"board": f"{start.rows}x{start.cols}", "k": start.k, "ladder": ladder}))
        return 0
    table = Table(title=f"Ladder on {start.rows}x{start.cols}, k={start.k} (seed {args.seed})")
    for column in ("level", "against", "games", "wins", "losses", "draws", "beats it"):
        table.add_column(column, justify="right" if column in ("games", "wins", "losses", "draws") else "left")
    for row in rows:
        table.add_row(
            row.upper,
            row.lower,
            str(row.games),
            str(row.wins),
            str(row.losses),
            str(row.draws),
            "yes" if row.beats_lower else "no",
        )
    Console().print(table)
    return 0


def run_archive_command(args: argparse.Namespace) -> int:
    """``games``, ``games show``, ``games export`` and ``stats``: read the game archive."""
    archive = Archive.open(Paths.default())
    try:
        if not archive.available:
            raise ArchiveError("; ".join(archive.problems))
        for problem in archive.problems:
            print(f"tictactoe-tui: warning: {problem}", file=sys.stderr)
        if args.command == "stats":
            return print_stats(archive, args.json)
        if args.games_command is None:
            return print_games(archive, args.limit, args.json)
        record = archive.get(args.id)
        if record is None:
            raise UsageError(f"no game {args.id} in the archive")
        if args.games_command == "show":
            return print_game(record, args.json)
        if args.file.exists():
            raise UsageError(f"{args.file} already exists; choose another name")
        savefile.save(args.file, record.board())
        print(f"game {record.id} written to {args.file}")
        return 0
    finally:
        archive.close()


def print_stats(archive: Archive, as_json: bool) -> int:
    """``stats``: the statistics as a table, or one JSON object whose ``games`` counts every game."""
    statistics = archive.statistics()
    if as_json:
        print(json.dumps(statistics.to_json()))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Statistics: {statistics.games} finished games")
    for column in ("players", "board", "games", "won", "drawn", "lost", "streak", "best streak"):
        table.add_column(column, justify="left" if column in ("players", "board") else "right")
    for line in statistics.lines:
        counts = (line.games, line.won, line.drawn, line.lost, line.streak, line.best_streak)
        table.add_row(line.who, line.board, *(str(count) for count in counts))
    Console().print(table)
    Console().print("[dim]Against the computer: your results. Otherwise: X's.[/dim]")
    return 0


def print_games(archive: Archive, limit: int, as_json: bool) -> int:
    """``games``: the newest games, one line each."""

    games = archive.page(size=limit)
    if as_json:
        print(json.dumps({"total": archive.count(), "games": [game.__dict__ for game in games]}))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"The newest {len(games)} of {archive.count()} games")
    for column in ("#", "ended", "board", "mode", "X", "O", "result", "moves"):
        table.add_column(column, justify="right" if column in ("#", "moves") else "left")
    for game in games:
        table.add_row(*game.cells())
    Console().print(table)
    return 0


def print_game(record: GameRecord, as_json: bool) -> int:
    """``games show``: one game, move by move."""

    if as_json:
        print(json.dumps(record.to_json()))
        return 0
    from rich.console import Console

    state = record.state()
    console = Console()
    console.print(
        f"[b]Game {record.id}[/b]: {record.board_label}, {record.mode}; X: {record.x_player}, O: {record.o_player}"
    )
    console.print(
        f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(record.started_at))} to "
        f"{time.strftime('%H:%M', time.localtime(record.ended_at))}: [b]{record.result_text}[/b]"
    )
    for name, seconds in zip(state.move_list(), record.times, strict=False):
        console.print(f"  {name:<12} {seconds:8.1f} s")
    console.print(str(record.board()).replace("/", "\n"))
    return 0

"""The command line's arguments: the parser, its value types, and the game's launch choices.

Bad arguments raise :class:`UsageError`, which :func:`tictactoe_tui.cli.main` prints as one
line before exiting with status 2.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from .. import __version__
from ..engine.board import DEFAULT_GAME, BoardError, default_k
from ..game import THINK_LIMITS, Preset, presets_for
from ..words import decimal_number, whole_number

GAME_HELP = "classic (default), gravity (Connect Four on 6x7), misere (k in a row loses) or ultimate"


#: The environment variable ``join`` reads the join code from (unlike ``--code``, not visible to
#: other users of this machine).
CODE_VARIABLE = "TICTACTOE_TUI_CODE"
#: What ``--mailbox`` says it does.
MAILBOX_HELP = (
    "the magic-wormhole mailbox server to meet through, a ws:// URL, e.g. your own `twist wormhole-mailbox` "
    "(default $TICTACTOE_TUI_MAILBOX, else the public one)"
)


class UsageError(Exception):
    """A bad command line; the message is the one-line reason."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def board_size(text: str) -> tuple[int, int]:
    """Parse ``M×N`` (e.g. ``4×4``, as the app writes it, or ``4x4``, ``4X4``) into ``(rows, cols)``."""
    rows_text, sep, cols_text = text.lower().replace("×", "x").partition("x")
    rows, cols = whole_number(rows_text), whole_number(cols_text)
    if not sep or rows is None or cols is None:
        raise argparse.ArgumentTypeError(f"board size must look like 3×3 or 3x3, not {text!r}")
    return rows, cols


def whole_number_from(least: int, most: int, what: str) -> Callable[[str], int]:
    """A parser of ``what`` (e.g. "games"), a whole number from ``least`` to ``most``: a count
    without a bound was taken at any size (``arena --games`` of 20 digits set about making that
    many seeds, and said nothing for as long as it took)."""

    def parse(text: str) -> int:
        number = whole_number(text)
        if number is None or not least <= number <= most:
            raise argparse.ArgumentTypeError(f"expected {what} from {least:,} to {most:,}, not {text[:40]!r}")
        return number

    return parse


#: The most games ``arena`` plays in one series.
MOST_GAMES = 100_000
#: The most processes ``arena --jobs`` and ``serve --max-sessions`` start at once.
MOST_PROCESSES = 64
#: The most games ``games`` lists at once, and the highest game number (SQLite's largest integer).
MOST_LISTED, HIGHEST_ID = 1_000_000, 2**63 - 1
#: The longest line ``--k`` asks for (every board the games offer is at most 15 squares a side).
MOST_IN_A_ROW = 99

game_count = whole_number_from(1, MOST_GAMES, "a number of games")
process_count = whole_number_from(1, MOST_PROCESSES, "a number of processes")
listed_count = whole_number_from(1, MOST_LISTED, "a number of games")
game_id = whole_number_from(1, HIGHEST_ID, "a game's number")
in_a_row = whole_number_from(1, MOST_IN_A_ROW, "a number of marks in a row")
seed_number = whole_number_from(0, 2**64 - 1, "a seed")


def positive_seconds(text: str) -> float:
    """Parse a positive number of seconds (ASCII digits only)."""
    seconds = decimal_number(text)
    if seconds is None or not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, not {text!r}")
    return seconds


def think_seconds(text: str) -> float:
    """Parse the computer's seconds per move, within :data:`THINK_LIMITS`."""
    least, most = THINK_LIMITS
    seconds = positive_seconds(text)
    if not least <= seconds <= most:
        raise argparse.ArgumentTypeError(f"expected {least:g} to {most:g} seconds a move, not {text!r}")
    return seconds


def port_number(text: str) -> int:
    """Parse a TCP port, 1 to 65535."""
    port = whole_number(text)
    if port is None or not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 1 to 65535, not {text!r}")
    return port


def mailbox_url(text: str) -> str:
    """A mailbox server's address: a ``ws://`` or ``wss://`` URL."""
    if not re.fullmatch(r"wss?://[!-~]+", text.strip(), re.ASCII):
        raise argparse.ArgumentTypeError(f"a mailbox server is a ws:// or wss:// URL, not {text[:60]!r}")
    return text.strip()


def join_target(text: str) -> str | tuple[str, int]:
    """Parse what ``join`` is given: a mailbox code, or a direct host's ``HOST[:PORT]``."""
    from ..net.address import join_target as parsed  # a start with no arguments loads no network code

    try:
        return parsed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def game_name(text: str) -> str:
    """Check a game's name (classic, gravity, misere, ultimate)."""
    from ..engine.rules import rules_named

    try:
        return rules_named(text).name
    except BoardError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def player_name(text: str) -> str:
    """Check a level or strategy name."""
    from ..engine import get_strategy

    try:
        get_strategy(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text.strip().lower()


def build_parser() -> _Parser:
    """The argument parser: the play options and every subcommand (a start with no arguments
    builds none: :func:`tictactoe_tui.cli.main`)."""
    parser = _Parser(prog="tictactoe-tui", description="Tic-tac-toe in the terminal, from 3x3 to m×n×k.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--load", metavar="FILE", type=Path, help="resume a saved game")
    parser.add_argument("--game", type=game_name, help=GAME_HELP)
    parser.add_argument("--board", type=board_size, help="play on rows × columns, e.g. 15x15 or 15×15 (with --k)")
    parser.add_argument("--k", type=in_a_row, help="marks in a row to win on --board (default as its preset)")
    parser.add_argument(
        "--think-time",
        type=think_seconds,
        help=f"the computer's seconds per move ({THINK_LIMITS[0]:g} to {THINK_LIMITS[1]:g})",
    )
    parser.add_argument(  # what `serve` starts for each browser; not for people, so not in --help
        "--visitor", action="store_true", help=argparse.SUPPRESS
    )
    from ..net.address import DEFAULT_PORT  # a start with no arguments loads no network code

    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    analyze = commands.add_parser("analyze", help="exact value of every move of a position")
    analyze.add_argument(
        "board",
        help="rows separated by '/', cells x, o or '.', e.g. x.o/.x./..o; Ultimate adds '@' and the last move "
        "(…/…@e5), which may be left out only after the first move",
    )
    analyze.add_argument("--k", type=in_a_row, help="marks in a row to win (default as on the presets)")
    analyze.add_argument("--game", type=game_name, default=DEFAULT_GAME, help=GAME_HELP)
    analyze.add_argument("--time", type=positive_seconds, default=30.0, help="seconds to spend (default 30)")
    analyze.add_argument("--json", action="store_true", help="print one JSON object")

    arena = commands.add_parser("arena", help="computer against computer")
    arena.add_argument("--x", type=player_name, help="a level or strategy (a wrong name lists them all)")
    arena.add_argument("--o", type=player_name, help="as --x")
    arena.add_argument("--ladder", action="store_true", help="each level against the one below, from both seats")
    arena.add_argument("--games", type=game_count, default=100, help="games to play (default 100)")
    arena.add_argument("--game", type=game_name, default=DEFAULT_GAME, help=GAME_HELP)
    arena.add_argument(
        "--board", type=board_size, help="rows × columns, e.g. 7x7 or 7×7 (default: the game's first preset, 3×3)"
    )
    arena.add_argument("--k", type=in_a_row, help="marks in a row to win (default as on the presets)")
    arena.add_argument("--seed", type=seed_number, default=0, help="random seed (default 0)")
    arena.add_argument(
        "--jobs", type=process_count, default=1, help="games played at once, one process each (default 1)"
    )
    arena.add_argument(
        "--think-time",
        type=think_seconds,
        help="seconds a move at most (default: each player's own node limits, so a seed repeats its results)",
    )
    arena.add_argument("--json", action="store_true", help="print one JSON object")

    games = commands.add_parser("games", help="the finished games in the archive, newest first")
    games.add_argument("--limit", type=listed_count, default=20, help="games to list (default 20)")
    games.add_argument("--json", action="store_true", help="print one JSON object")
    game_commands = games.add_subparsers(dest="games_command", parser_class=_Parser)
    show = game_commands.add_parser("show", help="one game: its players, result and every move")
    show.add_argument("id", type=game_id, help="the game's number, as listed")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    review = game_commands.add_parser("review", help="one game judged move by move from exact values")
    review.add_argument("id", type=game_id, help="the game's number, as listed")
    review.add_argument("--json", action="store_true", help="print a JSON list, one entry per move")
    review.add_argument(
        "--time", type=positive_seconds, default=2.0, help="the solver's seconds per position (default 2)"
    )
    export = game_commands.add_parser("export", help="write one game to a saved-game file")
    export.add_argument("id", type=game_id, help="the game's number, as listed")
    export.add_argument("file", type=Path, help="the file to write (it must not exist yet)")

    stats = commands.add_parser("stats", help="won, drawn and lost per mode, level and board")
    stats.add_argument("--json", action="store_true", help="print one JSON object")

    puzzle = commands.add_parser("puzzle", help="keep the win or hold the draw: puzzles from your own mistakes first")
    puzzle.add_argument("--list", action="store_true", help="list the puzzles and your results instead of playing")
    puzzle.add_argument("--json", action="store_true", help="with --list: print a JSON list")

    plugins = commands.add_parser("plugins", help="the installed plug-ins, what each brings, and any left out")
    plugins.add_argument("--json", action="store_true", help="print a JSON list, one entry per plug-in")

    serve = commands.add_parser("serve", help="play in a web browser (each visitor gets their own game)")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1, this machine only)"
    )
    serve.add_argument("--port", type=port_number, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--public-url", help="the address visitors' browsers use, when it is not --host (e.g. http://192.0.2.7:8000)"
    )
    serve.add_argument(
        "--max-sessions", type=process_count, default=8, help="games at once, each its own process (default 8)"
    )
    serve.add_argument(
        "--idle-timeout",
        type=positive_seconds,
        default=1800.0,
        help="seconds after which a game its browser has not touched ends (default 1800)",
    )

    host = commands.add_parser(
        "host", help="play a friend on another machine: show a code (like 7-guitarist-revenge) for them to join with"
    )
    host.add_argument("--mailbox", type=mailbox_url, metavar="URL", help=MAILBOX_HELP)
    host.add_argument(
        "--direct", action="store_true", help="no mailbox server: listen on --bind:--port (a LAN without internet)"
    )
    host.add_argument("--port", type=port_number, help=f"with --direct: port (default {DEFAULT_PORT})")
    host.add_argument("--bind", help="with --direct: address to listen on (default 127.0.0.1, this machine only)")
    join = commands.add_parser(
        "join", help="join a friend's game by their code (or HOST[:PORT] and a code, for a direct host)"
    )
    join.add_argument(
        "target",
        nargs="?",
        type=join_target,
        help="the code the host shows (7-guitarist-revenge; asked for if not given), "
        f"or a direct host's address, e.g. 192.0.2.7 or 192.0.2.7:{DEFAULT_PORT}",
    )
    join.add_argument("--mailbox", type=mailbox_url, metavar="URL", help=MAILBOX_HELP)
    join.add_argument(
        "--code",
        help="the code: other users of this machine can read it in the process list, "
        f"so prefer --code-file, ${CODE_VARIABLE} or being asked (asked for if none is given)",
    )
    join.add_argument("--code-file", type=Path, help="read the code from this file (its first line)")
    return parser


def launch_choices(args: argparse.Namespace) -> dict[str, object]:
    """Settings the command line overrides for this game."""
    choices: dict[str, object] = {}
    if args.k is not None and args.board is None:
        raise UsageError("--k needs --board")
    game = args.game or DEFAULT_GAME
    if args.board is not None:
        rows, cols = args.board
        k = default_k(rows, cols, game) if args.k is None else args.k
        choices["preset"] = Preset(rows, cols, k, game).checked()
    elif args.game is not None:
        choices["preset"] = presets_for(game)[0]
    if args.think_time is not None:
        choices["think_seconds"] = args.think_time
    return choices

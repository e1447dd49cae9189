"""``tictactoe-tui serve``: the game in a web browser, through textual-serve.

Every page load starts a fresh copy of the game in its own process, so each visitor gets their
own game (their results all go to this account's archive).
"""

from __future__ import annotations

import argparse
import shlex
import sys

from textual_serve.server import Server

from ..net.address import is_loopback


def warning(host: str) -> str | None:
    """What to tell the person serving on a non-loopback address, or None."""
    if is_loopback(host):
        return None
    return (
        f"warning: serving on {host}, not just this machine: anyone who can reach it can open "
        "games here, each running a process on this computer. Use --host 127.0.0.1 to keep it local."
    )


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted (Ctrl+C)."""
    problem = warning(args.host)
    if problem:
        print(f"tictactoe-tui: {problem}", file=sys.stderr)
    command = f"{shlex.quote(sys.executable)} -m tictactoe_tui"
    if args.host in ("0.0.0.0", "::") and args.public_url is None:
        print(
            f"tictactoe-tui: note: pages will point browsers at {args.host}; give --public-url "
            f"http://<this machine's address>:{args.port} so other machines can load them",
            file=sys.stderr,
        )
    server = Server(command, host=args.host, port=args.port, title="tictactoe-tui", public_url=args.public_url)
    server.serve()
    return 0

"""``tictactoe-tui host`` and ``tictactoe-tui join``: play a friend on another machine."""

from __future__ import annotations

import argparse
import sys

from ..net import HostPlan, JoinPlan
from ..net.address import is_loopback
from .parser import launch_choices


def run(args: argparse.Namespace) -> int:
    """Launch the game hosting a match, or joining one."""
    from ..app import run_app

    if args.command == "host":
        if not is_loopback(args.bind):
            print(
                f"tictactoe-tui: warning: listening on {args.bind}: anyone who can reach it and has the code can join",
                file=sys.stderr,
            )
        plan: HostPlan | JoinPlan = HostPlan(args.bind, args.port)
    else:
        host, port = args.address
        plan = JoinPlan(host, port, args.code)
    return run_app(online=plan, choices=launch_choices(args))

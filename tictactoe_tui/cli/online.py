"""``tictactoe-tui host`` and ``tictactoe-tui join``: play a friend on another machine."""

from __future__ import annotations

import argparse
import os
import sys

from ..net import HostPlan, JoinPlan
from ..net.address import is_loopback
from .parser import CODE_VARIABLE, UsageError, launch_choices


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
        plan = JoinPlan(host, port, join_code(args))
    return run_app(online=plan, choices=launch_choices(args))


def join_code(args: argparse.Namespace) -> str | None:
    """The join code from ``--code``, ``--code-file`` or the environment, in that order (None:
    the game asks for it); :class:`UsageError` for a file that cannot be read."""
    if args.code:
        return str(args.code)
    if args.code_file is not None:
        try:
            lines = args.code_file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read the join code from {args.code_file}: {error}") from None
        return (lines[0].strip() if lines else "") or None
    return os.environ.get(CODE_VARIABLE, "").strip() or None

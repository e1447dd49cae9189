"""``tictactoe-tui host`` and ``tictactoe-tui join``: play a friend on another machine, through a
mailbox server by the code alone, or directly at an address."""

from __future__ import annotations

import argparse
import os
import sys

from ..net import HostPlan, JoinPlan, MailboxHostPlan, MailboxJoinPlan, OnlinePlan, default_mailbox
from ..net.address import DEFAULT_PORT, is_loopback, listen_problem, mailbox_code
from ..store.files import BadFile, read_bounded
from .parser import CODE_VARIABLE, UsageError, launch_choices

#: The most of a code file read: a code is one short line (a pipe or a device is refused unread).
CODE_FILE_BYTES = 4096


def run(args: argparse.Namespace) -> int:
    """Launch the game hosting a match, or joining one."""
    from ..app import run_app

    return run_app(online=plan(args), choices=launch_choices(args))


def plan(args: argparse.Namespace) -> OnlinePlan:
    """What the command line asks for; :class:`UsageError` for a code or address that is not one."""
    url = args.mailbox or default_mailbox()
    if args.command == "host":
        if not args.direct:
            if args.port is not None or args.bind is not None:
                raise UsageError("--port and --bind are for a direct host: add --direct")
            return MailboxHostPlan(url)
        if args.mailbox:
            raise UsageError("--mailbox and --direct: a direct host uses no mailbox server")
        bind, port = args.bind or "127.0.0.1", DEFAULT_PORT if args.port is None else args.port
        problem = listen_problem(bind, port)
        if problem:  # before the game's screen, which would wait for a friend who cannot come
            raise UsageError(problem)
        if not is_loopback(bind):
            print(
                f"tictactoe-tui: warning: listening on {bind}: anyone who can reach it and has the code can join",
                file=sys.stderr,
            )
        return HostPlan(bind, port)
    code = join_code(args)
    target = args.target  # a code or an address, already parsed (see parser.join_target)
    if target is None or isinstance(target, str):
        text = target if target is not None else code
        try:
            return MailboxJoinPlan(url, text and mailbox_code(text))
        except ValueError as error:
            raise UsageError(str(error)) from None
    if args.mailbox:
        raise UsageError("--mailbox is for a code like 7-guitarist-revenge, not a direct host's address")
    host, port = target
    return JoinPlan(host, port, code)


def unreadable(error: Exception) -> str:
    """Why a code file could not be read, in a few words."""
    if isinstance(error, OSError):
        return error.strerror or str(error)
    if isinstance(error, UnicodeDecodeError):
        return "it is not text"
    return str(error)


def join_code(args: argparse.Namespace) -> str | None:
    """The code from ``--code``, ``--code-file`` or the environment, in that order (None: the
    game asks for it); :class:`UsageError` for a file that cannot be read."""
    if args.code:
        return str(args.code)
    if args.code_file is not None:
        try:
            lines = read_bounded(args.code_file, CODE_FILE_BYTES).decode("utf-8").splitlines()
        except (OSError, BadFile, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read the join code from {args.code_file}: {unreadable(error)}") from None
        return (lines[0].strip() if lines else "") or None
    return os.environ.get(CODE_VARIABLE, "").strip() or None

"""A process group, ended whole: ``serve`` starts each game as the leader of a session of its own,
so the game, its search process and their helpers share one group, and ending that group ends
every process of the game (none is left re-parented when the game goes first)."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

#: Seconds between two looks at whether a group's processes are gone.
POLL_SECONDS = 0.05

PROC = Path("/proc")
#: The states of a process that has ended (a zombie waits only for its parent to read its status).
GONE = ("Z", "X", "x")


#: Linux's prctl option: the signal a process gets when the thread that started it ends.
PR_SET_PDEATHSIG = 1
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform == "linux" else None  # loaded here, not after a fork


def _killed_with_parent() -> None:
    """(Run in a new process before its program starts.) Be killed when the process that started
    it ends, however it ends (SIGKILL, a crash): the game never outlives ``serve``."""
    assert _LIBC is not None
    _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def tied_to_this_process() -> Callable[[], None] | None:
    """A ``preexec_fn`` that ties a new process's life to this one's (Linux; elsewhere None).
    Start it from the thread that lives as long as this process (the event loop's)."""
    return _killed_with_parent if _LIBC is not None else None


def running(group: int) -> bool:
    """Whether a process of process group ``group`` still runs (a zombie does not)."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # a process there, not ours to signal
    if not PROC.is_dir():
        return True  # no /proc to tell a zombie from a running process
    return any(found[0] == group and found[1] not in GONE for found in map(_group_and_state, PROC.iterdir()) if found)


def _group_and_state(entry: Path) -> tuple[int, str] | None:
    """The process group and state of the process at ``/proc/<pid>``, or None (not a process, gone)."""
    if not entry.name.isdigit():
        return None
    try:
        stat = (entry / "stat").read_text(errors="replace")
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()  # after "pid (command name) ": state, parent, group…
    return (int(fields[2]), fields[0]) if len(fields) > 2 and fields[2].isdigit() else None


async def end(group: int) -> None:
    """Kill every process of ``group`` and return once none runs. Never this process's own group."""
    if group == os.getpgrp():
        raise ValueError(f"process group {group} is this process's own")
    while running(group):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)
        await asyncio.sleep(POLL_SECONDS)

"""Waiting in tests: on a condition, never on the clock, with one time-out for the whole suite."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable

TIMEOUT = 30.0
"""Seconds a wait may take before its test fails. A wait ends as soon as its condition holds, so
this costs a passing test nothing; it only has to be far above what the slowest wait takes on a
loaded machine (a few seconds with both cores busy)."""

POLL = 0.005
"""Seconds between two looks at a condition (the event loop runs in between)."""


async def until(
    condition: Callable[[], object | Awaitable[object]], what: str = "the condition", poll: float = POLL
) -> None:
    """Let the event loop run (the apps, hosts and guests on it) until ``condition()`` is true,
    awaiting it if it is a coroutine, looking every ``poll`` seconds (0: at every turn of the
    loop, for the benchmarks, whose times a poll's sleep would lengthen); fail after
    :data:`TIMEOUT` seconds, saying ``what`` was awaited."""
    assert isinstance(what, str), "the second argument says what is awaited; every wait has the one TIMEOUT"
    try:
        async with asyncio.timeout(TIMEOUT):
            while True:
                answer = condition()
                if inspect.isawaitable(answer):
                    answer = await answer
                if answer:
                    return
                await asyncio.sleep(poll)
    except TimeoutError:
        raise AssertionError(f"waited {TIMEOUT:g} s for {what}") from None


async def spin_until(condition: Callable[[], object], what: str = "the condition") -> None:
    """:func:`until`, looking at every turn of the loop: for the benchmarks, whose times a poll's
    sleep would lengthen."""
    await until(condition, what, poll=0)


def until_blocking(condition: Callable[[], object], what: str = "the condition") -> None:
    """:func:`until` for code outside an event loop (a process or a server starting, or
    ending): looks at ``condition()`` every :data:`POLL` seconds, the same time-out."""
    assert isinstance(what, str), "the second argument says what is awaited; every wait has the one TIMEOUT"
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {TIMEOUT:g} s for {what}")
        time.sleep(POLL)

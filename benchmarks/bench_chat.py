"""How long a line of chat takes to cross: directly on loopback and through a local mailbox server.

    python benchmarks/bench_chat.py [--lines N]

Starts a real ``twist wormhole-mailbox`` on loopback (the test extra installs it) and times, in
this one process and event loop, each of N lines each way from the sender's ``say`` until the
other side's chat has it; a line a second (the sender's own allowance).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.helpers.mailbox import mailbox_server
from tests.helpers.net import hosted, joined
from tests.helpers.waiting import spin_until, until
from tests.test_net_mailbox import playing
from tictactoe_tui.net.chat import ChatLine, Talk


class Side(Protocol):
    """Either side, as the benchmark needs it: its chat and how it sends now."""

    talk: Talk

    def send_now(self, message: dict[str, Any]) -> bool:
        """Send ``message`` now; whether it went."""


async def crossing(sender: Side, receiver: Side, lines: int) -> list[float]:
    """Seconds each of ``lines`` lines took from ``sender`` to ``receiver``."""
    times = []
    for number in range(lines):
        heard: list[ChatLine] = []
        receiver.talk.on_line = heard.append
        start = time.perf_counter()
        assert sender.talk.say(f"line {number}", sender.send_now) is None
        await spin_until(lambda: bool(heard), "the line")  # noqa: B023
        times.append(time.perf_counter() - start)
        await asyncio.sleep(1.0)  # the sender's allowance: a line a second
    return times


def report(name: str, times: list[float]) -> None:
    median, longest = statistics.median(times) * 1000, max(times) * 1000
    print(f"{name:22} median {median:6.1f} ms, max {longest:6.1f} ms ({len(times)} lines)")


async def main(lines: int) -> None:
    async with hosted() as host, joined(host) as (guest, _seen):
        await until(lambda: guest.connected and host.connected)
        report("direct, host to guest", await crossing(host, guest, lines))
        report("direct, guest to host", await crossing(guest, host, lines))
    with mailbox_server(Path(tempfile.mkdtemp())) as server:
        async with playing(server.url) as (mailbox_host, _heard, mailbox_guest, _told):
            report("mailbox, host to guest", await crossing(mailbox_host, mailbox_guest, lines))
            report("mailbox, guest to host", await crossing(mailbox_guest, mailbox_host, lines))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10)
    asyncio.run(main(parser.parse_args().lines))

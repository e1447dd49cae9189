"""Flood a tictactoe-tui host with join attempts, as an attacker would, and count what it gets.

    python scripts/flood.py HOST PORT [--sockets 1000] [--seconds 10 | --until-eof]

Each of ``--sockets`` connections, over and over until the time is up: connect, send a
protocol-2 hello (a real SPAKE2 message for a random code), and when the host answers with its
half, a sealed ``join`` under the key that code gives; then read the verdict. Prints one JSON
object: ``verdicts`` (answers about a code: wrong, or — should it ever happen — right),
``turned_away`` (closed or refused without a verdict), ``connections`` and ``seconds``, after a
line ``ready`` when the SPAKE2 messages are made and the flood begins, and a line ``all in`` once
every socket has connected. With ``--until-eof`` it floods until its standard input ends instead
of for ``--seconds`` (a test's friend joins first).
Point it only at a host of your own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from dataclasses import asdict, dataclass

from tictactoe_tui.net.channel import Channel, Pake
from tictactoe_tui.net.protocol import MAX_LINE, new_code


@dataclass
class Tally:
    verdicts: int = 0
    right_codes: int = 0
    turned_away: int = 0
    connections: int = 0
    seconds: float = 0.0
    sockets: int = 0


@dataclass
class Until:
    """When the flood ends: at ``deadline`` (monotonic seconds; none: when it is cancelled)."""

    deadline: float = float("inf")

    def over(self) -> bool:
        return time.monotonic() >= self.deadline

    def left(self, extra: float = 0.0) -> float | None:
        """Seconds to wait for an answer: until the deadline (and ``extra``), at least 10 ms."""
        return None if self.deadline == float("inf") else max(0.01, self.deadline - time.monotonic() + extra)


async def attempt(host: str, port: int, pake: Pake, until: Until, tally: Tally) -> None:
    """One connection: hello, the host's half, join, verdict (or being turned away)."""
    reader, writer = await asyncio.open_connection(host, port, limit=MAX_LINE)
    tally.connections += 1
    if tally.connections == tally.sockets:
        print("all in", flush=True)
    try:
        hello = {"v": 2, "type": "hello", "pake": pake.encoded()}
        writer.write(json.dumps(hello).encode() + b"\n")
        await writer.drain()
        reply = await asyncio.wait_for(reader.readline(), until.left())
        message = json.loads(reply) if reply.startswith(b"{") else {}
        if message.get("type") != "pake":
            tally.turned_away += 1
            return
        channel = Channel(pake.key(Pake.decoded(message["pake"])), "guest")
        writer.write(channel.seal({"type": "join"}))
        await writer.drain()
        verdict = await asyncio.wait_for(reader.readline(), until.left(extra=5))
        if verdict.startswith(b"{"):  # in the open: a wrong code, or its turn was over (busy)
            if json.loads(verdict).get("reason") == "wrong code":
                tally.verdicts += 1
            else:
                tally.turned_away += 1
        elif verdict:  # sealed: the host let it in
            tally.verdicts += 1
            tally.right_codes += 1
        else:
            tally.turned_away += 1
    finally:
        writer.close()


async def socket_loop(host: str, port: int, pakes: list[Pake], until: Until, tally: Tally) -> None:
    """One of the parallel sockets: attempt after attempt until the flood is over."""
    while not until.over():
        pake = pakes.pop() if pakes else Pake(new_code(), "guest")
        try:
            await attempt(host, port, pake, until, tally)
        except (OSError, TimeoutError, ValueError, asyncio.IncompleteReadError):
            tally.turned_away += 1
            await asyncio.sleep(0.01)


async def flood(host: str, port: int, sockets: int, seconds: float | None) -> Tally:
    """Run the flood for ``seconds``, or until standard input ends when ``None``; what it got."""
    pakes = [Pake(new_code(), "guest") for _ in range(sockets)]  # made before the clock starts
    print("ready", flush=True)
    tally = Tally(sockets=sockets)
    started = time.monotonic()
    until = Until() if seconds is None else Until(deadline=started + seconds)
    loops = [asyncio.ensure_future(socket_loop(host, port, pakes, until, tally)) for _ in range(sockets)]
    if seconds is None:
        await asyncio.to_thread(sys.stdin.buffer.read)  # in a thread: it may be a terminal
        for loop in loops:
            loop.cancel()
    await asyncio.gather(*loops, return_exceptions=seconds is None)
    tally.seconds = round(time.monotonic() - started, 2)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("--sockets", type=int, default=1000)
    ending = parser.add_mutually_exclusive_group()
    ending.add_argument("--seconds", type=float, default=10.0)
    ending.add_argument("--until-eof", action="store_true", help="flood until standard input ends")
    args = parser.parse_args()
    tally = asyncio.run(flood(args.host, args.port, args.sockets, None if args.until_eof else args.seconds))
    print(json.dumps(asdict(tally)), flush=True)


if __name__ == "__main__":
    main()

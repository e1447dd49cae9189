"""Flood a tictactoe-tui host with join attempts, as an attacker would, and count what it gets.

    python scripts/flood.py HOST PORT [--sockets 1000] [--seconds 10]

Each of ``--sockets`` connections, over and over until the time is up: connect, send a
protocol-2 hello (a real SPAKE2 message for a random code), and when the host answers with its
half, a sealed ``join`` under the key that code gives; then read the verdict. Prints one JSON
object: ``verdicts`` (answers about a code: wrong, or — should it ever happen — right),
``turned_away`` (closed or refused without a verdict), ``connections`` and ``seconds``, after a
line ``ready`` when the SPAKE2 messages are made and the flood begins.
Point it only at a host of your own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
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


async def attempt(host: str, port: int, pake: Pake, deadline: float, tally: Tally) -> None:
    """One connection: hello, the host's half, join, verdict (or being turned away)."""
    reader, writer = await asyncio.open_connection(host, port, limit=MAX_LINE)
    tally.connections += 1
    try:
        hello = {"v": 2, "type": "hello", "pake": pake.encoded()}
        writer.write(json.dumps(hello).encode() + b"\n")
        await writer.drain()
        reply = await asyncio.wait_for(reader.readline(), max(0.01, deadline - time.monotonic()))
        message = json.loads(reply) if reply.startswith(b"{") else {}
        if message.get("type") != "pake":
            tally.turned_away += 1
            return
        channel = Channel(pake.key(Pake.decoded(message["pake"])), "guest")
        writer.write(channel.seal({"type": "join"}))
        await writer.drain()
        verdict = await asyncio.wait_for(reader.readline(), max(0.01, deadline - time.monotonic() + 5))
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


async def socket_loop(host: str, port: int, pakes: list[Pake], deadline: float, tally: Tally) -> None:
    """One of the parallel sockets: attempt after attempt until the deadline."""
    while time.monotonic() < deadline:
        pake = pakes.pop() if pakes else Pake(new_code(), "guest")
        try:
            await attempt(host, port, pake, deadline, tally)
        except (OSError, TimeoutError, ValueError, asyncio.IncompleteReadError):
            tally.turned_away += 1
            await asyncio.sleep(0.01)


async def flood(host: str, port: int, sockets: int, seconds: float) -> Tally:
    """Run the flood; what it got."""
    pakes = [Pake(new_code(), "guest") for _ in range(sockets)]  # made before the clock starts
    print("ready", flush=True)
    tally = Tally()
    started = time.monotonic()
    deadline = started + seconds
    await asyncio.gather(*(socket_loop(host, port, pakes, deadline, tally) for _ in range(sockets)))
    tally.seconds = round(time.monotonic() - started, 2)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    tally = asyncio.run(flood(args.host, args.port, args.sockets, args.seconds))
    print(json.dumps(asdict(tally)), flush=True)


if __name__ == "__main__":
    main()

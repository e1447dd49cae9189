"""Online through a mailbox server beside the direct host: code to first move, and move latency.

    python benchmarks/bench_mailbox.py [--games N]

Starts a real ``twist wormhole-mailbox`` on loopback (the test extra installs it), then for each
way to meet times, in this one process and event loop: from the host asking for a code (mailbox:
the server allocates it; direct: the host starts listening) until the guest has joined with it
and the host's first move is in the guest's match; then every move of N drawn games from the
mover's call until the move is in the other side's match, both players' moves.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.helpers.mailbox import mailbox_server
from tests.helpers.waiting import spin_until
from tictactoe_tui.engine import Move
from tictactoe_tui.net.gate import Gate
from tictactoe_tui.net.guest import Guest
from tictactoe_tui.net.host import Host
from tictactoe_tui.net.mailbox import MailboxHost
from tictactoe_tui.net.mailbox_guest import MailboxGuest
from tictactoe_tui.net.match import Match

#: A drawn 3×3 game (X b2, O a1, X c3, …).
DRAW: tuple[Move, ...] = ((1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0))


async def play(mailbox: str | None, games: int) -> tuple[float, list[float]]:
    """Milliseconds from asking for a code to the first move at the guest, and each move's crossing."""
    seen: list[Match] = []
    started = time.perf_counter()
    host: Host | MailboxHost
    guest: Guest | MailboxGuest
    if mailbox is None:
        host = Host(Match(), gate=Gate())
        address = await host.start("127.0.0.1", 0)
        guest = Guest(*address, host.code, seen.append)
        tasks = [asyncio.ensure_future(guest.run())]
    else:
        host = MailboxHost(Match(), url=mailbox)
        tasks = [asyncio.ensure_future(host.run())]
        await spin_until(lambda: bool(host.code))
        guest = MailboxGuest(host.code, seen.append, url=mailbox)
        tasks.append(asyncio.ensure_future(guest.run()))
    await spin_until(lambda: host.connected and bool(seen))
    host.play(DRAW[0])
    await spin_until(lambda: len(seen[-1].moves) == 1)
    first = (time.perf_counter() - started) * 1e3
    crossings: list[float] = []
    for game in range(games):
        for index, move in enumerate(DRAW):
            if game == 0 and index == 0:
                continue
            before = time.perf_counter()
            hosts_turn = host.match.board.to_move is host.match.mark("host")
            if hosts_turn:
                host.play(move)
                await spin_until(lambda: len(seen[-1].moves) == index + 1)  # noqa: B023
            else:
                await guest.play(move)
                await spin_until(lambda: len(host.match.moves) == index + 1)  # noqa: B023
            crossings.append((time.perf_counter() - before) * 1e3)
        host.rematch()
        await spin_until(lambda: not seen[-1].moves)
        await spin_until(lambda: not host.match.moves)
    await guest.close()
    await host.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return first, crossings


def quantile(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


async def main(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder, mailbox_server(Path(folder)) as server:
        rows = []
        for name, url in (("through a local mailbox server", server.url), ("direct host", None)):
            firsts, moves = [], []
            for _ in range(3):
                first, crossings = await play(url, games)
                firsts.append(first)
                moves += crossings
            rows.append((name, firsts, moves))
    print(f"{len(rows[0][2])} moves each ({games} drawn games × 3 matches, both players' moves), loopback:")
    print("| way | code to first move (3 matches) | a move to the other side, p50 / p99 |")
    print("|---|---|---|")
    for name, firsts, moves in rows:
        shown = ", ".join(f"{ms:.0f}" for ms in firsts)
        print(f"| {name} | {shown} ms | {statistics.median(moves):.1f} / {quantile(moves, 0.99):.1f} ms |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    asyncio.run(main(parser.parse_args().games))

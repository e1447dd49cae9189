"""Online play benchmark: how soon each screen shows a move, host and guest on loopback.

    python benchmarks/bench_net.py [--moves N]

Two real copies of the app (headless, in this one process and event loop, so they also share
one core's time) play over a loopback connection. For each move it times the key press on the
mover's app (the move the key asks for, as the key's action plays it) until the position is in
both apps' game state, and until both apps' board widgets show the mark (the terminal gets it
with the next frame). A two-player game on one keyboard, measured the same way,
shows what the app costs without the network.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from textual.pilot import Pilot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.helpers.waiting import spin_until
from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Move, get_strategy
from tictactoe_tui.game import Settings
from tictactoe_tui.net import HostPlan, JoinPlan
from tictactoe_tui.net.host import Host
from tictactoe_tui.store.files import Paths
from tictactoe_tui.table import TWO_PLAYERS

#: A drawn 3×3 game (X b2, O a1, X c3, …).
DRAW: tuple[Move, ...] = ((1, 1), (0, 0), (2, 2), (0, 2), (0, 1), (2, 1), (1, 0), (1, 2), (2, 0))


def make(home: Path, plan: HostPlan | JoinPlan | None) -> TicTacToeApp:
    settings = Settings(mode=TWO_PLAYERS.name)
    return TicTacToeApp(
        settings, paths=Paths(home / "c", home / "d"), searcher=ThreadSearcher(get_strategy), online=plan, seed=1
    )


def drawn(app: TicTacToeApp, move: Move) -> bool:
    """Whether the board widget of ``app`` shows a mark on ``move`` (painted on the next frame)."""
    return bool(app.query_one(BoardView).squares[move].symbol)


async def settled(*apps: TicTacToeApp) -> None:
    """Let the apps finish what a move set off before the next one."""
    for app in apps:
        await Pilot(app).pause()


async def online_ms(games: int) -> tuple[list[float], list[float]]:
    to_state: list[float] = []
    to_screen: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        host = make(home / "host", HostPlan("127.0.0.1", 0))
        async with host.run_test():
            screen = host.game_screen
            await spin_until(
                lambda: (
                    screen.online is not None
                    and isinstance(screen.online.host, Host)
                    and bool(screen.online.host.address)
                )
            )
            link = screen.online
            assert link is not None
            assert isinstance(link.host, Host)
            assert link.host.address is not None
            guest = make(home / "guest", JoinPlan(*link.host.address, link.host.code))
            async with guest.run_test():
                await spin_until(lambda: host.game_screen.game.joined and guest.game_screen.game.joined)
                for _ in range(games):
                    for move in DRAW:
                        hosting = host.game_screen.game
                        mover = host if hosting.board.to_move in hosting.seating.keyboard else guest
                        before = len(hosting.line)
                        started = time.perf_counter()
                        mover.game_screen.place(move)
                        await spin_until(
                            lambda: len(host.game_screen.game.line) == len(guest.game_screen.game.line) == before + 1  # noqa: B023
                        )
                        to_state.append((time.perf_counter() - started) * 1e3)
                        await spin_until(lambda: drawn(host, move) and drawn(guest, move))  # noqa: B023
                        to_screen.append((time.perf_counter() - started) * 1e3)
                        await settled(host, guest)
                    await host.game_screen.action_new_game()
                    await spin_until(lambda: not host.game_screen.game.line and not guest.game_screen.game.line)
                    await settled(host, guest)
    return to_state, to_screen


async def local_ms(games: int) -> tuple[list[float], list[float]]:
    to_state: list[float] = []
    to_screen: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        app = make(Path(folder), None)
        async with app.run_test():
            for _ in range(games):
                for move in DRAW:
                    started = time.perf_counter()
                    app.game_screen.place(move)
                    to_state.append((time.perf_counter() - started) * 1e3)
                    await spin_until(lambda: drawn(app, move))  # noqa: B023
                    to_screen.append((time.perf_counter() - started) * 1e3)
                    await settled(app)
                await app.game_screen.action_new_game()
                await settled(app)
    return to_state, to_screen


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args()
    online_state, online_screen = asyncio.run(online_ms(args.games))
    local_state, local_screen = asyncio.run(local_ms(args.games))

    def quantile(values: list[float], q: float) -> float:
        return sorted(values)[min(len(values) - 1, int(q * len(values)))]

    print(f"{len(online_state)} moves ({args.games} drawn games, both players' moves):")
    print(
        "| from the move's key to | online: host and guest on loopback, p50 / p99 | one app, two players, p50 / p99 |"
    )
    print("|---|---|---|")
    for name, online, local in (
        ("the position in both games' state", online_state, local_state),
        ("the mark in both board widgets (painted on the next frame)", online_screen, local_screen),
    ):
        print(
            f"| {name} | {statistics.median(online):.1f} / {quantile(online, 0.99):.1f} ms "
            f"| {statistics.median(local):.1f} / {quantile(local, 0.99):.1f} ms |"
        )
    last = online_screen[len(DRAW) - 1 :: len(DRAW)]
    others = [ms for index, ms in enumerate(online_screen) if index % len(DRAW) != len(DRAW) - 1]
    print(
        f"online, the game's last move (both apps also record it in the archive): p50 {statistics.median(last):.1f} ms,"
        f" max {max(last):.1f} ms; the other moves: p50 {statistics.median(others):.1f} ms, max {max(others):.1f} ms"
    )
    print(f"goal: each move on both screens within 50 ms; p99 here {quantile(online_screen, 0.99):.1f} ms")
    sys.exit(0 if quantile(online_screen, 0.99) <= 50 else 1)


if __name__ == "__main__":
    main()

"""Online play in the app: a Host or a Guest running in the app's own event loop.

The link turns each match it hears of into the :class:`GameState` the app shows (each player
keeps their symbol: the host's marks show as X, the guest's as O, whoever moves first) and
passes the player's moves and rematches on. It touches no widget: it hands states and status
lines to the callbacks the app gives it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Literal

from ..engine.board import Mark, Move
from ..game import GameState, Mode
from ..net import HostPlan, JoinPlan
from ..net.guest import Guest, GuestError
from ..net.host import Host
from ..net.match import Match, MoveRefused


class OnlineLink:
    """The app's side of an online match, as host or as guest."""

    def __init__(
        self,
        plan: HostPlan | JoinPlan,
        match: Match,
        show: Callable[[GameState], None],
        say: Callable[[str], None],
    ) -> None:
        """``show`` receives each new game state, ``say`` each status line (address, code, joins)."""
        self.plan = plan
        self.side: Literal["host", "guest"] = "host" if isinstance(plan, HostPlan) else "guest"
        self.mode = Mode.ONLINE_HOST if self.side == "host" else Mode.ONLINE_JOIN
        self.show, self.say = show, say
        self._shown: GameState | None = None
        self.host: Host | None = None
        self.guest: Guest | None = None
        if isinstance(plan, HostPlan):
            self.host = Host(match, self.changed, self.status)
        else:
            self.guest = Guest(plan.host, plan.port, plan.code or "", self.changed, self.status)
        self.banner = ""

    async def run(self) -> None:
        """Listen (host) or stay joined (guest) until closed; problems end up in the status."""
        if self.host is not None:
            assert isinstance(self.plan, HostPlan)
            try:
                bind, port = await self.host.start(self.plan.bind, self.plan.port)
            except OSError as error:
                self.status(f"Cannot host on {self.plan.bind}:{self.plan.port}: {error.strerror or error}")
                return
            self.banner = f"code: {self.host.code} · {bind}:{port}"
            self.status("Waiting for your friend to join")
            return
        assert self.guest is not None
        self.banner = f"playing the host at {self.guest.host}:{self.guest.port}"
        self.status("Connecting…")
        try:
            await self.guest.run()
        except GuestError as error:
            self.banner = ""
            self.status(f"Could not join: {error}")

    async def close(self) -> None:
        """Hang up."""
        if self.host is not None:
            await self.host.close()
        if self.guest is not None:
            await self.guest.close()

    def status(self, text: str) -> None:
        self.say(f"{self.banner}\n{text}" if self.banner else text)

    # -- states ------------------------------------------------------------------------

    def changed(self, match: Match) -> None:
        """Show ``match`` as this player sees it."""
        mine = match.mark(self.side)
        previous = self._shown
        same_game = previous is not None and previous.number == match.number
        started = previous.started if same_game and previous is not None else time.time()
        times = previous.times if same_game and previous is not None else ()
        times = (*times, *((time.time() - started,) * (len(match.moves) - len(times))))[: len(match.moves)]
        # each player keeps their symbol: the host's marks show as X, the guest's as O
        swapped = (mine is Mark.O) if self.side == "host" else (mine is Mark.X)
        state = GameState.online(
            self.mode, match.board, mine, swapped=swapped, number=match.number, started=started, times=times
        )
        self._shown = state
        self.show(state)

    # -- the player's requests -----------------------------------------------------------

    async def play(self, move: Move) -> str | None:
        """Play ``move`` for this player; why not, or None."""
        if self.host is not None:
            if not self.host.connected:
                return "Wait for your friend to join again"
            try:
                self.host.play(move)
            except MoveRefused as refusal:
                return str(refusal).capitalize()
            return None
        assert self.guest is not None
        return None if await self.guest.play(move) else "Not connected to your friend's game"

    async def rematch(self) -> str | None:
        """Start the next game (the other player first); why not, or None."""
        if self.host is not None:
            try:
                self.host.rematch()
            except MoveRefused as refusal:
                return str(refusal).capitalize()
            return None
        assert self.guest is not None
        match = self.guest.match
        if match is not None and not match.board.is_over:
            return "Finish this game first"
        return None if await self.guest.rematch() else "Not connected to your friend's game"

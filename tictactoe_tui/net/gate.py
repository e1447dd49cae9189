"""The host's door: when strangers get a turn to try a code.

A stranger is a connection that has not yet proved it knows the code. However many there are
(a flood of a thousand sockets is one ordinary script), the gate starts at most one stranger's
turn (one code exchange: a SPAKE2 computation, and a verdict) every :meth:`spacing` seconds for
all of them together: one a second at first, one second slower for every ``SLOWER_EVERY`` wrong
codes the current code has had. The number of guesses an attacker gets depends on time, not on
sockets, and falls off as they keep trying. A verdict is given as soon as the stranger has
answered, right or wrong alike, so its timing tells nothing; a turn lasts only as long as the
stranger takes to answer (about a second at most). Turns go to each address the strangers come
from in rotation, and to the newest stranger of that address, so a flood from one machine,
however many sockets it opens, gets every other turn at most when a friend from another
address waits, and a friend who connects in the middle of a flood is heard within two turns
instead of behind every socket that was already waiting; a friend who proves they were in the
game a moment ago (see :mod:`.host`) goes before every stranger, at once.
"""

from __future__ import annotations

import asyncio

#: Seconds between the starts of two strangers' turns, at first.
TURN_SPACING = 1.0
#: Every this many wrong codes (against one code), the turns come one ``TURN_SPACING`` slower.
SLOWER_EVERY = 20


class Gate:
    """Turns for strangers: :meth:`enter` waits for one (a friend's wait is nothing);
    :attr:`wrong_codes` (the host's count for its current code) slows them down."""

    def __init__(self, turn_spacing: float = TURN_SPACING) -> None:
        self.turn_spacing = turn_spacing
        self.wrong_codes = 0
        """Wrong codes tried against the host's current code."""
        self._waiting: dict[str, list[asyncio.Future[None]]] = {}  # by address, in turn order; newest last
        self._next_turn = 0.0
        self._handing: asyncio.TimerHandle | None = None

    @property
    def waiting(self) -> int:
        """Strangers waiting for a turn."""
        return sum(len(queue) for queue in self._waiting.values())

    def spacing(self, wrong_codes: int) -> float:
        """Seconds between two strangers' turns once the code has had ``wrong_codes`` wrong ones."""
        return self.turn_spacing * (1 + wrong_codes // SLOWER_EVERY)

    async def enter(self, friend: bool = False, address: str = "") -> None:
        """Wait for a turn: a ``friend`` at once, a stranger from ``address`` at the next free
        moment for that address; cancelling the wait gives up the place in the queue."""
        if friend:
            return
        loop = asyncio.get_running_loop()
        if not self._waiting and loop.time() >= self._next_turn:
            self._next_turn = loop.time() + self.spacing(self.wrong_codes)
            return
        turn = loop.create_future()
        self._waiting.setdefault(address, []).append(turn)
        self._schedule()
        try:
            await turn
        except asyncio.CancelledError:
            queue = self._waiting.get(address, [])
            if turn in queue:
                queue.remove(turn)
                if not queue:
                    del self._waiting[address]
            raise

    def _schedule(self) -> None:
        """Hand the next turn out when its moment comes."""
        if self._handing is None and self._waiting:
            self._handing = asyncio.get_running_loop().call_at(self._next_turn, self._hand_on)

    def _hand_on(self) -> None:
        """The next address in rotation gets the turn, for its newest stranger still waiting."""
        self._handing = None
        loop = asyncio.get_running_loop()
        while self._waiting:
            address = next(iter(self._waiting))
            queue = self._waiting.pop(address)
            turn = next((turn for turn in reversed(queue) if not turn.done()), None)
            if turn is not None:
                queue.remove(turn)
            if queue:
                self._waiting[address] = queue  # the back of the rotation
            if turn is not None:
                turn.set_result(None)
                self._next_turn = loop.time() + self.spacing(self.wrong_codes)
                break
        self._schedule()

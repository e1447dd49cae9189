"""The host's door: how strangers take turns to try a code, and how fast wrong codes are answered.

A stranger is a connection that has not yet proved it knows the code. However many there are
(a flood of a thousand sockets is one ordinary script), the gate lets only a few run a
handshake at once and answers wrong codes no faster than one every ``spacing`` seconds, for
all of them together: the number of guesses an attacker gets depends on time, not on sockets.
Strangers wait newest first, so a friend who connects in the middle of a flood is heard at the
next free turn instead of behind every socket that was already waiting.
"""

from __future__ import annotations

import asyncio

#: Handshakes run at once.
HANDSHAKE_SLOTS = 2
#: Seconds between two wrong-code answers, for all connections together.
WRONG_CODE_SPACING = 1.0


class Gate:
    """Turns for strangers: :meth:`enter` waits for one, :meth:`leave` hands it on."""

    def __init__(self, slots: int = HANDSHAKE_SLOTS, spacing: float = WRONG_CODE_SPACING) -> None:
        self.spacing = spacing
        self._free = slots
        self._waiting: list[asyncio.Future[None]] = []
        self._next_answer = 0.0

    @property
    def waiting(self) -> int:
        """Strangers waiting for a turn."""
        return len(self._waiting)

    async def enter(self) -> None:
        """Wait for a turn (newest first); cancelling the wait gives up the place in the queue."""
        if self._free and not self._waiting:
            self._free -= 1
            return
        turn = asyncio.get_running_loop().create_future()
        self._waiting.append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn in self._waiting:
                self._waiting.remove(turn)
            elif turn.done() and not turn.cancelled():
                self.leave()  # handed a turn just as the wait was given up: pass it on
            raise

    def leave(self) -> None:
        """End a turn: the newest stranger still waiting gets it."""
        while self._waiting:
            turn = self._waiting.pop()
            if not turn.done():
                turn.set_result(None)
                return
        self._free += 1

    async def pace_wrong_code(self) -> None:
        """Wait until a wrong code may be answered: one answer every ``spacing`` seconds."""
        now = asyncio.get_running_loop().time()
        answer_at = max(now, self._next_answer)
        self._next_answer = answer_at + self.spacing
        await asyncio.sleep(answer_at - now)

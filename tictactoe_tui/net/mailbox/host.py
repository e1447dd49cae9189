"""Play through a magic-wormhole mailbox server: the host gets a code, the friend joins with it.

The mailbox server (the public one, or anyone's ``twist wormhole-mailbox``) only passes small
messages between the two programs that claimed the same code's number. The ``magic-wormhole``
library runs SPAKE2 on the whole code, so the server never learns it and a wrong code learns
nothing and uses the code up (both sides get ``WrongPasswordError``); every message after that
is sealed with the session key. The messages are the game's own (:mod:`.protocol`'s sealed
ones, as JSON): the guest's ``join``, ``move``, ``rematch``, ``ping`` and ``bye``, the host's
``state``, ``error`` and ``pong``, and either side's ``chat`` (:mod:`.chat`).

The library is Twisted's (:mod:`.wormholes` wraps it, bounded): its reactor runs on the app's
own asyncio loop (installed the first time a player goes online, so a plain start loads no
Twisted). It keeps the connection to the
mailbox server itself, reconnecting after a drop with the messages not yet delivered; this
module and :mod:`.mailbox_guest` add what a game needs on top: pings, so that each side knows
whether the other is there (:mod:`.presence`), a fresh code from the host after a wrong one or
after the friend left, and one-line news for each of those.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from ..hosting import Hosting
from ..match import Match
from ..protocol import GUEST_MESSAGES, ProtocolError
from .presence import CODE_RENEWED, HOST_LEFT, LOST_SERVER, SILENCE_SECONDS, Presence
from .wormholes import Closed, MailboxError, Unreachable, Wormhole, WrongCode

__all__ = ["MailboxError"]  # (what the app catches, decided in .wormholes)

#: Seconds the host waits for the ``join`` of a side that has agreed the key (ours sends it at once).
JOIN_SECONDS = 30.0
#: Seconds a code waits for a friend's key before it is renewed (a squatter holds it at most so long).
CODE_SECONDS = 180.0
#: Seconds between the host's attempts to reach a mailbox server it cannot reach.
RETRY_SECONDS = 5.0
#: What the host is told when the friend left (said goodbye).
FRIEND_LEFT = "Your friend left: give them the new code above to go on with this game"


class MailboxHost(Presence, Hosting):
    """Hosts ``match`` through the mailbox server at ``url``: shows a code (:attr:`code`), lets in
    the friend who uses it, and after a wrong code, a friend who left or went silent, or tampering,
    gets a fresh code for the same match. ``on_change`` and ``on_status`` as for the direct host."""

    def __init__(
        self,
        match: Match,
        on_change: Callable[[Match], None] = lambda match: None,
        on_status: Callable[[str], None] = lambda text: None,
        *,
        url: str,
        silence_seconds: float = SILENCE_SECONDS,
        join_seconds: float = JOIN_SECONDS,
        code_seconds: float = CODE_SECONDS,
        retry_seconds: float = RETRY_SECONDS,
    ) -> None:
        Presence.__init__(self)
        Hosting.__init__(self, match, on_change, on_status)
        self.url, self.silence_seconds, self.join_seconds = url, silence_seconds, join_seconds
        self.code_seconds, self.retry_seconds = code_seconds, retry_seconds
        self._expired = False
        self.code = ""
        """The code that lets the friend in now ("" while none is)."""
        self.wrong_codes = 0
        self._has_joined = False
        self._closing = False
        self._retiring = False
        self._retired: asyncio.Future[None] | None = None

    async def run(self) -> None:
        """Host until :meth:`close`, trying again every ``retry_seconds`` while the mailbox server
        cannot be reached (at first, or for a new code); :class:`MailboxError` if it refuses us."""
        news = ""
        while not self._closing:
            wormhole = self._wormhole = Wormhole(self.url, GUEST_MESSAGES, self._server_changed)
            unreachable = False
            try:
                self.code = await self._allocate(wormhole)
                self.on_status(news or "Give your friend the code above")
                await self._confirmed_in_time(wormhole)
                self.code = ""
                news = await self._follow(wormhole)
            except WrongCode:
                self.wrong_codes += 1
                news = f"Someone tried a wrong code ({self.wrong_codes}): it no longer works; here is a new one"
                if self._has_joined:
                    news = "The connection was tampered with (a message failed its check): a new code is above"
            except Closed:
                if self._expired:
                    minutes = (
                        f"{self.code_seconds / 60:g} minutes" if self.code_seconds >= 60 else f"{self.code_seconds:g} s"
                    )
                    news = f"Nobody came in with the code for {minutes} (someone may hold it): here is a new one"
                elif self._retiring:
                    news = "A new code: the old one no longer lets anyone in"
            except Unreachable as error:
                unreachable = True
                if self._reachable:
                    self._set_reachable(False)
                    self._changed()
                why = str(error)
                self.on_status(f"{why[:1].upper()}{why[1:]}: trying again every {self.retry_seconds:g} s")
            except ProtocolError as error:
                news = f"Your friend's game could not be played: {error}; a new code is above"
            except TimeoutError:  # the key exchange done, and no join: not our game (or a prank)
                news = f"Someone had the code but said nothing for {self.join_seconds:g} s: here is a new code"
            finally:
                self._retiring, self._expired, self.code = False, False, ""
                if self._present:  # quitting (the app cancels this task first) or giving up on them
                    wormhole.send({"type": "error", "reason": HOST_LEFT, "fatal": True})
                    self._set_present(False)
                await wormhole.close()
            if unreachable and not self._closing:
                await asyncio.sleep(self.retry_seconds)

    async def _allocate(self, wormhole: Wormhole) -> str:
        """A new code from the server; the server is reachable then (told, if it was not)."""
        code = await wormhole.allocate()
        if not self._reachable:
            self._set_reachable(True)
            self._changed()
        return code

    def _changed(self) -> None:
        self.on_change(self.match)

    async def _confirmed_in_time(self, wormhole: Wormhole) -> None:
        """Wait for a friend's key; after ``code_seconds`` without one, close the wormhole (the
        code is renewed: someone who claimed its number and never exchanges keys, a squatter,
        would otherwise keep every friend out with "crowded" for as long as it liked)."""
        confirming = asyncio.ensure_future(wormhole.confirmed())
        try:
            done, _ = await asyncio.wait({confirming}, timeout=self.code_seconds)
            if not done:
                self._expired = True
                wormhole.end(Closed("expired"))
            await confirming
        finally:
            confirming.cancel()  # (the host quitting: nobody waits for it any more)

    async def _follow(self, wormhole: Wormhole) -> str:
        """The friend's messages, from their ``join`` until they leave or go silent (or the code
        is retired); what to say with the next code. Silent for the limit while the server can be
        reached, the friend is taken for gone (a process killed cannot use this code again: the
        server lets two sides use it, and both did): the host tells them, should they come back,
        and hosts on with a new code for the same match."""
        join = await wormhole.receive(self.join_seconds)
        if join["type"] != "join":
            raise ProtocolError("a message before join")
        wormhole.send(self.match.to_message())
        self._set_present(True, "Your friend is back" if self._has_joined else "Your friend joined")
        self._has_joined = True
        heard = time.monotonic()
        while True:
            try:
                message = await wormhole.receive(self._silence_left(heard))
            except TimeoutError:
                if not self._heard_nothing(heard, ""):
                    continue
                wormhole.send({"type": "error", "reason": CODE_RENEWED, "fatal": True})
                return f"Nothing from your friend for {self.silence_seconds:g} s: give them the new code above"
            heard = time.monotonic()
            self._set_present(True, "Your friend is back")
            if message["type"] == "bye":
                return FRIEND_LEFT
            reply = self._answer(message)
            if reply is not None:
                wormhole.send(reply)

    def _send_state(self, message: dict[str, Any]) -> None:
        """Send to a friend who is here (the library keeps it while the server is away)."""
        if self._wormhole is not None and self._present:
            self._wormhole.send(message)

    def new_code(self) -> str | None:
        """Retire the code and get a new one; why not, or None (a friend playing keeps the game)."""
        if not self._reachable:
            return f"{LOST_SERVER.capitalize()}: a new code once it is back (the match is kept)"
        if self._present:
            return "Your friend is playing: the code was used up when they joined"
        self._retiring = True
        if self._wormhole is not None:
            self._retired = asyncio.ensure_future(self._wormhole.close())
        return None

    async def close(self) -> None:
        """Say goodbye to the friend and close the wormhole."""
        self._closing = True
        if self._wormhole is not None:
            if self._present:
                self._wormhole.send({"type": "error", "reason": HOST_LEFT, "fatal": True})
                self._present = False
            await self._wormhole.close()

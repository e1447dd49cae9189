"""Join a match through a magic-wormhole mailbox server by the code alone (see :mod:`.mailbox`):
the friend's side, which asks the host for moves and rematches and shows the match it sends."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from ..listening import Listener, kept_text, on_its_way, waiting_text
from ..match import Match
from ..protocol import HOST_MESSAGES, ProtocolError
from .host import CODE_SECONDS
from .presence import HANG_UPS, LOST_SERVER, PING_SECONDS, SILENCE_SECONDS, Presence
from .wormholes import Closed, Crowded, MailboxError, Wormhole, WrongCode

#: Seconds a joining friend waits before being told that no host has answered the code yet.
LONELY_SECONDS = 10.0


#: What the guest is told when the host goes silent: a network that drops comes back by itself; a
#: host whose game was killed and started again has a new code, which only the friend can give.
HOST_SILENT = "Host silent: press n for their new code…"


class MailboxGuestError(MailboxError):
    """The host turned us away for good (a wrong code, the host left); the message says why."""


class MailboxGuest(Presence, Listener):
    """Joins the match whose code is ``code`` through the mailbox server at ``url``."""

    def __init__(
        self,
        code: str,
        on_change: Callable[[Match], None] = lambda match: None,
        on_status: Callable[[str], None] = lambda text: None,
        *,
        url: str,
        ping_seconds: float = PING_SECONDS,
        silence_seconds: float = SILENCE_SECONDS,
        lonely_seconds: float = LONELY_SECONDS,
    ) -> None:
        Presence.__init__(self)
        Listener.__init__(self, on_change, on_status)
        self.code, self.url, self.ping_seconds, self.silence_seconds = code, url, ping_seconds, silence_seconds
        self.lonely_seconds = lonely_seconds

    async def run(self) -> None:
        """Stay joined until :meth:`close`; :class:`MailboxGuestError` when the code is refused or
        the host leaves, :class:`MailboxError` if the server cannot be reached at first."""
        reached = f"Reached the mailbox server: waiting for the host to answer the code {self.code}…"
        wormhole = self._wormhole = Wormhole(
            self.url, HOST_MESSAGES, self._server_changed, lambda: self.on_status(reached)
        )
        try:
            wormhole.set_code(self.code)
            lonely = asyncio.get_running_loop().call_later(
                self.lonely_seconds,
                self.on_status,
                f"No host has answered the code {self.code} yet: check it with your friend (still waiting…)",
            )
            try:
                await wormhole.confirmed()
            except WrongCode:
                raise MailboxGuestError(f"the host refused the code {self.code} (it is used up now)") from None
            except Crowded:
                raise MailboxGuestError(
                    f"someone else took the code {self.code}; your friend gets a new one by itself within "
                    f"{CODE_SECONDS / 60:g} minutes, or at once with c"
                ) from None
            finally:
                lonely.cancel()
            wormhole.send({"type": "join"})
            pinger = asyncio.ensure_future(self._ping(wormhole))
            try:
                await self._follow(wormhole)
            except ProtocolError as error:  # (the app is told why this match is over, in its words)
                raise MailboxGuestError(f"the host's game could not be played: {error}") from None
            finally:
                pinger.cancel()
                wormhole.send({"type": "bye"})  # quitting (the app cancels this task first), or refused
        finally:
            await wormhole.close()

    async def _follow(self, wormhole: Wormhole) -> None:
        heard = time.monotonic()
        while True:
            try:
                message = await wormhole.receive(self._silence_left(heard))
            except TimeoutError:
                if self._heard_nothing(heard, waiting_text(self, HOST_SILENT, "nothing from them for a while")):
                    heard = time.monotonic()  # (said: said again after as long a silence)
                continue
            except WrongCode:
                raise MailboxGuestError(
                    "the connection was tampered with (a message failed its check): ask your friend for a new code"
                ) from None
            except Closed:
                return
            heard = time.monotonic()
            first = self.match is None
            self._set_present(True, "" if first else "The host is back")  # the first: its state tells
            hung_up = self._hear_host(message)
            if hung_up is not None:
                self._set_present(False)
                raise MailboxGuestError(HANG_UPS.get(hung_up, f"the host hung up ({hung_up})"))
            if first and self.match is not None and self.asked is not None:  # kept from the match's earlier link
                wormhole.send(self.asked)
                self.on_status(on_its_way(self.asked))

    def _changed(self) -> None:
        if self.match is not None:
            self.on_change(self.match)

    @property
    def away(self) -> str:
        """Why the host cannot be reached now, in a few words."""
        return LOST_SERVER if not self._reachable else "nothing from them for a while"

    def _server_news(self, reachable: bool) -> str:
        """A move kept while the server is away is said to wait; once it is back, to be on its way."""
        if self.asked is None:
            return super()._server_news(reachable)
        return on_its_way(self.asked) if reachable else kept_text(self.asked, LOST_SERVER)

    async def _ping(self, wormhole: Wormhole) -> None:
        while True:
            await asyncio.sleep(self.ping_seconds)
            wormhole.send({"type": "ping"})

    async def _send(self, message: dict[str, Any]) -> bool:
        """Hand a request to the wormhole; whether it goes out now (the server is reachable: the
        library sends it once it is, and the server keeps it until the host reads it)."""
        if self._wormhole is not None:
            self._wormhole.send(message)
        return self._wormhole is not None and self._reachable

    async def close(self) -> None:
        """Say goodbye and close the wormhole."""
        if self._wormhole is not None:
            if self.match is not None:
                self._wormhole.send({"type": "bye"})
            await self._wormhole.close()

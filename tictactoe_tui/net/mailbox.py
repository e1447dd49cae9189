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
module adds what a game needs on top: pings, so that each side knows whether the other is
there, a fresh code from the host after a wrong one or after the friend left, and one-line
news for each of those.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .chat import Talk
from .match import Match, answer_guest, ask_move, host_news, kept_text, on_its_way, take_news, waiting_text
from .protocol import GUEST_MESSAGES, HOST_MESSAGES, ProtocolError
from .wormholes import Closed, Crowded, MailboxError, Wormhole, WrongCode

__all__ = ["MailboxError"]  # (what the app catches, decided in .wormholes)

#: Seconds between the guest's pings (the host answers each).
PING_SECONDS = 10.0
#: Seconds without a word from the other side after which it is taken for away.
SILENCE_SECONDS = 30.0
#: Seconds the host waits for the ``join`` of a side that has agreed the key (ours sends it at once).
JOIN_SECONDS = 30.0
#: Seconds a code waits for a friend's key before it is renewed (a squatter holds it at most so long).
CODE_SECONDS = 180.0
#: Seconds a joining friend waits before being told that no host has answered the code yet.
LONELY_SECONDS = 10.0
#: What the host is told when the friend goes silent: a network that drops comes back by itself,
#: a restarted copy of the game cannot (the server lets two sides use a code, and both did).
AWAY = "Your friend's connection dropped: waiting for them to come back, or press c for a new code…"
#: What the host says goodbye with (the guest tells it from a dropped connection and from tampering).
HOST_LEFT = "closed"
#: What either side is told while the mailbox server cannot be reached.
LOST_SERVER = "lost the mailbox server"


class _Peer:
    """One side's view of the other: here when heard from lately through a reachable mailbox
    server; each change is told to ``on_change`` (:meth:`_changed`): whether it was heard from
    lately changes only through :meth:`_set_present` (or untold, when this side closes)."""

    on_status: Callable[[str], None]

    def __init__(self) -> None:
        self._present = False
        self._reachable = True
        self._wormhole: Wormhole | None = None
        self.talk = Talk()
        """The chat with the other side (lines typed while it is away wait for it to be back)."""

    @property
    def connected(self) -> bool:
        """Whether the other side is here now (heard from lately, through a reachable server)."""
        return self._present and self._reachable

    @property
    def reachable(self) -> bool:
        """Whether the mailbox server can be reached now (what is missing when the other side is not here)."""
        return self._reachable

    def _changed(self) -> None:
        """Tell ``on_change`` the match as it stands (whose players depend on :attr:`connected`)."""
        raise NotImplementedError

    def _set_present(self, present: bool, news: str = "") -> None:
        """Whether the other side was heard from lately; a change is told, then ``news`` (if any)."""
        if present != self._present:
            self._present = present
            self._changed()
            if news:
                self.on_status(news)
            self.talk.flush(self.send_now)

    def _server_changed(self, reachable: bool) -> None:
        self._reachable = reachable
        self.on_status(self._server_news(reachable))
        self._changed()
        self.talk.flush(self.send_now)

    def send_now(self, message: dict[str, Any]) -> bool:
        """Send ``message`` to the other side while it is here; whether it went."""
        if self._wormhole is None or not self.connected:
            return False
        self._wormhole.send(message)
        return True

    def _server_news(self, reachable: bool) -> str:
        """What this side is told when the mailbox server is lost, or back ("": nothing)."""
        return "" if reachable else f"{LOST_SERVER.capitalize()}: reconnecting…"


class MailboxHost(_Peer):
    """Hosts ``match`` through the mailbox server at ``url``: shows a code (:attr:`code`), lets in
    the friend who uses it, and after a wrong code, a friend who left or tampering, gets a fresh
    code for the same match. ``on_change`` and ``on_status`` as for the direct host."""

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
    ) -> None:
        super().__init__()
        self.match, self.on_change, self.on_status = match, on_change, on_status
        self.url, self.silence_seconds, self.join_seconds = url, silence_seconds, join_seconds
        self.code_seconds = code_seconds
        self._expired = False
        self.code = ""
        """The code that lets the friend in now ("" while none is)."""
        self.wrong_codes = 0
        self._has_joined = False
        self._closing = False
        self._retiring = False
        self._retired: asyncio.Future[None] | None = None

    async def run(self) -> None:
        """Host until :meth:`close`; :class:`MailboxError` if the server cannot be reached at first."""
        news = ""
        while not self._closing:
            wormhole = self._wormhole = Wormhole(self.url, GUEST_MESSAGES, self._server_changed)
            try:
                self.code = await wormhole.allocate()
                self.on_status(news or "Give your friend the code above")
                await self._confirmed_in_time(wormhole)
                self.code = ""
                await self._follow(wormhole)
                news = "Your friend left: give them the new code above to go on with this game"
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

    async def _follow(self, wormhole: Wormhole) -> None:
        """The friend's messages, from their ``join`` until they leave (or the code is retired)."""
        join = await wormhole.receive(self.join_seconds)
        if join["type"] != "join":
            raise ProtocolError("a message before join")
        wormhole.send(self.match.to_message())
        self._set_present(True, "Your friend is back" if self._has_joined else "Your friend joined")
        self._has_joined = True
        while True:
            try:
                message = await wormhole.receive(self.silence_seconds)
            except TimeoutError:
                self._set_present(False, AWAY)
                continue
            self._set_present(True, "Your friend is back")
            if message["type"] == "bye":
                return
            if message["type"] == "chat":
                self.talk.hear(message)
                continue
            match, reply = answer_guest(self.match, message)
            if match is not self.match:
                self._update(match)
            if reply is not None:
                wormhole.send(reply)

    def _update(self, match: Match) -> None:
        self.match = match
        self.on_change(match)
        if self._wormhole is not None and self._present:
            self._wormhole.send(match.to_message())

    def play(self, move: tuple[int, int]) -> None:
        """The host's move; :class:`~.match.MoveRefused` if it may not be played now."""
        self._update(self.match.play("host", move))

    def rematch(self) -> None:
        """The next game (the other player first); :class:`~.match.MoveRefused` before this one ends."""
        self._update(self.match.rematch())

    def new_code(self) -> str | None:
        """Retire the code and get a new one; why not, or None (a friend playing keeps the game)."""
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


class MailboxGuestError(MailboxError):
    """The host turned us away for good (a wrong code, the host left); the message says why."""


class MailboxGuest(_Peer):
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
        super().__init__()
        self.code, self.on_change, self.on_status = code, on_change, on_status
        self.url, self.ping_seconds, self.silence_seconds = url, ping_seconds, silence_seconds
        self.lonely_seconds = lonely_seconds
        self.match: Match | None = None
        self.asked: dict[str, Any] | None = None
        """The move request sent and not answered yet (the mailbox keeps it for the host)."""

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
        while True:
            try:
                message = await wormhole.receive(self.silence_seconds)
            except TimeoutError:
                self._set_present(
                    False,
                    waiting_text(
                        self, "Nothing from the host for a while: waiting for them…", "nothing from them for a while"
                    ),
                )
                continue
            except WrongCode:
                raise MailboxGuestError(
                    "the connection was tampered with (a message failed its check): ask your friend for a new code"
                ) from None
            except Closed:
                return
            self._set_present(True, "" if self.match is None else "The host is back")  # the first: its state tells
            if message["type"] == "chat":
                self.talk.hear(message)
                continue
            try:
                news = host_news(message)
            except ValueError as error:
                raise ProtocolError(f"the host sent {error}") from None
            if news.hung_up is not None:
                self._set_present(False)
                closed = news.hung_up == HOST_LEFT
                raise MailboxGuestError("the host closed the game" if closed else f"the host hung up ({news.hung_up})")
            take_news(self, news)

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

    async def _request(self, message: dict[str, Any]) -> bool:
        if self._wormhole is None or not self.connected:
            return False
        self._wormhole.send(message)
        return True

    async def play(self, move: tuple[int, int]) -> bool:
        """Ask the host to play ``move`` for us; whether the request is kept (the library sends
        it once the mailbox server is reachable, and the server keeps it until the host reads it)."""
        return await ask_move(self, move, self._send_move)

    async def _send_move(self, message: dict[str, Any]) -> bool:
        """Hand a move request to the wormhole; whether it goes out now (the server is reachable)."""
        if self._wormhole is not None:
            self._wormhole.send(message)
        return self._wormhole is not None and self._reachable

    async def rematch(self) -> bool:
        """Ask for the next game."""
        return await self._request({"type": "rematch"})

    async def close(self) -> None:
        """Say goodbye and close the wormhole."""
        if self._wormhole is not None:
            if self.match is not None:
                self._wormhole.send({"type": "bye"})
            await self._wormhole.close()

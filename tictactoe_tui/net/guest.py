"""The guest: joins a host with the code, asks for moves, shows the match the host sends.

Joining is the handshake of :mod:`.channel` (SPAKE2 on the code, then every line sealed); a
host that answers in the open after it, or in another protocol version, is refused. When the
connection drops the guest says so and tries again every few seconds with the same code, and
the host hands the game back where it was: the rejoin token the host sent inside the session
puts it first in the host's queue, and a refusal of its code counts only if the host signed it
with that token (anyone on the path can send a plain one). A host at the address that does not
know the token runs a new game (ours was closed): the guest stops, and the player is asked for
the new game's code. A line that fails its check is
reported as tampering, not as a drop. It trusts nothing it receives: every state is rebuilt
and checked like a saved game.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from ..words import shortened
from .channel import Channel, Pake, SealedStream, TamperedError, proof, proves, token_from
from .chat import Talk
from .listening import Listener, on_its_way, waiting_text
from .match import Match
from .protocol import (
    HOST_HANDSHAKE,
    HOST_MESSAGES,
    MAX_LINE,
    UNKNOWN_GAME,
    ProtocolError,
    VersionError,
    decode,
    read_line,
    read_message,
    send,
)

#: Seconds between pings (the host drops a guest that stays silent much longer).
PING_SECONDS = 10.0
#: Seconds between attempts to reach the host again.
RETRY_SECONDS = 2.0
#: Seconds without any message from the host before the connection is taken for dead.
SILENCE_SECONDS = 30.0
#: Seconds to wait for the host's half of the handshake (it may be letting others try first).
TURN_SECONDS = 40.0
#: Seconds of waiting for a turn after which the player is told why it takes long.
BUSY_NOTICE_SECONDS = 3.0
#: What a host that hangs up during the handshake most likely is.
OLD_HOST = "the host hung up during the handshake (an older tictactoe-tui? both sides need network protocol 2)"
#: What the player is told while the host takes long to answer the code.
SLOW_VERDICT = "The host has not answered the code yet (it answers wrong codes slowly while someone guesses)…"
#: What the player is told while the host takes long to let a stranger try the code.
BUSY_NOTICE = "The host is busy with other connections: waiting for a turn…"
#: Why the guest stops when the host quits (said in its goodbye, sealed): a host started again
#: has a new code, which the friend has to ask for.
HOST_CLOSED = "the host closed the game"
#: What the player is told when a line from the host fails its check.
TAMPERED = "The connection was tampered with; rejoining…"


class GuestError(Exception):
    """The host refused us for good (a wrong code); the message says why."""


class HostClosed(GuestError):
    """The host quit (it said so, sealed): joining it again takes its new code."""


class GameGone(GuestError):
    """The host at the address does not know our game: it was closed, and a new one runs there,
    which takes its own code."""


class Guest(Listener):
    """Joins ``host``:``port`` with ``code``; ``on_change`` hears each match the host sends,
    ``on_status`` a line for the status panel (joined, refused moves, waiting)."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        on_change: Callable[[Match], None] = lambda match: None,
        on_status: Callable[[str], None] = lambda text: None,
        *,
        retry_seconds: float = RETRY_SECONDS,
        ping_seconds: float = PING_SECONDS,
        key: bytes | None = None,
    ) -> None:
        """``key``: the match's key, kept from before (a guest started again after a crash)."""
        super().__init__(on_change, on_status)
        self.host, self.port, self.code = host, port, code
        self.retry_seconds, self.ping_seconds = retry_seconds, ping_seconds
        self.source: str | None = None
        """The local address to connect from (None: whichever the system picks)."""
        self._stream: SealedStream | None = None
        self._closing = False
        self._token = key  # the match's key, from the host (sealed): proves we were in the game
        self.talk = Talk()
        """The chat with the host (lines typed while the link is down wait for it)."""

    @property
    def key(self) -> bytes | None:
        """The match's key, once the host has given it (kept with the match)."""
        return self._token

    @property
    def connected(self) -> bool:
        """Whether the host is connected now (its game is shown as its own)."""
        return self._stream is not None

    async def run(self) -> None:
        """Stay joined until :meth:`close`, reconnecting after a drop; :class:`GuestError` if the
        host refuses the code."""
        first = True
        while not self._closing:
            news: str | None = None  # what to say about this attempt
            try:
                await self._session()
            except GuestError:
                raise
            except TamperedError:
                news = TAMPERED
            except ProtocolError as error:
                news = f"{self.host}:{self.port}: {error}; trying again"
            except (OSError, TimeoutError, asyncio.IncompleteReadError) as error:
                news = f"Cannot reach {self.host}:{self.port} ({error or type(error).__name__}); trying again"
            except Exception as error:  # whatever a line did, the guest keeps trying (it is not a crash)
                news = f"{self.host}:{self.port}: {type(error).__name__}: {shortened(str(error), 80)}; trying again"
            finally:
                dropped, self._stream = self._stream is not None, None
                if dropped and self.match is not None:
                    self.on_change(self.match)  # nobody is there: the game waits
            if self._closing:
                return
            if news != TAMPERED and self.match is not None:
                news = waiting_text(
                    self, "Waiting for your friend: the connection dropped, joining again…", "joining again"
                )
            if news is not None and (first or self.match is not None):
                self.on_status(news)
            first = False
            await asyncio.sleep(self.retry_seconds)

    async def _session(self) -> None:
        source = None if self.source is None else (self.source, 0)
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port, limit=MAX_LINE, local_addr=source), self.retry_seconds * 5
        )
        try:
            stream = await self._handshake(reader, writer)
            if self.asked is not None:  # a move the host's state has not answered: it may not have come
                await stream.send(self.asked)
                self.on_status(on_its_way(self.asked))
            self.talk.flush(self.send_now)
            pinger = asyncio.ensure_future(self._ping(stream))
            try:
                while not self._closing:
                    message = await stream.receive(SILENCE_SECONDS)
                    if message is None:
                        return
                    self._receive(message)
            finally:
                pinger.cancel()
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1)

    async def _handshake(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> SealedStream:
        """Our SPAKE2 message, the host's, then our sealed ``join``; the host's first sealed line
        (the match) is read by the caller. A wrong code is :class:`GuestError`."""
        pake = await asyncio.to_thread(Pake, self.code, "guest")  # pure-Python curve arithmetic: off the loop
        hello = {"type": "hello", "pake": pake.encoded()}
        if self._token is not None:
            hello["rejoin"] = proof(self._token, "rejoin", pake.message)
        await send(writer, hello)
        # a guest who proves it was in the game goes before every stranger: when it waits, the
        # host does not know the game (it says so after a while), whoever else is there or not
        loop = asyncio.get_running_loop()
        busy = loop.call_later(BUSY_NOTICE_SECONDS, self.on_status, BUSY_NOTICE) if self._token is None else None
        try:
            reply = await read_message(reader, HOST_HANDSHAKE, TURN_SECONDS)
        except VersionError as error:
            self._closing = True
            raise GuestError(str(error)) from None
        finally:
            if busy is not None:
                busy.cancel()
        if reply is None:
            raise ProtocolError(OLD_HOST)
        if reply["type"] == "error":
            self._refused(reply, pake)
        key = await asyncio.to_thread(pake.key, Pake.decoded(reply.get("pake")))
        stream = SealedStream(reader, writer, Channel(key, "guest"), HOST_MESSAGES)
        await stream.send({"type": "join"})
        slow = asyncio.get_running_loop().call_later(BUSY_NOTICE_SECONDS, self.on_status, SLOW_VERDICT)
        try:  # the host answers a wrong code in the open, and a right one sealed: peek at the line
            line = await read_line(reader, TURN_SECONDS)
        finally:
            slow.cancel()
        if line is None:
            raise ProtocolError("the host hung up during the handshake")
        if line.startswith(b"{"):
            self._refused(decode(line, frozenset({"error"})), pake)
        state = stream.channel.open(line, HOST_MESSAGES)
        self._token = token_from(state.get("rejoin")) or self._token
        self._stream = stream  # connected: the first state shows the host here
        self._receive(state)
        return stream

    def _refused(self, error: dict[str, Any], pake: Pake) -> None:
        """The host's answer in the open: a wrong code ends the attempts, anything else is retried.

        Once in the game, a refusal counts only when signed with our rejoin token (the host
        changed the code): anyone on the path can forge a plain one, which is tampering."""
        reason = shortened(str(error.get("reason", "refused")), 200)
        if reason == UNKNOWN_GAME and self._token is not None:
            self._closing = True
            raise GameGone(f"the host's game ended; a new game runs at {self.host}:{self.port}")
        if reason != "wrong code":
            raise ProtocolError(f"the host said: {reason}")
        if self._token is None:
            self._closing = True
            raise GuestError(f"the host refused the code {self.code!r}")
        if not proves(self._token, "wrong code", pake.message, error.get("proof")):
            raise TamperedError("a refusal the host did not sign")
        self._closing = True
        raise GuestError("the host has changed the code since: ask your friend for the new one")

    def _receive(self, message: dict[str, Any]) -> None:
        """Take the host's message; a hang-up ends the session (:class:`HostClosed` when it quit)."""
        hung_up = self._hear_host(message)
        if hung_up == "closed":
            self._closing = True
            raise HostClosed(HOST_CLOSED)
        if hung_up is not None:
            raise ProtocolError(f"the host hung up ({hung_up})")

    async def _ping(self, stream: SealedStream) -> None:
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(self.ping_seconds)
                await stream.send({"type": "ping"})

    def send_now(self, message: dict[str, Any]) -> bool:
        """Send ``message`` to the host now; whether it went (False: the link is down)."""
        if self._stream is None:
            return False
        try:
            self._stream.post(message)
        except (OSError, ProtocolError):
            return False
        return True

    async def _send(self, message: dict[str, Any]) -> bool:
        """Send a request if connected; whether it went out (a move not sent waits for the rejoin)."""
        if self._stream is None:
            return False
        try:
            await self._stream.send(message)
        except (OSError, ProtocolError):
            return False
        return True

    @property
    def away(self) -> str:
        """Why the host cannot be reached now, in a few words."""
        return "joining again"

    async def close(self) -> None:
        """Say goodbye and stop reconnecting."""
        self._closing = True
        if self._stream is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._stream.send({"type": "bye"}), 1)
            self._stream.writer.close()

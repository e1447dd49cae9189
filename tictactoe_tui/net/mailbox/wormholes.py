"""One magic-wormhole on the app's asyncio loop: the library's Twisted reactor installed on it,
its websocket bounded, a code, the key agreed on it, then JSON messages in and out, each bounded
in size and rate. :mod:`.mailbox` builds the game's host and guest on it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from ...words import shortened
from ..protocol import MAX_LINE, VERSION, ProtocolError, parse_json

#: The app's own id on the mailbox server: codes of other programs never meet ours.
APP_ID = "tictactoe-tui/online"
#: Seconds a wormhole has to close (the server acknowledges it) before it is left closed on this side.
CLOSE_SECONDS = 5.0
#: The largest websocket message the mailbox server may send: the protocol's longest line,
#: sealed and hex-encoded in the server's JSON, with room for the envelope. A longer one is
#: refused from its header, before any of it is held.
MAX_SERVER_MESSAGE = 2 * MAX_LINE + 4096
#: Messages from the other side a wormhole takes at once, and then each second (a ping every 10 s
#: and a person's moves are far below): more ends it, as the direct host ends a line over the limit.
BURST_MESSAGES, MESSAGES_PER_SECOND = 30, 2.0

_open: set[Wormhole] = set()


def _bound_the_library() -> None:
    """Have the library's websocket refuse a message over :data:`MAX_SERVER_MESSAGE` when its
    header announces it (autobahn's limit, which the library leaves unset), and tell the wormhole
    it belongs to (its connector's ``oversize``). Done once, when the reactor is first installed."""
    from wormhole import _rendezvous

    if getattr(_rendezvous.WSFactory, "bounded", False):
        return

    class BoundedClient(_rendezvous.WSClient):  # type: ignore[misc]
        def _max_message_size_exceeded(self, msg_size: int, max_msg_size: int, reason: str) -> None:
            oversize = getattr(self._RC, "oversize", None)
            if oversize is not None:
                oversize()
            super()._max_message_size_exceeded(msg_size, max_msg_size, reason)

    class BoundedFactory(_rendezvous.WSFactory):  # type: ignore[misc]
        protocol = BoundedClient
        bounded = True

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.setProtocolOptions(maxMessagePayloadSize=MAX_SERVER_MESSAGE, maxFramePayloadSize=MAX_SERVER_MESSAGE)

    _rendezvous.WSFactory = BoundedFactory


class MailboxError(Exception):
    """The mailbox server cannot be reached, or refused us; the message says so in one line."""


class Unreachable(MailboxError):
    """The mailbox server could not be reached (the library gives up on a first connection)."""


class WrongCode(MailboxError):
    """The other side used another code (or a message failed its check): the code is used up."""


class Closed(MailboxError):
    """The wormhole was closed on this side."""


class Crowded(MailboxError):
    """Two other sides hold the code's nameplate already (the server says "crowded")."""


def reactor_on(loop: asyncio.AbstractEventLoop) -> Any:
    """Twisted's reactor, running on ``loop`` (installed on it the first time)."""
    from twisted.internet import asyncioreactor

    if "twisted.internet.reactor" not in sys.modules:
        asyncioreactor.install(loop)  # type: ignore[no-untyped-call]
        _bound_the_library()
    from twisted.internet import reactor

    if getattr(reactor, "_asyncioEventloop", None) is not loop:
        raise MailboxError("Twisted's reactor already runs on another event loop")
    if not reactor.running:
        reactor.startRunning(installSignalHandlers=False)
    return reactor


class Wormhole:
    """One wormhole on the asyncio loop: a code, the key agreed on it, then JSON messages
    (``allowed``: the types this side accepts). ``on_connection`` hears whether the mailbox
    server is reachable, each time that changes after the first connection."""

    def __init__(
        self,
        url: str,
        allowed: frozenset[str],
        on_connection: Callable[[bool], None],
        on_reached: Callable[[], None] = lambda: None,
    ) -> None:
        """``on_reached``: told once, when the server is first reached."""
        import wormhole

        self.url, self.allowed, self.on_connection, self.on_reached = url, allowed, on_connection, on_reached
        self._loop = asyncio.get_running_loop()
        self._connected: bool | None = None
        self._inbox: asyncio.Queue[dict[str, Any] | Exception] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._closed = False
        self._wormhole = wormhole.create(
            APP_ID, url, reactor_on(self._loop), versions={"protocol": VERSION}, on_status_update=self._status
        )
        self._wormhole._boss._RC.oversize = self._oversize  # (see _bound_the_library)
        self._failure: MailboxError | ProtocolError | None = None
        self._failed: asyncio.Future[None] = self._loop.create_future()
        """Done once :meth:`end` ends the wormhole on this side (every wait on the library ends)."""
        self._ending: asyncio.Future[None] | None = None
        self._allowance, self._counted = float(BURST_MESSAGES), self._loop.time()
        _open.add(self)

    def _oversize(self) -> None:
        """A message over the limit came (refused unread): this wormhole ends, as tampering would."""
        self.end(ProtocolError("a message over the limit"))

    def end(self, failure: MailboxError | ProtocolError) -> None:
        """End the wormhole on this side for ``failure``: every wait on it (the key, a receive)
        raises it at once, whether or not the server is there to hear the close."""
        if self._failure is None:
            self._failure = failure
            self._failed.set_result(None)
            self._inbox.put_nowait(failure)
            self._ending = asyncio.ensure_future(self.close())

    def _within_rate(self) -> bool:
        """Count a message from the other side; whether it is within :data:`BURST_MESSAGES` and
        :data:`MESSAGES_PER_SECOND`."""
        now = self._loop.time()
        self._allowance = min(BURST_MESSAGES, self._allowance + (now - self._counted) * MESSAGES_PER_SECOND) - 1
        self._counted = now
        return self._allowance >= 0

    def _status(self, status: Any) -> None:
        from wormhole._status import Closed as ClosedOnPurpose
        from wormhole._status import Connected

        if isinstance(status.mailbox_connection, ClosedOnPurpose):
            return  # closed by either side's choice, not lost
        connected = isinstance(status.mailbox_connection, Connected)
        if self._connected is None:  # not yet reached: the first connection is no news of a loss
            self._connected = True if connected else None
            if connected and not self._closed:
                self.on_reached()
        elif connected != self._connected and not self._closed:
            self._connected = connected
            self.on_connection(connected)

    async def _wait(self, deferred: Any) -> Any:
        """The result of a Deferred, its failures as this module's errors."""
        from wormhole import errors

        result = deferred.asFuture(self._loop)
        result.add_done_callback(lambda done: done.cancelled() or done.exception())  # (may be left)
        await asyncio.wait({result, self._failed}, return_when=asyncio.FIRST_COMPLETED)
        if self._failure is not None and not result.done():
            raise self._failure  # (a Deferred of the library is never cancelled: it is left)
        try:
            return result.result()
        except errors.WrongPasswordError:
            raise WrongCode("the other side used another code") from None
        except errors.ServerConnectionError as error:
            reason = getattr(error, "reason", None)
            why = str(getattr(reason, "value", reason) or "no answer").splitlines()[0].split(":")[0]
            if why.count("(") > why.count(")"):  # its first clause, not a bracket left open
                why = why.split("(")[0]
            why = shortened(why.strip() or "no answer", 60)
            where = urlsplit(self.url).netloc or self.url  # short enough for the status line at 80×24
            raise Unreachable(f"cannot reach the mailbox server {where} ({why})") from None
        except errors.ServerError as error:
            if str(error) == "crowded":
                raise Crowded("crowded") from None
            raise MailboxError(f"the mailbox server at {self.url} said: {shortened(str(error), 120)}") from None
        except errors.WelcomeError as error:
            raise MailboxError(f"the mailbox server at {self.url} said: {shortened(str(error), 120)}") from None
        except (errors.LonelyError, errors.WormholeClosed):
            if self._failure is not None:
                raise self._failure from None
            raise Closed("closed") from None

    async def allocate(self) -> str:
        """A fresh code from the server (``7-guitarist-revenge``)."""
        self._wormhole.allocate_code(2)
        code: str = await self._wait(self._wormhole.get_code())
        return code

    def set_code(self, code: str) -> None:
        """Use the code a friend gave (tidied: see :func:`.address.mailbox_code`)."""
        self._wormhole.set_code(code)

    async def confirmed(self) -> None:
        """Wait for the other side's key (:class:`WrongCode` if theirs differs), and check that it
        speaks this protocol."""
        versions = await self._wait(self._wormhole.get_versions())
        theirs = versions.get("protocol") if isinstance(versions, dict) else None
        if theirs != VERSION:
            raise ProtocolError(
                f"the other side speaks network protocol {shortened(str(theirs), 10)}, this one {VERSION}: "
                "both need the same version of tictactoe-tui"
            )
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        """Every message into the inbox, in order (one reader: a Deferred of the library's
        message sequence must never be cancelled, or the message it was to carry is lost)."""
        while True:
            try:
                data = await self._wait(self._wormhole.get_message())
                if not isinstance(data, bytes) or len(data) > MAX_LINE:
                    raise ProtocolError("a message over the limit")
                if not self._within_rate():
                    raise ProtocolError(f"more than {MESSAGES_PER_SECOND:g} messages a second")
                message = parse_json(data)
                if not isinstance(message, dict) or message.get("type") not in self.allowed:
                    raise ProtocolError(f"a message of an unknown type {shortened(str(message), 40)!r}")
            except Exception as error:  # handed to the reader of the inbox
                self._inbox.put_nowait(error)
                return
            self._inbox.put_nowait(message)

    async def receive(self, timeout: float) -> dict[str, Any]:
        """The next message (:class:`TimeoutError` after ``timeout`` seconds of silence; the
        wormhole's errors as they come)."""
        item = await asyncio.wait_for(self._inbox.get(), timeout)
        if isinstance(item, Exception):
            self._inbox.put_nowait(item)  # every later receive fails the same way
            raise item
        return item

    def send(self, message: dict[str, Any]) -> None:
        """Seal and send ``message`` (the library queues it while the server is unreachable)."""
        if not self._closed:
            self._wormhole.send_message(json.dumps(message, separators=(",", ":")).encode())

    async def close(self) -> None:
        """Close the wormhole (once); the reactor's threads stop with the last one open."""
        if self._closed:
            return
        self._closed = True
        try:
            with contextlib.suppress(Exception):  # (the library's own errors on closing say nothing new)
                await asyncio.wait_for(self._wormhole.close().asFuture(self._loop), CLOSE_SECONDS)
        finally:
            self._stop_reconnecting()
            if self._reader is not None:
                self._reader.cancel()
            self._inbox.put_nowait(Closed("closed"))  # a receive waiting, or to come, ends
            _open.discard(self)
            if not _open:
                _stop_threads()

    def _stop_reconnecting(self) -> None:
        """Stop the library's attempts to reach the server: its close waits for the server to
        acknowledge, and with the server gone it would try again for ever (each try a name lookup
        in the reactor's thread pool, which would outlive the loop and keep the process alive)."""
        connector = getattr(getattr(self._wormhole._boss, "_RC", None), "_connector", None)
        if connector is not None and getattr(connector, "running", False):
            with contextlib.suppress(Exception):
                connector.stopService()


def _stop_threads() -> None:
    """Stop the reactor's thread pool (it resolves names), whose threads would keep the process
    from exiting; the reactor makes a new one when a name is next resolved."""
    from twisted.internet import reactor

    if getattr(reactor, "threadpool", None) is not None:
        reactor._stopThreadPool()  # what the reactor's own shutdown does; it never shuts down here

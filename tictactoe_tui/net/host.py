"""The host: lets in the one friend who knows the code, checks every message they send, and
owns the match.

A connection first runs the handshake (see :mod:`.channel`): SPAKE2 on the join code, then a
sealed ``join`` that only a side with the same code can produce. A stranger costs the host
little whatever it sends: its reader holds at most ``STRANGER_BYTES`` (more is the end of it),
and the host stops reading it between its hello and its turn. Strangers take turns through the
:class:`~.gate.Gate` (a turn ends unless the ``join`` comes within ``handshake_seconds``;
wrong codes are answered one a second for all of them together, more slowly as the guessing
goes on; the code stays until the player changes it, and the status counts the guesses); the
host keeps at most ``max_strangers`` of them, ending the oldest when one more arrives.

A guest that joins is sent the match's key inside the session (a ``rejoin`` field of its first
``state``), the same for the whole match and kept on disk by both sides: coming back (after a
drop, or started again after a crash), it proves it holds the key in its hello and goes before
every stranger from any address, and a refusal of its code is then signed with the key, so that
nobody on the path can forge one. A host started again with the kept key knows its guest.

After the handshake the host is authoritative: a guest only asks for moves, and the host
answers each with the whole new state or with an error that changed nothing. A connection that
sends something that is not the protocol, a line over 64 KiB or a line that fails its check is
dropped without touching the game; one that stays silent longer than the idle timeout is
dropped too (a half-open connection from a friend whose machine went away). A friend who comes
back with the same code takes the game up where it was.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import random
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

from .channel import TOKEN_BYTES, Channel, Pake, SealedStream, TamperedError, proof, proves
from .chat import Talk
from .gate import Gate
from .hosting import Hosting
from .match import Match
from .protocol import (
    GUEST_HELLO,
    GUEST_MESSAGES,
    PLEASE_UPDATE,
    UNKNOWN_GAME,
    ProtocolError,
    VersionError,
    encode,
    new_code,
    read_line,
    read_message,
    send,
    send_line,
)
from .strangers import StrangerReader, allow_open_files

#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10.0
#: Seconds a stranger may wait for its turn at the gate.
TURN_SECONDS = 30.0
#: Seconds a stranger has, in its turn, to prove it has the key (its turn ends then).
HANDSHAKE_SECONDS = 1.0
#: Seconds of silence after which a guest is taken for gone (they ping every few seconds).
IDLE_SECONDS = 45.0
#: Seconds (to twice that) before a stranger that does not speak protocol 2 hears so (or is hung
#: up on): one socket cannot come back faster, which keeps a flood of them cheap for the host.
REFUSAL_SECONDS = 5.0
#: Connections that have not proved the code, at most (one more ends the oldest).
MAX_STRANGERS = 2000
#: What a stranger whose wait or turn is over is told (a guest tries again).
BUSY = "busy: try again"
#: Rejoin proofs remembered, so that a copied hello does not go first twice.
PROOFS_KEPT = 100


class Host(Hosting):
    """Hosts a match on ``bind``:``port`` (0: any free port).

    ``on_change`` hears every new match state (moves from either side, rematches);
    ``on_status`` a line for the status panel (a friend joined or left, someone guessing).
    """

    def __init__(
        self,
        match: Match,
        on_change: Callable[[Match], None] = lambda match: None,
        on_status: Callable[[str], None] = lambda text: None,
        *,
        code: str | None = None,
        gate: Gate | None = None,
        idle_seconds: float = IDLE_SECONDS,
        hello_seconds: float = HELLO_SECONDS,
        turn_seconds: float = TURN_SECONDS,
        handshake_seconds: float = HANDSHAKE_SECONDS,
        refusal_seconds: float = REFUSAL_SECONDS,
        max_strangers: int = MAX_STRANGERS,
        key: bytes | None = None,
    ) -> None:
        """``key``: the match's key, kept from before (a host started again), else a new one."""
        super().__init__(match, on_change, on_status)
        self.code = code or new_code()
        self.gate = gate or Gate()
        self.idle_seconds = idle_seconds
        self.hello_seconds = hello_seconds
        self.turn_seconds = turn_seconds
        self.handshake_seconds = handshake_seconds
        self.refusal_seconds = refusal_seconds
        self.max_strangers = max_strangers
        self.address: tuple[str, int] | None = None
        self._server: asyncio.Server | None = None
        self._guest: SealedStream | None = None
        self._has_joined = False
        self._strangers: dict[asyncio.Task[Any], None] = {}  # oldest first
        self.key = key or secrets.token_bytes(TOKEN_BYTES)
        """The match's key: the rejoin token every guest of this match is given (kept with the match)."""
        self._proofs_seen: dict[str, None] = {}  # the newest last
        self.talk = Talk()
        """The chat with the guest (lines typed while none is connected wait for one)."""

    @property
    def wrong_codes(self) -> int:
        """Wrong codes tried against the current code (the gate slows turns down by them)."""
        return self.gate.wrong_codes

    @property
    def strangers(self) -> int:
        """Connections the host holds that are not (yet) its guest."""
        return len(self._strangers)

    @property
    def connected(self) -> bool:
        """Whether a friend is connected now."""
        return self._guest is not None

    async def start(self, bind: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Start listening; the address and port actually bound."""
        allow_open_files(self.max_strangers + 200)
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(
            lambda: asyncio.StreamReaderProtocol(StrangerReader(), self._serve), bind, port, backlog=1024
        )
        host, bound_port = self._server.sockets[0].getsockname()[:2]
        self.address = (str(host), int(bound_port))
        return self.address

    async def close(self) -> None:
        """Stop listening and hang up on the guest and every stranger."""
        if self._guest is not None:
            await self._say_bye(self._guest)
        for stranger in list(self._strangers):
            stranger.cancel()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    def new_code(self) -> str:
        """Retire the code (a friend already playing stays) and make a new one."""
        self.code, self.gate.wrong_codes = new_code(), 0
        return self.code

    # -- sending to the guest ----------------------------------------------------------

    def _send_state(self, message: dict[str, Any]) -> None:
        self.send_now(message)

    def send_now(self, message: dict[str, Any]) -> bool:
        """Send ``message`` to the guest; whether there was one to send it to."""
        if self._guest is not None:
            self._post(self._guest, message)
        return self._guest is not None

    def _post(self, guest: SealedStream, message: dict[str, Any]) -> None:
        """Send without waiting (the host's own moves come from the UI's event handlers)."""
        try:
            guest.post(message)
        except (OSError, ProtocolError):
            guest.writer.close()
            return
        task = asyncio.ensure_future(self._drain_or_drop(guest))
        task.add_done_callback(lambda done: done.exception())  # failures are handled inside

    async def _drain_or_drop(self, guest: SealedStream) -> None:
        try:
            await asyncio.wait_for(guest.writer.drain(), self.idle_seconds)
        except (OSError, TimeoutError):
            guest.writer.close()

    # -- a connection ------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection, from hello to goodbye; nothing it sends can break the game."""
        assert isinstance(reader, StrangerReader)
        guest: SealedStream | None = None
        farewell = "Your friend left: they can join again with the same code"
        try:
            guest = await self._as_stranger(self._welcome(reader, writer), writer)
            if guest is not None:
                await self._follow(guest)
        except TamperedError:
            farewell = "The connection was tampered with (a line failed its check): your friend can join again"
        except ProtocolError:
            if guest is None:  # a stranger talking nonsense: hang up, but not at once
                reader.hold()
                await self._as_stranger(self._linger(), writer)
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            pass  # dropped: the game goes on
        finally:
            if guest is not None and self._guest is guest:
                self._guest = None
                self.on_change(self.match)  # nobody is there: the game waits
                self.on_status(farewell)
            writer.close()
            with contextlib.suppress(Exception, asyncio.CancelledError):  # cancelled: the host is closing
                await asyncio.wait_for(writer.wait_closed(), 1)

    async def _as_stranger(
        self, welcome: Coroutine[Any, Any, SealedStream | None], writer: asyncio.StreamWriter
    ) -> SealedStream | None:
        """Run ``welcome`` counted among the strangers: the oldest is ended when too many wait
        (and told the host is busy, so that a guest among them tries again)."""
        task = asyncio.current_task()
        assert task is not None
        self._strangers[task] = None
        if len(self._strangers) > self.max_strangers:
            oldest = next(iter(self._strangers))
            del self._strangers[oldest]
            oldest.cancel()
        try:
            return await welcome
        except asyncio.CancelledError:  # crowded out, or the host is closing
            with contextlib.suppress(Exception):
                writer.write(encode({"type": "error", "reason": BUSY}))
            return None
        finally:
            self._strangers.pop(task, None)

    async def _welcome(self, reader: StrangerReader, writer: asyncio.StreamWriter) -> SealedStream | None:
        """The handshake: the guest's SPAKE2 message, a turn at the gate, ours, then their proof
        of the key; the newcomer becomes the guest (replacing a stale connection)."""
        try:
            hello = await read_message(reader, GUEST_HELLO, self.hello_seconds)
        except VersionError as error:
            reader.hold()
            await self._linger()
            version = error.version if type(error.version) is int else 2
            reason = f"this host speaks network protocol 2: {PLEASE_UPDATE}"
            await send_line(writer, encode({"type": "error", "reason": reason, "fatal": True}, version=version))
            return None
        if hello is None:
            return None
        theirs = Pake.decoded(hello.get("pake"))
        friend = self._proves_rejoin(hello.get("rejoin"), theirs)
        reader.hold()  # nothing more is read until its turn
        if "rejoin" in hello and not friend:  # a guest of a game this host is not (it was closed)
            await self._linger()
            await send(writer, {"type": "error", "reason": UNKNOWN_GAME, "fatal": True})
            return None
        try:
            peer = writer.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            await asyncio.wait_for(self.gate.enter(friend, address), self.turn_seconds)
        except TimeoutError:
            await send(writer, {"type": "error", "reason": BUSY})
            return None
        reader.release()
        code = self.code
        pake = await asyncio.to_thread(Pake, code, "host")  # pure-Python curve arithmetic: off the loop
        await send(writer, {"type": "pake", "pake": pake.encoded()})
        try:
            line = await read_line(reader, self.handshake_seconds)
        except TimeoutError:  # the turn is over
            await send(writer, {"type": "error", "reason": BUSY})
            return None
        if line is None:
            return None
        channel = Channel(await asyncio.to_thread(pake.key, theirs), "host")  # only for a stranger that answered
        try:
            join = channel.open(line, GUEST_MESSAGES)
        except TamperedError:
            await self._wrong_code(writer, code, theirs if friend else None)
            return None
        if join["type"] != "join":
            raise ProtocolError("a sealed message before join")
        reader.admit()
        guest = SealedStream(reader, writer, channel, GUEST_MESSAGES)
        previous, self._guest = self._guest, guest
        if previous is not None:  # the same friend again: their old connection is dead or dying
            await self._say_bye(previous)
        await guest.send({**self.match.to_message(), "rejoin": base64.b64encode(self.key).decode()})
        self.on_change(self.match)  # the match begins (or goes on) now that both are here
        self.on_status("Your friend is back" if self._has_joined else "Your friend joined")
        self._has_joined = True
        self.talk.flush(self.send_now)
        return guest

    def _proves_rejoin(self, field: object, pake_message: bytes) -> bool:
        """Whether a hello's ``rejoin`` field proves the match's key (each proof once)."""
        if not isinstance(field, str) or field in self._proofs_seen:
            return False
        if not proves(self.key, "rejoin", pake_message, field):
            return False
        self._proofs_seen[field] = None
        if len(self._proofs_seen) > PROOFS_KEPT:
            del self._proofs_seen[next(iter(self._proofs_seen))]
        return True

    async def _linger(self) -> None:
        """Wait before refusing a stranger: ``refusal_seconds`` to twice that, so that a flood's
        sockets, refused together, do not all come back together."""
        await asyncio.sleep(self.refusal_seconds * random.uniform(1, 2))  # spreading, not secrecy

    async def _wrong_code(self, writer: asyncio.StreamWriter, code: str, friend_pake: bytes | None) -> None:
        """Answer a join that did not open under ``code``, at once (as a right one is: the timing
        tells nothing). To the last guest (``friend_pake``: their handshake message, their token
        proven) signed with their token: the code has changed since. From a stranger, count the
        guess (it slows the gate's turns) and tell the player."""
        refusal: dict[str, Any] = {"type": "error", "reason": "wrong code", "fatal": True}
        if friend_pake is not None:
            refusal["proof"] = proof(self.key, "wrong code", friend_pake)
        elif code == self.code:
            self.gate.wrong_codes += 1
            tried = f"Someone tried a wrong code ({self.wrong_codes})"
            self.on_status(f"{tried}: press c for a new code unless it was your friend")
        await send(writer, refusal)

    async def _follow(self, guest: SealedStream) -> None:
        """Answer the guest's messages until they leave, go quiet or break the protocol."""
        while self._guest is guest:
            message = await guest.receive(self.idle_seconds)
            if message is None or message["type"] == "bye":
                return
            if self._guest is not guest:
                return  # replaced by a newer connection with the code
            reply = self._answer(message)
            if reply is not None:
                await guest.send(reply)

    async def _say_bye(self, guest: SealedStream) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(guest.send({"type": "error", "reason": "closed", "fatal": True}), 1)
        guest.writer.close()

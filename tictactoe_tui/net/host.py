"""The host: lets in the one friend who knows the code, checks every message they send, and
owns the match.

A connection first runs the handshake (see :mod:`.channel`): SPAKE2 on the join code, then a
sealed ``join`` that only a side with the same code can produce. Strangers take turns through
the :class:`~.gate.Gate` (a few handshakes at once, wrong codes answered one a second for all
of them together); the host keeps at most ``max_strangers`` of them, ending the oldest when one
more arrives, and retires its code after ``wrong_code_budget`` wrong guesses (a new one is
shown). The player hears of every wrong code.

After the handshake the host is authoritative: a guest only asks for moves, and the host
answers each with the whole new state or with an error that changed nothing. A connection that
sends something that is not the protocol, a line over 64 KiB or a line that fails its check is
dropped without touching the game; one that stays silent longer than the idle timeout is
dropped too (a half-open connection from a friend whose machine went away). A friend who comes
back with the same code takes the game up where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
from collections.abc import Callable
from typing import Any

from ..engine.board import BoardError, parse_move
from .channel import Channel, Pake, SealedStream, TamperedError
from .gate import Gate
from .match import Match, MoveRefused
from .protocol import (
    GUEST_HELLO,
    GUEST_MESSAGES,
    MAX_LINE,
    PLEASE_UPDATE,
    ProtocolError,
    VersionError,
    encode,
    new_code,
    read_line,
    read_message,
    send,
    send_line,
)

#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10.0
#: Seconds a stranger may wait for its turn at the gate.
TURN_SECONDS = 30.0
#: Seconds a stranger has, in its turn, to prove it has the key.
HANDSHAKE_SECONDS = 5.0
#: Seconds of silence after which a guest is taken for gone (they ping every few seconds).
IDLE_SECONDS = 45.0
#: Seconds (to twice that) before a stranger that does not speak protocol 2 hears so (or is hung
#: up on): one socket cannot come back faster, which keeps a flood of them cheap for the host.
REFUSAL_SECONDS = 5.0
#: Wrong codes after which the code is retired and a new one shown.
WRONG_CODE_BUDGET = 20
#: Connections that have not proved the code, at most (one more ends the oldest).
MAX_STRANGERS = 2000


class Host:
    """Hosts a match on ``bind``:``port`` (0: any free port).

    ``on_change`` hears every new match state (moves from either side, rematches);
    ``on_status`` a line for the status panel (a friend joined or left, a wrong code, a new code).
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
        wrong_code_budget: int = WRONG_CODE_BUDGET,
        max_strangers: int = MAX_STRANGERS,
    ) -> None:
        self.match = match
        self.code = code or new_code()
        self.on_change = on_change
        self.on_status = on_status
        self.gate = gate or Gate()
        self.idle_seconds = idle_seconds
        self.hello_seconds = hello_seconds
        self.turn_seconds = turn_seconds
        self.handshake_seconds = handshake_seconds
        self.refusal_seconds = refusal_seconds
        self.wrong_code_budget = wrong_code_budget
        self.max_strangers = max_strangers
        self.wrong_codes = 0
        """Wrong codes tried against the current code."""
        self.address: tuple[str, int] | None = None
        self._server: asyncio.Server | None = None
        self._guest: SealedStream | None = None
        self._has_joined = False
        self._strangers: dict[asyncio.Task[Any], None] = {}  # oldest first

    @property
    def connected(self) -> bool:
        """Whether a friend is connected now."""
        return self._guest is not None

    async def start(self, bind: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Start listening; the address and port actually bound."""
        _allow_open_files(self.max_strangers + 200)
        self._server = await asyncio.start_server(self._serve, bind, port, limit=MAX_LINE, backlog=1024)
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
        self.code, self.wrong_codes = new_code(), 0
        return self.code

    # -- the host's own moves ----------------------------------------------------------

    def play(self, move: tuple[int, int]) -> None:
        """The host's move; :class:`MoveRefused` if it may not be played now."""
        self._update(self.match.play("host", move))

    def rematch(self) -> None:
        """Start the next game (the other player first); :class:`MoveRefused` before this one ends."""
        self._update(self.match.rematch())

    def _update(self, match: Match) -> None:
        self.match = match
        self.on_change(match)
        if self._guest is not None:
            self._post(self._guest, match.to_message())

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
        guest: SealedStream | None = None
        try:
            guest = await self._as_stranger(self._welcome(reader, writer))
            if guest is not None:
                await self._follow(guest)
        except ProtocolError:
            if guest is None:  # a stranger talking nonsense: hang up, but not at once
                await self._as_stranger(self._linger())
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            pass  # dropped: the game goes on
        finally:
            if guest is not None and self._guest is guest:
                self._guest = None
                self.on_status("Your friend left: they can join again with the same code")
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1)

    async def _as_stranger(self, welcome: Any) -> SealedStream | None:
        """Run ``welcome`` counted among the strangers: the oldest is ended when too many wait."""
        task = asyncio.current_task()
        assert task is not None
        self._strangers[task] = None
        if len(self._strangers) > self.max_strangers:
            oldest = next(iter(self._strangers))
            del self._strangers[oldest]
            oldest.cancel()
        try:
            result: SealedStream | None = await welcome
            return result
        except asyncio.CancelledError:  # crowded out, or the host is closing: hang up quietly
            return None
        finally:
            self._strangers.pop(task, None)

    async def _welcome(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> SealedStream | None:
        """The handshake: the guest's SPAKE2 message, a turn at the gate, ours, then their proof
        of the key; the newcomer becomes the guest (replacing a stale connection)."""
        try:
            hello = await read_message(reader, GUEST_HELLO, self.hello_seconds)
        except VersionError as error:
            await self._linger()
            version = error.version if type(error.version) is int else 2
            reason = f"this host speaks network protocol 2: {PLEASE_UPDATE}"
            await send_line(writer, encode({"type": "error", "reason": reason, "fatal": True}, version=version))
            return None
        if hello is None:
            return None
        theirs = Pake.decoded(hello.get("pake"))
        await asyncio.wait_for(self.gate.enter(), self.turn_seconds)
        try:
            code = self.code
            pake = await asyncio.to_thread(Pake, code, "host")  # pure-Python curve arithmetic: off the loop
            key = await asyncio.to_thread(pake.key, theirs)
            await send(writer, {"type": "pake", "pake": pake.encoded()})
            channel = Channel(key, "host")
            line = await read_line(reader, self.handshake_seconds)
            if line is None:
                return None
            try:
                join = channel.open(line, GUEST_MESSAGES)
            except TamperedError:
                await self._wrong_code(writer, code)
                return None
            if join["type"] != "join":
                raise ProtocolError("a sealed message before join")
        finally:
            self.gate.leave()
        guest = SealedStream(reader, writer, channel, GUEST_MESSAGES)
        previous, self._guest = self._guest, guest
        if previous is not None:  # the same friend again: their old connection is dead or dying
            await self._say_bye(previous)
        await guest.send(self.match.to_message())
        self.on_change(self.match)  # the match begins (or goes on) now that both are here
        self.on_status("Your friend is back" if self._has_joined else "Your friend joined")
        self._has_joined = True
        return guest

    async def _linger(self) -> None:
        """Wait before refusing a stranger: ``refusal_seconds`` to twice that, so that a flood's
        sockets, refused together, do not all come back together."""
        await asyncio.sleep(self.refusal_seconds * random.uniform(1, 2))  # spreading, not secrecy

    async def _wrong_code(self, writer: asyncio.StreamWriter, code: str) -> None:
        """Count a wrong guess at ``code``, tell the player, and answer it in its paced turn."""
        if code == self.code:
            self.wrong_codes += 1
            tried = self.wrong_codes
            if tried >= self.wrong_code_budget:
                self.new_code()
                self.on_status(f"Someone tried {tried} wrong codes: that code is retired, give your friend the new one")
            else:
                self.on_status(f"Someone tried a wrong code ({tried}): press c for a new code")
        await self.gate.pace_wrong_code()
        await send(writer, {"type": "error", "reason": "wrong code", "fatal": True})

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

    def _answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Apply a guest's request; the reply for them alone (None when everyone gets the state)."""
        kind = message["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "join":
            return {"type": "error", "reason": "already joined"}
        try:
            if kind == "rematch":
                self._update(self.match.rematch())
                return None
            name, ply = message.get("move"), message.get("ply")
            if not isinstance(name, str) or type(ply) is not int or len(name) > 8:
                return {"type": "error", "reason": "a move needs 'move' (like b2) and 'ply'"}
            move = parse_move(name, self.match.rows, self.match.cols)
            self._update(self.match.play("guest", move, ply))
        except (MoveRefused, BoardError) as refusal:
            return {"type": "error", "reason": str(refusal), "state": self.match.to_message()}
        return None

    async def _say_bye(self, guest: SealedStream) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(guest.send({"type": "error", "reason": "closed", "fatal": True}), 1)
        guest.writer.close()


def _allow_open_files(wanted: int) -> None:
    """Raise this process's limit on open files towards ``wanted`` (up to the hard limit), so
    a flood of strangers meets the host's own limit first."""
    if sys.platform == "win32":
        return
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))

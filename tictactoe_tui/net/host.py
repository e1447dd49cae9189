"""The host: listens for one friend, checks every message they send, and owns the match.

The host is authoritative: a guest only asks for moves, and the host answers each with the
whole new state or with an error that changed nothing. A connection that sends something that
is not the protocol, a line over 64 KiB or the wrong code is dropped without touching the
game; one that stays silent longer than the idle timeout is dropped too (a half-open
connection from a friend whose machine went away). A friend who comes back with the same code
takes the game up where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from ..engine.board import BoardError, parse_move
from .match import Match, MoveRefused
from .protocol import (
    GUEST_MESSAGES,
    MAX_LINE,
    ProtocolError,
    codes_match,
    new_code,
    read_message,
    send,
)

#: Seconds a new connection has to say hello with the code.
HELLO_SECONDS = 10.0
#: Seconds of silence after which a guest is taken for gone (they ping every few seconds).
IDLE_SECONDS = 45.0
#: Seconds a wrong code waits before the connection closes (slows down guessing).
WRONG_CODE_DELAY = 1.0


class Host:
    """Hosts a match on ``bind``:``port`` (0: any free port).

    ``on_change`` hears every new match state (moves from either side, rematches);
    ``on_status`` a line for the status panel (a friend joined, left, came back).
    """

    def __init__(
        self,
        match: Match,
        on_change: Callable[[Match], None] = lambda match: None,
        on_status: Callable[[str], None] = lambda text: None,
        *,
        code: str | None = None,
        idle_seconds: float = IDLE_SECONDS,
        hello_seconds: float = HELLO_SECONDS,
        wrong_code_delay: float = WRONG_CODE_DELAY,
    ) -> None:
        self.match = match
        self.code = code or new_code()
        self.on_change = on_change
        self.on_status = on_status
        self.idle_seconds = idle_seconds
        self.hello_seconds = hello_seconds
        self.wrong_code_delay = wrong_code_delay
        self.address: tuple[str, int] | None = None
        self._server: asyncio.Server | None = None
        self._guest: asyncio.StreamWriter | None = None
        self._has_joined = False

    @property
    def connected(self) -> bool:
        """Whether a friend is connected now."""
        return self._guest is not None

    async def start(self, bind: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Start listening; the address and port actually bound."""
        self._server = await asyncio.start_server(self._serve, bind, port, limit=MAX_LINE)
        host, bound_port = self._server.sockets[0].getsockname()[:2]
        self.address = (str(host), int(bound_port))
        return self.address

    async def close(self) -> None:
        """Stop listening and hang up on the guest."""
        if self._guest is not None:
            await self._say_bye(self._guest)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

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

    def _post(self, writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
        """Send without waiting (the host's own moves come from the UI's event handlers)."""
        task = asyncio.ensure_future(self._send_or_drop(writer, message))
        task.add_done_callback(lambda done: done.exception())  # failures are handled inside

    async def _send_or_drop(self, writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
        try:
            await asyncio.wait_for(send(writer, message), self.idle_seconds)
        except (OSError, TimeoutError, ProtocolError):
            writer.close()

    # -- a connection ------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection, from hello to goodbye; nothing it sends can break the game."""
        try:
            if await self._welcome(reader, writer):
                await self._follow(reader, writer)
        except (ProtocolError, TimeoutError, OSError, asyncio.IncompleteReadError):
            pass  # dropped: the game goes on
        finally:
            if self._guest is writer:
                self._guest = None
                self.on_status("Waiting for your friend: they left (they can join again with the same code)")
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1)

    async def _welcome(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Check the hello and its code; take the newcomer as the guest (replacing a stale one)."""
        hello = await read_message(reader, GUEST_MESSAGES, self.hello_seconds)
        if hello is None or hello["type"] != "hello":
            raise ProtocolError("no hello")
        code = hello.get("code")
        if not isinstance(code, str) or len(code) > 100 or not codes_match(code, self.code):
            await asyncio.sleep(self.wrong_code_delay)
            await send(writer, {"type": "error", "reason": "wrong code", "fatal": True})
            return False
        previous, self._guest = self._guest, writer
        if previous is not None:  # the same friend again: their old connection is dead or dying
            await self._say_bye(previous)
        await send(writer, self.match.to_message())
        self.on_change(self.match)  # the match begins (or goes on) now that both are here
        self.on_status("Your friend is back" if self._has_joined else "Your friend joined")
        self._has_joined = True
        return True

    async def _follow(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Answer the guest's messages until they leave, go quiet or break the protocol."""
        while self._guest is writer:
            message = await read_message(reader, GUEST_MESSAGES, self.idle_seconds)
            if message is None or message["type"] == "bye":
                return
            if self._guest is not writer:
                return  # replaced by a newer connection with the code
            reply = self._answer(message)
            if reply is not None:
                await send(writer, reply)

    def _answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Apply a guest's request; the reply for them alone (None when everyone gets the state)."""
        kind = message["type"]
        if kind == "ping":
            return {"type": "pong"}
        if kind == "hello":
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

    async def _say_bye(self, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(send(writer, {"type": "error", "reason": "closed", "fatal": True}), 1)
        writer.close()

"""The guest: joins a host with the code, asks for moves, shows the match the host sends.

When the connection drops the guest says so and tries again every few seconds with the same
code, and the host hands the game back where it was. It trusts nothing it receives: every
state is rebuilt and checked like a saved game.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from ..engine.board import move_name
from .match import Match
from .protocol import HOST_MESSAGES, MAX_LINE, ProtocolError, read_message, send

#: Seconds between pings (the host drops a guest that stays silent much longer).
PING_SECONDS = 10.0
#: Seconds between attempts to reach the host again.
RETRY_SECONDS = 2.0
#: Seconds without any message from the host before the connection is taken for dead.
SILENCE_SECONDS = 30.0


class GuestError(Exception):
    """The host refused us for good (a wrong code); the message says why."""


class Guest:
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
    ) -> None:
        self.host, self.port, self.code = host, port, code
        self.on_change, self.on_status = on_change, on_status
        self.retry_seconds, self.ping_seconds = retry_seconds, ping_seconds
        self.match: Match | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._closing = False

    async def run(self) -> None:
        """Stay joined until :meth:`close`, reconnecting after a drop; :class:`GuestError` if the
        host refuses the code."""
        first = True
        while not self._closing:
            try:
                await self._session()
            except GuestError:
                raise
            except (OSError, ProtocolError, TimeoutError, asyncio.IncompleteReadError) as error:
                if first and self.match is None:
                    self.on_status(
                        f"Cannot reach {self.host}:{self.port} ({error or type(error).__name__}); trying again"
                    )
            finally:
                self._writer = None
            first = False
            if not self._closing:
                if self.match is not None:
                    self.on_status("Waiting for your friend: the connection dropped, joining again…")
                await asyncio.sleep(self.retry_seconds)

    async def _session(self) -> None:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port, limit=MAX_LINE), self.retry_seconds * 5
        )
        self._writer = writer
        pinger = asyncio.ensure_future(self._ping(writer))
        try:
            await send(writer, {"type": "hello", "code": self.code})
            while not self._closing:
                message = await read_message(reader, HOST_MESSAGES, SILENCE_SECONDS)
                if message is None:
                    return
                self._receive(message)
        finally:
            pinger.cancel()
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 1)

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "state":
            self._take(message)
        elif kind == "error":
            reason = str(message.get("reason", "refused"))[:200]
            if message.get("fatal") and reason == "wrong code":
                self._closing = True
                raise GuestError(f"the host refused the code {self.code!r}")
            if message.get("fatal"):
                raise ProtocolError(f"the host hung up ({reason})")
            self.on_status(f"Refused: {reason}")
            if isinstance(message.get("state"), dict):
                self._take(message["state"])

    def _take(self, state: dict[str, Any]) -> None:
        try:
            match = Match.from_message(state)
        except ValueError as error:
            raise ProtocolError(f"the host sent {error}") from None
        first_state = self.match is None
        self.match = match
        self.on_change(match)
        if first_state:
            self.on_status("Joined: you play O" if match.mark("guest").value == "o" else "Joined")

    async def _ping(self, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(self.ping_seconds)
                await send(writer, {"type": "ping"})

    async def _request(self, message: dict[str, Any]) -> bool:
        if self._writer is None:
            self.on_status("Not connected: waiting for your friend's game")
            return False
        try:
            await send(self._writer, message)
        except (OSError, ProtocolError):
            return False
        return True

    async def play(self, move: tuple[int, int]) -> bool:
        """Ask the host to play ``move`` for us; whether the request went out (the host's state answers)."""
        ply = len(self.match.moves) if self.match is not None else 0
        return await self._request({"type": "move", "ply": ply, "move": move_name(move)})

    async def rematch(self) -> bool:
        """Ask for the next game."""
        return await self._request({"type": "rematch"})

    async def close(self) -> None:
        """Say goodbye and stop reconnecting."""
        self._closing = True
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(send(self._writer, {"type": "bye"}), 1)
            self._writer.close()

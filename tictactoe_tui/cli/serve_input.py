"""What a browser sends its served game, bounded: every message counts toward the browser's cap
(more is dropped, never queued for the game), and the page's focus, blur and size, each of which
makes the game redraw all of itself, reach it at most ``STATES_PER_SECOND`` times a second, the
newest of them (a flood is folded into its last state, which is never lost)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMessage, WSMsgType
from aiohttp.web import WebSocketResponse
from textual_serve.app_service import AppService
from textual_serve.server import to_int

#: Bytes of messages a browser may send a second (a burst of ``INPUT_BURST``); more is dropped, so
#: that a flood never queues up work for its game (a person's typing and mouse take far less).
INPUT_PER_SECOND = 8 * 1024
INPUT_BURST = 32 * 1024
#: What a message counts as, at least, toward the cap however short it is (``["focus"]`` is 9
#: bytes): 256 messages a second, bursts of 1,024 (a mouse moving over the board sends 60 or so).
MESSAGE_BYTES = 32
#: Times a second, at most, the game is told of a new focus or size.
STATES_PER_SECOND = 4
#: Seconds one piece of input may take to reach its game before the game is taken for stuck.
INPUT_SECONDS = 2.0
#: The terminal sizes a browser may ask for: columns, rows.
MAX_WIDTH, MAX_HEIGHT = 500, 200


class GameGone(Exception):
    """A game's process no longer takes input."""


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """A browser's terminal size as whole numbers within 1…500 × 1…200, or None (refused)."""
    size = tuple(to_int(str(value), 0) for value in (width, height))
    return (size[0], size[1]) if 1 <= size[0] <= MAX_WIDTH and 1 <= size[1] <= MAX_HEIGHT else None


@dataclass
class Allowance:
    """The bytes of messages a browser may still send (refilled at ``INPUT_PER_SECOND``, up to
    ``INPUT_BURST``)."""

    counted_at: float
    left: float = INPUT_BURST

    def take(self, message: WSMessage, now: float) -> bool:
        """Whether ``message`` is within the allowance (taken from it if so)."""
        self.left = min(INPUT_BURST, self.left + (now - self.counted_at) * INPUT_PER_SECOND)
        self.counted_at = now
        size = message_bytes(message)
        if size > self.left:
            return False
        self.left -= size
        return True


def message_bytes(message: WSMessage) -> int:
    """What a browser's message counts as toward its cap: its size, at least ``MESSAGE_BYTES``."""
    data = message.data
    size = len(data.encode("utf-8")) if isinstance(data, str) else len(data) if isinstance(data, bytes) else 0
    return max(size, MESSAGE_BYTES)


class PageState:
    """The newest focus and terminal size a browser asked for, told to its game by :meth:`tell`."""

    def __init__(self, service: AppService) -> None:
        self.service = service
        self._news: dict[str, dict[str, Any]] = {}
        """The news for the game, by what it is about ("focus", "size"): the newest of each."""
        self._changed = asyncio.Event()

    def note(self, about: str, meta: dict[str, Any]) -> None:
        """Keep ``meta`` to tell the game, in place of any older news ``about`` the same."""
        self._news[about] = meta
        self._changed.set()

    async def tell(self, gone: Callable[[], Awaitable[object]]) -> None:
        """Tell the game each newest state, at most ``STATES_PER_SECOND`` times a second, until
        cancelled; ``gone()`` (the browser's connection closed) if the game does not take it."""
        while True:
            await self._changed.wait()
            self._changed.clear()
            news, self._news = self._news, {}
            try:
                for meta in news.values():
                    async with asyncio.timeout(INPUT_SECONDS):
                        if not await self.service.send_meta(meta):
                            raise GameGone
            except (TimeoutError, GameGone):
                await gone()
                return
            await asyncio.sleep(1 / STATES_PER_SECOND)  # paces the redraws: the newest waits for the next turn


async def pass_on(message: WSMessage, websocket: WebSocketResponse, service: AppService, state: PageState) -> bool:
    """Pass one of a browser's messages on (a key or click to the game, a focus or size to
    ``state``, a ping answered): whether it touched the game (a key, a click or a resize). A
    message outside the page's protocol is ignored; :class:`GameGone` if the game does not take
    a key."""
    if message.type == WSMsgType.PING:
        await websocket.pong(message.data)
        return False
    if message.type != WSMsgType.TEXT:
        return False
    try:
        kind, *data = message.json()
        if kind == "stdin":
            if not await service.send_bytes(str(data[0]).encode("utf-8")):
                raise GameGone
            return True
        if kind == "resize":
            size = terminal_size(data[0]["width"], data[0]["height"])
            if size is None:
                return False  # not a terminal's size: refused
            state.note("size", {"type": "resize", "width": size[0], "height": size[1]})
            return True
        if kind in ("focus", "blur"):
            state.note("focus", {"type": kind})
        elif kind == "ping":
            await websocket.send_json(["pong", data[0]])
    except (ValueError, TypeError, KeyError, IndexError):
        pass  # not the page's protocol: ignored
    return False

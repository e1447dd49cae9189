"""What a browser sends its served game (``cli/serve_input.py``): every message counts toward the
browser's cap, and a flood of focus, blur and sizes reaches the game folded into its newest state."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import WSMessage, WSMsgType

from tictactoe_tui.cli.serve_input import (
    INPUT_BURST,
    INPUT_PER_SECOND,
    MESSAGE_BYTES,
    Allowance,
    PageState,
    message_bytes,
)

from ..helpers.waiting import until


def text(data: str) -> WSMessage:
    return WSMessage(WSMsgType.TEXT, data, None)


FOCUS = text('["focus"]')


def test_every_message_counts_at_least_its_minimum_and_over_the_cap_is_dropped() -> None:
    allowance = Allowance(counted_at=0.0)
    assert message_bytes(FOCUS) == MESSAGE_BYTES  # 9 bytes, counted as 32
    assert message_bytes(WSMessage(WSMsgType.PING, b"", None)) == MESSAGE_BYTES  # the websocket's own too
    passed = sum(allowance.take(FOCUS, 0.0) for _ in range(10_000))
    assert passed == INPUT_BURST // MESSAGE_BYTES  # 1,024 at once, the rest dropped
    assert not allowance.take(FOCUS, 0.0)
    one_second = sum(allowance.take(FOCUS, 1.0) for _ in range(10_000))
    assert one_second == INPUT_PER_SECOND // MESSAGE_BYTES  # 256 more a second after


class Recording:
    """A game's service that records the news it is told."""

    def __init__(self) -> None:
        self.told: list[dict[str, Any]] = []

    async def send_meta(self, data: dict[str, Any]) -> bool:
        self.told.append(data)
        return True


async def test_a_flood_of_focus_blur_and_sizes_reaches_the_game_as_its_newest_state() -> None:
    game = Recording()
    state = PageState(game)  # type: ignore[arg-type]  # (only send_meta is used)
    closed = asyncio.Event()

    async def close() -> None:
        closed.set()

    telling = asyncio.ensure_future(state.tell(close))
    try:
        for number in range(5_000):
            state.note("focus", {"type": "blur" if number % 2 else "focus"})
            state.note("size", {"type": "resize", "width": 80 + number % 7, "height": 24})
        state.note("size", {"type": "resize", "width": 100, "height": 30})  # the last: where the browser stays
        newest = [{"type": "blur"}, {"type": "resize", "width": 100, "height": 30}]
        await until(lambda: game.told[-2:] == newest, "the newest focus and size to reach the game")
    finally:
        telling.cancel()
    assert len(game.told) <= 2 * 2  # told at once, then once more after 1 / STATES_PER_SECOND s: not 10,000 times
    assert not closed.is_set()

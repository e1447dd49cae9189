"""The wire format: newline-delimited JSON objects, each at most 64 KiB, each with ``"v": 1``.

Guest to host: ``hello`` (with the join ``code``), ``move`` (``ply``: moves before it, ``move``:
its name, e.g. ``b2``), ``rematch``, ``ping``, ``bye``. Host to guest: ``state`` (the whole
match, after every change), ``error`` (``reason``; the guest's message changed nothing),
``pong``. Nothing is ever evaluated or unpickled: a line is parsed as JSON and checked field by
field.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import re
import secrets
from typing import Any

VERSION = 1
#: The longest line either side accepts, newline included.
MAX_LINE = 64 * 1024
GUEST_MESSAGES = frozenset({"hello", "move", "rematch", "ping", "bye"})
HOST_MESSAGES = frozenset({"state", "error", "pong"})

#: Short, distinct, easy to say and type: three of them make a join code (256³ ≈ 16.7 million).
WORDS = tuple(
    """
    acorn amber anchor apple arrow aspen atlas autumn badge bagel bamboo banjo barley basil beacon
    beetle berry birch biscuit blossom bonnet border bramble breeze brick bridge brook bubble bucket
    buckle butter button cabin cactus camel candle canoe canvas canyon carrot castle cedar cello
    chalk cherry chess cider cinder circle citrus clover cobalt cocoa comet copper coral cotton
    cougar cradle crane crater crayon cricket crystal cuckoo cumin daisy dancer delta denim desert
    dingo dolphin domino dragon drum dune eagle easel echo ember emerald falcon fennel fern ferry
    fiddle field fig finch fjord flint flute forest fossil fox frost galaxy garden garnet gecko
    ginger glacier glider goose granite grape gravel grove gull hammer harbor harp hazel heron
    hickory honey hornet husky iceberg igloo indigo iris island ivory jackal jade jasmine jelly
    jigsaw juniper kayak kernel kettle kiwi koala ladder lagoon lantern larch lava lemon lentil
    lilac lime linen lizard llama lobster locket lotus lynx magnet mango maple marble meadow melon
    meteor mint mitten moose mosaic moss nectar nickel nutmeg oasis oat ocean olive onyx opal orbit
    orchid otter owl oyster paddle panda paper parrot peach pebble pecan pelican pepper piano pillow
    pine planet plum pocket pony poppy prairie puffin pumpkin quail quartz quill rabbit radish
    raven reef ribbon river robin rocket saffron sage salmon sandal satin scarf sequoia shell
    sierra silver sketch sleigh sparrow spruce squid starling stone summit swan tablet tango
    teapot thistle thunder tiger timber toffee topaz tulip tundra turnip velvet violet walnut
    walrus willow winter wombat yarrow zebra zephyr zinnia zodiac acacia almond badger bison
    """.split()  # noqa: SIM905 - a word list reads best as text
)


class ProtocolError(ValueError):
    """A line that breaks the protocol; the message says how (one line)."""


def new_code() -> str:
    """A fresh join code: three random words, e.g. ``maple-otter-comet``."""
    return "-".join(secrets.choice(WORDS) for _ in range(3))


def normal_code(code: str) -> str:
    """A code as typed, tidied: lower case, words joined by single hyphens."""
    return "-".join(word for word in re.split(r"[\s-]+", code.lower()) if word)


def codes_match(given: str, expected: str) -> bool:
    """Compare a code with the real one in constant time (no hint from how long it took)."""
    return hmac.compare_digest(normal_code(given).encode(), normal_code(expected).encode())


def encode(message: dict[str, Any]) -> bytes:
    """One line of the protocol: the message with its version, as compact JSON."""
    line = json.dumps({"v": VERSION, **message}, separators=(",", ":"), ensure_ascii=True).encode() + b"\n"
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a {message.get('type')} message of {len(line)} bytes is over the limit")
    return line


def decode(line: bytes, allowed: frozenset[str]) -> dict[str, Any]:
    """A received line as a message whose ``type`` is one of ``allowed``; :class:`ProtocolError` if not."""
    if len(line) > MAX_LINE:
        raise ProtocolError("line too long")
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("not a JSON object")
    if message.get("v") != VERSION:
        raise ProtocolError(f"protocol version {message.get('v')!r} is not {VERSION}")
    if message.get("type") not in allowed:
        raise ProtocolError(f"unknown message type {str(message.get('type'))[:40]!r}")
    return message


async def read_message(reader: asyncio.StreamReader, allowed: frozenset[str], timeout: float) -> dict[str, Any] | None:
    """The next message, or None when the other side closed the connection.

    :class:`ProtocolError` for a bad or oversize line; :class:`TimeoutError` after ``timeout``
    seconds of silence.
    """
    try:
        line = await asyncio.wait_for(reader.readline(), timeout)
    except (asyncio.LimitOverrunError, ValueError):
        raise ProtocolError("line too long") from None
    if not line:
        return None
    if not line.endswith(b"\n"):
        return None  # the connection closed in the middle of a line
    return decode(line, allowed)


async def send(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    """Write one message and wait until it has gone to the socket's buffer."""
    writer.write(encode(message))
    await writer.drain()

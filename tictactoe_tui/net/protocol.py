"""The wire format, version 2: newline-delimited lines, each at most 64 KiB.

A connection opens with a handshake in plain JSON lines that carry no secret (each has
``"v": 2``): the guest's ``hello`` and the host's ``pake`` each hold one SPAKE2 message, from
which both sides derive a session key if, and only if, they used the same join code (the code
itself never crosses the wire). Every later line is sealed (see :mod:`.channel`): the guest's
``join`` (proof it has the key), ``move`` (``ply``: moves before it, ``move``: its name, e.g.
``b2``), ``rematch``, ``ping``, ``bye``; the host's ``state`` (the whole match, after every
change), ``error`` (``reason``; the guest's message changed nothing) and ``pong``; either side's
``chat`` (``text``: a line to the other player, see :mod:`.chat`). The host may
also answer the handshake with a plain ``error`` (a wrong code, a full house, an old version).
Nothing is ever evaluated or unpickled: a line is parsed as JSON and checked field by field.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from typing import Any

from ..words import shortened

VERSION = 2
#: The longest line either side accepts, newline included.
MAX_LINE = 64 * 1024
#: What a guest may send in the open (the handshake), and sealed once it has the key.
GUEST_HELLO = frozenset({"hello"})
GUEST_MESSAGES = frozenset({"join", "move", "rematch", "ping", "bye", "chat"})
#: What a host may send in the open (its half of the handshake, or why it hangs up), and sealed.
HOST_HANDSHAKE = frozenset({"pake", "error"})
HOST_MESSAGES = frozenset({"state", "error", "pong", "chat"})
#: What either side tells a peer that speaks another version of the protocol.
PLEASE_UPDATE = "please update tictactoe-tui: this game speaks network protocol 2"

#: What a host answers a guest coming back to a game it does not know (it was closed and another
#: started at the address): no code is tried, so it is not a guess.
UNKNOWN_GAME = "unknown game"

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


class VersionError(ProtocolError):
    """A peer that speaks another version of the protocol (``version``: the one it gave)."""

    def __init__(self, version: object) -> None:
        super().__init__(
            f"the other side speaks network protocol {shortened(str(version), 10)}, this one {VERSION}: "
            "both need the same version of tictactoe-tui"
        )
        self.version = version


def new_code() -> str:
    """A fresh join code: three random words, e.g. ``maple-otter-comet``."""
    return "-".join(secrets.choice(WORDS) for _ in range(3))


def normal_code(code: str) -> str:
    """A code as typed, tidied: lower case, words joined by single hyphens."""
    return "-".join(word for word in re.split(r"[\s-]+", code.lower()) if word)


def encode(message: dict[str, Any], version: int = VERSION) -> bytes:
    """One plain line of the protocol: the message with its version, as compact JSON (another
    ``version`` only to tell an old peer to update, in words it reads)."""
    line = json.dumps({"v": version, **message}, separators=(",", ":"), ensure_ascii=True).encode() + b"\n"
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a {message.get('type')} message of {len(line)} bytes is over the limit")
    return line


def parse_json(text: bytes) -> Any:
    """``text`` parsed as JSON; :class:`ProtocolError` for anything that is not, including
    arrays nested too deep to parse (``RecursionError``)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # ValueError covers UnicodeDecodeError
        raise ProtocolError("not JSON (or nested too deep)") from None


def decode(line: bytes, allowed: frozenset[str]) -> dict[str, Any]:
    """A received line as a message whose ``type`` is one of ``allowed``; :class:`VersionError`
    for another version, :class:`ProtocolError` for anything else that is not the protocol."""
    if len(line) > MAX_LINE:
        raise ProtocolError("line too long")
    message = parse_json(line)
    if not isinstance(message, dict):
        raise ProtocolError("not a JSON object")
    if message.get("v") != VERSION:
        raise VersionError(message.get("v"))
    if message.get("type") not in allowed:
        raise ProtocolError(f"unknown message type {shortened(str(message.get('type')), 40)!r}")
    return message


async def read_line(reader: asyncio.StreamReader, timeout: float) -> bytes | None:
    """The next whole line, or None when the other side closed the connection.

    :class:`ProtocolError` for an oversize line; :class:`TimeoutError` after ``timeout``
    seconds of silence.
    """
    try:
        line = await asyncio.wait_for(reader.readline(), timeout)
    except (asyncio.LimitOverrunError, ValueError):
        raise ProtocolError("line too long") from None
    if not line.endswith(b"\n"):
        return None  # closed (in the middle of a line, perhaps)
    return line


async def read_message(reader: asyncio.StreamReader, allowed: frozenset[str], timeout: float) -> dict[str, Any] | None:
    """The next plain message, or None when the other side closed the connection (errors as
    :func:`read_line` and :func:`decode`)."""
    line = await read_line(reader, timeout)
    return None if line is None else decode(line, allowed)


async def send(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    """Write one plain message and wait until it has gone to the socket's buffer."""
    await send_line(writer, encode(message))


async def send_line(writer: asyncio.StreamWriter, line: bytes) -> None:
    """Write one line and wait until it has gone to the socket's buffer."""
    writer.write(line)
    await writer.drain()

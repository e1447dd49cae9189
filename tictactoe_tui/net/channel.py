"""The secure channel: SPAKE2 turns the join code into a session key, ChaCha20-Poly1305 seals
every message after the handshake.

Both are maintained, audited implementations (``spake2``, as magic-wormhole uses it, and the
``cryptography`` package's AEAD); this module only wires them together:

- each side runs its half of SPAKE2 with the code (tidied, see :func:`.protocol.normal_code`)
  as the password; an eavesdropper learns nothing it could test codes against offline, and an
  active attacker gets exactly one guess per handshake;
- HKDF-SHA256 splits the SPAKE2 key into one key per direction;
- each sealed line is a ChaCha20-Poly1305 ciphertext (base64, one line) whose 96-bit nonce is
  the count of lines sent before it in that direction: nonces never repeat under a key, and a
  line replayed, dropped, reordered or altered fails its check, which ends the connection.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import hmac
import json
from typing import Any, Literal

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from .protocol import MAX_LINE, VERSION, ProtocolError, normal_code, parse_json, read_line

Side = Literal["host", "guest"]

#: Who is who in SPAKE2 (the guest is side A, the host side B), bound into the key.
GUEST_ID, HOST_ID = b"tictactoe-tui guest", b"tictactoe-tui host"
#: The length of one side's SPAKE2 message (a side byte and an Ed25519 point).
PAKE_MESSAGE_BYTES = 33
#: Bound into every ciphertext, so a line from another protocol or version never opens.
ASSOCIATED_DATA = f"tictactoe-tui protocol {VERSION}".encode()


class TamperedError(ProtocolError):
    """A sealed line that does not open: altered, replayed, reordered or under another key."""


class Pake:
    """One side's half of a SPAKE2 handshake on ``code``: :attr:`message` to send, then
    :meth:`key` with the other side's message."""

    def __init__(self, code: str, side: Side) -> None:
        kind = SPAKE2_A if side == "guest" else SPAKE2_B
        self._spake = kind(normal_code(code).encode(), idA=GUEST_ID, idB=HOST_ID)
        self.side = side
        self.message: bytes = self._spake.start()

    def key(self, theirs: bytes) -> bytes:
        """The session key (the same on both sides exactly when the codes were the same);
        :class:`ProtocolError` for a message that is not the other side's SPAKE2 message."""
        if len(theirs) != PAKE_MESSAGE_BYTES:
            raise ProtocolError("a handshake message of the wrong length")
        try:
            key: bytes = self._spake.finish(theirs)
        except Exception:  # spake2 raises several unrelated types for points off the curve
            raise ProtocolError("a handshake message that is not SPAKE2") from None
        return key

    def encoded(self) -> str:
        """:attr:`message` for a JSON field."""
        return base64.b64encode(self.message).decode()

    @staticmethod
    def decoded(field: object) -> bytes:
        """The other side's message from its JSON field; :class:`ProtocolError` if malformed."""
        if not isinstance(field, str) or len(field) > 100:
            raise ProtocolError("a handshake without a SPAKE2 message")
        if not field.isascii():  # base64 is ASCII (b64decode raises ValueError, not binascii.Error, for more)
            raise ProtocolError("a handshake message that is not base64")
        try:
            return base64.b64decode(field, validate=True)
        except binascii.Error:
            raise ProtocolError("a handshake message that is not base64") from None


#: Bytes of a rejoin token (sent sealed to a guest that joins; proves it was in the game).
TOKEN_BYTES = 16


def proof(token: bytes, purpose: str, pake_message: bytes) -> str:
    """An HMAC-SHA256 under a rejoin ``token`` of ``purpose`` and one handshake's SPAKE2 message
    (base64): a guest's proof that it holds the token (``"rejoin"``), or a host's that a refusal
    is its own (``"wrong code"``). Bound to the message, so a copy is good for that handshake only."""
    tag = hmac.new(token, f"tictactoe-tui {VERSION} {purpose}".encode() + pake_message, hashlib.sha256)
    return base64.b64encode(tag.digest()[:16]).decode()


def proves(token: bytes | None, purpose: str, pake_message: bytes, field: object) -> bool:
    """Whether ``field`` is :func:`proof` of ``purpose`` under ``token`` (never with no token)."""
    if token is None or not isinstance(field, str) or len(field) > 100 or not field.isascii():
        return False  # (compare_digest raises TypeError for non-ASCII text)
    return hmac.compare_digest(field, proof(token, purpose, pake_message))


def token_from(field: object) -> bytes | None:
    """A rejoin token from its JSON field (base64), or None if it is not one."""
    if not isinstance(field, str) or len(field) > 100 or not field.isascii():
        return None
    try:
        token = base64.b64decode(field, validate=True)
    except binascii.Error:
        return None
    return token if len(token) == TOKEN_BYTES else None


class Channel:
    """Seals the lines one side sends and opens the lines it receives, under the session key."""

    def __init__(self, key: bytes, side: Side) -> None:
        def direction(sender: Side) -> ChaCha20Poly1305:
            info = f"tictactoe-tui {VERSION} from {sender}".encode()
            return ChaCha20Poly1305(HKDF(hashes.SHA256(), 32, salt=None, info=info).derive(key))

        other: Side = "guest" if side == "host" else "host"
        self._out, self._in = direction(side), direction(other)
        self.sent = 0
        self.received = 0

    def seal(self, message: dict[str, Any]) -> bytes:
        """``message`` as one sealed line (the next nonce in this direction)."""
        plain = json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode()
        sealed = self._out.encrypt(self.sent.to_bytes(12, "big"), plain, ASSOCIATED_DATA)
        line = base64.b64encode(sealed) + b"\n"
        if len(line) > MAX_LINE:
            raise ProtocolError(f"a {message.get('type')} message of {len(line)} bytes is over the limit")
        self.sent += 1
        return line

    def open(self, line: bytes, allowed: frozenset[str]) -> dict[str, Any]:
        """The message in a sealed line, whose ``type`` is one of ``allowed``:
        :class:`TamperedError` if it does not open as the next line, :class:`ProtocolError`
        if what it holds is not the protocol."""
        try:
            sealed = base64.b64decode(line.rstrip(b"\n"), validate=True)
            plain = self._in.decrypt(self.received.to_bytes(12, "big"), sealed, ASSOCIATED_DATA)
        except (binascii.Error, InvalidTag):
            raise TamperedError("a message that fails its check (altered, replayed or out of order)") from None
        self.received += 1
        message = parse_json(plain)
        if not isinstance(message, dict) or message.get("type") not in allowed:
            raise ProtocolError("a sealed message of an unknown type")
        return message


class SealedStream:
    """A connection after the handshake: every line each way sealed by ``channel``;
    ``allowed``: the message types this side accepts."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        channel: Channel,
        allowed: frozenset[str],
    ) -> None:
        self.reader, self.writer, self.channel, self.allowed = reader, writer, channel, allowed

    async def receive(self, timeout: float) -> dict[str, Any] | None:
        """The next message, or None when the other side closed the connection
        (:class:`ProtocolError`, :class:`TamperedError`, :class:`TimeoutError` as they say)."""
        line = await read_line(self.reader, timeout)
        return None if line is None else self.channel.open(line, self.allowed)

    def post(self, message: dict[str, Any]) -> None:
        """Write ``message`` now, without waiting for the socket (lines stay in order)."""
        self.writer.write(self.channel.seal(message))

    async def send(self, message: dict[str, Any]) -> None:
        """Write ``message`` and wait until it has gone to the socket's buffer."""
        self.post(message)
        await self.writer.drain()

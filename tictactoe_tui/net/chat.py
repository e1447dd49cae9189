"""A line of chat between the two sides of a match, bounded both ways.

A line is a sealed ``chat`` message (``text``: at most :data:`CHAT_CHARS` characters), sent
over the match's own channel, direct or through the mailbox server. This side sends at most
:data:`SEND_BURST` lines at once and then one every ``1 / SEND_PER_SECOND`` seconds; a line typed
while the link is down waits (at most :data:`KEPT` of them) and goes, in order, once the link is
back. It takes from the other side at most twice that (:data:`HEAR_BURST`, :data:`HEAR_PER_SECOND`):
more is dropped, not queued, with one note in the log for each run of dropped lines; a ``chat``
whose text is not text or is too long breaks the protocol (the connection ends, as for any
message that is not the protocol). The text is only ever shown, never interpreted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from .protocol import ProtocolError

#: The longest line of chat, in characters.
CHAT_CHARS = 200
#: Lines this side sends at once, then each second (a person chatting is far below).
SEND_BURST, SEND_PER_SECOND = 5, 1.0
#: Lines this side takes from the other at once, then each second (twice what an honest side sends).
HEAR_BURST, HEAR_PER_SECOND = 2 * SEND_BURST, 2 * SEND_PER_SECOND
#: Lines typed while the link is down that wait to be sent, at most.
KEPT = 5
#: The note in the log when the other side sends faster than this side takes.
FLOODED = f"(more than {HEAR_PER_SECOND:g} lines a second came: some were not shown)"

Author = Literal["you", "friend", "note"]


@dataclass(frozen=True)
class ChatLine:
    """A line of the chat log: ``author`` (you, your friend, or a note about the chat), its
    ``text``, as typed; yours are numbered (``number``) and may ``wait`` to be sent."""

    author: Author
    text: str
    number: int = 0
    waiting: bool = False
    """Yours, kept until the link is back (the other side has not seen it)."""

    def message(self) -> dict[str, Any]:
        """The ``chat`` message that carries this line."""
        return {"type": "chat", "text": self.text}


class Allowance:
    """A token bucket: ``burst`` at once, refilled at ``per_second``."""

    def __init__(self, burst: int, per_second: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.per_second, self.clock = burst, per_second, clock
        self._left, self._counted = float(burst), clock()

    def take(self) -> bool:
        """Count one; whether it is within the allowance (one that is not is not counted)."""
        now = self.clock()
        self._left = min(self.burst, self._left + (now - self._counted) * self.per_second)
        self._counted = now
        if self._left < 1:
            return False
        self._left -= 1
        return True


#: How a side sends a message now: whether it went (False: the link is down).
Send = Callable[[dict[str, Any]], bool]


class Talk:
    """One side's chat: lines typed here (sent, or kept until the link is back) and lines heard
    from the other side, each told to :attr:`on_line` (a kept line again once it is sent)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.on_line: Callable[[ChatLine], None] = lambda line: None
        self._typed = Allowance(SEND_BURST, SEND_PER_SECOND, clock)
        self._heard = Allowance(HEAR_BURST, HEAR_PER_SECOND, clock)
        self._waiting: list[ChatLine] = []
        self._said = 0
        self._dropping = False

    @property
    def waiting(self) -> int:
        """Lines typed here that wait for the link."""
        return len(self._waiting)

    def say(self, text: str, send: Send) -> str | None:
        """Send ``text`` typed here (or keep it while the link is down); why not, or None."""
        text = text.strip()
        if not text:
            return "Nothing to send"
        if len(text) > CHAT_CHARS:
            return f"A line of chat is at most {CHAT_CHARS} characters"
        if len(self._waiting) >= KEPT:
            return f"Not sent: {KEPT} lines already wait for the link to come back"
        if not self._typed.take():
            return f"Not sent: at most {SEND_BURST} lines at once, then one a second"
        self._said += 1
        line = ChatLine("you", text, self._said)
        if self._waiting or not send(line.message()):  # (a line goes after those kept before it)
            line = replace(line, waiting=True)
            self._waiting.append(line)
        self.on_line(line)
        return None

    def flush(self, send: Send) -> None:
        """The link is back: send the lines kept, in order (those that go are told again)."""
        while self._waiting and send(self._waiting[0].message()):
            self.on_line(replace(self._waiting.pop(0), waiting=False))

    def hear(self, message: dict[str, Any]) -> None:
        """A ``chat`` from the other side: told, or dropped over the allowance (a note says so,
        once for each run of dropped lines); :class:`ProtocolError` if it is not a line of chat."""
        text = message.get("text")
        if not isinstance(text, str) or len(text) > CHAT_CHARS:
            raise ProtocolError(f"a chat that is not a line of at most {CHAT_CHARS} characters")
        if self._heard.take():
            self._dropping = False
            self.on_line(ChatLine("friend", text))
        elif not self._dropping:
            self._dropping = True
            self.on_line(ChatLine("note", FLOODED))

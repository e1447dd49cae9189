"""Whether the other side of a mailbox match is there: heard from lately, through a mailbox
server that can be reached; each change told, and the chat's waiting lines sent when it is back.
The mailbox host and guest are both one."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..chat import Talk
from .wormholes import Wormhole

#: Seconds between the guest's pings (the host answers each).
PING_SECONDS = 10.0
#: Seconds without a word from the other side after which it is taken for away.
SILENCE_SECONDS = 30.0
#: What the host says goodbye with (the guest tells it from a dropped connection and from tampering).
HOST_LEFT = "closed"
#: What the host hangs up with when it took the friend for gone and renewed its code (a friend
#: whose network comes back reads it).
CODE_RENEWED = "renewed"
#: What a guest is told for each of the host's hang-ups it knows.
HANG_UPS = {
    HOST_LEFT: "the host closed the game",
    CODE_RENEWED: "the host heard nothing from you for a while and has a new code",
}
#: What either side is told while the mailbox server cannot be reached.
LOST_SERVER = "lost the mailbox server"


class Presence:
    """One side's view of the other: here when heard from lately through a reachable mailbox
    server; each change is told to ``on_change`` (:meth:`_changed`): whether it was heard from
    lately changes only through :meth:`_set_present` (or untold, when this side closes)."""

    on_status: Callable[[str], None]
    silence_seconds: float
    """Seconds without a word from the other side, the server reachable, after which it is away."""

    def __init__(self) -> None:
        self._present = False
        self._reachable = True
        self._back_at = 0.0
        """When the mailbox server was last reached again (:func:`time.monotonic`): a silence
        counts from then at the earliest (the other side needs its own time to be back)."""
        self._wormhole: Wormhole | None = None
        self.talk = Talk()
        """The chat with the other side (lines typed while it is away wait for it to be back)."""

    @property
    def connected(self) -> bool:
        """Whether the other side is here now (heard from lately, through a reachable server)."""
        return self._present and self._reachable

    @property
    def reachable(self) -> bool:
        """Whether the mailbox server can be reached now (what is missing when the other side is not here)."""
        return self._reachable

    def _changed(self) -> None:
        """Tell ``on_change`` the match as it stands (whose players depend on :attr:`connected`)."""
        raise NotImplementedError

    def _set_present(self, present: bool, news: str = "") -> None:
        """Whether the other side was heard from lately; a change is told, then ``news`` (if any)."""
        if present != self._present:
            self._present = present
            self._changed()
            if news:
                self.on_status(news)
            self.talk.flush(self.send_now)

    def _silence_left(self, heard: float) -> float:
        """Seconds until the other side, last heard at ``heard``, has been silent for the limit:
        counted while the mailbox server can be reached, from its return at the earliest (a
        silence while it is lost is the server's, which is told already)."""
        if not self._reachable:
            return self.silence_seconds
        return max(heard, self._back_at) + self.silence_seconds - time.monotonic()

    def _heard_nothing(self, heard: float, news: str) -> bool:
        """A wait for the other side, last heard at ``heard``, ended: whether it is away now (it
        has been silent for the limit, the server reachable); if so, ``news`` says so."""
        if self._silence_left(heard) > 0:
            return False
        self._set_present(False, news)
        return True

    def _set_reachable(self, reachable: bool) -> None:
        """Whether the mailbox server can be reached now (a silence counts from its return)."""
        self._reachable = reachable
        if reachable:
            self._back_at = time.monotonic()

    def _server_changed(self, reachable: bool) -> None:
        self._set_reachable(reachable)
        self.on_status(self._server_news(reachable))
        self._changed()
        self.talk.flush(self.send_now)

    def send_now(self, message: dict[str, Any]) -> bool:
        """Send ``message`` to the other side while it is here; whether it went."""
        if self._wormhole is None or not self.connected:
            return False
        self._wormhole.send(message)
        return True

    def _server_news(self, reachable: bool) -> str:
        """What this side is told when the mailbox server is lost, or back ("": nothing)."""
        return "" if reachable else f"{LOST_SERVER.capitalize()}: reconnecting…"

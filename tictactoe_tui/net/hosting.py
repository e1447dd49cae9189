"""What a host does alike, hosting directly or through a mailbox server: it owns the match, plays
its own moves and rematches, answers the guest's requests and hears their chat, and sends every
new match to the guest. :mod:`.host` and :mod:`.mailbox.host` build on :class:`Hosting`, each
with its own link."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .chat import Talk
from .match import Match, answer_guest


class Hosting:
    """A host, direct or through the mailbox: the match it owns and whom it tells (``on_change``
    every new match, ``on_status`` a line for the status panel)."""

    talk: Talk
    """The chat with the guest (each kind makes its own; lines typed while nobody is here wait)."""

    def __init__(self, match: Match, on_change: Callable[[Match], None], on_status: Callable[[str], None]) -> None:
        self.match, self.on_change, self.on_status = match, on_change, on_status

    def _send_state(self, message: dict[str, Any]) -> None:
        """Send a new match (``message``) to the guest, if one is here to have it."""
        raise NotImplementedError

    def play(self, move: tuple[int, int]) -> None:
        """The host's move; :class:`~.match.MoveRefused` if it may not be played now."""
        self._update(self.match.play("host", move))

    def rematch(self) -> None:
        """The next game (the other player first); :class:`~.match.MoveRefused` before this one ends."""
        self._update(self.match.rematch())

    def _update(self, match: Match) -> None:
        self.match = match
        self.on_change(match)
        self._send_state(match.to_message())

    def _answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Apply a guest's request (or hear their chat); the reply for them alone (None when they
        get the new match, or there is none)."""
        if message["type"] == "chat":
            self.talk.hear(message)
            return None
        match, reply = answer_guest(self.match, message)
        if match is not self.match:
            self._update(match)
        return reply

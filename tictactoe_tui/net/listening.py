"""What a guest does alike, joined directly or through a mailbox server: the host's news read
and kept, a move asked and kept until the host answers it, a rematch asked, and the words for
each. :mod:`.guest` and :mod:`.mailbox_guest` build on :class:`Listener`, each with its own link."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.board import Move, move_name
from ..engine.marks import board_size
from ..words import shortened
from .chat import Talk
from .match import Match
from .protocol import ProtocolError


@dataclass(frozen=True)
class HostNews:
    """What one of the host's sealed messages tells a guest: the match it carries (a ``state``, or
    an ``error``'s), a refusal to show, and, when the host hangs up, why (``closed``: it quit)."""

    match: Match | None = None
    refusal: str = ""
    hung_up: str | None = None


def host_news(message: dict[str, Any]) -> HostNews:
    """Read a host's ``state`` or ``error`` (a ``pong`` tells nothing); :class:`ValueError` for a
    state that is impossible."""
    kind = message["type"]
    if kind == "state":
        return HostNews(Match.from_message(message))
    if kind != "error":
        return HostNews()
    reason = shortened(str(message.get("reason", "refused")), 200)
    if message.get("fatal"):
        return HostNews(hung_up=reason)
    state = message.get("state")
    return HostNews(Match.from_message(state) if isinstance(state, dict) else None, refusal=reason)


def joined_text(match: Match) -> str:
    """What a guest is told when the host's first state comes."""
    board = match.board
    return f"Joined: {board.rules.title} on {board_size(board.rows, board.cols)}, you play O"


def move_request(match: Match | None, move: Move) -> dict[str, Any]:
    """A guest's request that the host play ``move`` for it in ``match``, the match it knows
    (none yet: ply 0), as :func:`answer_guest` reads it."""
    return asked_request(match, move_name(move))


def asked_request(match: Match | None, name: str) -> dict[str, Any]:
    """The request for the move named ``name`` (as sent) in ``match`` (none yet: ply 0)."""
    ply = len(match.moves) if match is not None else 0
    return {"type": "move", "ply": ply, "move": name}


class Listener:
    """A guest, direct or through the mailbox: the match it knows, its move the host has not
    answered yet (the request as sent), and whom it tells; what both kinds do alike (a move
    asked, a rematch asked, the host's messages taken), each sending through its own link."""

    talk: Talk
    """The chat with the host (each kind makes its own, lines typed while the link is down wait)."""

    def __init__(self, on_change: Callable[[Match], None], on_status: Callable[[str], None]) -> None:
        self.on_change, self.on_status = on_change, on_status
        self.match: Match | None = None
        """The match as the host last sent it (None before the first state)."""
        self.asked: dict[str, Any] | None = None
        """The move request sent and not answered yet (sent again, or kept, until the host answers)."""
        self.asked_in: Match | None = None
        """The match a move asked before this link joined was made in (a link of the same match
        before it, lost): sent once the host's first state shows the game there, else dropped."""

    @property
    def connected(self) -> bool:
        """Whether the host is here now."""
        raise NotImplementedError

    @property
    def away(self) -> str:
        """Why the host cannot be reached now (the link is down), in a few words."""
        raise NotImplementedError

    async def _send(self, message: dict[str, Any]) -> bool:
        """Send a request on this guest's link; whether it went out now (a move not sent is kept
        and sent when the link is back)."""
        raise NotImplementedError

    def keep_asked(self, match: Match, name: str) -> None:
        """Take on the move named ``name`` asked in ``match`` by an earlier link of the match and
        not answered: it waits to be sent until the host's first state says whether it still fits."""
        self.asked, self.asked_in = asked_request(match, name), match

    async def play(self, move: Move) -> bool:
        """Ask the host to play ``move``: the request is kept as asked until the host answers it,
        sent now or, while the link is down, when it is back; the player is told which. Whether it
        was kept (not before the first state)."""
        if self.match is None:
            return False
        request = self.asked = move_request(self.match, move)
        went = await self._send(request)
        if self.asked is request:  # (not answered already)
            self.on_status(on_its_way(request) if went else kept_text(request, self.away))
        return True

    async def rematch(self) -> bool:
        """Ask for the next game; whether the request went out (only while the host is here)."""
        return self.connected and await self._send({"type": "rematch"})

    def _hear_host(self, message: dict[str, Any]) -> str | None:
        """Take one of the host's messages: a line of chat is heard, anything else read as the
        host's news and taken (:func:`take_news`) unless the host hangs up; why it hung up, or
        None. :class:`ProtocolError` for a message that is not the protocol (an impossible state,
        a chat over the length)."""
        if message["type"] == "chat":
            self.talk.hear(message)
            return None
        try:
            news = host_news(message)
        except ValueError as error:
            raise ProtocolError(f"the host sent {error}") from None
        if news.hung_up is None:
            take_news(self, news)
        return news.hung_up


def on_its_way(request: dict[str, Any]) -> str:
    """What the guest is told of its move request once it has gone out."""
    return f"Your move {request['move']} is on its way to the host…"


def kept_text(request: dict[str, Any], why: str) -> str:
    """What the guest is told of its move request while the link is down (``why``)."""
    return f"Your move {request['move']} waits to be sent: the host has not seen it yet ({why})"


def waiting_text(guest: Listener, news: str, absence: str) -> str:
    """``news`` of the host's absence; where the host has a move of the guest's to answer, that
    the move waits, then ``absence`` (the words first, which a narrow status keeps)."""
    if guest.asked is None:
        return news
    return f"Your move {guest.asked['move']} waits for the host: {absence}…"


def not_played(request: dict[str, Any]) -> str:
    """What the guest is told of a kept move the host's game has gone past."""
    return f"Your move {request['move']} was not played: the game had moved on"


def take_news(guest: Listener, news: HostNews) -> None:
    """What a guest does with the host's news short of a hang-up: says a refusal, and keeps a
    match it carries, telling ``on_change``, and at the first, that it has joined. A refusal or
    a new match answers the move asked, except at the first state when the move was kept from
    an earlier link of the match (:meth:`Listener.keep_asked`): it stays asked (to be sent) if
    the host's game is where it was made, and is dropped, said, if not."""
    dropped = None
    kept = guest.asked_in
    if kept is not None and news.match is not None and guest.match is None and guest.asked is not None:
        guest.asked_in = None
        if (news.match.number, news.match.position) != (kept.number, kept.position):
            dropped, guest.asked = guest.asked, None
    elif news.refusal or (news.match is not None and news.match != guest.match):
        guest.asked = None
    if news.refusal:
        guest.on_status(f"Refused: {news.refusal}")
    if news.match is not None:
        first = guest.match is None
        guest.match = news.match
        guest.on_change(news.match)
        if first:
            guest.on_status(not_played(dropped) if dropped is not None else joined_text(news.match))

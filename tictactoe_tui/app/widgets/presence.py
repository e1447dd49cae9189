"""Online, whether the other side of a match is there (:class:`Presence`) and what the match has
to say (:class:`MatchNews`), as the match's link reports them; the status line
(:func:`~.said.status_said`) takes its headline and refusals from them. Loaded when a match
opens, not before a start's first frame."""

from __future__ import annotations

from dataclasses import dataclass

#: What may be missing online, as the status names it.
MAILBOX_SERVER = "the mailbox server"
HOST = "the host"
FRIEND = "your friend"


@dataclass(frozen=True)
class Presence:
    """Online, whether the other side is there, and if not, what is missing: ``missing`` is ""
    (here), :data:`MAILBOX_SERVER`, :data:`HOST` or :data:`FRIEND`; ``met``: the other side has
    been here in this match (so it is waited for "to be back"); ``ended``: the match is over
    for good (it could not start, the host closed it, the code was refused: nothing comes back
    by itself, n goes online again); ``moves_away``: this side may move meanwhile (a guest on its
    turn: its move is kept and sent when the link is back)."""

    missing: str = ""
    met: bool = False
    ended: bool = False
    moves_away: bool = False

    @property
    def here(self) -> bool:
        """Whether the other side can be played now."""
        return not self.missing and not self.ended

    @property
    def headline(self) -> str:
        """What the headline says while the other side cannot be played ("" when it can)."""
        if self.ended:
            return "Not connected: n goes online again"
        if self.missing == MAILBOX_SERVER:
            return "Waiting for the mailbox server"
        if not self.missing:
            return ""
        if self.met:  # a guest's host started again has a new code: n takes it
            return f"Waiting for {self.missing} to be back{' (n: their new code)' if self.missing == HOST else ''}"
        return f"Waiting for {self.missing} to {'join' if self.missing == FRIEND else 'answer'}"

    def refusal(self) -> str | None:
        """Why a move key plays nothing now because of who is away (None: nothing stops it)."""
        if self.here or (self.moves_away and not self.ended):
            return None
        if self.missing == MAILBOX_SERVER:
            return "Lost the mailbox server: wait for it to be back"
        return self.headline


@dataclass(frozen=True)
class MatchNews:
    """What the online match has to say: ``banner``, the line that stays (the host's code and
    address, or whom the guest plays); ``text``, its latest news (a join, a wrong code, a drop);
    ``presence``, who is there; ``sent``, a guest's move the host has not answered yet."""

    banner: str = ""
    text: str = ""
    presence: Presence = Presence()
    sent: str = ""
    """The move this side sent that the host has not answered yet ("" none): not yet its friend's turn."""

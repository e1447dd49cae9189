"""An online match as kept on disk beside its board, so that a side killed mid-game takes it up
again: how it went online (the plan: a host's without its code, as a host started again has a new
one; a direct guest's with the code it joined with, which works again while the host's game runs;
a mailbox guest's without it, as a mailbox code is used up once used),
the match's count, first player and scores (its position is the board's, kept by the store),
and the match's key (direct play: the rejoin token the host gave, with which a guest goes before
every stranger and a host started again knows its guest). One line of JSON, checked field by
field when read back: the file is the player's, but it is read as untrusted."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, replace
from typing import Any

from ..engine import Position
from . import HostPlan, JoinPlan, MailboxHostPlan, MailboxJoinPlan, OnlinePlan
from .address import split_address
from .channel import token_from
from .match import Match

#: The longest kept line read back (a plan, a few counts and a key take a few hundred bytes).
MAX_KEPT = 2048
#: The longest direct join code read back (three words take about 20 characters).
MAX_CODE = 100


@dataclass(frozen=True)
class KeptMatch:
    """One side's online match, to take up again after a crash."""

    plan: OnlinePlan
    match: Match
    key: bytes | None = None
    """The rejoin token of a direct match (None through a mailbox server, or before it is known)."""
    asked: str | None = None
    """A guest's move in the match (its name as sent) that the host had not answered: sent once
    the guest is back in, if the host's game is still where it was made (not kept on disk)."""

    @property
    def hosting(self) -> bool:
        """Whether this side hosts the match."""
        return isinstance(self.plan, HostPlan | MailboxHostPlan)

    def to_text(self) -> str:
        """The one line kept (the position is not in it: the board kept beside it is)."""
        plan: dict[str, Any]
        if isinstance(self.plan, HostPlan):
            plan = {"kind": "host", "bind": self.plan.bind, "port": self.plan.port}
        elif isinstance(self.plan, JoinPlan):
            plan = {"kind": "join", "host": self.plan.host, "port": self.plan.port}
            if self.plan.code:
                plan["code"] = self.plan.code
        else:
            plan = {"kind": "mailbox host" if self.hosting else "mailbox join", "url": self.plan.url}
        match = self.match
        fields = {
            "plan": plan,
            "number": match.number,
            "host_first": match.host_first,
            "score": {"host": match.host_wins, "guest": match.guest_wins, "draws": match.draws},
        }
        if self.key is not None:
            fields["key"] = base64.b64encode(self.key).decode()
        return json.dumps(fields, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str, position: Position) -> KeptMatch:
        """The match kept in ``text`` at ``position``; :class:`ValueError` for anything that is not one."""
        if len(text) > MAX_KEPT:
            raise ValueError("a kept match longer than one can be")
        try:
            fields = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise ValueError("a kept match that is not JSON") from None
        if not isinstance(fields, dict):
            raise ValueError("a kept match that is not an object")
        shape = position.shape
        state = {**fields, "type": "state", "moves": [], "game": shape.game}
        state.update(rows=shape.rows, cols=shape.cols, k=shape.k)
        counts = Match.from_message(state)  # checks the counts, the scores and the shape
        match = replace(counts, position=position)
        match.board  # noqa: B018 (the moves must be playable: ValueError if not)
        key = token_from(fields["key"]) if "key" in fields else None
        if "key" in fields and key is None:
            raise ValueError("a kept match whose key is not one")
        return cls(_plan(fields.get("plan")), match, key)

    def resumed_with(self, plan: OnlinePlan | None) -> OnlinePlan:
        """The plan to go online with: ``plan`` (this start's, which says where) if given, else the
        one kept; a direct guest started again at the same host without a code joins with the
        code kept; a plain ``host`` or ``join`` (a mailbox plan naming no code) takes up a direct
        match the way it was played."""
        if plan is None:
            return self.plan
        kept = self.plan
        if isinstance(kept, HostPlan | JoinPlan) and isinstance(plan, MailboxHostPlan | MailboxJoinPlan):
            return plan if isinstance(plan, MailboxJoinPlan) and plan.code else kept
        if isinstance(plan, JoinPlan) and not plan.code and isinstance(kept, JoinPlan):
            return plan if (plan.host, plan.port) != (kept.host, kept.port) else kept
        return plan


def _plan(field: object) -> OnlinePlan:
    """A kept plan; :class:`ValueError` for one that is not."""
    if not isinstance(field, dict):
        raise ValueError("a kept match without its plan")
    kind, port = field.get("kind"), field.get("port")
    if kind in ("host", "join") and (type(port) is not int or not 0 <= port <= 65535):
        raise ValueError("a kept match whose port is not one")
    if kind == "host":
        bind = field.get("bind")
        if not isinstance(bind, str) or len(bind) > 255:
            raise ValueError("a kept match whose address is not one")
        return HostPlan(bind, int(str(port)))
    if kind == "join":
        host = field.get("host")
        if not isinstance(host, str):
            raise ValueError("a kept match whose address is not one")
        where, _port = split_address(f"[{host}]" if ":" in host else host)
        code = field.get("code")
        if code is not None and (not isinstance(code, str) or not code.isprintable() or not 0 < len(code) <= MAX_CODE):
            raise ValueError("a kept match whose code is not one")
        return JoinPlan(where, int(str(port)), code)
    url = field.get("url")
    if not isinstance(url, str) or not url.startswith(("ws://", "wss://")) or len(url) > 500:
        raise ValueError("a kept match whose mailbox server is not one")
    if kind == "mailbox host":
        return MailboxHostPlan(url)
    if kind == "mailbox join":
        return MailboxJoinPlan(url)
    raise ValueError("a kept match of an unknown kind")

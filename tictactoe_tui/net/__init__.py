"""Play against a friend on another machine: the protocol, the hosts, the guests and the plans to start them.

Two ways to meet. Through a magic-wormhole mailbox server (:mod:`.mailbox`, the default): the
host gets a code like ``7-guitarist-revenge`` from the server and the friend joins with it
alone. Directly (:mod:`.host`, :mod:`.guest`): plain asyncio streams to the host's address and
port, for a LAN without internet. Either way no Textual: the app drives a host or a guest and
shows the :class:`~.match.Match` they report. This module is light (the command line reads it);
Twisted is imported only by :mod:`.mailbox`, when a player goes online through a mailbox.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from .address import DEFAULT_PORT

#: The public mailbox server that magic-wormhole's own programs use.
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
#: The environment variable that names another mailbox server (``--mailbox`` overrides it).
MAILBOX_VARIABLE = "TICTACTOE_TUI_MAILBOX"


def default_mailbox() -> str:
    """The mailbox server to use unless told: ``$TICTACTOE_TUI_MAILBOX``, else the public one."""
    return os.environ.get(MAILBOX_VARIABLE, "").strip() or PUBLIC_MAILBOX


@dataclass(frozen=True)
class HostPlan:
    """Host a match directly: listen on ``bind``:``port``."""

    bind: str = "127.0.0.1"
    port: int = DEFAULT_PORT


@dataclass(frozen=True)
class JoinPlan:
    """Join the match at ``host``:``port`` with ``code`` (None: ask for it)."""

    host: str
    port: int = DEFAULT_PORT
    code: str | None = None


@dataclass(frozen=True)
class MailboxHostPlan:
    """Host a match through the mailbox server at ``url``: it hands out the code."""

    url: str = PUBLIC_MAILBOX


@dataclass(frozen=True)
class MailboxJoinPlan:
    """Join a match through the mailbox server at ``url`` with ``code`` (None: ask for it)."""

    url: str = PUBLIC_MAILBOX
    code: str | None = None


#: Every way to go online.
OnlinePlan = HostPlan | JoinPlan | MailboxHostPlan | MailboxJoinPlan

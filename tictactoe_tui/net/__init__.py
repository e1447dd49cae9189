"""Play against a friend on another machine: the protocol, the host, the guest and the plans to start them.

Plain asyncio streams, no Textual: the app drives a :class:`~.host.Host` or a
:class:`~.guest.Guest` and shows the :class:`~.match.Match` they report.
"""

from __future__ import annotations

from dataclasses import dataclass

from .address import DEFAULT_PORT


@dataclass(frozen=True)
class HostPlan:
    """Host a match: listen on ``bind``:``port``."""

    bind: str = "127.0.0.1"
    port: int = DEFAULT_PORT


@dataclass(frozen=True)
class JoinPlan:
    """Join the match at ``host``:``port`` with ``code`` (None: ask for it)."""

    host: str
    port: int = DEFAULT_PORT
    code: str | None = None

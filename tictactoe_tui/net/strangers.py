"""The host's hold on strangers: a connection's reader that keeps at most a few bytes of one that
has not joined (and stops reading it while it waits for its turn), and room for a flood of them
among the process's open files."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Iterable
from typing import SupportsIndex

from .protocol import MAX_LINE, ProtocolError

#: Bytes a stranger may send before it has joined (a hello and a join take a few hundred).
STRANGER_BYTES = 2048


class StrangerReader(asyncio.StreamReader):
    """A connection's reader that, until :meth:`admit`, keeps at most ``STRANGER_BYTES`` in all:
    more ends the connection (a :class:`ProtocolError` for the next read) and is not kept.
    :meth:`hold` stops reading from the socket, :meth:`release` starts again."""

    def __init__(self) -> None:
        super().__init__(limit=MAX_LINE)
        self.received: int | None = 0
        """Bytes received so far while a stranger (None once admitted)."""
        self.transport: asyncio.BaseTransport | None = None

    def set_transport(self, transport: asyncio.BaseTransport) -> None:
        super().set_transport(transport)
        self.transport = transport

    def feed_data(self, data: Iterable[SupportsIndex]) -> None:
        data = bytes(data)  # the same object when it is bytes, as the transport gives it
        if self.received is not None:
            if self.exception() is not None:
                return
            self.received += len(data)
            if self.received > STRANGER_BYTES:
                self.hold()
                self.set_exception(ProtocolError("too much before joining"))
                return
        super().feed_data(data)

    def admit(self) -> None:
        """The connection has joined: read it like any other."""
        self.received = None

    def hold(self) -> None:
        if isinstance(self.transport, asyncio.ReadTransport) and not self.transport.is_closing():
            self.transport.pause_reading()

    def release(self) -> None:
        if isinstance(self.transport, asyncio.ReadTransport) and not self.transport.is_closing():
            self.transport.resume_reading()


def allow_open_files(wanted: int) -> None:
    """Raise this process's limit on open files towards ``wanted`` (up to the hard limit), so
    a flood of strangers meets the host's own limit first."""
    if sys.platform == "win32":
        return
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))

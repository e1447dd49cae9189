"""A real magic-wormhole mailbox server on loopback for the tests (``twist wormhole-mailbox``, the
package the test extra installs), which a test can restart on the same port and database, and a
relay in front of it whose connections a test can cut (a player's network changing)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

from .waiting import until_blocking


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class MailboxServer:
    """``twist wormhole-mailbox`` on 127.0.0.1 with its database in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/v1"

    def start(self) -> None:
        endpoint = f"tcp:{self.port}:interface=127.0.0.1"
        database = self.folder / "mailbox.sqlite"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "twisted", "wormhole-mailbox", "--port", endpoint, "--channel-db", str(database)],
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        process = self.process

        def listening() -> bool:
            assert process.poll() is None, "the mailbox server did not start"
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return True
            return False

        until_blocking(listening, "the mailbox server to accept connections")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@contextlib.contextmanager
def mailbox_server(folder: Path) -> Iterator[MailboxServer]:
    folder.mkdir(parents=True, exist_ok=True)
    server = MailboxServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Relay:
    """Passes TCP connections on to ``port``; :meth:`cut` ends every one open (a network change),
    :meth:`close` stops listening too (the network gone), and :meth:`start` again listens on the
    same port (it is back)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.listen_port = 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.listen_port}/v1"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._pass, "127.0.0.1", self.listen_port)
        self.listen_port = self._server.sockets[0].getsockname()[1]

    async def _pass(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, upstream_writer}

        async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.close()

        await asyncio.gather(pump(reader, upstream_writer), pump(upstream_reader, writer))
        self._writers -= {writer, upstream_writer}

    def cut(self) -> int:
        """End every connection now; how many there were."""
        cut = len(self._writers)
        for writer in list(self._writers):
            transport = writer.transport
            if isinstance(transport, asyncio.WriteTransport):
                transport.abort()
        self._writers.clear()
        return cut

    async def close(self) -> None:
        self.cut()
        if self._server is not None:
            self._server.close()


@contextlib.asynccontextmanager
async def relay_to(port: int) -> AsyncIterator[Relay]:
    relay = Relay(port)
    await relay.start()
    try:
        yield relay
    finally:
        await relay.close()

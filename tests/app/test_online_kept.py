"""Nothing lost online: a move made while the link is down is kept, said to wait, and sent when
the link is back (through a real mailbox server stopped and started again)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from ..helpers.app import marks, status
from ..helpers.online import lines_said, mailbox_match, press
from ..helpers.waiting import until

session_loop = pytest.mark.asyncio(loop_scope="session")


@session_loop
async def test_a_move_made_while_the_mailbox_server_restarts_reaches_the_host(tmp_path: Path) -> None:
    async with mailbox_match(tmp_path) as (server, host, guest):
        await press(host, "5")
        await until(lambda: marks(guest) == ".../.x./...", "the host's move at the guest")
        server.stop()
        await until(lambda: "Lost the mailbox server" in status(guest), "the guest to see the server gone")
        said = lines_said(guest)
        await press(guest, "1")
        await until(lambda: "Your move a1 waits to be sent" in status(guest), "the guest told its move waits")
        assert said[-1] == "Your move a1 waits to be sent: the host has not seen it yet (lost the mailbox server)"
        assert marks(guest) == ".../.x./..."  # not drawn before the host has it
        assert "Your turn" not in status(guest)
        server.start()
        restarted = time.monotonic()
        await until(lambda: marks(host) == "o../.x./...", "the guest's move at the host")
        assert time.monotonic() - restarted < 30
        await until(lambda: marks(guest) == "o../.x./...", "the guest's move at the guest")

"""A ``serve`` visitor, driven over textual-serve's websocket protocol as a browser would (issue 64):
a save typed with a path writes no file, it reaches the browser as a download, and the serving
user's archive is neither listed nor changed."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import aiohttp

from tictactoe_tui.store.archive import Archive
from tictactoe_tui.store.files import APP_NAME

from ..helpers.archive import archive_of
from ..helpers.waiting import TIMEOUT
from .test_serve_limits import open_game, server

CTRL_S, CTRL_A, CTRL_K = "\x13", "\x01", "\x0b"
#: The terminal's control sequences (colours, cursor moves) between the words the game writes.
CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


class Screen:
    """What a browser's terminal has been sent (text with its escape codes), and the downloads offered."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.received = ""
        self.downloads: list[str] = []

    async def wait_for(self, condition: object, what: str) -> None:
        """Read until ``condition()`` holds (a callable) or ``TIMEOUT`` passes."""
        assert callable(condition)
        async with asyncio.timeout(TIMEOUT):
            while not condition():
                message = await self.websocket.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.received += message.data.decode("utf-8", "replace")
                elif message.type == aiohttp.WSMsgType.TEXT:
                    kind, *data = json.loads(message.data)
                    if kind == "deliver_file_start":
                        self.downloads.append(str(data[0]))
                else:
                    raise AssertionError(f"the game closed while waiting for {what}")

    @property
    def output(self) -> str:
        """The text the game wrote, without its control sequences."""
        return CONTROL.sub("", self.received)

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.websocket.send_json(["stdin", key])


async def test_a_visitors_typed_save_path_is_not_written_and_a_download_arrives(tmp_path: Path) -> None:
    target = tmp_path / "written-by-a-stranger.ttt"
    with server(tmp_path / "home") as (port, _process):
        async with aiohttp.ClientSession() as session:
            screen = Screen(await open_game(session, port))
            await screen.keys("5")
            await screen.wait_for(lambda: "played" in screen.output, "the computer's reply")
            await screen.keys(CTRL_S)
            await screen.wait_for(lambda: screen.downloads, "the download offered to the browser")
            async with session.get(f"http://127.0.0.1:{port}/download/{screen.downloads[0]}") as download:
                assert download.status == 200
                assert "attachment" in download.headers["Content-Disposition"]
                text = await download.text()
            assert text.startswith("# tictactoe-tui saved game")
            assert "moves: b2" in text
            # what wrote the file before: Ctrl+S, clear the name, type a path, Enter (here they are
            # keys to the game); then the browser leaves, and serve ends with every process of it
            await screen.keys(CTRL_S, CTRL_A, CTRL_K, str(target), "\r")
            await screen.websocket.close()
    assert not target.exists()


async def test_a_visitor_sees_an_empty_archive_while_the_serving_users_holds_games(tmp_path: Path) -> None:
    home = tmp_path / "home"
    archive = home / "data" / APP_NAME / "games.sqlite3"
    archive.parent.mkdir(parents=True)
    archive_of(archive, 3)
    with server(home) as (port, _process):
        async with aiohttp.ClientSession() as session:
            screen = Screen(await open_game(session, port))
            await screen.keys("g")
            await screen.wait_for(lambda: "0 games, newest first" in screen.output, "the visitor's own, empty archive")
            assert "3 games" not in screen.output
            await screen.websocket.close()
    kept = Archive(archive)
    try:
        assert kept.count() == 3  # the serving user's, untouched
    finally:
        kept.close()

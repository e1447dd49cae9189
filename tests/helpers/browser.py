"""Drive the served game in a real headless Chromium (Debian's), with Playwright.

Used by the browser test and by ``scripts/make_screenshots.py --browser``. What the browser
shows is drawn on a canvas, so the checks read the terminal output the page receives over its
websocket (the app's own text: "Your turn", "O played b2 …").
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .waiting import TIMEOUT, until_blocking

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: As a sandboxed root process on a machine without network: no sandbox, no background traffic.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(home: Path, *options: str, output: Path | None = None) -> tuple[int, subprocess.Popen[bytes]]:
    """``tictactoe-tui serve`` on a free loopback port, with its files under ``home``, once it
    accepts connections: its port and process (the leader of a session of its own, as a shell
    starts a command: its process group is the one a Ctrl+C in its terminal reaches). What it
    prints goes to ``output`` (both streams), if given."""
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config")}
    with open(output or os.devnull, "wb") as printed:
        server = subprocess.Popen(
            [sys.executable, "-m", "tictactoe_tui", "serve", "--port", str(port), *options],
            env=env,
            stdout=printed,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def listening() -> bool:
        if server.poll() is not None:
            raise RuntimeError(f"tictactoe-tui serve exited with status {server.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return False
        return True

    try:
        until_blocking(listening, "tictactoe-tui serve to listen")
    except BaseException:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        raise
    return port, server


@contextmanager
def served_game(home: Path) -> Iterator[str]:
    """``tictactoe-tui serve`` on a free loopback port, with its files under ``home``; the URL."""
    port, server = start_server(home)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(10)


@dataclass
class Visit:
    """A page of the served game and the terminal text it has received."""

    page: Any
    frames: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.frames)

    def wait_for(self, words: str) -> bool:
        """Wait until the game has sent ``words`` (Playwright's events run meanwhile); whether
        it did within the tests' time-out."""
        deadline = time.monotonic() + TIMEOUT
        while words not in self.text:
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(50)
        return True

    def click_board_centre(self) -> None:
        """Click the middle square of a 3×3 board (the board fills the left of the window)."""
        box = self.page.locator("#terminal").bounding_box()
        self.page.mouse.click(box["x"] + box["width"] * 0.36, box["y"] + box["height"] * 0.45)


@contextmanager
def visit(url: str) -> Iterator[Visit]:
    """Open ``url`` in headless Chromium and record what its websocket receives."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 760})
            seen = Visit(page)

            def record(payload: str | bytes) -> None:
                seen.frames.append(payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload)

            page.on("websocket", lambda socket_: socket_.on("framereceived", record))
            page.goto(url)
            yield seen
        finally:
            browser.close()

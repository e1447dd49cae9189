"""``tictactoe-tui serve``: the game in a web browser, through textual-serve, with limits.

Every browser connection starts a fresh copy of the game in its own process (and that copy its
own search process), so each visitor gets their own game (their results all go to this
account's archive). :class:`SessionServer` keeps that bounded: at most ``max_sessions`` games
at once (the next browser gets a page saying the server is full), a game nobody has touched
for ``idle_seconds`` is ended, and a game whose browser has gone is stopped, and killed if it
does not stop. Touched means a key, a click (or the mouse over the board) or a resize: the
clock is this module's own, so the websocket's pings and pongs, and the page's other messages,
do not keep a forgotten tab alive. A request whose headers have not all come within
``HEADER_SECONDS`` is cut, and a body nobody asked for is read for ``BODY_SECONDS`` at most.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import shlex
import signal
import sys
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..net.address import is_loopback

#: Games at once, unless ``--max-sessions`` says otherwise.
MAX_SESSIONS = 8
#: Seconds a game has to quit once its browser has gone, before it is killed.
STOP_SECONDS = 5.0
#: Seconds a connection has to send a whole request's headers (from connecting, or from the
#: previous response); a connection still sending them then is cut.
HEADER_SECONDS = 10.0
#: Seconds a request's body (which no page here reads) is read for before the connection is cut.
BODY_SECONDS = 5.0
#: Seconds between the websocket pings that tell a browser that has gone from one still there.
PING_SECONDS = 15.0
#: The page a browser gets when every game is taken.
FULL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tictactoe-tui: full</title>
<meta http-equiv="refresh" content="30"></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 4em auto">
<h1>tictactoe-tui is full</h1>
<p>This server runs at most {limit} games at once, and they are all being played.
This page tries again every 30 seconds.</p>
</body></html>
"""

log = logging.getLogger("tictactoe_tui.serve")


class SessionServer(Server):
    """textual-serve's server, with a cap on games at once and an idle timeout."""

    def __init__(self, command: str, *, max_sessions: int, idle_seconds: float, **options: Any) -> None:
        super().__init__(command, **options)
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self.sessions = 0
        """Games running now (from the browser's connection until their process is gone)."""

    @property
    def full(self) -> bool:
        return self.sessions >= self.max_sessions

    def full_page(self) -> web.HTTPServiceUnavailable:
        """503 with a page that says so (and tries again by itself)."""
        return web.HTTPServiceUnavailable(
            text=FULL_PAGE.format(limit=self.max_sessions), content_type="text/html", headers={"Retry-After": "30"}
        )

    async def handle_index(self, request: web.Request) -> Any:
        """The game's page, or a page saying the server is full."""
        if self.full:
            raise self.full_page()
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser's game, counted from the connection until its process is gone."""
        if self.full:
            raise self.full_page()
        self.sessions += 1
        try:
            return await self._run_session(request)
        finally:
            self.sessions -= 1

    async def _run_session(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=PING_SECONDS, max_msg_size=64 * 1024)
        await websocket.prepare(request)
        width = min(max(to_int(request.query.get("width", "80"), 80), 20), 500)
        height = min(max(to_int(request.query.get("height", "24"), 24), 10), 200)

        async def close() -> None:
            await websocket.close()

        service = AppService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            await service.start(width, height)
            await self._relay(websocket, service)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("a browser's game failed")
        finally:
            await _stop(service)
            await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """Pass the browser's keys, clicks and size to the game until it leaves or goes idle:
        ``idle_seconds`` after the last key, click or resize, whatever else arrives."""
        loop = asyncio.get_running_loop()
        touched = loop.time()
        while True:
            try:
                async with asyncio.timeout_at(touched + self.idle_seconds):
                    message = await websocket.receive()
            except TimeoutError:
                log.info("a game ended after %.0f idle seconds", self.idle_seconds)
                return
            if message.type != WSMsgType.TEXT:
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    return
                continue
            try:
                kind, *data = message.json()
                if kind == "stdin":
                    await service.send_bytes(str(data[0]).encode("utf-8"))
                    touched = loop.time()
                elif kind == "resize":
                    size = data[0]
                    await service.set_terminal_size(min(int(size["width"]), 500), min(int(size["height"]), 200))
                    touched = loop.time()
                elif kind == "ping":
                    await websocket.send_json(["pong", data[0]])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()
            except (ValueError, TypeError, KeyError, IndexError):
                continue  # not the page's protocol: ignored

    def serve(self, debug: bool = False) -> None:
        """Serve until interrupted, with the header and body timeouts (textual-serve's own
        ``serve`` gives aiohttp none: a half-sent request was held for 75 s)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda *args: None,
            keepalive_timeout=HEADER_SECONDS,  # aiohttp cuts a connection still waiting for a request then
            lingering_time=BODY_SECONDS,
        )


async def _stop(service: AppService) -> None:
    """Ask the game to quit; kill it (and the shell that started it) if it has not in time."""
    try:
        await asyncio.wait_for(service.stop(), STOP_SECONDS)
    except Exception:  # timed out, or failed: whatever went wrong, the process must go
        process = service._process  # textual-serve keeps it there; nothing else can end it
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), STOP_SECONDS)


def warning(host: str) -> str | None:
    """What to tell the person serving on a non-loopback address, or None."""
    if is_loopback(host):
        return None
    return (
        f"warning: serving on {host}, not just this machine: anyone who can reach it can open "
        "games here, each running a process on this computer (at most --max-sessions at once). "
        "Use --host 127.0.0.1 to keep it local, or a reverse proxy with TLS (see the README)."
    )


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted (Ctrl+C)."""
    problem = warning(args.host)
    if problem:
        print(f"tictactoe-tui: {problem}", file=sys.stderr)
    command = f"exec {shlex.quote(sys.executable)} -m tictactoe_tui"  # exec: the game is the process started
    if args.host in ("0.0.0.0", "::") and args.public_url is None:
        print(
            f"tictactoe-tui: note: pages will point browsers at {args.host}; give --public-url "
            f"http://<this machine's address>:{args.port} so other machines can load them",
            file=sys.stderr,
        )
    server = SessionServer(
        command,
        max_sessions=args.max_sessions,
        idle_seconds=args.idle_timeout,
        host=args.host,
        port=args.port,
        title="tictactoe-tui",
        public_url=args.public_url,
    )
    server.serve()
    return 0

"""``tictactoe-tui serve``: the game in a web browser, through textual-serve, with limits.

Every browser connection starts a fresh copy of the game in its own process (and that copy its
own search process), so each visitor gets their own game (and archive, of its own:
``--visitor``). :class:`SessionServer` keeps that bounded: at most ``max_sessions`` games
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

from ..net.address import cannot_listen, is_loopback, listen_problem
from ..words import counted
from .parser import UsageError

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
#: Bytes of keys and mouse events a browser may send a second (a burst of ``INPUT_BURST``); more is
#: dropped, so that a flood never queues up work for its game (a person's typing and mouse take far less).
INPUT_PER_SECOND = 8 * 1024
INPUT_BURST = 32 * 1024
#: Seconds one piece of input may take to reach its game before the game is taken for stuck.
INPUT_SECONDS = 2.0
#: The terminal sizes a browser may ask for: columns, rows.
MAX_WIDTH, MAX_HEIGHT = 500, 200
#: The page a browser gets when every game is taken.
FULL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tictactoe-tui: full</title>
<meta http-equiv="refresh" content="30"></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 4em auto">
<h1>tictactoe-tui is full</h1>
<p>This server runs at most {games} at once, and every place is taken.
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
        self.services: set[AppService] = set()
        """The games running now, each ended when ``serve`` is."""

    @property
    def full(self) -> bool:
        return self.sessions >= self.max_sessions

    def full_page(self) -> web.HTTPServiceUnavailable:
        """503 with a page that says so (and tries again by itself)."""
        return web.HTTPServiceUnavailable(
            text=FULL_PAGE.format(games=counted(self.max_sessions, "game")),
            content_type="text/html",
            headers={"Retry-After": "30"},
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
        width, height = terminal_size(request.query.get("width", "80"), request.query.get("height", "24")) or (80, 24)

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
        self.services.add(service)
        try:
            await service.start(width, height)
            await self._relay(websocket, service)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("a browser's game failed")
        finally:
            await _stop(service)
            self.services.discard(service)
            await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """Pass the browser's keys, clicks and size to the game until it leaves or goes idle:
        ``idle_seconds`` after the last key, click or resize, whatever else arrives."""
        loop = asyncio.get_running_loop()
        touched = loop.time()
        allowance, counted = float(INPUT_BURST), touched  # the input this browser may still send
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
                    now = loop.time()
                    allowance = min(INPUT_BURST, allowance + (now - counted) * INPUT_PER_SECOND)
                    counted = now
                    keys = str(data[0]).encode("utf-8")
                    if len(keys) > allowance:
                        continue  # over this browser's share: dropped, not queued for its game
                    allowance -= len(keys)
                    try:
                        if not await asyncio.wait_for(service.send_bytes(keys), INPUT_SECONDS):
                            return  # the game has gone
                    except TimeoutError:
                        return  # stuck: it is stopped, and killed if need be
                    touched = now
                elif kind == "resize":
                    size = terminal_size(data[0]["width"], data[0]["height"])
                    if size is None:
                        continue  # not a terminal's size: refused
                    await service.set_terminal_size(*size)
                    touched = loop.time()
                elif kind == "ping":
                    await websocket.send_json(["pong", data[0]])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()
            except (ValueError, TypeError, KeyError, IndexError):
                continue  # not the page's protocol: ignored

    async def end_every_game(self) -> None:
        """End every game (asked to quit, killed if it has not within ``STOP_SECONDS``), then ``serve``."""
        await asyncio.gather(*(_stop(service, patience=1.0) for service in list(self.services)))
        asyncio.get_running_loop().call_soon(self.request_exit)  # raised in a callback, it ends the loop

    def serve(self, debug: bool = False) -> None:
        """Serve until interrupted, with the header and body timeouts (textual-serve's own
        ``serve`` gives aiohttp none: a half-sent request was held for 75 s)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        ending: list[asyncio.Task[None]] = []

        def end() -> None:  # SIGINT or SIGTERM: every game first, then the server (a second signal: at once)
            if ending:
                self.request_exit()
            ending.append(loop.create_task(self.end_every_game()))

        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal.SIGINT, end)
            loop.add_signal_handler(signal.SIGTERM, end)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda *args: None,
            keepalive_timeout=HEADER_SECONDS,  # aiohttp cuts a connection still waiting for a request then
            lingering_time=BODY_SECONDS,
            shutdown_timeout=1.0,  # the games are over by then: no connection is waited for
        )


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """A browser's terminal size as whole numbers within 1…500 × 1…200, or None (refused)."""
    size = tuple(to_int(str(value), 0) for value in (width, height))
    return (size[0], size[1]) if 1 <= size[0] <= MAX_WIDTH and 1 <= size[1] <= MAX_HEIGHT else None


async def _stop(service: AppService, patience: float = STOP_SECONDS) -> None:
    """Ask the game to quit; kill it (and the shell that started it) if it has not within ``patience`` seconds."""
    try:
        await asyncio.wait_for(service.stop(), patience)
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
    """Serve until interrupted (Ctrl+C); :class:`UsageError` (status 2, one line) if it cannot
    listen where asked."""
    problem = listen_problem(args.host, args.port)
    if problem:  # said before the warning about where it listens, which would not be true
        raise UsageError(problem)
    problem = warning(args.host)
    if problem:
        print(f"tictactoe-tui: {problem}", file=sys.stderr)
    # exec: the game is the process started; --visitor: a stranger's, with nothing of this machine's
    # (settings, archive and games of its own that end with it; saves are downloads, loads pasted)
    command = f"exec {shlex.quote(sys.executable)} -m tictactoe_tui --visitor"
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
    try:
        server.serve()
    except OSError as error:  # taken since listen_problem looked (aiohttp binds before it serves)
        raise UsageError(cannot_listen(args.host, args.port, error)) from None
    return 0

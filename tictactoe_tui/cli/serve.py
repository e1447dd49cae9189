"""``tictactoe-tui serve``: the game in a web browser, through textual-serve, with limits.

Every browser connection starts a fresh copy of the game in its own process (and that copy its
own search process), so each visitor gets their own game (and archive, of its own:
``--visitor``). :class:`SessionServer` keeps that bounded: at most ``max_sessions`` games
at once (the next browser gets a page saying the server is full), a game nobody has touched
for ``idle_seconds`` is ended, and a game whose browser has gone is stopped, and killed if it
does not stop. Touched means a key, a click (or the mouse over the board) or a resize: the
clock is this module's own, so the websocket's pings and pongs, and the page's other messages,
do not keep a forgotten tab alive. Every message a browser sends (keys, focus, blur, resizes,
pings) counts toward its input cap; over it, a message is dropped. Each game runs in a session
of its own (:mod:`.process_group`): its place is given back only once every process of it is
gone, and Ctrl+C on ``serve``'s terminal reaches ``serve`` alone. A request whose headers have
not all come within ``HEADER_SECONDS`` is cut, and a body nobody asked for is read for
``BODY_SECONDS`` at most.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import shlex
import signal
import sys
from asyncio.subprocess import PIPE, Process
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..net.address import cannot_listen, is_loopback, listen_problem
from ..words import counted
from . import process_group
from .parser import UsageError
from .serve_input import INPUT_SECONDS, Allowance, GameGone, PageState, pass_on, terminal_size

#: Games at once, unless ``--max-sessions`` says otherwise.
MAX_SESSIONS = 8
#: Seconds a game has to quit once its browser has gone, before it is killed (it is gone within 5 s).
STOP_SECONDS = 3.0
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
<p>This server runs at most {games} at once, and every place is taken.
This page tries again every 30 seconds.</p>
</body></html>
"""

log = logging.getLogger("tictactoe_tui.serve")


class GameService(AppService):
    """textual-serve's service for one game, started as the leader of a session of its own: the
    game, its search process and their helpers make one process group, ended whole
    (:mod:`.process_group`), and a Ctrl+C on ``serve``'s terminal reaches none of them. The game
    is killed if ``serve`` ends without ending it (killed outright, or a crash): at the end of its
    input it would run on; its search process then reads the end of its pipe and ends."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await asyncio.create_subprocess_shell(
            self.command,
            stdin=PIPE,
            stdout=PIPE,
            stderr=PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
            preexec_fn=process_group.tied_to_this_process(),
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process


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
        websocket = web.WebSocketResponse(heartbeat=PING_SECONDS, max_msg_size=64 * 1024, autoping=False)
        await websocket.prepare(request)
        width, height = terminal_size(request.query.get("width", "80"), request.query.get("height", "24")) or (80, 24)

        async def close() -> None:
            await websocket.close()

        service = GameService(
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
        """Pass the browser's messages to the game until it leaves, goes idle (``idle_seconds``
        after the last key, click or resize, whatever else arrives) or its game is stuck."""
        loop = asyncio.get_running_loop()
        touched = loop.time()
        allowance, state = Allowance(touched), PageState(service)
        telling = asyncio.ensure_future(state.tell(websocket.close))
        try:
            while True:
                try:
                    async with asyncio.timeout_at(touched + self.idle_seconds):
                        message = await websocket.receive()
                except TimeoutError:
                    log.info("a game ended after %.0f idle seconds", self.idle_seconds)
                    return
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    return
                if not allowance.take(message, loop.time()):
                    continue  # over this browser's share: dropped, not queued for its game
                try:
                    async with asyncio.timeout(INPUT_SECONDS):
                        if await pass_on(message, websocket, service, state):
                            touched = loop.time()
                except (TimeoutError, GameGone):
                    return  # stuck or gone: it is stopped, and killed if need be
        finally:
            telling.cancel()

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


async def _stop(service: AppService, patience: float = STOP_SECONDS) -> None:
    """Ask the game to quit, then end every process of it (those still there after ``patience``
    seconds are killed); return once none is left."""
    process = service._process  # textual-serve keeps it there; nothing else can end it
    stopping = asyncio.ensure_future(service.stop())  # waited for, not cancelled: it swallows that
    stopping.add_done_callback(lambda done: done.cancelled() or done.exception())  # a failure: ended all the same
    if process is None:
        await asyncio.wait([stopping], timeout=patience)
        return
    await asyncio.wait([stopping, asyncio.ensure_future(process.wait())], timeout=patience)
    await process_group.end(process.pid)  # the game leads its group (GameService)
    stopping.cancel()  # (it may be sending the game's last output to a browser that reads none)


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

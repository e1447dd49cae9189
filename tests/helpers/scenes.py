"""Named app states, shared by the snapshot tests and ``scripts/make_screenshots.py``."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

from textual.pilot import Pilot
from textual.widgets import TabbedContent

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.work.ai import ThreadSearcher
from tictactoe_tui.engine import Strategy, get_strategy, parse_move
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.position import Position
from tictactoe_tui.game import Preset, Settings
from tictactoe_tui.net import HostPlan
from tictactoe_tui.net.host import Host
from tictactoe_tui.store.archive import GameRecord
from tictactoe_tui.table import TWO_PLAYERS, VS_COMPUTER, Seating

from .net import Peer
from .players import Gated
from .waiting import until

SEVEN = Preset(7, 7, 5)


@dataclass(frozen=True)
class Scene:
    """Settings, then keys pressed, at a terminal size."""

    name: str
    settings: Settings
    keys: tuple[str, ...] = ()
    size: tuple[int, int] = (80, 24)
    held: bool = False
    seed: int = field(default=3)
    theme: str | None = None
    tab: str | None = None
    """A sidebar tab to open at the end (``history-tab``)."""
    archived: tuple[GameRecord, ...] = ()
    """Games in the (in-memory) archive before the keys are pressed."""

    def app(self) -> TicTacToeApp:
        """The real app, seeded; a held scene's computer never answers."""
        held = Gated()  # its gate is never opened: it thinks until the app quits and cancels it

        def strategy_for(name: str) -> Strategy:
            return held if self.held else get_strategy(name)

        app = TicTacToeApp(self.settings, searcher=ThreadSearcher(strategy_for), seed=self.seed, watch_delay=0)
        if self.theme:
            app.theme = self.theme
        if self.archived:
            os.environ["TZ"] = "UTC"  # the games' times show the same everywhere
            time.tzset()
            for record in self.archived:
                app.archive.record(record)
        return app

    async def play(self, pilot: Pilot[None]) -> None:
        """Press the keys, then wait until nothing more is happening."""
        await pilot.pause()
        for key in self.keys:
            await pilot.press(key)
            if not self.held:
                await pilot.app.workers.wait_for_complete()
        if self.tab:
            pilot.app.query_one(TabbedContent).active = self.tab
        await pilot.pause()


@dataclass(frozen=True)
class ChatScene(Scene):
    """Hosting a game directly on ``port`` with a fixed code (so the code and address shown are
    the same each run) that a raw peer joins; moves, then lines of chat each way."""

    port: int = 0
    peers: list[Peer] = field(default_factory=list, compare=False)
    """The peer while the scene is shown (its connection stays open)."""

    def app(self) -> TicTacToeApp:
        searcher = ThreadSearcher(get_strategy)
        return TicTacToeApp(self.settings, searcher=searcher, seed=self.seed, online=HostPlan("127.0.0.1", self.port))

    async def play(self, pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, TicTacToeApp)
        await until(lambda: app.game_screen.online is not None and app.game_screen.online.banner != "")
        host = app.game_screen.online.host if app.game_screen.online is not None else None
        assert isinstance(host, Host)
        host.code = "maple-otter-comet"  # (the banner shows it: the same each run)
        peer = await Peer.to(host)
        self.peers.append(peer)
        await peer.join(host)
        await until(lambda: app.game_screen.game.joined)
        await app.game_screen.whole()
        await pilot.press("5")
        await peer.send({"type": "move", "move": "a1", "ply": 1})
        await peer.send({"type": "chat", "text": "good luck! [b]not bold[/b]"})
        await until(lambda: len(app.game_screen.chat.lines) == 1)
        await pilot.press("t", *"thanks, you too", "enter")
        await until(lambda: len(app.game_screen.chat.lines) == 2)
        await peer.send({"type": "chat", "text": "\x1b[31mnot red\x1b[0m, and a bell \x07"})
        await until(lambda: len(app.game_screen.chat.lines) == 3 and len(app.game_screen.game.line) == 2)
        await pilot.pause()


def archived(number: int, moves: str, level: str, outcome: int, rows: int = 3, k: int = 3) -> GameRecord:
    """A finished game against the computer, ended ``number`` hours after a fixed day began."""
    played = tuple(parse_move(name, rows, rows) for name in moves.split())
    winner = {1: "x", 0: None, -1: "o"}[outcome]
    ended = 1_795_000_000.0 + 3_600 * number
    times = tuple(1.5 * ply for ply in range(1, len(played) + 1))
    return GameRecord(
        Position(GameShape(rows, rows, k), played), Seating(VS_COMPUTER.name, ("you", "computer")), level, times,
        winner, outcome, ended - times[-1], ended,
    )  # fmt: skip


ARCHIVED = (
    archived(0, "b2 a1 c3 a3 a2 c2 b1 b3 c1", "impossible", 0),
    archived(1, "a1 b2 a2 a3 c1 b1 b3 c2 c3", "hard", 0),
    archived(2, "b2 a1 b1 c1 b3", "medium", 1),
    archived(3, "a1 b2 a2 a3 b1 c1", "hard", -1),
    archived(4, "b2 b1 c2 a2 d2 a3 a4 a1 e2", "hard", 1, rows=5, k=4),
)

TWO = Settings(mode=TWO_PLAYERS.name)
#: X five in a row across the middle of 15×15, O just below.
GOMOKU_FIVE = ("enter", *(("down", "enter", "up", "right", "enter") * 4))
#: X four up column a.
CONNECT_FOUR_WIN = ("1", "2", "1", "2", "1", "2", "1")
GOMOKU = Settings(mode=TWO_PLAYERS.name, preset=Preset(15, 15, 5))
CONNECT_FOUR = Settings(mode=TWO_PLAYERS.name, preset=Preset(6, 7, 4, "gravity"))
MISERE = Settings(mode=TWO_PLAYERS.name, preset=Preset(3, 3, 3, "misere"))
ULTIMATE = Settings(mode=TWO_PLAYERS.name, preset=Preset(9, 9, 3, "ultimate"))

SCENES = {
    scene.name: scene
    for scene in (
        Scene("start", Settings()),
        Scene("in-progress", TWO, ("5", "1", "9", "left", "up")),
        Scene("thinking", Settings(), ("5",), held=True),
        Scene("win", TWO, ("1", "4", "5", "6", "9")),
        Scene("draw", TWO, ("5", "1", "9", "3", "2", "8", "4", "6", "7")),
        Scene(
            "seven-by-seven",
            Settings(mode=TWO_PLAYERS.name, preset=SEVEN),
            ("n", "enter", "right", "enter"),
        ),
        Scene("help", Settings(), ("question_mark",)),
        Scene("history", TWO, ("5", "1", "9", "3", "7", "u", "u"), tab="history-tab"),
        Scene("overlay", TWO, ("5", "2", "a")),
        # Issue 66: the evaluation bar above the board, with the overlay, at 120×40 (80×24: overlay).
        Scene("evaluation-120x40", CONNECT_FOUR, ("4", "3", "a"), size=(120, 40)),
        Scene("hint", TWO, ("5", "2", "i")),
        Scene("stats", TWO, ("1", "4", "2", "5", "3", "n", "s")),
        Scene("light", TWO, ("5", "1", "9"), theme="textual-light"),
        Scene("chalkboard", TWO, ("5", "1", "9", "3"), theme="chalkboard"),
        Scene("gomoku", GOMOKU, ("enter", "right", "enter", "up", "enter", "down", "down", "enter"), size=(100, 40)),
        Scene("too-small", GOMOKU, size=(60, 14)),
        # Issue 25: every game at 80×24 and at 120×40, finished ones with their line shown.
        Scene("gomoku-80x24", GOMOKU, ("enter", "right", "enter", "up", "enter")),
        Scene("gomoku-win-120x40", GOMOKU, GOMOKU_FIVE, size=(120, 40)),
        Scene("classic-win-120x40", TWO, ("1", "4", "5", "6", "9"), size=(120, 40)),
        Scene("connect-four-win-80x24", CONNECT_FOUR, CONNECT_FOUR_WIN),
        Scene("connect-four-win-120x40", CONNECT_FOUR, CONNECT_FOUR_WIN, size=(120, 40)),
        Scene("misere-120x40", MISERE, ("1", "5", "2", "9", "3"), size=(120, 40)),
        Scene("ultimate-120x40", ULTIMATE, ("enter", "1", "5", "2", "5", "3", "5"), size=(120, 40)),
        Scene("archive", Settings(), ("g",), archived=ARCHIVED),
        # Issue 69: your rating per board, and its chart over the games.
        Scene("stats-ratings", Settings(), ("s",), archived=ARCHIVED),
        Scene("stats-ratings-120x40", Settings(), ("s",), size=(120, 40), archived=ARCHIVED),
        # Columns by number key and by arrows; the cursor waits where the next mark lands.
        Scene("connect-four", CONNECT_FOUR, ("4", "4", "3", "5", "right", "right", "enter", "left")),
        # X completes the top row, so X loses.
        Scene("misere", MISERE, ("1", "5", "2", "9", "3")),
        # O takes the centre board's top row and claims it; X then sends O there: any open board.
        Scene("ultimate", ULTIMATE, ("enter", "1", "5", "2", "5", "3", "5")),
        Scene("replay", Settings(), ("g", "down", "down", "enter", "left", "left"), archived=ARCHIVED),
        # Issue 27: an archived game's review (v), stepped back to its turning point.
        Scene("review", Settings(), ("g", "down", "down", "enter", "v", "left", "left"), archived=ARCHIVED),
        # A puzzle the solver made (the archive has none of yours yet), answered at the cursor.
        # (a wrong try: the computer's answer to it is drawn, and u tries again)
        Scene("puzzle", Settings(), ("z", "enter")),
        Scene("puzzle-120x40", Settings(), ("z", "enter"), size=(120, 40)),
        # Issue 66: stepped back through the game in play (the board shows move 2 of 4, the status
        # says how to return), and Connect Four flipped (columns mirrored, the floor still down).
        Scene("stepped-back", TWO, ("5", "1", "9", "3", "comma", "comma")),
        Scene("stepped-back-120x40", TWO, ("5", "1", "9", "3", "comma", "comma"), size=(120, 40)),
        Scene("connect-four-flipped", CONNECT_FOUR, ("4", "4", "3", "f")),
        Scene("connect-four-flipped-120x40", CONNECT_FOUR, ("4", "4", "3", "f"), size=(120, 40)),
        # Issue 65: a few lines of chat with the friend, over the sidebar; markup and escapes as written.
        ChatScene("online-chat", Settings(), port=47631),
        ChatScene("online-chat-120x40", Settings(), size=(120, 40), port=47632),
    )
}

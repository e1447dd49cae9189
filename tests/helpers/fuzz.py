"""A seeded fuzzer that drives the real app with random actions and checks invariants after each.

Used by ``tests/app/test_fuzz.py`` (a short run) and ``scripts/fuzz_app.py`` (a long one).
Every fault names the seed and the action number, so ``fuzz(seed, actions)`` replays it.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from textual import events
from textual.geometry import Region
from textual.pilot import OutOfBounds
from textual.widgets import DirectoryTree, Select, Static
from textual.worker import WorkerCancelled, WorkerFailed

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.ai import BOOK_ANALYSIS_SECONDS, ThreadSearcher
from tictactoe_tui.app.archive import ConfirmScreen
from tictactoe_tui.app.board_drawing import BIG_GLYPHS, SMALL_GLYPHS
from tictactoe_tui.app.board_view import BoardView
from tictactoe_tui.app.sidebar import SECTIONS, setting_options
from tictactoe_tui.engine import BoardError, Mark, Move, get_strategy
from tictactoe_tui.game import FirstPlayer, GameState, MarkChoice, Preset, Settings
from tictactoe_tui.table import TABLES

from .app import status

#: Seconds one action (and the work it starts) may take before the app counts as hung: the
#: longest search an action can start (the overlay's 10 s on a board with an opening book)
#: and two seconds more.
SETTLE_LIMIT = BOOK_ANALYSIS_SECONDS + 2.0
KEYS = [
    *("up", "down", "left", "right", "h", "j", "k", "l", "enter", "space"),
    *(str(digit) for digit in range(10)),
    *("n", "u", "r", "i", "a", "p", "s", "question_mark", "escape", "tab", "shift+tab"),
    *("x", "z", "f5", "ctrl+z", "delete", "home", "pageup"),  # no binding: must change nothing
]
#: Boards small enough for many games per run, plus one big one.
FUZZ_BOARDS = [
    *(Preset(*shape) for shape in [(3, 3, 3), (4, 4, 4), (5, 5, 4), (7, 7, 5), (15, 15, 5)]),
    *(Preset(*shape, game="gravity") for shape in [(6, 7, 4), (4, 4, 4)]),
    *(Preset(*shape, game="misere") for shape in [(3, 3, 3), (4, 4, 4)]),
    Preset(9, 9, 3, "ultimate"),
]
#: Keys sent together in one read (a fast typist, a paste): ``q`` and ``n`` first among them.
BURST_KEYS = ["q", "n", "u", "r", "enter", "space", "escape", "1", "5", "9", "left", "right", "ctrl+o"]
#: Said while the other side is to move: stale once it is this keyboard's turn.
WAIT_NOTICES = ("Wait: it is the computer's turn", "Wait: it is your friend's turn")
FRAME = set("╭╮╰╯─│")


@dataclass
class Report:
    """What a run did and what broke."""

    seed: int
    actions: int = 0
    faults: list[str] = field(default_factory=list)
    slowest: float = 0.0
    games: int = 0
    moves: int = 0
    quit: bool = False
    """The run ended early because an action quit the app (a click on the footer's Quit)."""


@dataclass
class Seen:
    """The state after the previous action, to compare with."""

    game: GameState
    asked: bool = False
    """A yes/no question was on screen (then ``y`` may end or replace the game)."""


def glyph_marks(symbol: str) -> list[list[str]]:
    """The ink of each way a symbol may be drawn (big, small, a letter), as words."""
    return [" ".join(glyphs[symbol]).split() for glyphs in (BIG_GLYPHS, SMALL_GLYPHS)] + [[symbol]]


def drawn(view: BoardView, move: Move) -> tuple[list[str], list[str]]:
    """The ink square ``move`` shows inside the cursor's frame, and the part of it in reverse video."""
    ink, reversed_ink = [], []
    region = view.square_region(move)
    assert region is not None, "the board is not drawn"
    for strip in view.render_lines(Region(0, region.y, view.outer_size.width, region.height)):  # the frame included
        for segment in strip.crop(region.x, region.right):
            text = "".join(" " if char in FRAME else char for char in segment.text)
            ink.append(text)
            if segment.style is not None and segment.style.reverse:
                reversed_ink.append(text)
    return " ".join(ink).split(), " ".join(reversed_ink).split()


def answered_yes(before: Seen, action: str) -> bool:
    """Whether the action answered yes to a question on screen."""
    return before.asked and "y" in action.split()


def half_played(game: GameState) -> bool:
    """The game is not over and someone at this keyboard has moved (with nobody at it, anyone),
    the move on the board or undone and waiting for redo: losing it loses the player's work."""
    if game.board.is_over:
        return False
    keyboard = game.seating.keyboard or frozenset(Mark)
    return any((Mark.X if ply % 2 == 0 else Mark.O) in keyboard for ply in range(len(game.line)))


def read_screen(app: TicTacToeApp, started_with: Settings | None, before: Seen, action: str) -> list[str]:
    """What the screen says, checked against the game and its table: the turn line, the score
    line, the sidebar's choices against the seats, the notices' causes and every mark drawn."""
    faults = []
    screen = app.game_screen
    game = screen.game
    board = game.board
    seating = game.seating
    replaced = before.game.number != game.number and half_played(before.game)
    if replaced and not answered_yes(before, action):
        faults.append(f"a half-played game ({before.game.board}) was replaced without a yes")
    scores = app.query_one("#scores", Static)
    shown = str(scores.render())
    if scores.region.area and scores.size.height != 1:  # (a narrow window folds the sidebar away)
        faults.append(f"the score line {shown!r} is {scores.size.height} lines tall")
    for mark in Mark:
        name = game.table.player_name(game, mark)
        if scores.region.area and f"{name} " not in shown:
            faults.append(f"the score line {shown!r} does not name {name}, who plays {game.symbol(mark)}")
    if (
        started_with is not None
        and screen.settings == started_with
        and seating.mixed
        and len(seating.keyboard) == 1
        and "computer" in seating.players
    ):
        [yours] = seating.keyboard
        mark_choice = app.query_one("#mark", Select).value
        if mark_choice in (MarkChoice.X, MarkChoice.O) and game.symbol(yours) != mark_choice.value:
            faults.append(f"the sidebar says your mark is {mark_choice} but you play {game.symbol(yours)}")
        first_choice = app.query_one("#first", Select).value
        if first_choice is not FirstPlayer.COIN_FLIP and (first_choice is FirstPlayer.YOU) != (yours is Mark.X):
            faults.append(f"the sidebar says {first_choice} goes first, but the seats say otherwise ({seating})")
    status_line = app.query_one("#status")
    notice = str(getattr(status_line, "notice", None) or "")
    if notice in WAIT_NOTICES and (board.is_over or board.to_move in seating.keyboard):
        faults.append(f"the status still says {notice!r} on this keyboard's turn (or after the end)")
    view = app.query_one(BoardView)
    if view.fits and notice.startswith("Make the window larger"):
        faults.append(f"the status still says {notice!r} with the whole board shown")
    shown_game = view.game  # what the view was last given (a computer's move may be on its way to it)
    moving = not game.seating.keyboard and not screen.paused  # the computers keep playing: frames lag
    if view.fits and app.screen is screen and shown_game is not None and not moving:
        board = shown_game.board
        for move in view.squares:
            held = board.at(move)
            if not held and move != view.cursor:
                continue
            expected = shown_game.symbol(held) if held else ""
            ink, _reversed = drawn(view, move)
            shows = next((symbol for symbol in "XO" if ink in glyph_marks(symbol)), "")
            if not expected and shows:
                faults.append(f"{move} shows {shows!r}, the game has ''")
            elif expected and ink not in glyph_marks(expected):
                faults.append(f"{expected} at {move} is drawn as {ink}")
    return faults


def check(game: GameState, status: str, before: Seen, action: str, human_moved: bool) -> list[str]:
    """Invariants after one action, given the game and the status text shown; the faults found."""
    faults = []
    board = game.board
    try:
        board.check_reachable()
    except BoardError as error:
        faults.append(f"illegal position {board}: {error}")
    replay = board.restart()
    try:
        for move in game.line[: game.ply]:
            replay = replay.play(move)
    except BoardError as error:
        faults.append(f"the move list {game.line} cannot be replayed: {error}")
    if replay != board:
        faults.append(f"board {board} is not its move list replayed ({replay})")
    previous = before.game
    same_game = previous.number == game.number and previous.line[: previous.ply] == game.line[: previous.ply]
    if same_game and previous.board.is_over and game.ply > previous.ply and game.line != previous.line:
        faults.append(f"a move was played after the game ended ({previous.board} -> {board})")
    keyboard = game.seating.keyboard
    if keyboard and previous.number == game.number and not human_moved:
        # Moves new to the line (not undone and redone ones) must all be the other side's.
        common = next(
            (i for i, pair in enumerate(zip(previous.line, game.line, strict=False)) if pair[0] != pair[1]),
            min(len(previous.line), len(game.line)),
        )
        for ply in range(common, game.ply):
            mover = Mark.X if ply % 2 == 0 else Mark.O
            if mover in keyboard:
                faults.append(f"the other side moved for the keyboard after {action!r} ({previous.board} -> {board})")
                break
    if not game.table.online and sorted(game.seating.players) != sorted(game.table.players):
        faults.append(f"{game.seating.players} sit at a table of {game.table.players}")
    if game.turn_text() not in status:
        faults.append(f"status {status.splitlines()[0]!r} does not say {game.turn_text()!r}")
    return faults


async def _settle(app: TicTacToeApp, pilot: object) -> None:
    """Wait for the work the action started. A directory tree's loader (the load-game dialog's)
    waits for folders to read as long as the tree stands: not work that ends."""
    for worker in list(app.workers):
        if isinstance(worker.node, DirectoryTree):
            continue
        with contextlib.suppress(WorkerCancelled, WorkerFailed):
            await worker.wait()
    await pilot.pause()  # type: ignore[attr-defined]


async def run(
    seed: int,
    actions: int,
    on_action: Callable[[int, str], None] | None = None,
    start: tuple[str, Preset] | None = None,
) -> Report:
    """Drive a fresh app for ``actions`` random actions; the report lists every fault. The app
    starts in ``start``'s mode and board, or in ones the seed picks."""
    rng = random.Random(seed)
    mode, preset = start or (rng.choice(list(TABLES)), rng.choice(FUZZ_BOARDS))
    settings = Settings(
        mode=mode,
        preset=preset,
        level=rng.choice(["easy", "medium", "hard"]),
        think_seconds=0.05,
    )
    app = TicTacToeApp(settings, searcher=ThreadSearcher(get_strategy), seed=seed, watch_delay=0)
    report = Report(seed)
    size = (100, 40)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        started_with: Settings | None = app.game_screen.settings
        number_started = app.game_screen.game.number
        for number in range(actions):
            before = Seen(app.game_screen.game, asked=isinstance(app.screen, ConfirmScreen))
            if started_with is not None and before.game.number != number_started:
                started_with, number_started = app.game_screen.settings, before.game.number
            kind = rng.choices(
                ["key", "click", "setting", "travel", "theme", "resize", "screen", "burst"],
                weights=[10, 6, 2, 1, 1, 1, 1, 2],
            )[0]
            human_moved = False
            started = time.perf_counter()
            if kind == "key":
                key = rng.choice(KEYS)
                action = f"press {key}"
                if app.screen is not app.screen_stack[0] and key not in ("escape", "question_mark"):
                    key = "escape"  # leave dialogs so the game gets the next keys
                human_moved = key in ("enter", "space") or key.isdigit()
                await pilot.press(key)
            elif kind == "click":
                x, y = rng.randrange(app.size.width), rng.randrange(app.size.height)
                action = f"click {x},{y}"
                human_moved = True
                with contextlib.suppress(OutOfBounds):  # a region Pilot cannot reach: nothing to click
                    await pilot.click(offset=(x, y))
            elif kind == "setting":
                name, _title = rng.choice(SECTIONS)
                value = rng.choice(
                    [
                        value
                        for _label, value in setting_options(name, app.game_screen.settings, app.game_screen.game.board)
                    ]
                )
                action = f"set {name}={value}"
                if isinstance(value, str) and value == "custom":
                    value = rng.choice(FUZZ_BOARDS)
                if name == "preset" and value not in FUZZ_BOARDS:
                    value = rng.choice(FUZZ_BOARDS)
                if (
                    name == "preset" and value.game != app.game_screen.settings.game
                ):  # boards of another game come with it
                    name = "game"
                    value = value.game
                if name == "think_seconds":
                    value = 0.05
                with contextlib.suppress(Exception):
                    app.query_one(f"#{name}", Select).value = value
            elif kind == "travel":
                ply = rng.randrange(len(app.game_screen.game.line) + 1)
                action = f"history jump to {ply}"
                app.game_screen.travel(ply, "Jumped")
            elif kind == "theme":
                theme = rng.choice(sorted(app.available_themes))  # every theme the picker offers
                action = f"theme {theme}"
                app.theme = theme
            elif kind == "resize":
                size = (rng.randrange(20, 140), rng.randrange(8, 50))
                action = f"resize {size[0]}x{size[1]}"
                await pilot.resize_terminal(*size)
            elif kind == "burst":
                keys = [rng.choice(BURST_KEYS) for _ in range(rng.randrange(2, 5))]
                action = f"burst {' '.join(keys)}"
                human_moved = True
                for key in keys:  # all in one read: no pause between them
                    app.post_message(events.Key(key, key if len(key) == 1 else None))
            else:
                action = "help screen"
                await pilot.press("question_mark")
            if app.return_code is None:
                await _settle(app, pilot)
            if app.return_code is not None:  # the action quit the app (at once, or once it was whole)
                report.actions += 1
                report.quit = True
                quit_here = action.startswith("click") or "q" in action.split()  # else an earlier q, on no game
                # Half played before the action and still at its end: a burst's move can end the game first.
                lost = half_played(before.game) and half_played(app.game_screen.game)
                if quit_here and lost and not answered_yes(before, action):
                    report.faults.append(
                        f"seed {seed}, action {number} ({action}): quit a half-played game without a yes"
                    )
                break
            elapsed = time.perf_counter() - started
            report.slowest = max(report.slowest, elapsed)
            report.actions += 1
            if on_action is not None:
                on_action(number, action)
            faults = check(app.game_screen.game, status(app), before, action, human_moved)
            faults += read_screen(app, started_with, before, action)
            report.games = app.game_screen.game.number
            report.moves += (
                max(0, app.game_screen.game.ply - before.game.ply)
                if app.game_screen.game.number == before.game.number
                else 0
            )
            if elapsed > SETTLE_LIMIT:
                faults.append(f"took {elapsed:.1f} s to settle")
            report.faults += [f"seed {seed}, action {number} ({action}): {fault}" for fault in faults]
    return report

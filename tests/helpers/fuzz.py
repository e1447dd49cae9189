"""A seeded fuzzer that drives the real app with random actions and checks invariants after each.

Used by ``tests/app/test_fuzz.py`` (a short run) and ``scripts/fuzz_app.py`` (a long one).
Every fault names the seed and the action number, so ``fuzz(seed, actions)`` replays it.
"""

from __future__ import annotations

import contextlib
import inspect
import random
import re
import string
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from textual import events
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Provider
from textual.geometry import Region
from textual.keys import Keys
from textual.pilot import OutOfBounds, Pilot
from textual.screen import Screen
from textual.widgets import Select, Static

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.game.game_screen import GameScreen
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.app.widgets.board.drawing import BIG_GLYPHS, SMALL_GLYPHS
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.sidebar import SECTIONS, HistoryList, setting_options
from tictactoe_tui.app.widgets.status import Cause, StatusLine
from tictactoe_tui.app.work.ai import BOOK_ANALYSIS_SECONDS, ThreadSearcher
from tictactoe_tui.engine import BoardError, Mark, Move, get_strategy
from tictactoe_tui.game import FirstPlayer, GameState, MarkChoice, Preset, Settings
from tictactoe_tui.table import TABLES, mover

from .app import settle, status
from .waiting import until

#: Seconds one action (and the work it starts) may take before the app counts as hung: the
#: longest search an action can start (the overlay's 10 s on a board with an opening book)
#: and two seconds more.
SETTLE_LIMIT = BOOK_ANALYSIS_SECONDS + 2.0
#: How often a key action presses a key that nothing binds (it must change nothing).
UNBOUND_SHARE = 0.15
FRAME = set("╭╮╰╯─│[]")  # the cursor: a frame, or brackets on a square too low for one


def sidebar_boards(settings: Settings | None = None) -> list[Preset]:
    """Every board the sidebar offers (with ``settings``, else the defaults), of every game it offers."""
    settings = settings or Settings()
    boards = []
    for _title, game in setting_options("game", settings):
        for _label, preset in setting_options("preset", settings.with_game(game)):
            if isinstance(preset, Preset) and preset.game == game:
                boards.append(preset)
    return boards


@dataclass(frozen=True)
class Keyboard:
    """The keys the app binds, each with its binding's action, and keys that nothing binds."""

    bound: dict[str, str]
    unbound: list[str]

    @classmethod
    def of(cls, app: TicTacToeApp) -> Keyboard:
        """What ``app`` binds now (its screen, the focused widget and the app) and what the
        game screen, the board and the app bind whatever is on screen (the help's list)."""
        static: Iterable[BindingType] = (*GameScreen.BINDINGS, *BoardView.BINDINGS, *TicTacToeApp.BINDINGS)
        bound = {
            key: binding.action for binding in static if isinstance(binding, Binding) for key in binding.key.split(",")
        }
        bound |= {key: active.binding.action for key, active in app.active_bindings.items()}
        named = (key.value for key in Keys if not key.value.startswith("<"))
        candidates = [*string.ascii_letters, *string.digits, *named]
        return cls(bound, sorted({key for key in candidates if key not in bound}))

    def pick(self, rng: random.Random, quitting: bool, moving: float = 0.0) -> tuple[str, str]:
        """A key and its action ("" unbound): a bound one mostly; one that quits only if
        ``quitting``; one that places a mark at least a ``moving`` share of the time."""
        if rng.random() < moving:
            return rng.choice(sorted((key, action) for key, action in self.bound.items() if plays(action)))
        if rng.random() < UNBOUND_SHARE:
            return rng.choice(self.unbound), ""
        keys = sorted(key for key, action in self.bound.items() if quitting or not quits(action))
        key = rng.choice(keys)
        return key, self.bound[key]


def quits(action: str) -> bool:
    """Whether a binding's action quits the app (that ends the run)."""
    return action.rpartition(".")[2] == "quit"


def plays(action: str) -> bool:
    """Whether a binding's action places a mark."""
    return action.startswith("place")


async def palette_commands(screen: Screen[Any]) -> list[DiscoveryHit | Hit]:
    """What the command palette lists on ``screen``: every hit its providers discover."""
    hits: list[DiscoveryHit | Hit] = []
    for entry in screen.COMMANDS:
        provider = entry if isinstance(entry, type) else entry()
        assert issubclass(provider, Provider)
        hits += [hit async for hit in provider(screen).discover()]
    return hits


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
    question: str = ""
    """The question on screen, if one is."""


@dataclass
class Tally:
    """The fuzzer's own count of the games that ended by a move at each kind of table that
    keeps its score (online, the match does): what the score line must say. It watches every
    game the game screen holds, so it sees games that end and are replaced within one action."""

    wins: dict[str, Counter[str]] = field(default_factory=dict)
    draws: Counter[str] = field(default_factory=Counter)

    def begin(self, game: GameState) -> None:
        """Start from the game the app started with: the computers may have finished it already."""
        assert game.number == 1, "games went by before the fuzzer could follow them"
        if game.board.is_over:
            self.count(game)

    def follow(self, old: GameState, new: GameState) -> None:
        """Count ``new`` if it is ``old`` ended by a move."""
        if new.number == old.number and new.board.is_over and not old.board.is_over:
            self.count(new)

    def count(self, game: GameState) -> None:
        """Count a game that ended, at a table that keeps its score, unless it was coached (the
        coach says coached games stay out of the scores)."""
        if game.table.counts_results and not game.coached:
            table = game.seating.table
            if game.board.winner is None:
                self.draws[table] += 1
            else:
                self.wins.setdefault(table, Counter())[game.player_name(game.board.winner)] += 1

    def reset(self) -> None:
        self.wins.clear()
        self.draws.clear()

    def faults(self, game: GameState, shown: str) -> list[str]:
        """How the score line ``shown`` differs from this count at ``game``'s table."""
        table = game.seating.table
        pairs = [re.fullmatch(r"(.+) (\d+)", part) for part in shown.split(" · ")]
        if not pairs or not all(pairs) or pairs[-1][1] != "draws":  # type: ignore[index]
            return [f"the score line {shown!r} is not 'player wins · … · draws n'"]
        said = {found[1]: int(found[2]) for found in pairs[:-1] if found}
        draws = int(pairs[-1][2])  # type: ignore[index]
        counted = self.wins.get(table, Counter())
        if (
            draws != self.draws[table]
            or any(said.get(who, 0) != wins for who, wins in counted.items())
            or sum(said.values()) != counted.total()
        ):
            return [f"the score line says {shown!r}; {table}'s games ended {dict(counted)}, draws {self.draws[table]}"]
        return []


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


def read_screen(
    app: TicTacToeApp, started_with: Settings | None, before: Seen, action: str, tally: Tally | None = None
) -> list[str]:
    """What the screen says, checked against the game and its table: the turn line, the score
    line (against ``tally``, the games seen to end, if given), the sidebar's choices against
    the seats, the notices' causes and every mark drawn."""
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
    if tally is not None and game.table.counts_results:
        answered = before.question.startswith("Reset the scores") and not isinstance(app.screen, ConfirmScreen)
        if answered and all(count == "0" for count in re.findall(r"\d+", shown)):
            tally.reset()  # answered yes (else the line still reads the count)
        faults += tally.faults(game, shown)
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
    said = app.query_one("#status", StatusLine).said.notice  # what the status line was given
    notice = str(said or "")
    # A key refused in the other side's turn is said until the next key that acts, through the
    # other side's move: never once this keyboard has moved since, or the game has gone back.
    early = said is not None and said.cause is Cause.EARLY
    if (
        early
        and (board.is_over or board.to_move in seating.keyboard)
        and (not game.ply or mover(game.ply - 1) in seating.keyboard)
    ):
        faults.append(f"the status still says {notice!r} with no move of the other side since")
    view = app.query_one(BoardView)
    if view.fits and notice.startswith("Make the window larger"):
        faults.append(f"the status still says {notice!r} with the whole board shown")
    if said is not None and said.cause is Cause.NARROW and app.size.width >= app.game_screen.side.needs:
        faults.append(f"the status still says {notice!r} {app.size.width} columns wide")
    return faults + drawing_faults(app)


def drawing_faults(app: TicTacToeApp) -> list[str]:
    """Every square the board view draws otherwise than the game it was last given holds it (the
    marks, and the cursor's square empty), or the position it steps back to, where the whole
    board is shown and still."""
    faults: list[str] = []
    screen = app.game_screen
    view = app.query_one(BoardView)
    shown_game = view.game  # what the view was last given (a computer's move may be on its way to it)
    moving = not screen.game.seating.keyboard and not screen.paused  # the computers keep playing: frames lag
    if view.fits and app.screen is screen and shown_game is not None and not moving:
        if view.past is not None and view.past < shown_game.ply:  # looking back: the past position is drawn
            shown_game = shown_game.at_ply(view.past)
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


def check(
    game: GameState, status: str, before: Seen, action: str, human_moved: bool, past: int | None = None
) -> list[str]:
    """Invariants after one action, given the game and the status text shown (``past``: the
    board shows the position after that many moves, looked back at); the faults found."""
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
    faults += headline_faults(game, status, past)
    return faults


def headline_faults(game: GameState, status: str, past: int | None = None) -> list[str]:
    """The status line's headline (its first words) against the game: while the board shows an
    earlier position, that it looks back at it, and at which; else the table's words for whose
    turn it is or the result, naming the side to move or the winner (by symbol, or by who sits
    there), or saying it is a draw."""
    if past is not None and past < game.ply:
        moment = "the start" if past == 0 else f"move {past} of {game.ply}"
        said = f"Looking back at {moment}"
        return [] if status.startswith(said) else [f"the status {status!r} does not say {said!r} first"]
    board, headline = game.board, game.turn_text()
    if not status.startswith(headline):
        return [f"the status {status!r} does not say {headline!r} first"]
    if board.is_draw:
        return [] if "Draw" in headline else [f"the headline {headline!r} of a drawn game does not say so"]
    side = board.winner or board.to_move
    names = {game.symbol(side), *([game.seating.of(side).label] if game.seating.mixed else [])}
    if not any(re.search(rf"\b{re.escape(name)}\b", headline, re.IGNORECASE) for name in names):
        role = "the winner" if board.winner else "to move"
        return [f"the headline {headline!r} names none of {sorted(names)}, {role}"]
    if (board.winner is not None) != ("win" in headline):
        return [f"the headline {headline!r} {'does not say' if board.winner else 'says'} who won"]
    return []


async def drawn_still(app: TicTacToeApp, pilot: Pilot[None]) -> None:
    """Wait until the game the screen holds has been drawn: between two computers the next move
    can land after the action settled and before the screen is read, ahead of its paint (a stress
    run's Ultimate computers game read a mark the model had and the board had not drawn yet), and
    a board given a new game is painted when the app next has a moment, which on a loaded machine
    can be after a pause (an undo that paused two computers read an O not yet drawn). A mark the
    board never draws is still a fault: :func:`drawing_faults` after the one time-out."""
    for _ in range(100):  # a move every few tens of ms at the fuzzer's think time: still within a few pauses
        game = app.game_screen.game
        await pilot.pause()
        if app.game_screen.game is game:
            break
    with contextlib.suppress(AssertionError):  # not drawn by then: read_screen reports it
        await until(lambda: not drawing_faults(app), "the board drawn as the game it was given")


async def run(
    seed: int,
    actions: int,
    on_action: Callable[[int, str], None] | None = None,
    start: tuple[str, Preset] | None = None,
) -> Report:
    """Drive a fresh app for ``actions`` random actions; the report lists every fault. The app
    starts in ``start``'s mode and board, or in ones the seed picks."""
    rng = random.Random(seed)
    mode, preset = start or (rng.choice(list(TABLES)), rng.choice(sidebar_boards()))
    settings = Settings(
        mode=mode,
        preset=preset,
        level=rng.choice(["easy", "medium", "hard"]),
        think_seconds=0.05,
    )
    app = TicTacToeApp(settings, searcher=ThreadSearcher(get_strategy), seed=seed, watch_delay=0)
    report = Report(seed)
    size = (100, 40)
    tally = Tally()
    async with app.run_test(size=size) as pilot:
        tally.begin(app.game_screen.game)
        app.watch(app.game_screen, "game", tally.follow, init=False)
        await pilot.pause()
        keyboard = Keyboard.of(app)
        started_with: Settings | None = app.game_screen.settings
        number_started = app.game_screen.game.number
        for number in range(actions):
            asked = app.screen if isinstance(app.screen, ConfirmScreen) else None
            before = Seen(app.game_screen.game, asked=asked is not None, question=asked.question if asked else "")
            if started_with is not None and before.game.number != number_started:
                started_with, number_started = app.game_screen.settings, before.game.number
            kind = rng.choices(
                ["key", "click", "setting", "command", "travel", "theme", "resize", "screen", "burst"],
                weights=[10, 6, 2, 2, 1, 1, 1, 1, 2],
            )[0]
            human_moved = False
            started = time.perf_counter()
            if kind == "key":
                key, bound_to = Keyboard.of(app).pick(rng, quitting=False)
                action = f"press {key}"
                if app.screen is not app.screen_stack[0] and not isinstance(app.screen, ConfirmScreen):
                    key, bound_to = "escape", ""  # leave dialogs so the game gets the next keys
                human_moved = plays(bound_to)
                await pilot.press(key)
            elif kind == "command":
                if app.screen is not app.game_screen:
                    await pilot.press("escape")  # the palette is the game screen's
                hit = rng.choice(await palette_commands(app.game_screen))
                action = f"palette {hit.text}"
                done = hit.command()
                if inspect.isawaitable(done):
                    await done
            elif kind == "click":
                x, y = rng.randrange(app.size.width), rng.randrange(app.size.height)
                action = f"click {x},{y}"
                human_moved = True
                with contextlib.suppress(OutOfBounds):  # a region Pilot cannot reach: nothing to click
                    await pilot.click(offset=(x, y))
            elif kind == "setting":
                name, _title = rng.choice(SECTIONS)
                screen = app.game_screen
                value = rng.choice(
                    [value for _label, value in setting_options(name, screen.settings, screen.game.board)]
                )
                action = f"set {name}={value}"
                if name == "think_seconds":
                    value = 0.05  # the computer quick, whatever the sidebar offers
                with contextlib.suppress(Exception):
                    app.query_one(f"#{name}", Select).value = value
            elif kind == "travel":  # as a click on a line of the sidebar's history
                ply = rng.randrange(len(app.game_screen.game.line) + 1)
                action = f"history jump to {ply}"
                app.game_screen.post_message(HistoryList.Jump(ply))
            elif kind == "theme":
                theme = rng.choice(sorted(app.available_themes))  # every theme the picker offers
                action = f"theme {theme}"
                app.theme = theme
            elif kind == "resize":
                size = (rng.randrange(20, 140), rng.randrange(8, 50))
                action = f"resize {size[0]}x{size[1]}"
                await pilot.resize_terminal(*size)
            elif kind == "burst":
                keys = [keyboard.pick(rng, quitting=True)[0] for _ in range(rng.randrange(2, 5))]
                action = f"burst {' '.join(keys)}"
                human_moved = True
                for key in keys:  # all in one read: no pause between them
                    app.post_message(events.Key(key, key if len(key) == 1 else None))
            else:
                action = "help screen"
                await pilot.press("question_mark")
            if app.return_code is None:
                await settle(app)  # the work the action started (a dialog's directory loader aside)
                await pilot.pause()
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
            await drawn_still(app, pilot)
            screen = app.game_screen
            faults = check(screen.game, status(app), before, action, human_moved, screen.past)
            faults += read_screen(app, started_with, before, action, tally)
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

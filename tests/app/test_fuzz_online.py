"""The screen-reading fuzzer online: two real copies of the app, host and guest, in one process,
random keys and bursts on either side; after each action both screens are read against their
games, and both must hold the same game."""

from __future__ import annotations

import random
from pathlib import Path
from unittest import mock

import pytest
from textual import events
from textual.widgets import Select

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.online.link import MatchSeat
from tictactoe_tui.app.screens.dialogs.confirm import ConfirmScreen
from tictactoe_tui.engine import Mark, Move
from tictactoe_tui.game import GameState, Preset, Settings
from tictactoe_tui.net import JoinPlan

from ..helpers.app import handled, status
from ..helpers.fuzz import Keyboard, Seen, check, read_screen, sidebar_boards
from ..helpers.online import app_for, hosted_app, press
from ..helpers.waiting import until


def key_for(app: TicTacToeApp, rng: random.Random) -> str:
    """A key the app binds now or nothing binds (none that quits: that ends the run, tested on
    its own), one that places a mark half the time (the game goes on); Esc over a screen other
    than the game's or a question, back to the game."""
    if app.screen is not app.game_screen and not isinstance(app.screen, ConfirmScreen):
        return "escape"
    return Keyboard.of(app).pick(rng, quitting=False, moving=0.5)[0]


def sidebar_faults(app: TicTacToeApp) -> list[str]:
    """The sidebar's mark and who-goes-first against the seats (the table decides them online)."""
    game = app.game_screen.game
    if not game.joined or not app.query("#mark"):
        return []
    [mine] = game.seating.keyboard
    shown_mark = app.query_one("#mark", Select).value
    shown_first = app.query_one("#first", Select).value
    faults = []
    if shown_mark != game.symbol(mine):
        faults.append(f"the sidebar says your mark is {shown_mark}, but you play {game.symbol(mine)}")
    if (shown_first == "You") != (mine is Mark.X):
        faults.append(f"the sidebar says {shown_first} goes first, but you play {mine.name}")
    return faults


async def fuzz_online(home: Path, seed: int, actions: int, preset: Preset) -> tuple[list[str], int]:
    """The faults found, and how many moves the two sides played."""
    rng = random.Random(seed)
    faults: list[str] = []
    moves = 0
    settings = Settings(preset=preset)
    requested: list[tuple[GameState, Move]] = []  # the moves either side sent to the match
    send = MatchSeat.play

    def sent(seat: MatchSeat, state: GameState, move: Move) -> GameState | None:
        requested.append((state, move))
        return send(seat, state, move)

    def crossed(apps: list[TicTacToeApp]) -> bool:
        """Whether both sides show the same line, with a move played in each position a move
        was sent from (the match takes one of several sent from one position), or have gone on
        to another game."""
        games = [each.game_screen.game for each in apps]
        return games[0].line == games[1].line and all(
            game.number != state.number
            or (
                game.line[: state.ply] == state.line[: state.ply]
                and len(game.line) > state.ply
                and any(game.line[state.ply] == move for sent_at, move in requested if sent_at == state)
            )
            for state, _move in requested
            for game in games
        )

    with mock.patch.object(MatchSeat, "play", sent):
        async with hosted_app(home / "host", settings, size=(100, 40)) as (host, address, code):
            guest = app_for(home / "guest", JoinPlan(*address, code), settings)
            async with guest.run_test(size=(100, 40)):
                apps = {"host": host, "guest": guest}
                await until(lambda: host.game_screen.game.joined and guest.game_screen.game.joined)
                for number in range(actions):
                    side = rng.choice(list(apps))
                    app = apps[side]
                    before = {
                        name: Seen(each.game_screen.game, isinstance(each.screen, ConfirmScreen))
                        for name, each in apps.items()
                    }
                    requested.clear()
                    if rng.random() < 0.25:
                        keys = [key_for(app, rng) for _ in range(rng.randrange(2, 5))]
                        action = f"{side} burst {' '.join(keys)}"
                        for key in keys:  # all in one read
                            app.post_message(events.Key(key, key if len(key) == 1 else None))
                    else:
                        key = key_for(app, rng)
                        action = f"{side} press {key}"
                        await press(app, key)
                    await handled(app)  # the keys have done what they will on this side
                    try:  # the two sides agree once the moves sent have crossed
                        await until(lambda: crossed([host, guest]), "the moves sent to cross")
                    except AssertionError:
                        lines = (host.game_screen.game.line, guest.game_screen.game.line)
                        faults.append(f"{action}: host and guest disagree: {lines[0]} vs {lines[1]}")
                    for each in apps.values():  # the notices and the sidebar catch up
                        await handled(each)
                    if host.game_screen.game.number == before["host"].game.number:
                        moves += max(0, host.game_screen.game.ply - before["host"].game.ply)
                    for name, each in apps.items():
                        game = each.game_screen.game
                        said = [
                            *check(game, status(each), before[name], action, name == side, each.game_screen.past),
                            *read_screen(each, None, before[name], action),
                            *sidebar_faults(each),
                        ]
                        faults += [f"seed {seed}, action {number} ({action}), {name}: {fault}" for fault in said]
    return faults, moves


@pytest.mark.parametrize("game", ["classic", "gravity", "ultimate"])
async def test_the_screens_read_true_online(tmp_path: Path, game: str) -> None:
    board = next(preset for preset in sidebar_boards() if preset.game == game)
    faults, moves = await fuzz_online(tmp_path, 5, actions=14, preset=board)
    assert faults == []
    assert moves > 0  # it really played

"""The score line is one line naming the two players of the game shown (issue 39.5)."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from tictactoe_tui.game import GameState, Mode, Scoreboard, Settings

from .conftest import AppFactory


def finished(settings: Settings, moves: int) -> GameState:
    """A game of ``settings`` played to its end by the first free squares."""
    game = GameState.start(settings, random.Random(moves))
    while not game.board.is_over:
        game = game.play(game.board.legal_moves()[0])
    return game


def test_each_pair_of_players_keeps_its_own_tally() -> None:
    against = finished(Settings(mode=Mode.VS_COMPUTER), 1)
    watched = finished(Settings(mode=Mode.COMPUTER_VS_COMPUTER), 2)
    scores = Scoreboard.for_game(against).count(against).count(watched).count(watched)
    assert str(scores) == "X 2 · O 0 · draws 0"
    back = scores.facing(against)
    assert back.players == {"You", "Computer"}
    assert back.wins_of("You") + back.wins_of("Computer") == 1
    assert back.facing(watched).wins_of("X") == 2


@pytest.mark.parametrize("width", [80, 100, 120])
async def test_the_score_line_stays_one_line_after_a_change_of_mode(make_app: AppFactory, width: int) -> None:
    app = make_app(Settings(mode=Mode.VS_COMPUTER))
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        against = finished(Settings(mode=Mode.VS_COMPUTER), 1)
        watched = finished(Settings(mode=Mode.COMPUTER_VS_COMPUTER), 2)
        for scores in (
            Scoreboard.for_game(against).count(against),
            Scoreboard((("You", 12), ("Computer", 10)), 3),
            Scoreboard.for_game(against).count(against).count(watched),
        ):
            screen.scores = scores
            await pilot.pause()
            line = app.query_one("#scores", Static)
            shown = str(line.render())
            assert line.size.height == 1, f"the score line {shown!r} splits at {width} columns"
            assert shown.count("·") == 2, f"{shown!r} names more than two players"
            assert line.region.right <= app.query_one("#side").region.right

"""The score line is one line naming the two players of the game shown (issue 39.5), counting
the games of the table in play only (issue 56.3)."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import product

import pytest
from textual.widgets import Static

from tictactoe_tui.engine.board import Mark
from tictactoe_tui.engine.marks import Symbols
from tictactoe_tui.game import GameState, Scoreboard, Settings
from tictactoe_tui.table import COMPUTERS, TABLES, VS_COMPUTER, FirstPlayer, MarkChoice, Online

from ..helpers.app import AppFactory, settle


def finished(settings: Settings, moves: int) -> GameState:
    """A game of ``settings`` played to its end by the first free squares."""
    game = GameState.start(settings, random.Random(moves))
    while not game.board.is_over:
        game = game.play(game.board.legal_moves()[0])
    return game


def test_each_table_keeps_its_own_tally() -> None:
    against = finished(Settings(mode=VS_COMPUTER.name), 1)
    watched = finished(Settings(mode=COMPUTERS.name), 2)
    scores = Scoreboard.for_game(against).count(against).count(watched).count(watched)
    assert str(scores) == "X 2 · O 0 · draws 0"
    back = scores.facing(against)
    assert {name for name, _ in back.wins} == {"You", "Computer"}
    assert back.wins_of("You") + back.wins_of("Computer") == 1
    assert back.facing(watched).wins_of("X") == 2


def drawn(settings: Settings) -> GameState:
    """A draw at ``settings``' table."""
    game = GameState.start(settings, random.Random(0))
    for move in ((0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)):
        game = game.play(move)
    assert game.board.is_draw
    return game


@pytest.mark.parametrize("first", [name for name, table in TABLES.items() if not table.online])
def test_a_table_s_draws_and_wins_are_not_counted_at_another(first: str) -> None:
    """A computers' draw, then a two-player X win, read ``X 1 · O 0 · draws 0`` (issue 56.3):
    the two tables name their players alike, but each keeps its own tally."""
    scores = Scoreboard.for_game(drawn(Settings(mode=first)))
    scores = scores.count(drawn(Settings(mode=first)))
    for table in TABLES:
        if table == first or TABLES[table].online:
            continue
        won = finished(Settings(mode=table), 1)
        counted = scores.count(won)
        assert counted.draws == 0
        assert sum(wins for _, wins in counted.wins) == 1
        assert counted.facing(drawn(Settings(mode=first))).draws == 1


@pytest.mark.parametrize("width", [80, 100, 120])
async def test_the_score_line_stays_one_line_after_a_change_of_mode(make_app: AppFactory, width: int) -> None:
    app = make_app(Settings(mode=VS_COMPUTER.name))
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        against = finished(Settings(mode=VS_COMPUTER.name), 1)
        watched = finished(Settings(mode=COMPUTERS.name), 2)
        for scores in (
            Scoreboard.for_game(against).count(against),
            Scoreboard(VS_COMPUTER.name, (("You", 12), ("Computer", 10)), 3),
            Scoreboard.for_game(against).count(against).count(watched),
        ):
            screen.scores = scores
            await pilot.pause()
            line = app.query_one("#scores", Static)
            shown = str(line.render())
            assert line.size.height == 1, f"the score line {shown!r} splits at {width} columns"
            assert shown.count("·") == 2, f"{shown!r} names more than two players"
            assert line.region.right <= app.query_one("#side").region.right


def names_in_order(game: GameState) -> tuple[str, ...]:
    """The players the score line names for ``game``'s table, in its order."""
    return tuple(name for name, _wins in Scoreboard.for_game(game).wins)


@pytest.mark.parametrize("table", [name for name, table in TABLES.items() if not table.online])
def test_the_score_line_names_the_players_in_one_order_per_table_the_person_first(table: str) -> None:
    """Whoever goes first and whichever symbol the person shows, in a new game or a resumed
    one (the killed game's seating), a table's score line names its players in one order: a
    person playing another kind of player first ("You 0 · Computer 0", as the README shows)."""
    orders = set()
    for first, mark, seed in product(FirstPlayer, MarkChoice, range(4)):
        game = GameState.start(Settings(mode=table, first=first, mark=mark), random.Random(seed))
        played = game.play(game.board.legal_moves()[0]).board
        resumed = [
            GameState(board, TABLES[table].resume(board, saved))
            for board, saved in product((game.board, played), (game.seating, None))
        ]
        for seated in (game, *resumed):
            orders.add(names_in_order(seated))
            seating = seated.seating
            if seating.mixed:
                [yours] = seating.keyboard
                assert names_in_order(seated)[0] == seating.of(yours).label, (first, mark)
    assert len(orders) == 1, orders


async def test_the_score_line_keeps_its_order_when_you_play_o_then_x(make_app: AppFactory) -> None:
    app = make_app(Settings(mode=VS_COMPUTER.name, mark=MarkChoice.O))
    async with app.run_test() as pilot:
        line = app.query_one("#scores", Static)
        assert str(line.render()) == "You 0 · Computer 0 · draws 0"
        app.game_screen.change_setting("mark", MarkChoice.X)
        await pilot.press("n")
        await settle(app)
        await pilot.pause()
        assert app.game_screen.game.symbol(next(iter(app.game_screen.game.seating.keyboard))) == "X"
        assert str(line.render()) == "You 0 · Computer 0 · draws 0"


@pytest.mark.parametrize("name", [name for name, table in TABLES.items() if isinstance(table, Online)])
def test_online_the_score_line_names_you_first_before_and_after_the_friend_joins(name: str) -> None:
    table = TABLES[name]
    assert isinstance(table, Online)
    waiting = GameState.start(Settings(mode=table.name), random.Random(0))
    orders = {names_in_order(waiting)}
    for yours, symbols in product(Mark, Symbols):
        orders.add(names_in_order(replace(waiting, seating=table.in_match(yours, symbols))))
    assert orders == {("You", "Friend")}

"""The seams, proved from outside the package: a new game, a new computer player, a new kind of
seat and a table that seats it, defined here and registered through the public registries,
played in the app by keys and clicks, analysed, archived, replayed and reviewed, then taken out
again through the registries — with no edit to the package."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import ClassVar

import pytest
from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.replay import ReplayScreen
from tictactoe_tui.app.seats import SEAT_KINDS, Seat, SeatMoved, SeatPorts
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.widgets.review import ReviewPanel
from tictactoe_tui.app.widgets.sidebar import setting_options
from tictactoe_tui.engine import Board, BoardError, Budget, Decision, Mark, Move, Strategy
from tictactoe_tui.engine.games import Game, registered_game
from tictactoe_tui.engine.players import PerfectStrategy, RandomStrategy, RulesStrategy
from tictactoe_tui.engine.rules import Geometry, Rules
from tictactoe_tui.engine.rules.base import DRAW, WIN, BoardLike, check_counts
from tictactoe_tui.engine.search.budget import UNLIMITED
from tictactoe_tui.engine.search.kit import SearchKit
from tictactoe_tui.engine.search.solver import Solver
from tictactoe_tui.game import GameState, Preset, Settings
from tictactoe_tui.table import PLAYERS, TABLES, Player, Table

from .helpers.app import click_cell, settle, status
from .helpers.waiting import until

SIDE = 4


def torus_lines(side: int) -> tuple[int, ...]:
    """Rows, columns and both diagonals of a side×side torus: lines run on across the edges."""
    lines = set()
    for start in range(side):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for first in ((start, 0), (0, start)):
                cells = {((first[0] + dr * step) % side, (first[1] + dc * step) % side) for step in range(side)}
                lines.add(sum(1 << row * side + col for row, col in cells))
    return tuple(sorted(lines))


class Torus(Rules):
    """4×4 on a torus, 4 in a row: the top edge meets the bottom and the left the right."""

    name = "torus"
    title = "Torus"
    help = "Lines run on across the edges: the top row meets the bottom, the left column the right."
    presets: ClassVar[tuple[tuple[int, int, int], ...]] = ((SIDE, SIDE, SIDE),)
    line_wins_game = True

    def check_size(self, rows: int, cols: int, k: int) -> None:
        if (rows, cols, k) != (SIDE, SIDE, SIDE):
            raise BoardError("the torus is 4×4 with 4 in a row")

    def lines(self, rows: int, cols: int, k: int) -> tuple[int, ...]:
        return torus_lines(rows)

    def symmetries(self, rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
        return (tuple(range(rows * cols)),)

    def legal(self, shape: Geometry, me: int, opp: int, state: int) -> int:
        return shape.full & ~(me | opp)

    def after(self, shape: Geometry, me: int, opp: int, state: int, cell: int) -> tuple[int, int | None]:
        if shape.completes_line(me, cell):
            return 0, WIN
        return 0, DRAW if me | opp == shape.full else None

    def winner(self, board: BoardLike) -> Mark | None:
        return next(
            (mark for mark in Mark if any(board.bits_of(mark) & line == line for line in board.geometry.lines)), None
        )

    def check_reachable(self, board: BoardLike) -> None:
        check_counts(board)


class Replaying(Strategy):
    """A new kind of player: it plays the first of its fixed moves that is still free."""

    name = "replaying"

    def __init__(self, moves: tuple[Move, ...]) -> None:
        self.moves = moves

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        legal = board.legal_moves()
        return Decision(next((move for move in self.moves if move in legal), legal[0]))


#: O's moves: three of the main diagonal, never a line of four.
O_MOVES = ((0, 0), (1, 1), (2, 2), (3, 3))
#: X wins on a diagonal that wraps around the right edge: b1 c2 d3 a4.
X_LINE = ((0, 1), (1, 2), (2, 3), (3, 0))


@pytest.fixture
def torus() -> Iterator[Game]:
    """The torus registered as every game is, and taken out again after the test."""
    game = Game(
        Torus(),
        {"easy": RandomStrategy(), "medium": RulesStrategy(), "hard": RulesStrategy(), "impossible": PerfectStrategy()},
        RulesStrategy(),
        # its exact solver: the classic one, which needs only the lines (the rules' would do, slower)
        searches=SearchKit(exact=Solver),
        players=(Replaying(O_MOVES),),
    )
    with registered_game(game):
        yield game


async def press_to(pilot: Pilot[None], app: TicTacToeApp, target: Move) -> None:
    """Walk the cursor to ``target`` with the arrow keys and mark it with Enter."""
    row, col = app.game_screen.cursor
    keys = ["down" if target[0] > row else "up"] * abs(target[0] - row)
    keys += ["right" if target[1] > col else "left"] * abs(target[1] - col)
    await pilot.press(*keys, "enter")


def test_the_torus_has_its_wrapped_lines() -> None:
    lines = torus_lines(SIDE)
    assert len(lines) == 16  # 4 rows, 4 columns, 4 + 4 diagonals
    assert sum(1 << row * SIDE + col for row, col in X_LINE) in lines


async def test_a_game_and_a_player_from_outside_play_in_the_app(torus: Game) -> None:
    settings = Settings(level="replaying", preset=Preset(SIDE, SIDE, SIDE, "torus"))
    # searches in the search process, which is handed the games registered from outside
    app = TicTacToeApp(settings, seed=1, watch_delay=0)
    async with app.run_test(size=(100, 36)) as pilot:
        assert app.game_screen.game.board.rules is torus.rules
        await click_cell(pilot, *X_LINE[0])  # a click
        await settle(app)
        await press_to(pilot, app, X_LINE[1])  # keys
        await settle(app)
        await pilot.press("a")  # the analysis overlay, by the game's own solver
        await settle(app)
        await pilot.pause()
        assert any(square.label for square in app.query_one(BoardView).squares.values())
        await pilot.press("a")
        await click_cell(pilot, *X_LINE[2])
        await settle(app)
        await press_to(pilot, app, X_LINE[3])  # completes the line across the edge
        await settle(app)
        await pilot.pause()
        board = app.game_screen.game.board
        assert board.winner is Mark.X
        assert board.history == (X_LINE[0], O_MOVES[0], X_LINE[1], O_MOVES[1], X_LINE[2], O_MOVES[2], X_LINE[3])
        assert status(app).startswith("You win")
        [summary] = app.archive.page()  # archived as it ended
        record = app.archive.get(summary.id)
        assert record is not None
        assert (record.shape.game, record.moves) == ("torus", board.history)
        await pilot.press("g", "enter")  # the archive, then the replay of the game
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("v")  # the review, by the game's own solver
        await app.screen.workers.wait_for_complete()
        await pilot.pause()
        review = app.screen.query_one(ReviewPanel).review
        assert review is not None
        assert len(review.moves) == len(board.history)


# -- a new kind of seat, and a table that seats it -------------------------------------------


#: The squares the lister plays, in its order of preference: never four in a wrapped line.
LISTED = ((1, 1), (2, 2), (0, 0), (3, 3), (1, 3), (3, 1), (0, 2), (2, 0))


class ListSeat(Seat):
    """A new kind of seat: it answers from a list (the first of :data:`LISTED` still free),
    at once, through the seats' public message: :class:`SeatMoved` to the screen, for the state
    it was asked about (an answer the screen no longer waits for is dropped)."""

    def __init__(self, ports: SeatPorts) -> None:
        self.owner = ports.owner

    def take_turn(self, state: GameState) -> None:
        legal = state.board.legal_moves()
        move = next(move for move in LISTED if move in legal)
        self.owner.post_message(SeatMoved(self, state, move))

    def refusal(self, state: GameState) -> str | None:
        return "Wait: the lister is choosing"


LISTER = Player("lister", "Lister", "The lister's turn", "The lister wins")
#: You play X, the lister O.
AGAINST_THE_LISTER = Table("you vs lister", "vs lister", ("you", LISTER.name))


@pytest.fixture
def lister() -> Iterator[Table]:
    """The lister's kind of player, its seat and its table, registered through the public
    registries, and taken out again through them."""
    with (
        PLAYERS.registered(LISTER.name, LISTER),
        SEAT_KINDS.registered(LISTER.name, ListSeat),
        TABLES.registered(AGAINST_THE_LISTER.name, AGAINST_THE_LISTER),
    ):
        yield AGAINST_THE_LISTER
    assert LISTER.name not in PLAYERS
    assert LISTER.name not in SEAT_KINDS
    assert AGAINST_THE_LISTER.name not in TABLES


def solved(board: Board) -> dict[Move, int]:
    """Every move's exact value on ``board`` by the torus's own solver, asked directly."""
    analysis = Solver(board.geometry).analyze(board)
    assert analysis.complete
    return {found.move: found.value for found in analysis.moves}


async def test_a_seat_and_a_table_from_outside_play_a_whole_game_on_the_torus(torus: Game, lister: Table) -> None:
    from textual.widgets import Select

    app = TicTacToeApp(Settings(preset=Preset(SIDE, SIDE, SIDE, "torus")), seed=1, watch_delay=0)
    async with app.run_test(size=(100, 36)) as pilot:
        await app.game_screen.whole()
        mode = app.query_one("#mode", Select)
        assert (lister.label, lister.name) in setting_options("mode", app.game_screen.settings)
        mode.value = lister.name  # picked in the sidebar, as a player does
        await pilot.pause()
        assert "Applies from the next game" in status(app)
        await pilot.press("n")
        await settle(app)
        screen = app.game_screen
        assert screen.game.seating.players == ("you", LISTER.name)
        assert "Your turn (X)" in status(app)
        played: list[Move] = []
        for number, target in enumerate(X_LINE):  # a click, keys, a click, keys: the lister answers each
            if number % 2:
                await press_to(pilot, app, target)
            else:
                await click_cell(pilot, *target)
            await settle(app)
            await pilot.pause()
            played.append(target)
            if screen.game.board.is_over:
                break
            reply = screen.game.line[-1]
            assert reply == next(move for move in LISTED if move not in played)
            played.append(reply)
            assert "Your turn (X)" in status(app)
            if number == 1:  # the overlay: every square's value, by the game's own solver
                await pilot.press("a")
                await settle(app)
                await pilot.pause()
                assert screen.analysis is not None
                assert {found.move: found.value for found in screen.analysis.analysis.moves} == solved(
                    screen.game.board
                )
                await pilot.press("a")
        board = screen.game.board
        assert board.winner is Mark.X
        assert board.history == tuple(played)
        assert status(app).startswith("You win")
        assert str(screen.scores) == "You 1 · Lister 0 · draws 0"
        await until(lambda: bool(app.archive.page()), "the finished game to be archived")
        [summary] = app.archive.page()
        record = app.archive.get(summary.id)
        assert record is not None
        assert (record.seating.table, record.seating.players, record.level) == (lister.name, ("you", "lister"), "")
        assert record.seating == screen.game.seating
        await pilot.press("g", "enter")  # the archive, then the replay: step through every move
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("home")
        seen = [replay.state.board.history]
        for _ in played:
            await pilot.press("right")
            seen.append(replay.state.board.history)
        assert seen == [tuple(played[:ply]) for ply in range(len(played) + 1)]
        await pilot.press("v")  # the review: each verdict is the one the solver gives
        await replay.workers.wait_for_complete()
        await pilot.pause()
        review = replay.query_one(ReviewPanel).review
        assert review is not None
        position, exact = Board.empty(SIDE, SIDE, SIDE, "torus"), 0
        for judged, move in zip(review.moves, played, strict=True):
            assert judged.move == move
            if judged.value_before is not None:  # judged exactly (early moves may be estimated in time)
                values = solved(position)
                assert (judged.value_before, judged.value_after) == (max(values.values()), values[move])
                exact += 1
            position = position.play(move)
        assert review.moves[-1].value_before is not None  # the last position, 10 squares left, solves at once
        assert exact >= 1


def test_the_seating_of_a_table_from_outside_survives_every_step(torus: Game, lister: Table) -> None:
    """New game, undo, save, load (whatever mode is chosen then), the archive and its replay:
    the lister stays seated at its side, in one record."""
    from tictactoe_tui.store.archive import GameRecord
    from tictactoe_tui.store.savefile import dump, parse_game

    settings = Settings(mode=lister.name, preset=Preset(SIDE, SIDE, SIDE, "torus"))
    game = GameState.start(settings, random.Random(0))
    seating = game.seating
    assert seating.players == ("you", LISTER.name)
    for move in ((0, 1), (1, 1), (1, 2)):
        game = game.play(move)
    assert game.at_ply(1).seating == seating  # undo
    saved = parse_game(dump(game.board, game.seating))  # save
    assert saved.seating == seating
    for chosen in TABLES:  # load, at whatever table the player has chosen now
        if not TABLES[chosen].online:
            assert GameState.resume(Settings(mode=chosen), saved.board, saved=saved.seating).seating == seating
    while not game.board.is_over:
        game = game.play(game.board.legal_moves()[0])
    record = GameRecord.of(game, "impossible")  # the archive
    assert record.seating == seating
    assert record.state().seating == seating  # its replay
    assert str(game.table.player_name(game, Mark.O)) == LISTER.label


async def test_seats_from_outside_playing_each_other_are_watched_at_the_watching_pace(torus: Game) -> None:
    """Two listers: neither is played at this keyboard, so each reply waits the watching pace,
    as the computer's do (before: only players marked ``by_level`` waited; these replied at once)."""
    both = Table("lister vs lister", "listers", (LISTER.name, LISTER.name))
    with (
        PLAYERS.registered(LISTER.name, LISTER),
        SEAT_KINDS.registered(LISTER.name, ListSeat),
        TABLES.registered(both.name, both),
    ):
        settings = Settings(mode=both.name, preset=Preset(SIDE, SIDE, SIDE, "torus"))
        app = TicTacToeApp(settings, seed=1, watch_delay=3600)
        async with app.run_test(size=(100, 36)) as pilot:
            await until(lambda: app.game_screen.game.ply == 1, "the first lister's move")
            for _ in range(5):
                await pilot.pause()
            assert app.game_screen.game.ply == 1  # the next waits the pace (an hour here)

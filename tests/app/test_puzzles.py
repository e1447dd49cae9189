"""Puzzles (issue 27): from a review's mistakes (yours first) and from the solver; any move that
keeps the value solves one; each attempt is kept in the archive."""

from __future__ import annotations

import json
import random
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tictactoe_tui import cli
from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens import puzzles
from tictactoe_tui.app.screens.puzzles import PuzzleScreen
from tictactoe_tui.app.widgets.board.view import BoardView
from tictactoe_tui.app.work.ai import ProcessSearcher, ThreadSearcher
from tictactoe_tui.engine import Board, Mark, Move, Position, analyze
from tictactoe_tui.engine import puzzles as engine_puzzles
from tictactoe_tui.engine.board import GameShape
from tictactoe_tui.engine.puzzles import Puzzle, puzzles_from_review, solver_puzzle, solver_puzzles
from tictactoe_tui.engine.review import MoveReview, Review, review_game
from tictactoe_tui.game import Settings
from tictactoe_tui.search_process import named_strategy
from tictactoe_tui.store.archive import Archive
from tictactoe_tui.store.files import Paths
from tictactoe_tui.store.record import GameRecord

from ..helpers.app import AppFactory
from ..helpers.archive import game
from ..helpers.squares import click_square
from ..helpers.waiting import TIMEOUT, until

#: X b2, O b1 (a mistake: X wins now), X a1, O c3, X c1 (lets it go), O a3, X a2 (loses), O c2, X b3
GAME = ((1, 1), (0, 1), (0, 0), (2, 2), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1))


def game_3_puzzles() -> list[Puzzle]:
    """The puzzles the review of :data:`GAME`, as game 3, finds in X's mistakes."""
    return puzzles_from_review(review_game(Board.empty(), GAME), "game 3", frozenset({Mark.X}))


def test_a_mistake_far_from_the_end_makes_no_puzzle_and_one_near_it_is_named_as_its_game() -> None:
    """A lost Connect Four game's first move made "win in 21 of your moves" on the empty board,
    titled "Gravity 6×7, 4 in a row" where the rest of the app says "Connect Four, 6×7"."""
    start = Board.empty(6, 7, 4, "gravity")
    first = MoveReview(1, (5, 0), Mark.X, 1, -1, ((5, 3),), best_plies=41)  # a1 gives the win away
    assert puzzles_from_review(Review(start, (first,)), "game 4", frozenset({Mark.X})) == []
    near = MoveReview(1, (5, 0), Mark.X, 1, -1, ((5, 3),), best_plies=9)
    (puzzle,) = puzzles_from_review(Review(start, (near,)), "game 4", frozenset({Mark.X}))
    assert puzzle.title == "win in 5 of your moves"
    assert puzzle.game_text == "Connect Four, 6×7"


def test_each_mistake_of_a_review_is_a_puzzle_yours_marked() -> None:
    review = review_game(Board.empty(), GAME)
    found = puzzles_from_review(review, "game 3", frozenset({Mark.X}))
    assert [puzzle.source for puzzle in found] == [
        "game 3, move 2",
        "game 3, move 5",
        "game 3, move 7",
        "game 3, move 8",
    ]
    assert [puzzle.yours for puzzle in found] == [False, True, True, False]
    assert [puzzle.kind for puzzle in found] == ["hold", "win", "hold", "win"]
    for puzzle in found:  # every move that keeps the value solves it, and only those
        analysis = analyze(puzzle.board)
        keeping = {found.move for found in analysis.moves if found.value == analysis.value}
        assert set(puzzle.keeping) == keeping
        assert all(puzzle.solves(move) == (move in keeping) for move in puzzle.board.legal_moves())
    assert found[1].title == "win in 2 of your moves"
    assert found[1].game_text == "Classic 3×3, 3 in a row"
    assert found[3].title == "win now"
    winning = found[3].keeping[0]
    assert found[3].answer_text(winning).startswith(f"Solved: {(winning[1] and 'abc'[winning[1]]) or 'a'}")
    assert "wins at once" in found[3].answer_text(winning)
    assert "keeps the win" in found[1].answer_text(found[1].keeping[0])
    assert found[1].origin == "from your game 3, move 5"
    assert found[0].origin == "from game 3, move 2"


def test_the_solver_makes_puzzles_with_few_answers() -> None:
    made = [solver_puzzle(random.Random(seed)) for seed in range(5)]
    assert all(puzzle is not None for puzzle in made)
    for puzzle in made:
        assert puzzle is not None
        legal = len(puzzle.board.legal_moves())
        assert 0 < len(puzzle.keeping) * 3 <= legal
        assert puzzle.origin == "made by the solver"


class PuzzleMaker(ThreadSearcher):
    """Makes the puzzles it is handed, at once, and keeps the seeds it is asked with."""

    def __init__(self, made: list[Puzzle]) -> None:
        super().__init__(named_strategy)
        self.made = made
        self.seeds: list[int] = []

    def make_puzzles(self, seed: int, count: int, cancel: threading.Event) -> list[Puzzle] | None:
        self.seeds.append(seed)
        return self.made[:count]


async def test_the_screen_has_its_searcher_make_the_solver_puzzles() -> None:
    """Making puzzles is a search, so the searcher does it (in the app, the search process).
    Before, the screen ran the solver itself in a thread of the app's process, beside the UI."""
    maker = PuzzleMaker(game_3_puzzles())
    app = TicTacToeApp(Settings(), searcher=maker, seed=1, watch_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("z")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await until(lambda: screen.current is not None, "a puzzle to be shown")
        assert len(maker.seeds) == 1
        assert {entry.puzzle.position for entry in screen.entries} == {made.position for made in maker.made}


def test_the_app_s_searcher_makes_puzzles_in_the_search_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same puzzles as made here, though this process can make none: another made them."""
    made_here = solver_puzzles(7, 2, threading.Event())

    def refused(*args: object, **kwargs: object) -> Puzzle | None:
        raise AssertionError("a puzzle was made in the app's process")

    monkeypatch.setattr(engine_puzzles, "solver_puzzle", refused)
    searcher = ProcessSearcher()
    try:
        assert searcher.make_puzzles(7, 2, threading.Event()) == made_here
    finally:
        searcher.close()


def test_puzzles_are_kept_once_yours_first_and_results_counted(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "games.sqlite3")
    found = game_3_puzzles()
    assert archive.add_puzzles(found) == 4
    assert archive.add_puzzles(found) == 0  # the same positions: kept once
    entries = archive.puzzles()
    assert [entry.puzzle.yours for entry in entries] == [True, True, False, False]
    archive.puzzle_result(entries[0].id, solved=True)
    archive.puzzle_result(entries[1].id, solved=False)
    again = archive.puzzles()
    assert again[-1].id == entries[0].id  # solved: last
    assert (again[-1].solved, again[0].failed) == (1, 1)
    archive.close()


async def test_a_wrong_try_is_refuted_on_the_board_and_a_right_one_is_played_to_the_end(make_app: AppFactory) -> None:
    """A miss drew nothing and said "Not this time: a3 gives up the win; b3, c3 kept it"; now the
    other side's best answer to it is drawn, u takes both back, and any right move is answered
    by the computer until the puzzle's line ends."""
    app = make_app(Settings())
    found = game_3_puzzles()
    app.archive.add_puzzles(found)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("z")
        assert isinstance(app.screen, PuzzleScreen)
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(BoardView)
        current = screen.current
        assert current is not None
        assert current.puzzle.yours
        puzzle = current.puzzle
        wrong = next(move for move in puzzle.board.legal_moves() if not puzzle.solves(move))
        await click_square(pilot, wrong)
        await until(lambda: "u: try again" in _answer(screen))
        first_try = _answer(screen)
        assert first_try.startswith(f"Not {puzzle.board.name(wrong)}: ")
        assert " answers " in first_try
        shown = view.game
        assert shown is not None
        assert shown.board.history is not None
        assert shown.board.history[:-1] == (*puzzle.position.moves, wrong)  # the try, then its refutation, drawn
        assert "kept it" not in first_try  # the answer not given away before the last try
        await pilot.press("u")
        assert view.game is not None
        assert view.game.board == puzzle.board
        await click_square(pilot, wrong)
        await until(lambda: "n: next puzzle" in _answer(screen))  # the last try: the answer is given
        assert "kept it" in _answer(screen)
        await pilot.press("n")
        second = screen.current
        assert second is not None
        assert second.id != current.id
        while not screen.answered:  # every right move answered, to the line's end
            await until(lambda: not screen.answering)
            if screen.answered:
                break
            await click_square(pilot, screen.keeping[-1])
        assert "Solved" in _answer(screen)
        played = view.game
        assert played is not None
        assert played.board.is_over or second.puzzle.kind == "hold"
        await screen.workers.wait_for_complete()
        results = {entry.id: (entry.solved, entry.failed) for entry in app.archive.puzzles()}
        assert results[current.id] == (0, 1)
        assert results[second.id] == (1, 0)


async def test_win_in_two_takes_two_of_your_moves(make_app: AppFactory) -> None:
    """ "win in 2 of your moves" ended after the first; now the computer answers and the
    puzzle waits for the second, which only a win at once solves."""
    two = _win_in_two()
    app = make_app(Settings())
    app.archive.add_puzzles([two])
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _open_puzzles(app, pilot)
        assert "win in 2 of your moves" in str(screen.query_one("#puzzle-title").render())
        await click_square(pilot, two.keeping[0])
        await until(lambda: "Right: your move again" in _answer(screen))
        assert "to play and win now" in _answer(screen)
        assert not screen.answered
        view = screen.query_one(BoardView)
        assert view.game is not None
        assert view.game.ply == len(two.position.moves) + 2  # yours and the computer's answer
        await click_square(pilot, screen.keeping[0])
        await until(lambda: screen.answered)
        assert "Solved" in _answer(screen)
        assert view.game.board.winner is two.mover


def _win_in_two() -> Puzzle:
    """A 3×3 position where the side to move wins in 2 of its moves (3 plies), found by the solver."""
    rng = random.Random(5)
    for _ in range(2000):  # random play until such a position turns up (a few dozen tries)
        board = Board.empty()
        for _ in range(rng.randrange(3, 6)):
            board = board.play(rng.choice(board.legal_moves()))
        if board.is_over:
            continue
        analysis = analyze(board)
        wins = [found for found in analysis.best_moves if found.value == 1]
        if wins and wins[0].plies == 3:
            keeping = tuple(found.move for found in wins)
            position = Position(GameShape(3, 3, 3, "classic"), board.history or ())
            return Puzzle(position, "win", 3, keeping, "game 5, move 4", yours=True)
    raise AssertionError("no position won in 2 moves turned up")


async def test_the_puzzles_say_when_none_comes_from_your_games(make_app: AppFactory) -> None:
    """All five "made by the solver", with nothing saying why none came from the player's games."""
    app = make_app(Settings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("z")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await screen.workers.wait_for_complete()
        await pilot.pause()
        assert screen.current is not None
        title = str(screen.query_one("#puzzle-title").render())
        assert "none from your games yet: you have not finished a game" in title
    app = make_app(Settings())
    app.archive.add_puzzles(game_3_puzzles())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("z")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await pilot.pause()
        assert screen.current is not None
        assert screen.current.puzzle.yours  # your own mistakes first
        assert "none from your games" not in str(screen.query_one("#puzzle-title").render())


def test_puzzle_list_on_the_command_line(
    home: Paths, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli.main(["puzzle", "--list"]) == 0
    assert "No puzzles yet" in capsys.readouterr().out
    archive = Archive.open(home)
    archive.add_puzzles(game_3_puzzles())
    archive.add_puzzles([PUZZLE_4X4])
    archive.puzzle_result(1, solved=True)  # solved: listed after the unsolved ones when solving, first here
    archive.close()
    assert cli.main(["puzzle", "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed[0]["yours"] is True
    assert {entry["game"] for entry in listed} == {"classic"}  # which game: Misère's look the same otherwise
    assert listed[0]["task"] == "X to play and win in 2 of your moves"  # as the puzzles screen writes it
    assert cli.main(["puzzle", "--json"]) == 2
    capsys.readouterr()
    monkeypatch.setenv("COLUMNS", "80")
    assert cli.main(["puzzle", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["#", "puzzle", "position", "solved", "missed"]  # a header
    assert all(len(line) <= 80 for line in lines)
    assert "…" not in "".join(lines)  # nothing cut
    numbers = [int(line.split()[0]) for line in lines[3:] if line[:4].strip().isdigit()]
    assert numbers == sorted(numbers)
    assert numbers[0] == 1  # before: puzzle 1 came last
    starts = {line.index(line.split()[1]) for line in lines[3:] if line[:4].strip().isdigit()}
    assert len(starts) == 1  # the tasks start in one column


#: A puzzle on another board, to list beside those of the review.
PUZZLE_4X4 = Puzzle(Position(GameShape(4, 4, 3, "classic"), ((1, 1), (0, 1))), "hold", 9, ((0, 0),), "game 140, move 2")


async def test_n_goes_through_every_puzzle_and_says_where_it_is(make_app: AppFactory) -> None:
    """Each puzzle once in turn ("3 of 4"), then round again; each shows its game and k."""
    app = make_app(Settings())
    found = game_3_puzzles()
    app.archive.add_puzzles(found)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("z")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await screen.workers.wait_for_complete()  # the solver's new puzzles join at the end
        await pilot.pause()
        total = len(screen.entries)
        assert total >= len(found)
        seen = []
        for place in range(1, total + 1):
            assert screen.current is not None
            seen.append(screen.current.id)
            title = str(screen.query_one("#puzzle-title").render())
            assert f"Puzzle {place} of {total}" in title
            assert screen.current.puzzle.game_text in title
            await pilot.press("n")
        assert sorted(seen) == sorted(entry.id for entry in screen.entries)  # every one, none twice
        assert screen.current is not None
        assert screen.current.id == seen[0]  # round again


async def test_escape_from_the_puzzle_command_returns_to_the_shell(tmp_path: Path) -> None:
    """``tictactoe-tui puzzle`` then Esc opened the full game instead of ending."""
    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.store.files import Paths

    app = TicTacToeApp(paths=Paths(tmp_path / "config", tmp_path / "data"), puzzles=True, seed=1)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PuzzleScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code is not None


def _gravity_win_now() -> Puzzle:
    """Connect Four: X has a, b and c on the bottom row and wins now in column d."""
    moves = ((5, 0), (5, 6), (5, 1), (4, 6), (5, 2), (5, 5))
    return Puzzle(Position(GameShape(6, 7, 4, "gravity"), moves), "win", 1, ((5, 3),), "game 1, move 7", yours=True)


@pytest.fixture
def no_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """The puzzles screen makes no puzzles of its own (the solver's work would slow the keys)."""
    monkeypatch.setattr(puzzles, "KEEP_UNSOLVED", 0)


async def _open_puzzles(app: TicTacToeApp, pilot: Pilot[None]) -> PuzzleScreen:
    await pilot.press("z")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, PuzzleScreen)
    assert screen.current is not None
    return screen


def _answer(screen: PuzzleScreen) -> str:
    return str(screen.query_one("#puzzle-answer").render())


async def test_a_click_above_the_landing_square_drops_into_the_column_in_a_gravity_puzzle(
    make_app: AppFactory, no_solver: None
) -> None:
    """A click anywhere in a Connect Four column plays where the mark lands, as on the game
    screen (it said "d1 is taken")."""
    app = make_app(Settings())
    app.archive.add_puzzles([_gravity_win_now()])
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await _open_puzzles(app, pilot)
        await click_square(pilot, (0, 3))
        assert _answer(screen).startswith("Solved: 4-1 wins at once")
        shown = screen.query_one(BoardView).game
        assert shown is not None
        assert shown.board.history is not None
        assert shown.board.history[-1] == (5, 3)  # the answer is drawn where it landed, as the last move


async def test_digits_arrows_and_enter_answer_a_puzzle_as_on_the_game_screen(
    make_app: AppFactory, no_solver: None
) -> None:
    """In a Gravity puzzle a digit names a column and the cursor stays where a mark would land;
    where digits mean nothing the puzzle says so, as the game screen does (they did nothing)."""
    app = make_app(Settings())
    app.archive.add_puzzles([_gravity_win_now()])
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await _open_puzzles(app, pilot)
        view = screen.query_one(BoardView)
        assert view.cursor == (5, 3)  # the centre column's landing square
        await pilot.press("up")
        assert view.cursor == (5, 3)
        await pilot.press("1")  # column 1: the mark lands on 1-2
        await until(lambda: "u: try again" in _answer(screen))
        assert _answer(screen).startswith("Not 1-2: O answers 4-1 and")  # the win taken away, drawn
        await pilot.press("u")
        await pilot.press("right", "right")
        assert view.cursor == (4, 2)
        await pilot.press("right", "enter")
        assert _answer(screen).startswith("Solved: 4-1 wins at once")
    four = Puzzle(
        Position(GameShape(4, 4, 4, "classic"), ((0, 0), (1, 1))), "hold", 14, ((2, 2),), "game 2, move 3", yours=True
    )
    app = make_app(Settings())
    app.archive.add_puzzles([four])
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await _open_puzzles(app, pilot)
        await pilot.press("5")
        assert "Number keys name squares on 3×3" in _answer(screen)


#: You (X) lose to the computer on 3×3: your move 3 gives up the draw (the one mistake: after it
#: the game is lost whatever you play).
LOST = ((0, 1), (1, 1), (2, 1), (0, 0), (1, 2), (2, 2))


def _lost_game() -> GameRecord:
    lost = game(-1)
    return replace(lost, position=Position(lost.shape, LOST), times=tuple(float(n) for n in range(1, 7)), winner="o")


def _app_at(home: Paths) -> TicTacToeApp:
    """The app with its archive in ``home`` (kept between visits), the computer searching in the test's process."""
    return TicTacToeApp(Settings(), paths=home, searcher=ThreadSearcher(named_strategy), seed=1, watch_delay=0)


async def _first_puzzle(app: TicTacToeApp, pilot: Pilot[None]) -> PuzzleScreen:
    """Open the puzzles and wait for the first to be shown."""
    await pilot.press("z")
    assert isinstance(app.screen, PuzzleScreen)
    screen: PuzzleScreen = app.screen
    await until(lambda: screen.current is not None, "the first puzzle to be shown")
    return screen


async def test_your_lost_game_becomes_puzzles_first_without_a_review(home: Paths) -> None:
    """Issue 66: a player who never pressed v got only the solver's puzzles. Now the games not
    mined yet are judged as the screen opens, their puzzles first; each game is mined once."""
    archive = Archive.open(home)
    assert archive.record(_lost_game()) is None
    archive.close()
    app = _app_at(home)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _first_puzzle(app, pilot)
        assert screen.current is not None
        assert screen.current.puzzle.yours
        assert screen.current.puzzle.source == "game 1, move 3"
        title = str(screen.query_one("#puzzle-title").render())
        assert "Puzzle 1 of" in title
        assert "from your game 1, move 3" in title
        assert "none from your games" not in title
        await screen.workers.wait_for_complete()  # the solver's puzzles join after yours
        await pilot.pause()
        sources = [entry.puzzle.source for entry in screen.entries]
        assert sources[0] == "game 1, move 3"
        assert set(sources[1:]) == {"solver"}  # made meanwhile, after yours
        assert app.archive.unmined_games(5, 16) == []
    again = _app_at(home)
    judged: list[Board] = []
    judge = again.searcher.judge

    def counting(
        board: Board, move: Move, seconds: float, cancel: threading.Event, *, verdict_only: bool = False
    ) -> MoveReview:
        judged.append(board)
        return judge(board, move, seconds, cancel, verdict_only=verdict_only)

    again.searcher.judge = counting  # type: ignore[method-assign]
    async with again.run_test(size=(100, 32)) as pilot:
        screen = await _first_puzzle(again, pilot)
        assert screen.current is not None
        assert screen.current.puzzle.source == "game 1, move 3"  # kept from the first visit
        await screen.workers.wait_for_complete()
    assert judged == []  # not mined again


def test_a_game_reviewed_with_v_is_not_mined_again(home: Paths) -> None:
    """A review's puzzles mark its game mined: the puzzles screen does not judge it twice."""
    from tictactoe_tui.app.widgets.review import puzzles_kept

    archive = Archive.open(home)
    archive.record(_lost_game())
    assert len(archive.unmined_games(5, 16)) == 1
    record = archive.get(1)
    assert record is not None
    review = review_game(record.board(0), record.moves)
    assert "new puzzle" in puzzles_kept(review, archive, "game 1", record.seating, record.id)
    assert archive.unmined_games(5, 16) == []


async def test_the_screen_answers_while_your_games_are_judged_and_closing_it_leaves_them_unjudged(
    home: Paths,
) -> None:
    """Esc works while the judging runs in its worker; a game whose judging was cancelled is not
    marked mined (the next visit judges it)."""
    archive = Archive.open(home)
    archive.record(_lost_game())
    archive.close()
    app = _app_at(home)
    asked = threading.Event()

    def held(
        board: Board, move: Move, seconds: float, cancel: threading.Event, *, verdict_only: bool = False
    ) -> MoveReview:
        asked.set()
        cancel.wait(TIMEOUT)  # until the screen closes
        return MoveReview(board.move_count + 1, move, board.to_move, None, None, ())

    app.searcher.judge = held  # type: ignore[method-assign]
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("z")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await until(asked.is_set, "the judging of your game to start")
        assert "Looking for puzzles in your finished games" in str(screen.query_one("#puzzle-title").render())
        await pilot.press("escape")
        await until(lambda: not isinstance(app.screen, PuzzleScreen), "the puzzles to close")
        await screen.workers.wait_for_complete()
        assert [record.id for record in app.archive.unmined_games(5, 16)] == [1]


def test_games_to_judge_are_your_newest_on_small_boards_a_few_a_visit(tmp_path: Path) -> None:
    """Up to ``MINE_PER_VISIT`` of your games up to 4×4, newest first; bigger boards are skipped."""
    from tictactoe_tui.app.screens.own_games import MINE_PER_VISIT, MINE_SQUARES

    archive = Archive(tmp_path / "games.sqlite3")
    for n in range(MINE_PER_VISIT + 2):
        archive.record(game(1, kind=2 if n == MINE_PER_VISIT + 1 else n % 2, started=1_000.0 + n))  # the last on 5×5
    newest_small = list(range(MINE_PER_VISIT + 1, 1, -1))
    assert [record.id for record in archive.unmined_games(MINE_PER_VISIT, MINE_SQUARES)] == newest_small
    archive.keep_mined(newest_small, [])
    assert [record.id for record in archive.unmined_games(MINE_PER_VISIT, MINE_SQUARES)] == [1]

"""Computer-against-computer series: reproducible, and the levels form a ladder on 3×3 and 4×4."""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from tictactoe_tui.engine import LADDER, ArenaResult, Board, run_arena, run_pairing
from tictactoe_tui.engine.arena import play_game
from tictactoe_tui.engine.players import Decision, RandomStrategy
from tictactoe_tui.engine.search.budget import UNLIMITED, Budget


def series(x: str, o: str, games: int, seed: int, start: Board | None = None) -> ArenaResult:
    board = Board.empty() if start is None else start
    return run_arena(x, o, games=games, start=board, seed=seed)


def test_the_same_seed_gives_the_same_results() -> None:
    first = series("hard", "medium", games=10, seed=3)
    assert series("hard", "medium", games=10, seed=3) == first
    assert first.x_wins + first.o_wins + first.draws == 10


@pytest.mark.parametrize(("upper", "lower"), LADDER)
@pytest.mark.parametrize(("shape", "games"), [((3, 3, 3), 200), ((4, 4, 4), 100)])
def test_each_level_beats_the_one_below_from_both_seats(
    upper: str, lower: str, shape: tuple[int, int, int], games: int
) -> None:
    # On 4×4 good play draws: the levels below impossible differ there by their slips.
    pairing = run_pairing(upper, lower, games=games, start=Board.empty(*shape), seed=11)
    assert pairing.games == games
    assert pairing.wins > pairing.losses, pairing
    if upper == "impossible":
        assert pairing.losses == 0


def test_a_process_pool_gives_the_same_results() -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        shared = run_arena("hard", "medium", games=12, start=Board.empty(), seed=5, pool=pool)
    assert shared == series("hard", "medium", games=12, seed=5)


def test_impossible_against_itself_always_draws_on_3x3() -> None:
    result = series("impossible", "impossible", games=20, seed=0)
    assert result.draws == 20


def test_series_run_on_bigger_boards() -> None:
    result = series("medium", "easy", games=10, seed=0, start=Board.empty(5, 5, 4))
    assert result.games == 10
    assert result.x_wins > result.o_wins


class Timed(RandomStrategy):
    """A random player that notes the time each move may take."""

    def __init__(self) -> None:
        self.allowed: list[float | None] = []

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        self.allowed.append(budget.remaining())
        return super().decide(board, rng, budget)


def test_each_move_gets_the_time_a_move_and_each_position_is_reported() -> None:
    x, o = Timed(), Timed()
    seen: list[Board] = []
    final = play_game(Board.empty(), x, o, random.Random(0), seconds_a_move=0.5, on_move=seen.append)
    assert seen[-1] == final
    assert [board.move_count for board in seen] == list(range(1, final.move_count + 1))
    allowed = x.allowed + o.allowed
    assert len(allowed) == final.move_count
    assert all(seconds is not None and 0.4 < seconds <= 0.5 for seconds in allowed)  # a fresh 0.5 s each move


def test_without_a_time_a_move_the_players_have_no_deadline() -> None:
    x, o = Timed(), Timed()
    play_game(Board.empty(), x, o, random.Random(0))
    assert set(x.allowed + o.allowed) == {None}

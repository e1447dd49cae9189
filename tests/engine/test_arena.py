"""Computer-against-computer series: reproducible, and the levels form a ladder on 3×3 and 4×4."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from tictactoe_tui.engine import LADDER, ArenaResult, Board, run_arena, run_pairing


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

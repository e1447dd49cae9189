"""The compiled Gravity kernel: the same values, proofs and table as the interpreted search,
the budget kept, and the shapes it does not fit left to the interpreter."""

from __future__ import annotations

import os
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictactoe_tui.engine import Board, Budget
from tictactoe_tui.engine.rules.gravity import dropped
from tictactoe_tui.engine.search.gravity import solver as gravity_solver
from tictactoe_tui.engine.search.gravity.kernel import SHALLOW_EMPTY, CompiledTable
from tictactoe_tui.engine.search.gravity.solver import GravitySolver

from ..helpers.engine import random_play


def both(board: Board) -> tuple[GravitySolver, GravitySolver]:
    """A compiled and an interpreted solver for ``board``'s shape, without the win book."""
    return GravitySolver(board.geometry, use_book=False), GravitySolver(board.geometry, use_book=False, compiled=False)


@pytest.mark.parametrize(("rows", "cols", "least_plies"), [(4, 5, 3), (5, 5, 6), (5, 6, 10), (6, 7, 20)])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 12))
def test_the_kernel_scores_every_move_as_the_interpreter_does(
    rows: int, cols: int, least_plies: int, seed: int, extra: int
) -> None:
    board = random_play(Board.empty(rows, cols, 4, "gravity"), seed, least_plies + extra)
    if board.is_over:
        return
    compiled, interpreted = both(board)
    assert isinstance(compiled.table, CompiledTable)
    assert isinstance(interpreted.table, dict)
    fast, slow = compiled.analyze(board), interpreted.analyze(board)
    assert fast.complete
    assert slow.complete
    assert [(move.move, move.score) for move in fast.moves] == [(move.move, move.score) for move in slow.moves], str(
        board
    )
    assert (compiled.winning_move(board) is None) == (interpreted.winning_move(board) is None), str(board)


def test_a_connect_four_win_ten_plies_in_is_proven() -> None:
    board = dropped(Board.empty(6, 7, 4, "gravity"), "4244426225")  # the interpreter takes about 5 s
    compiled, _ = both(board)
    winning = compiled.winning_move(board)
    assert winning is not None
    assert compiled.is_lost(board.play(board.move_at(winning)))


def test_the_node_limit_is_kept_exactly() -> None:
    board = Board.empty(6, 7, 4, "gravity")
    compiled, interpreted = both(board)
    assert compiled.winning_move(board, Budget(max_nodes=2_000)) is None
    assert interpreted.winning_move(board, Budget(max_nodes=2_000)) is None
    assert 0 < len(compiled.table) <= 2_000
    assert not compiled.analyze(board, Budget(max_nodes=2_000)).complete


def test_a_cancelled_or_late_search_stops() -> None:
    board = Board.empty(6, 7, 4, "gravity")
    cancelled = threading.Event()
    cancelled.set()
    compiled, _ = both(board)
    assert compiled.winning_move(board, Budget(cancel=cancelled)) is None
    assert compiled.winning_move(board, Budget(deadline=0.0)) is None
    assert not compiled.analyze(board, Budget(deadline=0.0)).complete


def test_the_table_reads_back_what_the_search_stored() -> None:
    board = random_play(Board.empty(5, 6, 4, "gravity"), 3, 6)
    compiled, interpreted = both(board)
    compiled.analyze(board)
    entries = dict(compiled.table.items())
    assert entries
    assert all(compiled.table.get(key) == entry for key, entry in entries.items())
    for lost in list(compiled.proven_losses(board.move_count + 4))[:20]:
        assert interpreted.is_lost(lost), str(lost)


def test_positions_near_the_end_are_searched_again_not_kept() -> None:
    board = random_play(Board.empty(5, 6, 4, "gravity"), 3, 6)
    compiled, _ = both(board)
    compiled.analyze(board)
    assert isinstance(compiled.table, CompiledTable)
    empties = {board.geometry.cells - compiled.layout.split(key)[1].bit_count() for key in compiled.table}
    assert min(empties) == SHALLOW_EMPTY


@pytest.mark.parametrize(("rows", "cols", "k"), [(6, 7, 5), (4, 4, 3), (7, 7, 3)])
def test_shapes_the_kernel_does_not_fit_keep_the_interpreted_search(rows: int, cols: int, k: int) -> None:
    assert isinstance(GravitySolver(Board.empty(rows, cols, k, "gravity").geometry).table, dict)


@pytest.mark.parametrize(
    ("load", "cores", "searches"),
    [(0.0, 2, 2), (1.0, 2, 2), (1.5, 2, 1), (3.5, 2, 1), (0.0, 1, 1), (0.5, 8, 4), (2.5, 4, 2), (2.0, 4, 3)],
)
def test_a_second_search_runs_only_on_a_free_core(
    monkeypatch: pytest.MonkeyPatch, load: float, cores: int, searches: int
) -> None:
    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))  # the os gravity_solver reads
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert gravity_solver.searches_at_once() == searches


def test_two_searches_at_once_find_a_win_and_stop_each_other(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gravity_solver, "searches_at_once", lambda: 2)
    board = dropped(Board.empty(6, 7, 4, "gravity"), "4244426225")
    solver = GravitySolver(board.geometry, use_book=False)
    winning = solver.winning_move(board, Budget.seconds(60))
    assert winning is not None
    assert GravitySolver(board.geometry, use_book=False).is_lost(board.play(board.move_at(winning)))


def test_with_a_free_core_the_moves_of_an_analysis_are_searched_two_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    board = dropped(Board.empty(6, 7, 4, "gravity"), "4244426225474")  # no move in the book's reach
    alone = GravitySolver(board.geometry, use_book=False).analyze(board, Budget.seconds(60))
    monkeypatch.setattr(gravity_solver, "searches_at_once", lambda: 2)
    solver = GravitySolver(board.geometry, use_book=False)
    made: list[gravity_solver._Search] = []
    searching = solver.searching
    assert isinstance(searching, gravity_solver._Compiled)
    make = searching.search

    def counted(budget: Budget, stop: threading.Event | None = None) -> gravity_solver._Search:
        made.append(make(budget, stop))
        return made[-1]

    monkeypatch.setattr(searching, "search", counted)
    together = solver.analyze(board, Budget.seconds(60))
    assert together.complete
    assert [(move.move, move.score) for move in together.moves] == [(move.move, move.score) for move in alone.moves]
    assert len(made) == 2
    assert all(search.nodes for search in made)  # each took moves of its own
    assert together.nodes == sum(search.nodes for search in made)


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads the resident memory from /proc")
def test_a_new_table_is_in_memory_before_its_first_search() -> None:
    # Left to the first touch, its pages took a first search's time (0.7-1.0 s more at load 8).
    def resident() -> int:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    before = resident()
    table = CompiledTable((7, 0, 0, 0, 0, 0), (0,), 42)
    assert resident() - before >= 0.9 * table.table.nbytes


def test_a_search_with_a_deadline_does_not_wait_for_the_kernel_to_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the kernel loads (seconds in a fresh search process on a busy machine: Numba, the
    machine code, the 64 MB table), a search with a deadline waits half its time at most and
    then searches in the interpreter, its values as exact; the first Connect Four reply of a
    fresh process waited for the whole load and overran its second ("O played 4-2 in 2.43 s")."""
    board = random_play(Board.empty(6, 7, 4, "gravity"), 18, 14)  # past the opening book: 5,939 nodes to solve
    solver = GravitySolver(board.geometry)
    searching = solver.searching
    assert isinstance(searching, gravity_solver._Compiled)
    released = threading.Event()
    load = searching._load

    def held() -> None:  # the kernel's load, held until the search has answered
        released.wait()
        load()

    monkeypatch.setattr(searching, "_load", held)
    analysis = solver.analyze(board, Budget.seconds(4))  # 2 s waiting, then 0.06 s in the interpreter here
    assert analysis.nodes
    loading = searching._loading
    assert loading is not None
    assert loading.is_alive()  # answered with the kernel still loading
    released.set()
    loading.join()
    assert analysis.complete
    exact = GravitySolver(board.geometry, compiled=False).analyze(board)
    assert [(move.move, move.score) for move in analysis.moves] == [(move.move, move.score) for move in exact.moves]
    assert isinstance(solver.table, CompiledTable)  # loaded now, for the next search


def test_a_move_from_the_book_loads_no_kernel() -> None:
    """The opening book answers the early moves: a solver that answered from it has not loaded
    the kernel (until asked to get ready), which took a fresh process seconds before the move."""
    board = dropped(Board.empty(6, 7, 4, "gravity"), "44")
    solver = GravitySolver(board.geometry)
    searching = solver.searching
    assert isinstance(searching, gravity_solver._Compiled)
    assert solver.analyze(board, Budget.seconds(1)).source == "book"
    assert searching._loading is None
    solver.get_ready(wait=True)
    assert isinstance(solver.table, CompiledTable)

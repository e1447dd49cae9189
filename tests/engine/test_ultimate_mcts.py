"""Ultimate's own MCTS-Solver (issue 28): its positions follow the rules move for move, what it
proves is true, and it takes a win it can see."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Board, Mark, analyze, get_strategy
from tictactoe_tui.engine.games import GAMES
from tictactoe_tui.engine.games.ultimate import UltimateMctsStrategy
from tictactoe_tui.engine.search.budget import Budget
from tictactoe_tui.engine.search.ultimate import mcts as ultimate_mcts
from tictactoe_tui.engine.search.ultimate.mcts import CELL_OF, SQUARE_OF, SearchTree, root_node
from tictactoe_tui.engine.search.ultimate.playout import playout


@pytest.mark.parametrize("seed", range(60))
def test_a_random_game_through_the_nodes_matches_the_rules_move_for_move(seed: int) -> None:
    rng = random.Random(seed)
    board = Board.empty(9, 9, 3, "ultimate")
    node = root_node(board)
    while not board.is_over:
        legal = {board.index(move) for move in board.legal_moves()}
        assert {CELL_OF[square] for square in node.moves()} == legal
        winning = {cell for cell in legal if board.play(board.move_at(cell)).winner is board.to_move}
        decisive = node.decisive()
        assert (CELL_OF[decisive] in winning) if decisive >= 0 else not winning
        cell = rng.choice(sorted(legal))
        board = board.play(board.move_at(cell))
        node = node.play(SQUARE_OF[cell])
        assert node.key() == root_node(board).key() or board.is_over
    assert node.proven == (0.5 if board.winner is None else 1.0)


def test_a_playout_that_can_win_the_game_on_its_move_does() -> None:
    mine, theirs = [0] * 9, [0] * 9
    mine[4] = 0b000_000_011  # slot 2 claims the centre board, which completes the middle row
    for seed in range(20):
        won = playout(list(mine), list(theirs), 0b000_101_000, 0, 0b000_101_000, 4, random.Random(seed).random,
                      finish=True)  # fmt: skip
        assert won == 1


def late_position(seed: int, empty: int) -> Board:
    """A random game's position with ``empty`` free squares left (or its end, if sooner)."""
    rng = random.Random(seed)
    board = Board.empty(9, 9, 3, "ultimate")
    while not board.is_over and 81 - board.move_count > empty:
        board = board.play(rng.choice(board.legal_moves()))
    return board


def test_every_proven_result_is_the_exact_value() -> None:
    checked = 0
    for seed in range(40):
        board = late_position(seed, 22 + seed % 10)
        if board.is_over:
            continue
        found = ultimate_mcts.search(board, random.Random(seed), 2000, Budget())
        exact = analyze(board, Budget(max_nodes=200_000))
        if found.proven is None or not exact.complete or exact.value is None:
            continue
        checked += 1
        assert found.proven == (exact.value + 1) / 2, str(board)
        if exact.value == 1:  # a proven win is played, and it wins
            assert next(mv for mv in exact.moves if board.index(mv.move) == found.cell).value == 1
    assert checked >= 8  # the check above has something to check


def test_the_tree_is_kept_for_the_next_move() -> None:
    board = Board.empty(9, 9, 3, "ultimate").play((4, 4))
    tree = SearchTree()
    rng = random.Random(1)
    first = ultimate_mcts.search(board, rng, 800, Budget(), tree=tree)
    assert first.reused == 0
    after = board.play(board.move_at(first.cell))
    second = ultimate_mcts.search(after.play(after.legal_moves()[0]), rng, 800, Budget(), tree=tree)
    assert second.reused > 0


def test_hard_and_impossible_play_the_own_engine_and_only_ultimate() -> None:
    hard, impossible = GAMES["ultimate"].levels["hard"], GAMES["ultimate"].levels["impossible"]
    assert isinstance(hard, UltimateMctsStrategy)
    assert isinstance(impossible, UltimateMctsStrategy)
    assert impossible.playouts > hard.playouts
    own = get_strategy("ultimate-mcts")
    assert own.supports(Board.empty(9, 9, 3, "ultimate"))
    assert not own.supports(Board.empty())


def test_the_strategy_and_the_search_alone_take_the_win_of_the_game_at_once() -> None:
    # X holds the top-left and top boards and has g1 and h1 in the top-right one, where O's
    # last move (c4, a top-right square) sends it: i1 claims that board and the top row of boards.
    rows = ["xxxxxxxx.", "oo.oo....", "......o..", "..o......", "....o....", ".........", ".........", ".......o."]
    board = Board.parse("/".join([*rows, "." * 9]) + "@c4", game="ultimate")
    assert board.to_move is Mark.X
    move = get_strategy("impossible").choose(board, random.Random(1), Budget(max_nodes=1))
    assert board.play(move).winner is Mark.X
    found = ultimate_mcts.search(board, random.Random(1), 1, Budget())  # the search alone, one playout
    assert found.proven == 1.0
    assert board.play(board.move_at(found.cell)).winner is Mark.X

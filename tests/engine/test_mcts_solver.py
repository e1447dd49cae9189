"""The MCTS-Solver reference (``mcts-solver-1000``): what it proves is true, and it plays a
proven win at once (issue 28)."""

from __future__ import annotations

import random

import pytest

from tictactoe_tui.engine import Board, analyze, get_strategy, run_arena
from tictactoe_tui.engine.players import ReferenceSolverStrategy
from tictactoe_tui.engine.search import rules_mcts
from tictactoe_tui.engine.search.budget import Budget

from ..helpers.engine import random_play

SHAPES = [("classic", 3, 3, 3), ("misere", 3, 3, 3), ("gravity", 4, 4, 3), ("gravity", 4, 5, 4)]


@pytest.mark.parametrize(("game", "rows", "cols", "k"), SHAPES)
def test_every_proven_result_is_the_exact_value(game: str, rows: int, cols: int, k: int) -> None:
    proofs = 0
    for seed in range(40):
        board = random_play(Board.empty(rows, cols, k, game), seed, random.Random(seed).randrange(rows * cols * 3 // 4))
        if board.is_over:
            continue
        found = rules_mcts.search(board, random.Random(seed), 2000, Budget(), 1.0, solve=True)
        if found.proven is None:
            continue
        proofs += 1
        exact = analyze(board).value
        assert exact is not None, str(board)
        assert found.proven == (exact + 1) / 2, f"{board}: proved {found.proven}, exact {exact}"
        if exact == 1:  # a proven win is played at once, and it is a winning move
            move = board.move_at(found.cell)
            assert next(mv for mv in analyze(board).moves if mv.move == move).value == 1
    assert proofs >= 5  # the check above has something to check


def test_the_solver_step_sees_a_win_plain_uct_can_miss() -> None:
    """X to move wins at once (c1); the solver proves it and plays it every time."""
    board = Board.parse("xx./oo./...", k=3)
    for seed in range(10):
        assert get_strategy("mcts-solver-1000").choose(board, random.Random(seed)) == (0, 2)


def test_mcts_solver_1000_plays_every_game_and_beats_random() -> None:
    for game, rows, cols, k in SHAPES:
        result = run_arena("mcts-solver-1000", "random", games=4, seed=1, start=Board.empty(rows, cols, k, game))
        assert result.x_wins + result.draws == 4


def test_the_stronger_reference_is_the_same_bot_with_ten_times_the_simulations() -> None:
    strong, weak = get_strategy("mcts-solver-10000"), get_strategy("mcts-solver-1000")
    assert isinstance(strong, ReferenceSolverStrategy)
    assert isinstance(weak, ReferenceSolverStrategy)
    assert (strong.simulations, weak.simulations) == (10_000, 1_000)
    board = Board.parse("xx./oo./...", k=3)
    assert strong.choose(board, random.Random(0)) == (0, 2)


def _settled(node: rules_mcts.Node) -> float | None:
    """What a node's proven result must be, from its own and its children's alone."""
    if node.result is not None:
        return node.result
    if any(child.proven == 1.0 for child in node.children):
        return 0.0
    if node.children and not node.untried and all(child.proven is not None for child in node.children):
        return 1.0 - max(child.proven or 0.0 for child in node.children)
    return None


@pytest.mark.parametrize(("game", "rows", "cols", "k"), [*SHAPES, ("ultimate", 9, 9, 3)])
def test_every_node_of_a_grown_tree_settles_what_its_children_prove(game: str, rows: int, cols: int, k: int) -> None:
    """Backing up stops at the first node whose result stays open: the whole tree must look as
    if every node on every path had been settled again."""
    checked = 0
    for seed in range(6):
        board = random_play(Board.empty(rows, cols, k, game), seed, random.Random(seed).randrange(rows * cols // 2))
        if board.is_over:
            continue
        tree = rules_mcts.SearchTree()
        rules_mcts.search(board, random.Random(seed), 1500, Budget(), solve=True, tree=tree)
        assert tree.root is not None
        nodes = [tree.root]
        while nodes:
            node = nodes.pop()
            if node.visits:
                assert node.proven == _settled(node)
                checked += 1
            nodes.extend(node.children)
    assert checked > 1000


@pytest.mark.parametrize(
    ("first", "then"), [((7, 7, 5, "classic"), (3, 3, 3, "classic")), ((3, 3, 3, "classic"), (3, 3, 3, "misere"))]
)
def test_a_tree_grown_on_one_board_is_not_reused_on_another(
    first: tuple[int, int, int, str], then: tuple[int, int, int, str]
) -> None:
    # The empty boards of two shapes, or of two games, have the same marks (none): the arena's
    # medium player, one object for every game, once took a 7×7 tree for a 3×3 board.
    tree, rng = rules_mcts.SearchTree(), random.Random(0)
    rules_mcts.search(Board.empty(*first[:3], first[3]), rng, 200, Budget(), tree=tree)
    board = Board.empty(*then[:3], then[3])
    result = rules_mcts.search(board, rng, 50, Budget(), tree=tree)
    assert result.reused == 0
    assert board.legal_bits >> result.cell & 1

"""Monte Carlo tree search (UCT) for any game's rules, keeping its tree between moves.

Like :mod:`.mcts` (the classic game's faster version), but it asks the board's rules for the
legal moves and each move's result, so it plays every game; a game may hand in playouts of its
own (:data:`~.playouts.Playout`), as Ultimate does. A
:class:`SearchTree` remembers the last search: when the next position is one the tree
already grew (after our move and the opponent's reply), the search goes on from there.

With ``solve=True`` it is an MCTS-Solver (Winands, Björnsson and Saito, 2008), as common MCTS
libraries run by default: a position whose result is known for certain (the game ends there,
or every move leads to a known result, or one move wins) is *proven*; proven results are
backed up instead of playout averages, a proven win is played at once and a proven loss is
never chosen while another move remains.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..board import Board, Geometry, cells_of
from ..rules import Rules
from .budget import Budget
from .mcts import EXPLORATION, back_up, proven_first, settle_path, solver_choice, uct_choice
from .playouts import Playout, rules_playout

#: Playouts between two looks at the budget's clock.
CHECK_EVERY = 16
#: How many plies below the old root the tree looks for the new position.
REUSE_DEPTH = 2


@dataclass(eq=False)
class Node:
    """A position and its statistics; ``wins`` count for the side that moved into it (draws half).

    ``me`` is the side to move here, ``opp`` the side that just moved.
    """

    cell: int
    me: int
    opp: int
    state: int
    result: float | None
    """Set when the game is over here: 1.0 if the side that moved in won, 0.5 drawn, 0.0 lost."""
    untried: list[int]
    children: list[Node] = field(default_factory=list)
    wins: float = 0.0
    visits: int = 0
    proven: float | None = None
    """With the solver: the certain result for the side that moved in (1.0, 0.5 or 0.0)."""

    def best_child(self, exploration: float) -> Node:
        return uct_choice(self.children, self.visits, exploration)


@dataclass
class SearchTree:
    """The tree of the last search, for the next one to reuse."""

    root: Node | None = None
    shape: Geometry | None = None
    """The board it was grown on (its shape and game): the same marks on another are another position."""

    def take(self, shape: Geometry, me: int, opp: int, state: int) -> Node | None:
        """The grown node for this position of ``shape`` within :data:`REUSE_DEPTH` plies of the old root."""
        layer = [] if self.root is None or shape is not self.shape else [self.root]
        for _ in range(REUSE_DEPTH + 1):
            for node in layer:
                if (node.me, node.opp, node.state) == (me, opp, state) and node.visits:
                    return node
            layer = [child for node in layer for child in node.children]
        return None


@dataclass(frozen=True)
class SearchResult:
    """The most visited move, its win rate for the mover, the playouts run and reused."""

    cell: int
    win_rate: float
    playouts: int
    reused: int
    moves: tuple[tuple[int, float, int], ...]
    """Every root move searched: its cell, win rate for the mover and visits, most visited first."""
    proven: float | None = None
    """With the solver, when the search proved it: the position's result for the side to move
    (1.0 won, 0.5 drawn, 0.0 lost)."""


def search(
    board: Board,
    rng: random.Random,
    playouts: int,
    budget: Budget,
    exploration: float = EXPLORATION,
    tree: SearchTree | None = None,
    allowed: int | None = None,
    solve: bool = False,
    each_move_once: bool = True,
    playout: Playout | None = None,
) -> SearchResult:
    """Run UCT from ``board`` for up to ``playouts`` new playouts or until the budget ends,
    and answer the most visited of the ``allowed`` moves (any legal move by default).
    ``solve``: back up proven results (MCTS-Solver; see the module's notes). ``playout``: the
    game's own (:data:`~.playouts.Playout`; by default :func:`~.playouts.rules_playout`).

    At least one playout per legal move is run, so the answer is never a blind guess, unless
    ``each_move_once`` is off (the budget comes first: a review's estimates on big boards).
    """
    shape, rules = board.geometry, board.rules
    play_out = rules_playout if playout is None else playout
    me, opp = board.sides()
    root = tree.take(shape, me, opp, board.state) if tree is not None else None
    reused = 0 if root is None else root.visits
    if root is None:
        root = Node(-1, me, opp, board.state, None, _shuffled(board.legal_bits, rng))
    minimum = len(root.untried) if each_move_once else 1
    done = 0
    while done < max(playouts, minimum):
        if done >= minimum and not done % CHECK_EVERY and budget.exhausted():
            break
        if solve and root.proven is not None:
            break  # the result is certain: more playouts change nothing
        node = root
        path = [root]
        while not node.untried and node.children and node.proven is None:
            node = solver_choice(node.children, node.visits, exploration) if solve else node.best_child(exploration)
            path.append(node)
        if node.untried and node.proven is None:
            node = _expand(node, rules, shape, rng)
            path.append(node)
        if node.result is not None:  # the game is over here
            outcome = node.proven = node.result
        elif solve and node.proven is not None:
            outcome = node.proven
        else:
            outcome = play_out(shape, node.me, node.opp, node.state, rng)
        back_up(path, outcome)
        if solve:
            settle_path(path)
        done += 1
    if tree is not None:
        tree.root, tree.shape = root, shape
    candidates = [child for child in root.children if allowed is None or allowed >> child.cell & 1]
    candidates = candidates or root.children
    best = max(proven_first(candidates) if solve else candidates, key=lambda child: child.visits)
    ranked = sorted(root.children, key=lambda child: -child.visits)
    moves = tuple((child.cell, child.wins / child.visits, child.visits) for child in ranked)
    proven = None if root.proven is None else 1.0 - root.proven
    return SearchResult(best.cell, best.wins / best.visits, done, reused, moves, proven)


def _expand(node: Node, rules: Rules, shape: Geometry, rng: random.Random) -> Node:
    cell = node.untried.pop()
    mine = node.me | 1 << cell
    state, result = rules.after(shape, mine, node.opp, node.state, cell)
    if result is None:
        child = Node(cell, node.opp, mine, state, None, _shuffled(rules.legal(shape, node.opp, mine, state), rng))
    else:
        child = Node(cell, node.opp, mine, state, (result + 1) / 2, [])
    node.children.append(child)
    return child


def _shuffled(bits: int, rng: random.Random) -> list[int]:
    cells = cells_of(bits)
    rng.shuffle(cells)
    return cells

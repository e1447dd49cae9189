"""MCTS-Solver for Ultimate tic-tac-toe on its own representation, a whole search on one page.

The rules module keeps a position as two 81-bit words in reading order. Here a side's marks
are one 81-bit word in *board order*: bits ``9 * b`` to ``9 * b + 8`` are small board ``b``'s
nine squares, so a small board is one shift and mask away, and every question the search asks
(the free squares of a board, whether a mark claims it, whether the claims win) is a table
look-up from :mod:`.playout`. A tree node holds the position itself, so descending
the tree and growing it never goes back to the rules.

The search is :mod:`.rules_mcts`'s MCTS-Solver (proven wins and losses backed up, a proven win
played at once, a proven loss avoided, the tree kept between moves) with one more thing the
tables make cheap, *decisive moves*: where the side to move can win the game at once, its node
grows that move alone (so it is proven on its first expansion), and a playout that can win the
game on its move does (see :func:`.playout.playout`). A test plays random
games through this module and the rules and compares every legal move and result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...board import Board
from ...rules.ultimate import BLOCK_MASKS, SLOT_OF
from ..budget import Budget
from ..mcts import back_up, proven_first, settle_path, solver_choice
from ..rules_mcts import SearchResult
from .playout import DECISIVE, FREE, FULL, HAS_LINE, RANDOM, WINNING_SLOTS, Guide, split
from .playout import playout as random_playout

#: UCT's exploration constant, on results from 0 (lost) to 1 (won).
EXPLORATION = 0.5
#: Playouts between two looks at the budget's clock.
CHECK_EVERY = 16
#: How many plies below the old root the tree looks for the new position.
REUSE_DEPTH = 2
#: The shift of each small board's nine bits in a board-order word.
SHIFTS = tuple(9 * board for board in range(9))
#: The reading-order cell of each board-order square (``9 * board + slot``), and back.
CELL_OF = tuple(
    next(cell for cell in range(81) if BLOCK_MASKS[board] >> cell & 1 and SLOT_OF[cell] == slot)
    for board in range(9)
    for slot in range(9)
)
SQUARE_OF = tuple(CELL_OF.index(cell) for cell in range(81))


class Node:
    """A position and its statistics; ``wins`` count for the side that moved into it (draws half).

    ``mine`` and ``theirs`` are the side to move's marks and the other side's (board order);
    ``claims`` packs the side to move's claimed boards (bits 0-8) and the other's (9-17);
    ``target`` is the board the side to move must play in (-1: any open board).
    """

    __slots__ = ("children", "claims", "closed", "mine", "proven", "square", "target", "theirs", "untried", "visits",
                 "wins")  # fmt: skip

    def __init__(self, square: int, mine: int, theirs: int, claims: int, closed: int, target: int) -> None:
        self.square = square
        self.mine, self.theirs, self.claims, self.closed, self.target = mine, theirs, claims, closed, target
        self.untried: list[int] = []
        self.children: list[Node] = []
        self.wins = 0.0
        self.visits = 0
        self.proven: float | None = None
        """The certain result for the side that moved in (1.0 won, 0.5 drawn, 0.0 lost)."""

    def key(self) -> tuple[int, int, int, int, int]:
        """What tells this position apart from any other."""
        return self.mine, self.theirs, self.claims, self.closed, self.target

    def play(self, square: int) -> Node:
        """The child after the side to move marks ``square``, proven when the game ends there."""
        board, slot = divmod(square, 9)
        shift = SHIFTS[board]
        mine = self.mine | 1 << square
        claims = self.claims
        closed = self.closed
        if HAS_LINE[mine >> shift & FULL]:
            claims |= 1 << board
            closed |= 1 << board
        elif (mine | self.theirs) >> shift & FULL == FULL:
            closed |= 1 << board
        target = -1 if closed >> slot & 1 else slot
        child = Node(square, self.theirs, mine, claims >> 9 | (claims & FULL) << 9, closed, target)
        if HAS_LINE[claims & FULL]:
            child.proven = 1.0
        elif closed == FULL:
            child.proven = 0.5
        return child

    def moves(self) -> list[int]:
        """The legal squares, in board order."""
        occupied = self.mine | self.theirs
        boards = (self.target,) if self.target >= 0 else [b for b in range(9) if not self.closed >> b & 1]
        return [9 * board + slot for board in boards for slot in FREE[occupied >> SHIFTS[board] & FULL]]

    def decisive(self) -> int:
        """A square that wins the game at once for the side to move, or -1."""
        occupied = self.mine | self.theirs
        boards = DECISIVE[self.claims & FULL] & ~self.closed
        if self.target >= 0:
            boards &= 1 << self.target
        while boards:
            board = (boards & -boards).bit_length() - 1
            shift = SHIFTS[board]
            wins = WINNING_SLOTS[self.mine >> shift & FULL] & ~(occupied >> shift)
            if wins & FULL:
                return 9 * board + ((wins & -wins).bit_length() - 1)
            boards &= boards - 1
        return -1

    def grow(self, decisive: bool = True) -> None:
        """Fill ``untried`` with the moves to try: only a decisive one when there is one (it
        proves this node at once), else every legal move."""
        winner = self.decisive() if decisive else -1
        self.untried = [winner] if winner >= 0 else self.moves()

    def expand(self, rng: random.Random) -> Node:
        """A new child, by an untried move picked at random."""
        untried = self.untried
        pick = int(rng.random() * len(untried))
        square = untried[pick]
        untried[pick] = untried[-1]
        untried.pop()
        child = self.play(square)
        self.children.append(child)
        return child

    def playout(self, rng: random.Random, finish: bool = True, guide: Guide = RANDOM) -> float:
        """A random game from here (``finish``: taking a win of the game when one is offered;
        ``guide``: see :class:`.playout.Guide`): 1.0 if the side that moved in wins,
        0.5 drawn, 0.0 lost."""
        mine, theirs = self.mine, self.theirs
        won = random_playout(
            [mine >> shift & FULL for shift in SHIFTS],
            [theirs >> shift & FULL for shift in SHIFTS],
            self.claims & FULL,
            self.claims >> 9,
            self.closed,
            self.target,
            rng.random,
            finish=finish,
            take_wins=guide.take_wins,
            avoid_gifts=guide.avoid_gifts,
        )
        return (1 - won) / 2


def root_node(board: Board) -> Node:
    """The node of ``board`` (an Ultimate position, the game not over)."""
    me, opp = board.sides()
    state = board.state
    mine = sum(mask << shift for mask, shift in zip(split(me), SHIFTS, strict=True))
    theirs = sum(mask << shift for mask, shift in zip(split(opp), SHIFTS, strict=True))
    closed = state >> 25 & FULL
    last = (state & 127) - 1
    target = SLOT_OF[last] if last >= 0 and not closed >> SLOT_OF[last] & 1 else -1
    return Node(-1, mine, theirs, (state >> 7 & FULL) | (state >> 16 & FULL) << 9, closed, target)


@dataclass
class SearchTree:
    """The tree of the last search, for the next one to reuse."""

    root: Node | None = None

    def take(self, fresh: Node) -> Node | None:
        """The grown node for ``fresh``'s position within :data:`REUSE_DEPTH` plies of the old root."""
        key = fresh.key()
        layer = [] if self.root is None else [self.root]
        for _ in range(REUSE_DEPTH + 1):
            for node in layer:
                if node.visits and node.key() == key:
                    return node
            layer = [child for node in layer for child in node.children]
        return None


def search(
    board: Board,
    rng: random.Random,
    playouts: int,
    budget: Budget,
    exploration: float = EXPLORATION,
    tree: SearchTree | None = None,
    allowed: int | None = None,
    decisive: bool = True,
    guide: Guide = RANDOM,
) -> SearchResult:
    """Run MCTS-Solver from ``board`` for up to ``playouts`` new playouts or until the budget
    ends, and answer the most visited of the ``allowed`` moves (reading-order cells; any legal
    move by default). At least one playout per legal move is run.

    ``decisive``: moves that win the game at once come first in the tree and are taken in the
    playouts (off only to measure what they bring, as are the playout ``guide`` s)."""
    fresh = root_node(board)
    root = tree.take(fresh) if tree is not None else None
    reused = 0 if root is None else root.visits
    if root is None:
        root = fresh
        root.grow(decisive)
    minimum = len(root.untried)
    done = 0
    while done < max(playouts, minimum):
        if done >= minimum and not done % CHECK_EVERY and budget.exhausted():
            break
        if root.proven is not None:
            break  # the result is certain: more playouts change nothing
        node = root
        path = [root]
        while not node.untried and node.children and node.proven is None:
            node = solver_choice(node.children, node.visits, exploration)
            path.append(node)
        if node.untried and node.proven is None:
            node = node.expand(rng)
            if node.proven is None:
                node.grow(decisive)
            path.append(node)
        outcome = node.proven if node.proven is not None else node.playout(rng, decisive, guide)
        back_up(path, outcome)
        settle_path(path)
        done += 1
    if tree is not None:
        tree.root = root
    candidates = [child for child in root.children if allowed is None or allowed >> CELL_OF[child.square] & 1]
    candidates = candidates or root.children
    best = max(proven_first(candidates), key=lambda child: child.visits)
    ranked = sorted(root.children, key=lambda child: -child.visits)
    moves = tuple((CELL_OF[child.square], child.wins / child.visits, child.visits) for child in ranked)
    proven = None if root.proven is None else 1.0 - root.proven
    return SearchResult(CELL_OF[best.square], best.wins / best.visits, done, reused, moves, proven)

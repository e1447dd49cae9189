"""Iterative-deepening alpha-beta with threat detection, for boards too big to solve exactly.

Exact threat rules hold at every node: a side that can complete a line does so; a side
facing one completing square must take it; a side facing two has lost. Elsewhere the search
looks only at the most promising squares near the marks already down, and scores the
positions it stops at by counting, in every k-window, the marks of a side that still owns it.
It deepens one ply at a time until its budget ends and answers with the best move of the
deepest search it finished.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .board import Board, Geometry, cells_of
from .solver import Budget, SearchAborted

WIN = 1_000_000
#: Moves searched per node (after forced moves), best-looking first.
BRANCHING = 10
#: How often (in nodes) the search looks at its budget: each node costs tens of microseconds.
CHECK_EVERY = 16
MAX_DEPTH = 64


@dataclass(frozen=True)
class SearchOutcome:
    """The chosen move, its score for the mover, how deep the finished search went."""

    cell: int
    score: int
    depth: int
    nodes: int
    scores: dict[int, int]
    """Score of every root move at ``depth`` (best first when sorted)."""

    @property
    def forced_win(self) -> bool:
        return self.score >= WIN - MAX_DEPTH

    @property
    def forced_loss(self) -> bool:
        return self.score <= -WIN + MAX_DEPTH


@dataclass(frozen=True, eq=False)
class _Tables:
    weights: tuple[int, ...]
    neighbours: tuple[int, ...]
    """For each cell, the mask of cells within two steps."""


@cache
def _tables(shape: Geometry) -> _Tables:
    weights = tuple(0 if count == 0 else 8**count for count in range(shape.k + 1))
    neighbours = []
    for cell in range(shape.cells):
        row, col = divmod(cell, shape.cols)
        mask = 0
        for r in range(max(0, row - 2), min(shape.rows, row + 3)):
            for c in range(max(0, col - 2), min(shape.cols, col + 3)):
                mask |= 1 << (r * shape.cols + c)
        neighbours.append(mask & ~(1 << cell))
    return _Tables(weights, tuple(neighbours))


class _Search:
    def __init__(self, shape: Geometry, budget: Budget) -> None:
        self.shape = shape
        self.tables = _tables(shape)
        self.budget = budget
        self.nodes = 0

    def evaluate(self, me: int, opp: int) -> int:
        """Window count for the side to move: its live windows minus the opponent's."""
        weights = self.tables.weights
        score = 0
        for line in self.shape.lines:
            mine, theirs = line & me, line & opp
            if mine and not theirs:
                score += weights[mine.bit_count()]
            elif theirs and not mine:
                score -= weights[theirs.bit_count()]
        return score

    def candidates(self, me: int, opp: int) -> tuple[list[int], bool, int]:
        """Moves worth trying, best first; whether the first one wins; how many squares the
        opponent threatens to complete."""
        occupied = me | opp
        free = self.shape.full & ~occupied
        if not occupied:
            centre = (self.shape.rows // 2) * self.shape.cols + self.shape.cols // 2
            return [centre], False, 0
        near = 0
        for cell in cells_of(occupied):
            near |= self.tables.neighbours[cell]
        near &= free
        k, weights, through = self.shape.k, self.tables.weights, self.shape.lines_through
        scored: list[tuple[int, int]] = []
        wins: list[int] = []
        blocks: list[int] = []
        for cell in cells_of(near):
            value = 0
            wins_here = blocks_here = False
            for line in through[cell]:
                mine, theirs = line & me, line & opp
                if not theirs:
                    count = mine.bit_count()
                    value += weights[count + 1] if count + 1 <= k else 0
                    wins_here |= count == k - 1
                elif not mine:
                    count = theirs.bit_count()
                    value += weights[count + 1] // 2
                    blocks_here |= count == k - 1
            if wins_here:
                wins.append(cell)
            if blocks_here:
                blocks.append(cell)
            scored.append((value, cell))
        if wins:
            return wins[:1], True, len(blocks)
        if blocks:
            return blocks, False, len(blocks)
        scored.sort(reverse=True)
        return [cell for _, cell in scored[:BRANCHING]], False, 0

    def search(self, me: int, opp: int, depth: int, ply: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and self.budget.exhausted(self.nodes):
            raise SearchAborted
        moves, winning, threats = self.candidates(me, opp)
        if winning:
            return WIN - ply - 1
        if threats >= 2:
            return -(WIN - ply - 2)  # one block, then the other square completes a line
        if not moves:
            return 0  # the board is full
        if depth <= 0 and not threats:
            return self.evaluate(me, opp)
        best = -WIN
        for cell in moves:
            score = -self.search(opp, me | (1 << cell), depth - 1, ply + 1, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best


def search(board: Board, budget: Budget, *, every_score: bool = False) -> SearchOutcome:
    """Deepen until the budget ends (at least depth 1 always finishes).

    With ``every_score`` each root move gets a full-window search, so every score is the
    search's own estimate rather than a bound (slower; for analysis).
    """
    shape = board.geometry
    me, opp = board.sides()
    state = _Search(shape, budget)
    moves, winning, threats = state.candidates(me, opp)
    if winning or threats >= 2 or len(moves) == 1:
        score = WIN - 1 if winning else (-(WIN - 2) if threats >= 2 else 0)
        return SearchOutcome(moves[0], score, 1, 1, {moves[0]: score})
    free = cells_of(board.empty_bits)
    if len(moves) < len(free) and len(free) <= BRANCHING:
        moves = free
    best: SearchOutcome | None = None
    order = list(moves)
    for depth in range(1, min(MAX_DEPTH, len(free)) + 1):
        if depth > 1 and budget.exhausted(state.nodes):
            break
        scores: dict[int, int] = {}
        alpha = -WIN - 1
        try:
            for cell in order:
                window = -WIN - 1 if every_score else alpha
                score = -state.search(opp, me | (1 << cell), depth - 1, 1, -WIN - 1, -window)
                scores[cell] = score
                alpha = max(alpha, score)
        except SearchAborted:
            break
        order.sort(key=lambda cell: -scores[cell])
        best = SearchOutcome(order[0], scores[order[0]], depth, state.nodes, dict(scores))
        if best.forced_win or best.forced_loss:
            break  # decided
    if best is None:  # not even depth 1 finished: take the best-looking move
        best = SearchOutcome(order[0], 0, 0, state.nodes, {})
    return best

"""Iterative-deepening alpha-beta with threat detection, for boards too big to solve exactly.

Exact threat rules hold at every node: a side that can complete a line does so; a side
facing one completing square must take it; a side facing two has lost. Elsewhere the search
looks only at the most promising squares near the marks already down, and scores the
positions it stops at by counting, in every k-window, the marks of a side that still owns it.
Those counts, and each square's worth to each side, are kept up to date move by move rather
than recounted at every node.
It deepens one ply at a time until its budget ends and answers with the best move of the
deepest search it finished.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..board import Board, Geometry, cells_of
from .budget import Budget
from .solver import SearchAborted

WIN = 1_000_000
#: A live window holding n marks is worth MARK_WEIGHT ** n to its side.
MARK_WEIGHT = 8
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

    @staticmethod
    def proven(score: int) -> float | None:
        """A score's result for the mover where the search found it forced (1.0 won, 0.0
        lost), else None."""
        return 1.0 if score >= WIN - MAX_DEPTH else 0.0 if score <= -WIN + MAX_DEPTH else None

    @property
    def forced_loss(self) -> bool:
        return self.score <= -WIN + MAX_DEPTH


@dataclass(frozen=True, eq=False)
class _Tables:
    windows: tuple[int, ...]
    """Every k-window as a mask (the geometry's lines)."""
    window_cells: tuple[tuple[int, ...], ...]
    windows_through: tuple[tuple[int, ...], ...]
    """For each cell, the indices of the windows that contain it."""
    neighbours: tuple[int, ...]
    """For each cell, the mask of cells within two steps."""
    changes: tuple[tuple[tuple[int, int, int], ...], ...]
    """``changes[mine][theirs]``: what one more mark of a side does to a window holding
    ``mine`` of its marks and ``theirs`` of the other side's (see :class:`_Position`)."""


def _window_changes(k: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    # A live window holding n marks is worth weights[n] to its side; a square in it is worth
    # weights[n + 1] to that side (a mark there) and half that to the other (a block there),
    # except that an empty window counts only once, for the side choosing.
    weights = [0] + [MARK_WEIGHT ** min(count, k) for count in range(1, k + 3)]
    table = []
    for mine in range(k + 1):
        row = []
        for theirs in range(k + 1):
            own_attack = weights[mine + 2] - weights[mine + 1] if not theirs else 0
            other_attack = -weights[theirs + 1] if not mine else 0
            empty = weights[1] if not mine and not theirs else 0  # no longer counted once only
            own_value = own_attack + (other_attack + empty) // 2
            other_value = other_attack + (own_attack + empty) // 2
            balance = (weights[mine + 1] - weights[mine] if not theirs else 0) + (weights[theirs] if not mine else 0)
            row.append((own_value, other_value, balance))
        table.append(tuple(row))
    return tuple(table)


@cache
def _tables(shape: Geometry) -> _Tables:
    window_cells = tuple(tuple(cells_of(window)) for window in shape.lines)
    through: list[list[int]] = [[] for _ in range(shape.cells)]
    for index, cells in enumerate(window_cells):
        for cell in cells:
            through[cell].append(index)
    neighbours = []
    for cell in range(shape.cells):
        row, col = divmod(cell, shape.cols)
        mask = 0
        for r in range(max(0, row - 2), min(shape.rows, row + 3)):
            for c in range(max(0, col - 2), min(shape.cols, col + 3)):
                mask |= 1 << (r * shape.cols + c)
        neighbours.append(mask & ~(1 << cell))
    return _Tables(
        shape.lines,
        window_cells,
        tuple(tuple(indices) for indices in through),
        tuple(neighbours),
        _window_changes(shape.k),
    )


class _Position:
    """A position kept up to date move by move, so no node rescans the board.

    Sides are 0 (the side to move at the root) and 1. Per window it counts each side's
    marks; per side and cell it keeps how good a mark there would be (the value of the live
    windows through the cell for that side, plus half their value to the other side); per
    side it knows the squares that would complete a line (a window holding k-1 of its marks
    and none of the other side's); and it keeps the window count of side 0 minus side 1.
    Taking a mark back runs the same bookkeeping in reverse.
    """

    def __init__(self, shape: Geometry, me: int, opp: int) -> None:
        self.shape = shape
        self.tables = tables = _tables(shape)
        windows = len(tables.windows)
        self.stones = [0, 0]
        self.counts = [[0] * windows, [0] * windows]
        self.value = [[MARK_WEIGHT * len(indices) for indices in tables.windows_through] for _ in range(2)]
        self.completing = [[0] * shape.cells, [0] * shape.cells]
        self.completing_mask = [0, 0]
        self.balance = 0
        self.near = 0
        self.near_stack: list[int] = []
        for side, bits in ((0, me), (1, opp)):
            for cell in cells_of(bits):
                self.place(cell, side)

    def place(self, cell: int, side: int) -> None:
        """Put a mark of ``side`` on the empty ``cell`` (which does not complete a line)."""
        self.stones[side] |= 1 << cell
        self._update(cell, side, 1)
        self.near_stack.append(self.near)
        self.near |= self.tables.neighbours[cell]

    def take_back(self, cell: int, side: int) -> None:
        """Undo :meth:`place`."""
        self.near = self.near_stack.pop()
        self._update(cell, side, -1)
        self.stones[side] &= ~(1 << cell)

    def _update(self, cell: int, side: int, sign: int) -> None:
        # Runs with the mark on the board both ways; ``mine`` and ``theirs`` count without it.
        tables, k = self.tables, self.shape.k
        changes, window_cells = tables.changes, tables.window_cells
        own_counts, other_counts = self.counts[side], self.counts[1 - side]
        own_value, other_value = self.value[side], self.value[1 - side]
        occupied = self.stones[0] | self.stones[1]
        balance = 0
        for index in tables.windows_through[cell]:
            mine, theirs = own_counts[index], other_counts[index]
            if sign > 0:
                own_counts[index] = mine + 1
            else:
                mine -= 1
                own_counts[index] = mine
            if mine and theirs:
                continue  # a dead window stays dead
            own_change, other_change, window_balance = changes[mine][theirs]
            balance += window_balance
            if sign < 0:
                own_change, other_change = -own_change, -other_change
            for member in window_cells[index]:
                own_value[member] += own_change
                other_value[member] += other_change
            if not theirs and mine + 2 == k:  # with this mark the window lacks one square
                gap = tables.windows[index] & ~occupied
                self._count_completing(side, gap.bit_length() - 1, sign)
            elif not mine and theirs + 1 == k:  # this mark fills the other side's gap
                self._count_completing(1 - side, cell, -sign)
        self.balance += sign * balance if side == 0 else -sign * balance

    def _count_completing(self, side: int, cell: int, change: int) -> None:
        counts = self.completing[side]
        counts[cell] += change
        if counts[cell]:
            self.completing_mask[side] |= 1 << cell
        else:
            self.completing_mask[side] &= ~(1 << cell)


class _Search:
    def __init__(self, shape: Geometry, budget: Budget, me: int, opp: int) -> None:
        self.shape = shape
        self.position = _Position(shape, me, opp)
        self.budget = budget
        self.nodes = 0

    def evaluate(self, side: int) -> int:
        """Window count for ``side``: its live windows minus the opponent's."""
        balance = self.position.balance
        return balance if side == 0 else -balance

    def candidates(self, side: int) -> tuple[list[int], bool, int]:
        """Moves worth trying for ``side``, best first; whether the first one wins; how many
        squares the opponent threatens to complete."""
        position = self.position
        occupied = position.stones[0] | position.stones[1]
        if not occupied:
            centre = (self.shape.rows // 2) * self.shape.cols + self.shape.cols // 2
            return [centre], False, 0
        wins = position.completing_mask[side]
        blocks = position.completing_mask[1 - side]
        if wins:
            return [(wins & -wins).bit_length() - 1], True, blocks.bit_count()
        if blocks:
            return cells_of(blocks), False, blocks.bit_count()
        value = position.value[side]
        free_near = position.near & ~occupied
        scored = [(value[cell], cell) for cell, bit in enumerate(bin(free_near)[:1:-1]) if bit == "1"]
        scored.sort(reverse=True)
        return [cell for _, cell in scored[:BRANCHING]], False, 0

    def search(self, side: int, depth: int, ply: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and self.budget.exhausted(self.nodes):
            raise SearchAborted
        moves, winning, threats = self.candidates(side)
        if winning:
            return WIN - ply - 1
        if threats >= 2:
            return -(WIN - ply - 2)  # one block, then the other square completes a line
        if not moves:
            return 0  # the board is full
        if depth <= 0 and not threats:
            return self.evaluate(side)
        best = -WIN
        position = self.position
        for cell in moves:
            position.place(cell, side)
            score = -self.search(1 - side, depth - 1, ply + 1, -beta, -alpha)
            position.take_back(cell, side)  # (an aborted search discards the position)
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
    state = _Search(shape, budget, me, opp)
    moves, winning, threats = state.candidates(0)
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
                state.position.place(cell, 0)
                score = -state.search(1, depth - 1, 1, -WIN - 1, -window)
                state.position.take_back(cell, 0)
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

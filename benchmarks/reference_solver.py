"""The exact solver as it was before the 5×5 work, kept for ``bench_solver.py`` to measure against.

Exact solver: negamax with alpha-beta, a transposition table and symmetry reduction.

Scores are absolute, so they need no adjustment between plies or in the table: a side that
wins with ``e`` cells still empty after its winning mark scores ``e + 1``; the loser scores
``-(e + 1)``; a draw scores 0. A faster win leaves more cells empty and so scores higher, and
a slower loss scores higher than a fast one. From a position with ``E`` empty cells, a
decided score ``s`` ends the game after ``E - |s| + 1`` plies.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Protocol

from tictactoe_tui.engine.board import Board, Geometry, Move, winning_cells

#: The solver keeps symmetric positions apart only when this few marks are on the board;
#: deeper in the tree the canonical form costs more than the positions it merges save.
SYMMETRY_MAX_MARKS = 8
#: Transposition table entries kept per geometry before the table is cleared.
TABLE_LIMIT = 3_000_000
#: How often (in nodes) the search looks at its deadline and cancel event.
CHECK_EVERY = 1024


class CancelFlag(Protocol):
    """Anything that says whether a search was cancelled (``threading.Event``,
    ``multiprocessing.Event``)."""

    def is_set(self) -> bool: ...


class SearchAborted(Exception):
    """Raised inside the search when its deadline passes or it is cancelled."""


@dataclass(frozen=True)
class Budget:
    """Limits for one search: a ``time.monotonic()`` deadline, a cancel event, a node count.

    A node limit (unlike a deadline) gives the same answer on every run.
    """

    deadline: float | None = None
    cancel: CancelFlag | None = None
    max_nodes: int | None = None

    @classmethod
    def seconds(cls, seconds: float | None, cancel: CancelFlag | None = None) -> Budget:
        """A budget that ends ``seconds`` from now (None: no time limit)."""
        deadline = None if seconds is None else time.monotonic() + seconds
        return cls(deadline, cancel)

    def share(self, fraction: float) -> Budget:
        """This budget with its deadline moved to ``fraction`` of the time left."""
        remaining = self.remaining()
        if remaining is None:
            return self
        return Budget(time.monotonic() + remaining * fraction, self.cancel, self.max_nodes)

    def with_max_nodes(self, max_nodes: int | None) -> Budget:
        """This budget with a node limit added (None keeps it as it is)."""
        if max_nodes is None:
            return self
        return Budget(self.deadline, self.cancel, max_nodes)

    def exhausted(self, nodes: int = 0) -> bool:
        """True once the deadline has passed, the search was cancelled or ``nodes`` is too many."""
        if self.max_nodes is not None and nodes >= self.max_nodes:
            return True
        if self.cancel is not None and self.cancel.is_set():
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None when unlimited)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())


UNLIMITED = Budget()


@dataclass(frozen=True)
class MoveValue:
    """The exact outcome of one move for the side playing it."""

    move: Move
    value: int
    """+1 win, 0 draw, -1 loss, with perfect play by both sides afterwards."""
    plies: int
    """Plies from the position before this move until the game ends (this move counts)."""
    score: int
    """The solver's absolute score: higher is better for the mover."""


@dataclass(frozen=True)
class Analysis:
    """Values of a position's legal moves, best first. Incomplete when the budget ran out."""

    board: Board
    moves: tuple[MoveValue, ...]
    complete: bool
    nodes: int
    seconds: float

    @property
    def value(self) -> int | None:
        """The position's value for the side to move (None when unsolved)."""
        return self.moves[0].value if self.complete and self.moves else None

    @property
    def plies(self) -> int | None:
        """Plies to the end under perfect play (None when unsolved)."""
        return self.moves[0].plies if self.complete and self.moves else None

    @cached_property
    def best_moves(self) -> tuple[MoveValue, ...]:
        """The moves that share the best score (empty when unsolved)."""
        if not self.complete or not self.moves:
            return ()
        top = self.moves[0].score
        return tuple(mv for mv in self.moves if mv.score == top)


def _plies(empty_count: int, score: int) -> int:
    return empty_count if score == 0 else empty_count - abs(score) + 1


def _value(score: int) -> int:
    return (score > 0) - (score < 0)


@dataclass
class Solver:
    """Solves positions of one geometry; the table and finished analyses persist between calls.

    Safe to share between threads: each search keeps its own counters, and the shared
    dictionaries only ever hold proven bounds.
    """

    geometry: Geometry
    table: dict[int, tuple[int, int]] = field(default_factory=dict)
    finished: dict[tuple[int, int], Analysis] = field(default_factory=dict)

    def analyze(self, board: Board, budget: Budget = UNLIMITED) -> Analysis:
        """Exact value and plies of every legal move of ``board``, best first."""
        if board.geometry is not self.geometry:
            raise ValueError(f"{board!r} does not fit a solver for {self.geometry!r}")
        cached = self.solved(board)
        if cached is not None:
            return cached
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        search = _Search(self.geometry, self.table, budget)
        started = time.perf_counter()
        me, opp = board.sides()
        empty_count = self.geometry.cells - board.move_count
        results: list[MoveValue] = []
        complete = True
        if not board.is_over:
            try:
                for cell in self._root_order(board):
                    bit = 1 << cell
                    score = search.exact_after(me, opp, bit, empty_count)
                    results.append(MoveValue(board.move_at(cell), _value(score), _plies(empty_count, score), score))
            except SearchAborted:
                complete = False
        results.sort(key=lambda mv: -mv.score)
        analysis = Analysis(board, tuple(results), complete, search.nodes, time.perf_counter() - started)
        if complete:
            self.finished[(board.x_bits, board.o_bits)] = analysis
        return analysis

    def solved(self, board: Board) -> Analysis | None:
        """The finished analysis of ``board`` if this solver has one."""
        return self.finished.get((board.x_bits, board.o_bits))

    def _root_order(self, board: Board) -> list[int]:
        free = board.empty_bits
        return [cell for cell in self.geometry.move_order if free >> cell & 1]


class _Search:
    """One search's state: the counters and limits, over a shared table."""

    def __init__(self, shape: Geometry, table: dict[int, tuple[int, int]], budget: Budget) -> None:
        self.shape = shape
        self.cells = shape.cells
        self.lines = shape.lines
        self.order_bits = tuple(1 << cell for cell in shape.move_order)
        self.table = table
        self.budget = budget
        self.nodes = 0
        self.symmetry_tables = _chunk_tables(shape) if shape.cells <= 64 else None

    def exact_after(self, me: int, opp: int, bit: int, empty_count: int) -> int:
        """Exact score, for the mover, of playing ``bit`` from the position ``(me, opp)``."""
        mine = me | bit
        if self.shape.completes_line(mine, bit.bit_length() - 1):
            return empty_count  # wins at once: empty_count - 1 cells left, plus one
        low, high = -empty_count, empty_count
        while low < high:  # bisect with null windows; 0 and -1 first settle win/draw/loss
            if low <= 0 < high:
                probe = 0
            elif low <= -1 < high:
                probe = -1
            else:
                probe = low + (high - low) // 2
            result = -self.search(opp, mine, -(probe + 1), -probe)
            if result <= probe:
                high = result
            else:
                low = result
        return low

    def key(self, me: int, opp: int, marks: int) -> int:
        """Transposition key; symmetric positions share it while few marks are down."""
        cells = self.cells
        if marks > SYMMETRY_MAX_MARKS or self.symmetry_tables is None:
            return me << cells | opp
        best = -1
        for chunks in self.symmetry_tables:
            a = b = 0
            m, o = me, opp
            for table in chunks:
                a |= table[m & 0xFF]
                b |= table[o & 0xFF]
                m >>= 8
                o >>= 8
            key = a << cells | b
            if best < 0 or key < best:
                best = key
        return best

    def search(self, me: int, opp: int, alpha: int, beta: int) -> int:
        """Fail-soft negamax score of ``(me, opp)``, side ``me`` to move, no win on the board."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and self.budget.exhausted(self.nodes):
            raise SearchAborted
        occupied = me | opp
        marks = occupied.bit_count()
        empty_count = self.cells - marks
        if not empty_count:
            return 0
        lines = self.lines
        if winning_cells(me, opp, lines):
            return empty_count
        threats = winning_cells(opp, me, lines)
        if threats & (threats - 1):
            return -(empty_count - 1)  # two threats: one is blocked, the other wins next ply
        # We cannot win now: our earliest win is two plies on. The opponent has at most one
        # threat, which we must block, and cannot make a new one in time to win next ply.
        ceiling = empty_count - 2 if empty_count >= 3 else 0
        floor = -(empty_count - 3) if empty_count >= 4 else 0
        if beta > ceiling:
            beta = ceiling
            if alpha >= beta:
                return beta
        if alpha < floor:
            alpha = floor
            if alpha >= beta:
                return alpha
        key = self.key(me, opp, marks)
        entry = self.table.get(key)
        if entry is not None:
            lower, upper = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        else:
            lower, upper = -self.cells - 1, self.cells + 1
        alpha0 = alpha
        best = -self.cells - 1
        candidates = (threats,) if threats else self.order_bits
        free = ~occupied
        for bit in candidates:
            if not bit & free:
                continue
            score = -self.search(opp, me | bit, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if best <= alpha0:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.table[key] = (lower, upper)
        return best


@cache
def _chunk_tables(shape: Geometry) -> list[list[list[int]]]:
    """Per symmetry, per byte of the bitboard: a table from byte value to permuted bits."""
    tables = []
    for perm in shape.symmetries:
        chunks = []
        for start in range(0, shape.cells, 8):
            table = [0] * 256
            for value in range(1, 256):
                low = value & -value
                cell = start + low.bit_length() - 1
                table[value] = table[value ^ low] | (1 << perm[cell] if cell < shape.cells else 0)
            chunks.append(table)
        tables.append(chunks)
    return tables


_solvers: dict[Geometry, Solver] = {}
_solvers_lock = threading.Lock()


def solver_for(shape: Geometry) -> Solver:
    """The process-wide solver for a geometry, created on first use."""
    solver = _solvers.get(shape)
    if solver is not None:
        return solver
    with _solvers_lock:
        solver = _solvers.get(shape)
        if solver is None:
            solver = _solvers[shape] = Solver(shape)
        return solver


def analyze(board: Board, budget: Budget = UNLIMITED) -> Analysis:
    """Exact values of every legal move of ``board`` (see :class:`Analysis`)."""
    return solver_for(board.geometry).analyze(board, budget)

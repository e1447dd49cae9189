"""Exact solver for any game's rules: negamax with alpha-beta and a transposition table.

It asks the board's rules (:class:`~..rules.base.Rules`) for the legal moves and each move's
result, so it solves Gravity, Misère and Ultimate positions alike; the classic game has its
own, much faster solver (:mod:`.solver`), which knows that only lines matter.

Scores are those of :mod:`.solver`: a side that wins with ``e`` cells still empty after its
winning mark scores ``e + 1``, the loser ``-(e + 1)``, a draw 0, so a faster win scores
higher, and :class:`~.solver.Analysis` reads the same for every game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..board import Board, Geometry, cells_of
from .budget import UNLIMITED, Budget
from .solver import CHECK_EVERY, TABLE_LIMIT, Analysis, SearchAborted, analyze_moves

#: Table entries: the lowest and highest score proven, and the best move found.
_Entry = tuple[int, int, int]


@dataclass
class RulesSolver:
    """Solves positions of one geometry under its rules; the table persists between calls."""

    geometry: Geometry
    table: dict[tuple[int, int, int], _Entry] = field(default_factory=dict)
    finished: dict[tuple[int, int, int], Analysis] = field(default_factory=dict)

    def analyze(self, board: Board, budget: Budget = UNLIMITED) -> Analysis:
        """Exact value and plies of every legal move of ``board``, best first."""
        if board.geometry is not self.geometry:
            raise ValueError(f"{board!r} does not fit a solver for {self.geometry!r}")
        key = (board.x_bits, board.o_bits, board.state)
        cached = self.finished.get(key)
        if cached is not None:
            return cached
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        search = _Search(self.geometry, self.table, budget)
        me, opp = board.sides()
        empty = self.geometry.cells - board.move_count

        def exact_score(cell: int) -> int:
            return search.score_of(me, opp, board.state, cell, empty, -empty, empty)

        analysis = analyze_moves(board, search.ordered(board.legal_bits, None), exact_score, search)
        if analysis.complete:
            self.finished[key] = analysis
        return analysis


class _Search:
    """One search's counters and limits over a shared table."""

    def __init__(self, shape: Geometry, table: dict[tuple[int, int, int], _Entry], budget: Budget) -> None:
        self.shape = shape
        self.rules = shape.rules
        self.table = table
        self.budget = budget
        self.nodes = 0
        self.rank = {cell: index for index, cell in enumerate(shape.move_order)}

    def ordered(self, legal: int, first: int | None) -> list[int]:
        """Legal cells, the table's best move first, then the shape's most promising."""
        cells = sorted(cells_of(legal), key=self.rank.__getitem__)
        if first is not None and legal >> first & 1:
            cells.remove(first)
            cells.insert(0, first)
        return cells

    def score_of(self, me: int, opp: int, state: int, cell: int, empty_count: int, alpha: int, beta: int) -> int:
        """Score for the mover of marking ``cell`` in ``(me, opp, state)``."""
        mine = me | 1 << cell
        next_state, result = self.rules.after(self.shape, mine, opp, state, cell)
        if result is not None:
            return result * empty_count
        return -self.search(opp, mine, next_state, -beta, -alpha, empty_count - 1)

    def search(self, me: int, opp: int, state: int, alpha: int, beta: int, empty_count: int) -> int:
        """Negamax score of the position for its mover, exact when inside ``(alpha, beta)``."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and self.budget.exhausted(self.nodes):
            raise SearchAborted
        key = (me, opp, state)
        entry = self.table.get(key)
        best_cell = None
        if entry is not None:
            low, high, best_cell = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        legal = self.rules.legal(self.shape, me, opp, state)
        if not legal:
            return 0
        best = -empty_count - 1
        best_move = -1
        for cell in self.ordered(legal, best_cell):
            score = self.score_of(me, opp, state, cell, empty_count, alpha, beta)
            if score > best:
                best, best_move = score, cell
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        low, high = (best, empty_count) if best >= start_beta else (-empty_count, best)
        if start_alpha < best < start_beta:
            low = high = best
        if entry is not None:
            low, high = max(low, entry[0]), min(high, entry[1])
        self.table[key] = (low, high, best_move)
        return best

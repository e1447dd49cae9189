"""Alpha-beta for Gravity (Connect Four and its relatives), with its threat rules.

Marks fall, so a square that would complete a line (a *threat*) matters long before it can
be played. The search is exact about what it can see: a side that can complete a line does,
a side facing two playable threats has lost, a side facing one must block it, and a move
that lets the opponent complete a line on the square above it comes last. Where it stops,
positions are scored by the live windows each side holds and by its threats, weighted by
the rows they sit on: counted from the bottom, odd rows favour the first player (X) and even
rows the second (O), because zugzwang fills the columns in that order.
It deepens one ply at a time with a transposition table and a history of the moves that cut
searches off (tried earlier next time), until its node limit or deadline.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..board import Board, Geometry, cells_of
from .alphabeta import MAX_DEPTH, WIN, SearchOutcome
from .solver import Budget, SearchAborted

#: A live window holding n marks is worth MARK_WEIGHT ** n to its side.
MARK_WEIGHT = 6
#: The lowest threat of a column on a row of its owner's parity, on the other parity, and any
#: threat above another in its column.
GOOD_THREAT, OTHER_THREAT, HIGHER_THREAT = 1500, 200, 60
#: One side holds a threat of its parity and the other none: zugzwang should win it the game.
ZUGZWANG = 20_000
#: How often (in nodes) the search looks at its budget.
CHECK_EVERY = 64


@dataclass(frozen=True, eq=False)
class _Tables:
    floor: int
    rank: dict[int, int]
    """Cells by column, centre columns first."""
    odd_rows: int
    """Cells on odd rows counted from the bottom (1, 3, 5 …): X's good threat squares."""
    columns: tuple[int, ...]
    """The cells of each column."""
    worth: tuple[int, ...]
    """A live window's worth to its side by the marks in it (MARK_WEIGHT ** marks)."""


@cache
def _tables(shape: Geometry) -> _Tables:
    rows, cols = shape.rows, shape.cols
    centre = (cols - 1) / 2
    rank = {cell: index for index, cell in enumerate(sorted(range(shape.cells), key=lambda c: abs(c % cols - centre)))}
    odd_rows = sum(1 << cell for cell in range(shape.cells) if (rows - cell // cols) % 2 == 1)
    floor = shape.full >> (shape.cells - cols) << (shape.cells - cols)
    columns = tuple(sum(1 << (row * cols + col) for row in range(rows)) for col in range(cols))
    worth = tuple(MARK_WEIGHT**marks for marks in range(shape.k + 1))
    return _Tables(floor, rank, odd_rows, columns, worth)


class _Search:
    def __init__(self, shape: Geometry, budget: Budget) -> None:
        self.shape = shape
        self.tables = _tables(shape)
        self.budget = budget
        self.nodes = 0
        self.table: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        """(me, opp) → (depth, low, high, best cell)."""
        self.history = [0] * shape.cells
        """Per cell, how often (weighted by depth) a move there cut a search off."""

    def playable(self, me: int, opp: int) -> int:
        occupied = me | opp
        return self.shape.full & ~occupied & (occupied >> self.shape.cols | self.tables.floor)

    def threats(self, own: int, other: int) -> int:
        """Empty squares where ``own`` would complete a line."""
        return self.scan(own, other)[0]

    def scan(self, me: int, opp: int) -> tuple[int, int, int]:
        """One pass over the lines: each side's threat squares, and the live windows' score for
        the side to move (``me``)."""
        mine = theirs = score = 0
        worth = self.tables.worth
        for line in self.shape.lines:
            own, other = line & me, line & opp
            if not other:
                score += worth[own.bit_count()]
                missing = line ^ own
                if not missing & (missing - 1):
                    mine |= missing
            if not own:
                score -= worth[other.bit_count()]
                missing = line ^ other
                if not missing & (missing - 1):
                    theirs |= missing
        return mine, theirs, score

    def threat_balance(self, me: int, opp: int, mine: int, theirs: int) -> int:
        """Threats, column by column, for the side to move. The lowest threat of a column is the
        one that counts (the column fills up to it first), worth most on a row of its owner's
        parity. Zugzwang decides the rest: a first player (X) with such an odd threat and no
        even threat of the second player (O) against it wins as the columns fill, and so does
        O with an even threat when X has no odd one."""
        odd = self.tables.odd_rows
        me_is_x = me.bit_count() == opp.bit_count()
        good_mine = mine & (odd if me_is_x else ~odd)
        good_theirs = theirs & (~odd if me_is_x else odd)
        score = 0
        decisive_mine = decisive_theirs = False
        for column in self.tables.columns:
            both = (mine | theirs) & column
            if not both:
                continue
            lowest = 1 << (both.bit_length() - 1)  # the highest cell index is the lowest row
            if lowest & mine:
                decisive_mine |= bool(lowest & good_mine)
                score += GOOD_THREAT if lowest & good_mine else OTHER_THREAT
            if lowest & theirs:
                decisive_theirs |= bool(lowest & good_theirs)
                score -= GOOD_THREAT if lowest & good_theirs else OTHER_THREAT
            above = both & ~lowest
            score += HIGHER_THREAT * ((above & mine).bit_count() - (above & theirs).bit_count())
        if decisive_mine != decisive_theirs:
            score += ZUGZWANG if decisive_mine else -ZUGZWANG
        return score

    def ordered(self, moves: int, first: int, opp_threats: int) -> list[int]:
        """Moves: the table's best first; moves that open the square above to an opponent's
        threat last; between them, those that cut off searches most often, then centre columns."""
        cols = self.shape.cols
        rank, history = self.tables.rank, self.history

        def key(cell: int) -> tuple[bool, bool, int, int]:
            opens_threat = cell >= cols and bool(opp_threats >> (cell - cols) & 1)
            return (cell != first, opens_threat, -history[cell], rank[cell])

        return sorted(cells_of(moves), key=key)

    def search(self, me: int, opp: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and self.budget.exhausted(self.nodes):
            raise SearchAborted
        moves = self.playable(me, opp)
        if not moves:
            return 0
        mine, theirs, windows = self.scan(me, opp)
        if mine & moves:
            return WIN - ply
        opp_wins = theirs & moves
        if opp_wins & (opp_wins - 1):
            return -(WIN - ply - 1)
        if opp_wins:
            moves = opp_wins  # the one block
        elif depth <= 0:
            return windows + self.threat_balance(me, opp, mine, theirs)
        key = (me, opp)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            stored_depth, low, high, first = entry
            if stored_depth >= depth:
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
        start_alpha = alpha
        best, best_cell = -WIN - 1, first
        for cell in self.ordered(moves, first, theirs):
            score = -self.search(opp, me | 1 << cell, depth - 1, -beta, -alpha, ply + 1)
            if score > best:
                best, best_cell = score, cell
                alpha = max(alpha, score)
                if alpha >= beta:
                    self.history[cell] += depth * depth
                    break
        low = best if best > start_alpha else -WIN - 1
        high = best if best < beta else WIN + 1
        self.table[key] = (depth, low, high, best_cell)
        return best


def search(board: Board, budget: Budget) -> SearchOutcome:
    """Iterative deepening from ``board`` (a Gravity position, not over) until the budget ends."""
    searcher = _Search(board.geometry, budget)
    me, opp = board.sides()
    moves = board.legal_bits
    root_threats = searcher.threats(opp, me)
    best_scores: dict[int, int] = {}
    finished_depth = 0
    empty = board.geometry.cells - board.move_count
    for depth in range(1, min(MAX_DEPTH, empty) + 1):
        scores: dict[int, int] = {}
        alpha = -WIN - 1
        try:
            first = max(best_scores, key=best_scores.__getitem__) if best_scores else -1
            for cell in searcher.ordered(moves, first, root_threats):
                if board.geometry.completes_line(me | 1 << cell, cell):
                    scores[cell] = WIN - 1
                else:
                    scores[cell] = -searcher.search(opp, me | 1 << cell, depth - 1, -WIN - 1, -alpha + 1, 1)
                alpha = max(alpha, scores[cell])
        except SearchAborted:
            break
        best_scores, finished_depth = scores, depth
        top = max(scores.values())
        if top >= WIN - MAX_DEPTH or (top <= -WIN + MAX_DEPTH and min(scores.values()) == top):
            break
    if not best_scores:  # not even depth 1 finished: the one-ply threat rules decide
        best_scores = dict.fromkeys(cells_of(moves), 0)
    top = max(best_scores.values())
    cell = next(c for c in searcher.ordered(moves, -1, root_threats) if best_scores.get(c) == top)
    return SearchOutcome(cell, top, finished_depth, searcher.nodes, best_scores)

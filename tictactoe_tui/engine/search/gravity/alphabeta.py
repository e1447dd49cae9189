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

Positions are the exact solver's bitboards (:class:`.solver.Layout`), so threats
come from a few shifts rather than a pass over every line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache

from ...board import Board, Geometry, cells_of
from ..alphabeta import MAX_DEPTH, WIN, SearchOutcome
from ..budget import UNLIMITED, Budget
from ..solver import ExactSolver, SearchAborted
from .solver import GravitySolver, Layout

#: A live window holding n marks is worth MARK_WEIGHT ** n to its side.
MARK_WEIGHT = 6
#: The lowest threat of a column on a row of its owner's parity, on the other parity, and any
#: threat above another in its column.
GOOD_THREAT, OTHER_THREAT, HIGHER_THREAT = 1500, 200, 60
#: One side holds a threat of its parity and the other none: zugzwang should win it the game.
ZUGZWANG = 20_000
#: How often (in nodes) the search looks at its budget.
CHECK_EVERY = 64
#: The share of a move's time :func:`search_and_prove` gives its first proof, and then the
#: share of what is left that the heuristic search gets (its node cap may end it sooner).
PROOF_SHARE, HEURISTIC_SHARE = 0.7, 0.5


@dataclass(frozen=True, eq=False)
class _Tables:
    """What the search needs of one shape, on the solver's bitboard :class:`.Layout` (column by
    column from the bottom up, a spare bit on top of each column)."""

    layout: Layout
    rank: tuple[int, ...]
    """Per bit, its square's place when squares go centre columns first."""
    odd_rows: int
    """Squares on odd rows counted from the bottom (1, 3, 5 …): X's good threat squares."""
    lines: tuple[int, ...]
    """Every line of k squares."""
    worth: tuple[int, ...]
    """A live window's worth to its side by the marks in it (MARK_WEIGHT ** marks)."""


@cache
def _tables(shape: Geometry) -> _Tables:
    layout = Layout.of(shape)
    cols, height = shape.cols, layout.height
    centre = (cols - 1) / 2
    by_centre = sorted(range(shape.cells), key=lambda cell: abs(cell % cols - centre))
    rank = [0] * (cols * height)
    for index, cell in enumerate(by_centre):
        rank[layout.bit_of_cell[cell]] = index
    odd_rows = layout.bottom * sum(1 << row for row in range(0, shape.rows, 2))
    lines = tuple(layout.squares_of(line) for line in shape.lines)
    worth = tuple(MARK_WEIGHT**marks for marks in range(shape.k + 1))
    return _Tables(layout, tuple(rank), odd_rows, lines, worth)


class _Search:
    """One decision's alpha-beta on the solver's bitboards: its budget, node count, transposition
    table and history of moves that cut searches off."""

    def __init__(self, shape: Geometry, budget: Budget) -> None:
        self.tables = _tables(shape)
        self.layout = self.tables.layout
        self.budget = budget
        self.nodes = 0
        self.table: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        """(own, mask) → (depth, low, high, best square's bit)."""
        self.history = [0] * len(self.tables.rank)
        """Per bit, how often (weighted by depth) a move there cut a search off."""

    def windows(self, own: int, other: int) -> int:
        """The live windows' score for the side to move (``own``): every k squares in a line
        that hold none of the other side's marks are worth MARK_WEIGHT ** (marks in it) to
        the side that holds them, less the same for the other side."""
        worth, score = self.tables.worth, 0
        for line in self.tables.lines:
            mine, theirs = line & own, line & other
            if not theirs:
                score += worth[mine.bit_count()]
            if not mine:
                score -= worth[theirs.bit_count()]
        return score

    def threat_balance(self, own: int, mask: int, mine: int, theirs: int) -> int:
        """Threats, column by column, for the side to move. The lowest threat of a column is the
        one that counts (the column fills up to it first), worth most on a row of its owner's
        parity. Zugzwang decides the rest: a first player (X) with such an odd threat and no
        even threat of the second player (O) against it wins as the columns fill, and so does
        O with an even threat when X has no odd one."""
        odd = self.tables.odd_rows
        me_is_x = 2 * own.bit_count() == mask.bit_count()
        good_mine = mine & (odd if me_is_x else ~odd)
        good_theirs = theirs & (~odd if me_is_x else odd)
        score = 0
        decisive_mine = decisive_theirs = False
        for column in self.layout.columns:
            both = (mine | theirs) & column
            if not both:
                continue
            lowest = both & -both
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
        """Moves (as bits): the table's best first; moves that open the square above to an
        opponent's threat last; between them, those that cut off searches most often, then
        centre columns."""
        rank, history = self.tables.rank, self.history

        def key(bit: int) -> tuple[bool, bool, int, int]:
            return (bit != first, bool(opp_threats >> (bit + 1) & 1), -history[bit], rank[bit])

        return sorted(cells_of(moves), key=key)

    def search(self, own: int, mask: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and self.budget.exhausted(self.nodes):
            raise SearchAborted
        moves = self.layout.playable(mask)
        if not moves:
            return 0
        other = own ^ mask
        threats = self.layout.threats
        mine, theirs = threats(own, mask), threats(other, mask)
        if mine & moves:
            return WIN - ply
        opp_wins = theirs & moves
        if opp_wins & (opp_wins - 1):
            return -(WIN - ply - 1)
        if opp_wins:
            moves = opp_wins  # the one block
        elif depth <= 0:
            return self.windows(own, other) + self.threat_balance(own, mask, mine, theirs)
        key = (own, mask)
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
        best, best_bit = -WIN - 1, first
        for bit in self.ordered(moves, first, theirs):
            score = -self.search(other, mask | 1 << bit, depth - 1, -beta, -alpha, ply + 1)
            if score > best:
                best, best_bit = score, bit
                alpha = max(alpha, score)
                if alpha >= beta:
                    self.history[bit] += depth * depth
                    break
        low = best if best > start_alpha else -WIN - 1
        high = best if best < beta else WIN + 1
        self.table[key] = (depth, low, high, best_bit)
        return best


def search(board: Board, budget: Budget) -> SearchOutcome:
    """Iterative deepening from ``board`` (a Gravity position, not over) until the budget ends."""
    searcher = _Search(board.geometry, budget)
    finished = list(_deepening(searcher, board))
    finished_depth, best_scores = len(finished), finished[-1] if finished else {}
    layout = searcher.layout
    own, mask = layout.position(board)
    root_order = searcher.ordered(layout.playable(mask), -1, layout.threats(own ^ mask, mask))
    if not best_scores:  # not even depth 1 finished: the one-ply threat rules decide
        best_scores = dict.fromkeys(root_order, 0)
    top = max(best_scores.values())
    bit = next(b for b in root_order if best_scores.get(b) == top)
    scores_by_cell = {layout.cell_of(1 << b): score for b, score in best_scores.items()}
    return SearchOutcome(layout.cell_of(1 << bit), top, finished_depth, searcher.nodes, scores_by_cell)


def choices_by_depth(board: Board, max_nodes: int) -> list[set[int]]:
    """The cells :func:`search` may choose from ``board`` (not over) with a node limit of
    ``max_nodes`` and any deadline, depth by depth from 1: at each depth it finishes within
    those nodes, the moves of the top score (which of them it plays depends on what the search
    met after that depth, when a deadline stopped it there)."""
    searcher = _Search(board.geometry, UNLIMITED.with_max_nodes(max_nodes))
    layout = searcher.layout
    return [
        {layout.cell_of(1 << bit) for bit, score in scores.items() if score == max(scores.values())}
        for scores in _deepening(searcher, board)
    ]


def _deepening(searcher: _Search, board: Board) -> Iterator[dict[int, int]]:
    """The root moves' scores (by bit) at each depth ``searcher`` finishes in turn, from 1, until
    its budget ends, the result is forced, or the board is full."""
    layout = searcher.layout
    own, mask = layout.position(board)
    other = own ^ mask
    moves = layout.playable(mask)
    wins = layout.threats(own, mask) & moves
    root_threats = layout.threats(other, mask)
    best_scores: dict[int, int] = {}
    empty = board.geometry.cells - board.move_count
    for depth in range(1, min(MAX_DEPTH, empty) + 1):
        scores: dict[int, int] = {}
        alpha = -WIN - 1
        try:
            first = max(best_scores, key=best_scores.__getitem__) if best_scores else -1
            for bit in searcher.ordered(moves, first, root_threats):
                if wins >> bit & 1:
                    scores[bit] = WIN - 1
                else:
                    scores[bit] = -searcher.search(other, mask | 1 << bit, depth - 1, -WIN - 1, -alpha + 1, 1)
                alpha = max(alpha, scores[bit])
        except SearchAborted:
            return
        best_scores = scores
        yield scores
        top = max(scores.values())
        if top >= WIN - MAX_DEPTH or (top <= -WIN + MAX_DEPTH and min(scores.values()) == top):
            return


def search_and_prove(
    board: Board, budget: Budget, max_nodes: int | None, proof_nodes: int, solver_of: Callable[[Geometry], ExactSolver]
) -> SearchOutcome:
    """With ``proof_nodes``, the exact solver (Gravity's, as ``solver_of`` makes it for the
    shape: its registration's kit hands it with its books) first spends :data:`PROOF_SHARE` of the time
    proving a move that wins against any defence; unproven, :func:`search` chooses within
    ``max_nodes`` nodes and :data:`HEURISTIC_SHARE` of the time left, and the solver spends the
    rest trying again, the search's choice first (its table keeps what the first try proved).
    The deadline alone ends a proof (a node cap ended them after about 0.4 s of a move's second
    on a free core, and some wins take longer to prove); without one, half of ``proof_nodes``
    (as interpreted nodes) ends each. A proven move is played as a forced win, else the search's
    choice as :func:`_unless_seen_worse` keeps it. Where the first try proved that no move wins,
    the rest goes to holding the draw instead: a move proven to draw at least (the search's
    choice first), else the same choice."""
    if not proof_nodes:
        return search(board, budget.with_max_nodes(max_nodes))
    solver = solver_of(board.geometry)
    assert isinstance(solver, GravitySolver)
    # With a deadline the move's time bounds the proofs; without one the node cap stands for
    # that time (the compiled kernel goes further in it).
    proof_cap = None if budget.deadline is not None else proof_nodes * solver.speed // 2
    winning = solver.winning_move(board, budget.share(PROOF_SHARE).with_max_nodes(proof_cap))
    if winning is not None:
        return SearchOutcome(winning, WIN - 1, 0, 0, {winning: WIN - 1})
    outcome = search(board, budget.share(HEURISTIC_SHARE).with_max_nodes(max_nodes))
    if outcome.forced_win:
        return outcome
    rest = budget.with_max_nodes(proof_cap)
    if solver.proven_not_winning(board) >= outcome.scores.keys():  # no move wins: hold the draw
        holding = solver.holding_move(board, rest, first=outcome.cell)
        if holding is not None:
            return replace(outcome, cell=holding, score=outcome.scores[holding])
    else:
        winning = solver.winning_move(board, rest, first=outcome.cell)
        if winning is not None:
            return replace(outcome, cell=winning, score=WIN - 1)
    return _unless_seen_worse(outcome, solver.proven_not_winning(board), solver.proven_losing(board))


def _unless_seen_worse(outcome: SearchOutcome, not_winning: set[int], losing: set[int]) -> SearchOutcome:
    """The search's choice among the moves seen least bad, where no move is proven to win: first
    those not proven short of a win (``not_winning``: the opponent holds at least a draw after
    them), then those not seen to lose (``losing``, proven so by the solver, or a loss the search
    itself saw by force), then any. Within the first group that has a move, the search's choice
    if it is there, else its best-scored move there: a drawing move is played before a move seen
    to lose, whatever the search's heuristic scores."""
    seen_losing = losing | {cell for cell, score in outcome.scores.items() if score <= -WIN + MAX_DEPTH}
    for worse in (not_winning | seen_losing, seen_losing):
        open_cells = {cell: score for cell, score in outcome.scores.items() if cell not in worse}
        if outcome.cell in open_cells:
            return outcome
        if open_cells:
            best = max(open_cells.values())
            chosen = next(cell for cell, score in open_cells.items() if score == best)
            return replace(outcome, cell=chosen, score=best)
    return outcome

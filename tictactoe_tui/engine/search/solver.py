"""Exact solver: negamax with alpha-beta, a transposition table and symmetry reduction.

Scores are absolute, so they need no adjustment between plies or in the table: a side that
wins with ``e`` cells still empty after its winning mark scores ``e + 1``; the loser scores
``-(e + 1)``; a draw scores 0. A faster win leaves more cells empty and so scores higher, and
a slower loss scores higher than a fast one. From a position with ``E`` empty cells, a
decided score ``s`` ends the game after ``E - |s| + 1`` plies.

What makes it fast, all exact: each node keeps only the lines a side can still finish with the
marks it has left to place (so a position where neither side can is a draw at once, and one
where only one side can is bounded by 0); so is a side the other can keep from completing any
line by a pairing or the Erdős–Selfridge bound (the side to move first taking a square, where
it is the one keeping the other out); threats are answered before anything else;
moves that make a threat (ours, then theirs) are tried first, after the table's best move;
squares on no live line are interchangeable, so only one of them is tried; and only positions
whose search took more than one node are stored, packed into one integer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Protocol, runtime_checkable

from ..board import Board, Geometry, Move
from .book import opening_book
from .budget import UNLIMITED, Budget
from .maker_breaker import breaker_holds, cannot_complete

#: The solver keeps symmetric positions apart only when this few marks are on the board;
#: deeper in the tree the canonical form costs more than the positions it merges save.
SYMMETRY_MAX_MARKS = 8
#: Transposition table entries kept per geometry before the table is cleared (~110 bytes each).
TABLE_LIMIT = 4_000_000
#: How often (in nodes) the search looks at its deadline and cancel event: often enough that a
#: 15×15 node (milliseconds, with its Maker–Breaker proof) keeps a review within its seconds.
CHECK_EVERY = 64
#: Positions whose search took fewer nodes than this are not stored (they are cheap to redo).
STORE_MIN_NODES = 2
#: Maker–Breaker proofs are tried with at least this many empty squares (below, searching is cheaper).
MAKER_BREAKER_MIN_EMPTY = 5


class ExactSolver(Protocol):
    """A solver for one geometry: this module's :class:`Solver` or the rules solver."""

    def analyze(self, board: Board, budget: Budget = ...) -> Analysis:
        """Exact value and plies of every legal move of ``board``, best first."""
        ...


@runtime_checkable
class LoadsAhead(Protocol):
    """A solver with something slow to load (a compiled kernel) that it can load ahead of its
    searches."""

    def get_ready(self, wait: bool = False) -> None:
        """Load it on a thread of its own, or now (``wait``)."""
        ...


class SearchAborted(Exception):
    """Raised inside the search when its deadline passes or it is cancelled."""


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
    source: str = "search"
    """Where the values came from: ``"book"`` (the opening book) or ``"search"`` (the solver)."""
    book_move: Move | None = None
    """From the book: the move its lines follow (one of the best)."""

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


class Counted(Protocol):
    """A search that counts its nodes."""

    @property
    def nodes(self) -> int:
        """The nodes searched so far."""
        ...


def analyze_moves(
    board: Board,
    cells: Iterable[int],
    exact_score: Callable[[int], int],
    search: Counted,
    started: float | None = None,
) -> Analysis:
    """The analysis of ``board`` from each of ``cells``' exact score (best first); incomplete
    when the search's budget ends first. Its time runs from ``started`` (a ``perf_counter``
    reading) when the scores were searched before, else from now."""
    started = time.perf_counter() if started is None else started
    empty_count = board.geometry.cells - board.move_count
    results: list[MoveValue] = []
    complete = True
    try:
        for cell in cells:
            score = exact_score(cell)
            results.append(MoveValue(board.move_at(cell), value_of(score), plies_of(empty_count, score), score))
    except SearchAborted:
        complete = False
    results.sort(key=lambda mv: -mv.score)
    return Analysis(board, tuple(results), complete, search.nodes, time.perf_counter() - started)


def plies_of(empty_count: int, score: int) -> int:
    """Plies to the end of a decided score (all of them for a draw) from ``empty_count`` empty cells."""
    return empty_count if score == 0 else empty_count - abs(score) + 1


def value_of(score: int) -> int:
    """+1, 0 or -1: the outcome a score means."""
    return (score > 0) - (score < 0)


@dataclass
class Solver:
    """Solves positions of one geometry; the table and finished analyses persist between calls.

    Safe to share between threads: each search keeps its own counters, and the shared
    dictionaries only ever hold proven bounds.
    """

    geometry: Geometry
    table: dict[int, int] = field(default_factory=dict)
    finished: dict[tuple[int, int], Analysis] = field(default_factory=dict)
    book: str | None = None
    """The file of the shape's opening book, which it answers from where it has the position
    (its game's kit hands it in; None: no book, as ``scripts/build_book.py`` builds one)."""
    maker_breaker: bool = True
    """Cut the search where a side provably cannot complete a line any more (see
    :mod:`.maker_breaker`); the values are the same without, only slower to find."""

    def analyze(self, board: Board, budget: Budget = UNLIMITED) -> Analysis:
        """Exact value and plies of every legal move of ``board``, best first."""
        if board.geometry is not self.geometry:
            raise ValueError(f"{board!r} does not fit a solver for {self.geometry!r}")
        cached = self.solved(board) or self._from_book(board)
        if cached is not None:
            return cached
        search = _Search(self.geometry, self.table, budget, self.maker_breaker)
        me, opp = board.sides()
        empty_count = self.geometry.cells - board.move_count
        cells = [] if board.is_over else self._root_order(board)
        ceiling = self._value_in_book(board)
        analysis = analyze_moves(
            board, cells, lambda cell: search.exact_after(me, opp, 1 << cell, empty_count, ceiling), search
        )
        if analysis.complete:
            self.finished[(board.x_bits, board.o_bits)] = analysis
        return analysis

    def solved(self, board: Board) -> Analysis | None:
        """The finished analysis of ``board`` if this solver has one."""
        return self.finished.get((board.x_bits, board.o_bits))

    def _from_book(self, board: Board) -> Analysis | None:
        if self.book is None or board.is_over:
            return None
        book = opening_book(self.geometry, self.book)
        found = None if book is None else book.lookup(board)
        if found is None:
            return None
        scores, book_move = found
        empty_count = self.geometry.cells - board.move_count
        in_order = (board.move_at(cell) for cell in self.geometry.move_order)
        moves = [
            MoveValue(m, value_of(s), plies_of(empty_count, s), s) for m in in_order if (s := scores.get(m)) is not None
        ]
        moves.sort(key=lambda mv: -mv.score)  # stable: equal scores stay in the search's order
        return Analysis(board, tuple(moves), True, 0, 0.0, source="book", book_move=book_move)

    def _value_in_book(self, board: Board) -> int | None:
        """The score of ``board`` for its side to move, where the book holds the position one
        mark back (its entry scores every move, this one's included): no move scores more."""
        if self.book is None or board.is_over or not board.move_count:
            return None
        book = opening_book(self.geometry, self.book)
        if book is None:
            return None
        _, last = board.sides()  # the side that moved last: take one of its marks back
        cell = (last & -last).bit_length() - 1
        before = Board(self.geometry, board.x_bits & ~(1 << cell), board.o_bits & ~(1 << cell))
        scores = book.scores(before)
        return None if scores is None else -scores[board.move_at(cell)]

    def _root_order(self, board: Board) -> list[int]:
        free = board.empty_bits
        return [cell for cell in self.geometry.move_order if free >> cell & 1]


class _Search:
    """One search's state: the counters and limits, over a shared table."""

    def __init__(self, shape: Geometry, table: dict[int, int], budget: Budget, maker_breaker: bool) -> None:
        self.shape = shape
        self.maker_breaker = maker_breaker
        self.cells = shape.cells
        self.k = shape.k
        self.order_bits = tuple(1 << cell for cell in shape.move_order)
        self.table = table
        self.budget = budget
        self.nodes = 0
        self.symmetry_tables = _chunk_tables(shape) if shape.cells <= 64 else None

    def exact_after(self, me: int, opp: int, bit: int, empty_count: int, ceiling: int | None = None) -> int:
        """Exact score, for the mover, of playing ``bit`` from the position ``(me, opp)``, which
        is known to score no more than ``ceiling`` (None: nothing known)."""
        mine = me | bit
        if self.shape.completes_line(mine, bit.bit_length() - 1):
            return empty_count  # wins at once: empty_count - 1 cells left, plus one
        lines = self.shape.lines
        low, high = -empty_count, empty_count if ceiling is None else min(empty_count, ceiling)
        while low < high:  # bisect with null windows; 0 and -1 first settle win/draw/loss
            if low <= 0 < high:
                probe = 0
            elif low <= -1 < high:
                probe = -1
            else:
                probe = low + (high - low) // 2
            result = -self.search(opp, mine, -(probe + 1), -probe, lines)
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

    def _in_order(self, hint: int, mine_hot: int, theirs_hot: int, rest: int, dead: int) -> Iterator[int]:
        """The moves to try, lazily (most nodes stop at the first): the table's move, the squares
        that make a threat (ours, then theirs), the rest, each in the shape's order, and last one
        square on no live line (those are interchangeable)."""
        if hint:
            yield hint
        for group in (mine_hot & ~hint, theirs_hot & ~hint, rest & ~hint):
            if group:
                for bit in self.order_bits:
                    if bit & group:
                        yield bit
        if dead:
            yield dead & -dead

    def search(self, me: int, opp: int, alpha: int, beta: int, lines: tuple[int, ...]) -> int:
        """Fail-soft negamax score of ``(me, opp)``, side ``me`` to move, no win on the board.

        ``lines`` holds every line either side could still complete (a superset is fine):
        each node drops the lines that became dead, and its children only look at the rest.
        """
        self.nodes += 1
        if not self.nodes % CHECK_EVERY:
            if self.budget.exhausted(self.nodes):
                raise SearchAborted
            if len(self.table) > TABLE_LIMIT:
                self.table.clear()  # it only holds proven bounds: forgetting them is safe
        occupied = me | opp
        marks = occupied.bit_count()
        empty_count = self.cells - marks
        if not empty_count:
            return 0
        my_moves = (empty_count + 1) >> 1  # marks each side still places, at most
        their_moves = empty_count >> 1
        k = self.k
        live: list[int] = []
        threats = 0  # squares where the opponent completes a line next ply
        mine_hot = theirs_hot = 0  # lines two marks short: where threats are made
        my_need = their_need = k + 1  # fewest marks each side lacks on a line it can finish
        for line in lines:
            if line & opp:
                if line & me:
                    continue
                need = (line & ~opp).bit_count()
                if need > their_moves:
                    continue
                if need == 1:
                    threats |= line & ~opp
                else:
                    if need == 2:
                        theirs_hot |= line
                    if need < their_need:
                        their_need = need
            elif line & me:
                need = (line & ~me).bit_count()
                if need > my_moves:
                    continue
                if need == 1:
                    return empty_count  # we complete it now
                if need == 2:
                    mine_hot |= line
                if need < my_need:
                    my_need = need
            else:  # an empty line: either side's
                if k > their_moves:
                    if k > my_moves:
                        continue
                elif k < their_need:
                    their_need = k
                if k < my_need and k <= my_moves:
                    my_need = k
            live.append(line)
        if threats & (threats - 1):
            return -(empty_count - 1)  # two threats: one is blocked, the other wins next ply
        if not threats and my_need > k and their_need > k:
            return 0  # neither side can complete a line any more: a draw, however it is played
        # Our fastest win takes 2 * my_need - 1 plies; theirs 2 * their_need (a single threat
        # is blocked now, so at least two more of their marks).
        ceiling = empty_count - 2 * my_need + 2 if my_need <= k else 0
        floor = -(empty_count - 2 * their_need + 1) if their_need <= k else 0
        if beta > ceiling:
            beta = ceiling
            if alpha >= beta:
                return beta
        if alpha < floor:
            alpha = floor
            if alpha >= beta:
                return alpha
        if self.maker_breaker and empty_count >= MAKER_BREAKER_MIN_EMPTY:
            free = ~occupied
            # They can keep us from completing any line: a draw at best for us.
            if beta > 0 and my_need <= k and cannot_complete(_parts(live, free, opp), to_move=True):
                beta = 0
                if alpha >= beta:
                    return beta
            # We can keep them from completing any line: a draw at worst for us.
            if alpha < 0 and their_need <= k and not threats and breaker_holds(_parts(live, free, me, k, their_moves)):
                alpha = 0
                if alpha >= beta:
                    return alpha
        key = self.key(me, opp, marks)
        entry = self.table.get(key)
        hint = 0
        if entry is not None:
            lower = (entry >> 20) - _BIAS
            upper = (entry >> 10 & 0x3FF) - _BIAS
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
            hint = 1 << (entry & 0x3FF) if entry & 0x3FF != _NO_MOVE else 0
        else:
            lower, upper = -self.cells - 1, self.cells + 1
        alpha0 = alpha
        best = -self.cells - 1
        best_bit = 0
        lines_left = tuple(live)
        if threats:
            candidates: Iterable[int] = (threats,)
        else:
            reach = 0
            for line in lines_left:
                reach |= line
            free = reach & ~occupied
            dead = ~reach & ~occupied & self.shape.full
            mine_hot &= free
            theirs_hot &= free & ~mine_hot
            candidates = self._in_order(hint & free, mine_hot, theirs_hot, free & ~mine_hot & ~theirs_hot, dead)
        start = self.nodes
        for bit in candidates:
            score = -self.search(opp, me | bit, -beta, -alpha, lines_left)
            if score > best:
                best = score
                best_bit = bit
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if self.nodes - start < STORE_MIN_NODES:
            return best
        if best <= alpha0:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        move = best_bit.bit_length() - 1 if best > alpha0 else _NO_MOVE
        self.table[key] = (lower + _BIAS) << 20 | (upper + _BIAS) << 10 | move
        return best


def _parts(lines: list[int], free: int, blocker: int, k: int = 0, moves: int = 0) -> tuple[int, ...]:
    """The empty squares of each line ``blocker`` has no mark on, leaving out the empty lines
    when ``k`` is more than the ``moves`` left to fill them."""
    return tuple(line & free for line in lines if not line & blocker and (k <= moves or line & ~free))


#: Table entries pack (lower + _BIAS, upper + _BIAS, best square) into 10 bits each.
_BIAS = 512
_NO_MOVE = 0x3FF


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

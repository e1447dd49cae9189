"""Exact solver for Gravity (Connect Four and its relatives) on bitboards.

A position is two integers laid out column by column, ``rows + 1`` bits a column from the
bottom up, the top bit of each column always empty: ``mask`` (every mark) and ``own`` (the
side to move's marks). The extra bit keeps columns apart, so shifting a side's marks by 1
(up a column), by ``rows + 1`` (across a row) or by ``rows`` or ``rows + 2`` (the diagonals)
lines marks up with their neighbours, and a few shifts and ANDs find every square where a
side would complete a line. The lowest free square of each column is ``mask + bottom``.

The search is negamax with alpha-beta over the scores of :mod:`.solver` (a win with ``e``
squares empty after the winning mark scores ``e + 1``), exact, and fast because it rarely
looks at a hopeless move: a side that can complete a line has won before it is searched; a
side facing two playable threats has lost; facing one it must block; it never plays under a
square where the opponent would complete a line; the moves left are tried by how many
threats they make, centre columns first. Claimeven bounds a position where every column but at
most one has an even number of empty squares: the side that answers on top of each move gets
the upper square of every pair, so the other side, held to the lower ones, cannot win unless
they complete a line. Scores are found by null-window probes (is it
better than ``s``?), starting near a draw, the way the fastest Connect Four solvers do; the
table keeps each position's proven bounds between probes and between moves.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar

from ...board import Board, Geometry, cells_of
from ..book import BookError, canonical
from ..budget import UNLIMITED, Budget
from ..solver import CHECK_EVERY, TABLE_LIMIT, Analysis, SearchAborted, analyze_moves
from ..win_book import shipped_win_book
from . import openings
from .bounds import BOUND_BITS, BOUND_MASK, BOUND_OFFSET, highest, lowest

if TYPE_CHECKING:
    from .kernel import CompiledTable

#: The most bits a shape's columns with their spare bits may take for the compiled kernel.
KERNEL_BITS = 63
#: About how many nodes the compiled kernel searches in the CPU time the interpreter takes for
#: one (measured on one core: 9.4–10.2 M nodes a second proving 24 hard Connect Four wins,
#: against 118,000–141,000 for the interpreter).
KERNEL_SPEEDUP = 80
#: The most searches :meth:`GravitySolver.winning_move` runs at once with the compiled kernel,
#: which releases the interpreter's lock (one a free core: :func:`searches_at_once`). Simulated
#: from each root move's measured proof time on 73 hard Connect Four openings, a move's second
#: proves the win in 46 with two searches and 56 with four (more add nothing: seven moves).
SEARCH_THREADS = 4
#: :meth:`GravitySolver.winning_move` looks for a win within this many plies before any win.
QUICK_WIN_PLIES = 16
_Try = TypeVar("_Try")


@dataclass(frozen=True)
class Layout:
    """The bitboard layout of one shape, and how the board's cells map onto it."""

    k: int
    height: int
    """Bits a column: its rows and one always-empty bit on top."""
    bottom: int
    """The bottom square of every column."""
    squares: int
    """Every square of the board."""
    columns: tuple[int, ...]
    """Each column's squares, centre columns first."""
    shifts: tuple[int, ...]
    """The steps along a row and the two diagonals."""
    bit_of_cell: tuple[int, ...]
    """The layout's bit for each of the board's cells (row 0 at the top)."""
    odd_stacks: int
    """The squares, the spare one on top included, with an odd number of squares above them
    up to the top row: a column whose lowest free square (or spare bit, when full) is one of
    these has an odd number of empty squares."""
    lower_squares: int
    """The squares with an even number of squares above them: where a column's empty squares
    are even in number, the lower square of each pair from the bottom up."""

    @classmethod
    def of(cls, shape: Geometry) -> Layout:
        """The layout for a Gravity shape."""
        rows, cols = shape.rows, shape.cols
        height = rows + 1
        bottom = sum(1 << (col * height) for col in range(cols))
        order = sorted(range(cols), key=lambda col: abs(col - (cols - 1) / 2))
        columns = tuple(((1 << rows) - 1) << (col * height) for col in order)
        bits = tuple(col * height + rows - 1 - row for row, col in (divmod(cell, cols) for cell in range(shape.cells)))
        squares = bottom * ((1 << rows) - 1)
        odd_stacks = bottom * sum(1 << row for row in range(rows + 1) if (rows - row) % 2)
        lower_squares = squares & ~odd_stacks
        shifts = (height, height - 1, height + 1)
        return cls(shape.k, height, bottom, squares, columns, shifts, bits, odd_stacks, lower_squares)

    def position(self, board: Board) -> tuple[int, int]:
        """``(own, mask)``: the side to move's marks and every mark of ``board``."""
        me, opp = board.sides()
        return self.squares_of(me), self.squares_of(me | opp)

    def squares_of(self, cells: int) -> int:
        """The layout's squares for a mask of the board's cells."""
        return sum(1 << self.bit_of_cell[cell] for cell in cells_of(cells))

    def playable(self, mask: int) -> int:
        """The lowest free square of every column that is not full."""
        return (mask + self.bottom) & self.squares

    def completing(self, own: int, mask: int) -> int:
        """The squares where ``own`` completes a line with its next mark (the lowest free square
        of a column, and a threat)."""
        return self.threats(own, mask) & self.playable(mask)

    def cells_of(self, squares: int) -> int:
        """The board's cells for a mask of the layout's squares (:meth:`squares_of` undone)."""
        return sum(1 << self.bit_of_cell.index(bit) for bit in range(squares.bit_length()) if squares >> bit & 1)

    def split(self, key: int) -> tuple[int, int]:
        """``(own, mask)`` from a table key ``own + mask``. Column by column there is no carry: a
        column of ``n`` marks adds ``2**n - 1``, so its key is that alone when ``own`` has no
        mark there and otherwise has its top bit at ``n``."""
        own = mask = 0
        for column in range(len(self.columns)):
            shift = column * self.height
            part = key >> shift & ((1 << self.height) - 1)
            marks = part.bit_length() if part & (part + 1) == 0 else part.bit_length() - 1
            filled = (1 << marks) - 1
            own |= (part - filled) << shift
            mask |= filled << shift
        return own, mask

    def cell_of(self, square: int) -> int:
        """The board cell of a single-bit ``square``."""
        return self.bit_of_cell.index(square.bit_length() - 1)

    def ordered(self, own: int, mask: int, moves: int) -> list[int]:
        """``moves`` as single squares, those making the most threats first, then centre columns."""
        return [square for square, _ in self.children(own, mask, moves)]

    def children(self, own: int, mask: int, moves: int) -> list[tuple[int, int]]:
        """:meth:`ordered`'s squares, each with the mover's threats after it (the child's
        opponent threats, so the child need not find them again)."""
        threats = self.threats
        ranked = []
        for rank, column in enumerate(self.columns):
            square = moves & column
            if square:
                made = threats(own | square, mask | square)
                ranked.append((-made.bit_count(), rank, square, made))
        ranked.sort()
        return [(square, made) for _, _, square, made in ranked]

    @property
    def fits_kernel(self) -> bool:
        """Whether the compiled kernel (four in a row, 63 bits) searches this shape."""
        return self.k == 4 and len(self.columns) * self.height <= KERNEL_BITS

    def has_line(self, marks: int) -> bool:
        """Whether ``marks`` hold a whole line of ``k``."""
        for shift in (1, *self.shifts):
            run = marks
            for step in range(1, self.k):
                run &= marks >> (step * shift)
            if run:
                return True
        return False

    @cached_property
    def line_finder(self) -> Callable[[int], bool]:
        """:meth:`has_line` as a function, for four in a row unrolled (two shifts a direction)."""
        if self.k != 4:
            return self.has_line
        shifts = (1, *self.shifts)

        def has_four(marks: int) -> bool:
            for shift in shifts:
                pairs = marks & (marks >> shift)
                if pairs & (pairs >> (2 * shift)):
                    return True
            return False

        return has_four

    @cached_property
    def threats(self) -> Callable[[int, int], int]:
        """``threats(own, mask)``: the empty squares where ``own`` would complete a line of
        ``k``; for four in a row (the search's hottest function) unrolled, each shift a constant."""
        if self.k == 4:
            return _four_finder(self.height, self.squares)
        k, shifts, squares = self.k, self.shifts, self.squares

        def threats(own: int, mask: int) -> int:
            found = own << 1  # vertical: only the square above a column's run can complete it
            for step in range(2, k):
                found &= own << step
            for shift in shifts:
                before = [-1]  # before[j]: the j squares before this one along the line are own
                after = [-1]
                run_before = run_after = -1
                for step in range(1, k):
                    run_before &= own << (step * shift)
                    run_after &= own >> (step * shift)
                    before.append(run_before)
                    after.append(run_after)
                for count in range(k):
                    found |= before[count] & after[k - 1 - count]
            return found & squares & ~mask

        return threats


def _four_finder(height: int, squares: int) -> Callable[[int, int], int]:
    """:meth:`Layout.threats` for four in a row, every shift a constant."""
    h1, h2, h3 = height, 2 * height, 3 * height
    d1, d2, d3 = height - 1, 2 * (height - 1), 3 * (height - 1)
    a1, a2, a3 = height + 1, 2 * (height + 1), 3 * (height + 1)

    def threats(own: int, mask: int) -> int:
        found = (own << 1) & (own << 2) & (own << 3)
        before, after = own << h1, own >> h1  # along a row: the square before is own, after is own
        found |= before & (own << h2) & ((own << h3) | after) | after & (own >> h2) & (before | (own >> h3))
        before, after = own << d1, own >> d1  # along one diagonal
        found |= before & (own << d2) & ((own << d3) | after) | after & (own >> d2) & (before | (own >> d3))
        before, after = own << a1, own >> a1  # along the other
        found |= before & (own << a2) & ((own << a3) | after) | after & (own >> a2) & (before | (own >> a3))
        return found & squares & ~mask

    return threats


@dataclass
class GravitySolver:
    """Solves positions of one Gravity shape; the table persists between calls."""

    geometry: Geometry
    layout: Layout = field(init=False)
    searching: _Searching = field(init=False)
    """How this solver searches: compiled or interpreted, and over which table."""
    finished: dict[tuple[int, int], Analysis] = field(default_factory=dict)
    win_book: str | None = None
    """The file of the shape's win book, which :meth:`winning_move` answers from where it has
    the position (its game's kit hands it in; None: no win book)."""
    use_book: bool = True
    """Answer from the books: the win book it is handed, Connect Four's opening values
    (``scripts/build_win_book.py`` turns this off to build it)."""
    table_min_empty: int = 0
    """Positions with fewer empty squares are not kept in the table: a long proof's table then
    fits in memory (a third less with 8), and the positions left out are the quickest to search
    again (a third more nodes)."""
    compiled: bool = True
    """Search with the compiled kernel (:mod:`.kernel`) where the shape fits it; False:
    the interpreted search, whose table keeps every position it proved (the win book's build
    reads them all back), where the kernel's fixed-size table replaces old entries."""

    def __post_init__(self) -> None:
        self.layout = Layout.of(self.geometry)
        if self.compiled and self.layout.fits_kernel:
            self.searching = _Compiled(self.layout, self.table_min_empty)
        else:
            self.searching = _Interpreted(self.layout, self.table_min_empty)
        if self.use_book and openings.fits(self.geometry):  # loaded now: the first moves are answered from it
            openings.opening_values()

    def get_ready(self, wait: bool = False) -> None:
        """Load what the moves past the opening book need, the win book (0.45 s at load 8.5) and
        the compiled kernel (seconds in a fresh process), on a thread of its own, which a search
        with a deadline does not wait for (a search for a move of the opening book needs neither);
        or now (``wait``)."""
        if wait:
            self._load_win_book()
            self.searching.get_ready(wait=True)
        else:
            threading.Thread(target=self._load_win_book_then_kernel, name="gravity-books", daemon=True).start()

    def _load_win_book_then_kernel(self) -> None:
        self._load_win_book()
        self.searching.get_ready(wait=False)

    def _load_win_book(self) -> None:
        if self.use_book and self.win_book is not None:
            shipped_win_book(self.geometry, self.win_book)

    @property
    def table(self) -> dict[int, int] | CompiledTable:
        """The proven bounds of the positions searched so far, by key."""
        return self.searching.table

    @property
    def speed(self) -> int:
        """How many nodes this solver searches in the time the interpreted search takes for one:
        a node cap meant as an amount of time is scaled by it."""
        return self.searching.speed

    def analyze(self, board: Board, budget: Budget = UNLIMITED) -> Analysis:
        """Exact value and plies of every legal move of ``board``, best first: from Connect
        Four's opening database up to 11 plies in (:mod:`.openings`), else searched (at
        12 plies, each move's search starts from the ceiling the database puts on it), the
        moves taken in turn by one search a free core (:func:`searches_at_once`) when the
        budget has a deadline. A position the database holds needs no search, so the compiled
        kernel is not loaded for it (seconds in a fresh process)."""
        self._check(board)
        key = (board.x_bits, board.o_bits)
        cached = self.finished.get(key)
        if cached is not None:
            return cached
        started = time.perf_counter()
        own, mask = self.layout.position(board)
        empty = self.geometry.cells - board.move_count
        squares = self.layout.ordered(own, mask, self.layout.playable(mask))
        opened = self._opening_scores(board, own, mask)
        searches = [] if opened is not None else self.searching.searches(budget)
        ceilings = self._opening_ceilings(board, own, mask)
        scores: dict[int, int] = {} if opened is None else opened

        def attempt(search: _Search, square: int) -> bool:
            scores[square] = search.move_score(own, mask, square, empty, ceiling=ceilings.get(square))
            return False

        if opened is None:  # the moves' searches in turn, each on a free core's thread
            _take_turns(searches, squares, attempt)

        def exact_score(cell: int) -> int:
            score = scores.get(1 << self.layout.bit_of_cell[cell])
            if score is None:
                raise SearchAborted  # the budget ended before this move's search did
            return score

        cells = [self.layout.cell_of(square) for square in squares]
        analysis = analyze_moves(board, cells, exact_score, _Searches(searches), started)
        if opened is not None:  # said as the opening book's values are ("from the opening book")
            analysis = replace(analysis, source="book")
        if analysis.complete:
            self.finished[key] = analysis
        return analysis

    def _opening_scores(self, board: Board, own: int, mask: int) -> dict[int, int] | None:
        """Each move's exact score by its square, from Connect Four's opening database, where
        it holds the position's moves (None elsewhere, or when the books are off)."""
        opening = board.move_count < openings.BOOK_PLIES
        if not (self.use_book and opening and openings.fits(self.geometry)):
            return None
        values = openings.opening_values()
        return None if values is None else openings.move_scores(values, own, mask, board.move_count)

    def _opening_ceilings(self, board: Board, own: int, mask: int) -> dict[int, int]:
        """The highest score each move can have by its square, from Connect Four's opening
        database, for a position one ply past it (:func:`.openings.move_ceilings`);
        none elsewhere, when the books are off, or when the database lacks a position."""
        past_book = board.move_count == openings.BOOK_PLIES
        if board.is_over or not (self.use_book and past_book and openings.fits(self.geometry)):
            return {}
        values = openings.opening_values()
        if values is None:
            return {}
        try:
            return openings.move_ceilings(values, own, mask)
        except BookError:
            return {}

    def winning_move(self, board: Board, budget: Budget = UNLIMITED, first: int | None = None) -> int | None:
        """A cell that wins ``board`` for the side to move against any defence, or None when
        there is none (or the budget ends before one is proven). Positions in the shape's win
        book are answered from it. Every move in turn, the cell ``first`` (a heuristic's choice)
        first; the interpreted search looks for a quick win first (within
        :data:`QUICK_WIN_PLIES` plies, cheap to prove or refute), then any win. With the
        compiled kernel and a deadline, several searches take the moves in turn (one a free core,
        up to :data:`SEARCH_THREADS`: :func:`searches_at_once`)."""
        self._check(board)
        book = shipped_win_book(self.geometry, self.win_book) if self.use_book and self.win_book else None
        booked = None if book is None else book.winning_move(board)
        if booked is not None:
            return board.index(booked)
        empty = self.geometry.cells - board.move_count
        return self._first_proven(board, budget, first, self.searching.win_thresholds(empty))

    def holding_move(self, board: Board, budget: Budget = UNLIMITED, first: int | None = None) -> int | None:
        """A cell after which the side to move at least draws ``board`` against any defence, or
        None when there is none (or the budget ends before one is proven): every move in turn,
        the cell ``first`` first, as :meth:`winning_move` tries them."""
        self._check(board)
        return self._first_proven(board, budget, first, (-1,))

    def _first_proven(self, board: Board, budget: Budget, first: int | None, thresholds: tuple[int, ...]) -> int | None:
        """The first cell proven to score above a threshold, each threshold in turn over every
        move (``first`` first, then the searches' order), searched as :meth:`_facing` has it. A
        move that completes a line scores above any threshold: it is taken without a search
        (searched in turn, the moves before it could spend the budget)."""
        board, image_of = self._facing(board)
        own, mask = self.layout.position(board)
        completing = self.layout.completing(own, mask)
        if completing:
            return image_of[self.layout.cell_of(completing & -completing)]
        searches = self.searching.searches(budget)
        empty = self.geometry.cells - board.move_count
        squares = self.layout.ordered(own, mask, self.layout.playable(mask))
        if first is not None:
            squares.sort(key=lambda square: square != 1 << self.layout.bit_of_cell[image_of[first]])
        tries = [(threshold, square) for threshold in thresholds for square in squares]
        proven = _first_win(searches, own, mask, empty, tries)
        return None if proven is None else image_of[self.layout.cell_of(proven)]

    def _facing(self, board: Board) -> tuple[Board, tuple[int, ...]]:
        """``board`` or its mirror image, whichever the book's keys take, as the searches take
        it, and the cells of one in the other (each the other's image). A position and its
        mirror image then cost the same search: the move order breaks ties between columns
        left first, so one image could take ten times the nodes of the other, and a win the
        win book's build found quick in one image could take more than a move's time in the
        other."""
        x_bits, o_bits, image_of = canonical(board)
        return Board(self.geometry, x_bits, o_bits, history=None), image_of

    def proven_not_winning(self, board: Board) -> set[int]:
        """The cells of ``board`` that the table (what the searches so far proved) shows do not
        win: after them the opponent holds at least a draw."""
        return self._proven_at_most(board, 0)

    def proven_losing(self, board: Board) -> set[int]:
        """The cells of ``board`` that the table shows lose: after them the opponent wins."""
        return self._proven_at_most(board, -1)

    def _proven_at_most(self, board: Board, score: int) -> set[int]:
        """The cells of ``board`` after which the mover scores ``score`` at most (0 or less): the
        opponent completes a line at once, or the table proves it."""
        self._check(board)
        layout = self.layout
        board, image_of = self._facing(board)  # the table holds the image the searches took
        own, mask = layout.position(board)
        other, moves, wins = own ^ mask, layout.playable(mask), layout.threats(own, mask)
        cells = set()
        for column in layout.columns:
            square = moves & column
            if not square or square & wins:
                continue
            after = mask | square
            entry = self.table.get(other + after)
            if layout.completing(other, after) or (entry is not None and lowest(entry) >= -score):
                cells.add(image_of[layout.cell_of(square)])
        return cells

    def is_lost(self, board: Board, budget: Budget = UNLIMITED) -> bool:
        """True when the side to move loses ``board`` (a position not over) against any defence,
        proven without the win book; False when it does not, or the budget ends first. How a
        winning move too deep for :meth:`winning_move`'s tries is proven: the position after it."""
        self._check(board)
        own, mask = self.layout.position(self._facing(board)[0])
        if self.layout.completing(own, mask):
            return False  # the mover completes a line at once
        try:
            return self.searching.search(budget).search(own, mask, self.geometry.cells - board.move_count, -1, 0) < 0
        except SearchAborted:
            return False

    def proven_losses(self, max_marks: int) -> Iterator[Board]:
        """The positions of at most ``max_marks`` marks that this solver's table proves lost
        for the side to move (what a win book is built from)."""
        layout = self.layout
        for key in self.searching.lost_keys(max_marks):
            own, mask = layout.split(key)
            mover, other = layout.cells_of(own), layout.cells_of(own ^ mask)
            x, o = (mover, other) if mask.bit_count() % 2 == 0 else (other, mover)
            yield Board(self.geometry, x, o, history=None)

    def _check(self, board: Board) -> None:
        if board.geometry is not self.geometry:
            raise ValueError(f"{board!r} does not fit a solver for {self.geometry!r}")


class _Searching(ABC):
    """How a solver searches, over the table it keeps: in the interpreter or compiled."""

    table: dict[int, int] | CompiledTable
    speed: int
    """Nodes searched in the time the interpreted search takes for one."""

    def __init__(self, layout: Layout, table_min_empty: int) -> None:
        self.layout = layout
        self.table_min_empty = table_min_empty

    def get_ready(self, wait: bool) -> None:  # noqa: B027 (the interpreter has nothing to load)
        """Load what the searches need ahead of them: on a thread of its own, or now (``wait``)."""

    @abstractmethod
    def search(self, budget: Budget) -> _Search:
        """A search over the table within ``budget``."""

    @abstractmethod
    def searches(self, budget: Budget) -> list[_Search]:
        """The searches :meth:`GravitySolver.winning_move` runs at once."""

    @abstractmethod
    def win_thresholds(self, empty: int) -> tuple[int, ...]:
        """The scores a winning move is looked for above, in turn, with ``empty`` squares left."""

    @abstractmethod
    def lost_keys(self, max_marks: int) -> Iterator[int]:
        """The keys of the positions of at most ``max_marks`` marks the table proves lost for
        the side to move."""


class _Interpreted(_Searching):
    """The negamax in Python, over a dictionary of every position it proved with at least
    ``table_min_empty`` empty squares (the win book's build reads them all back)."""

    speed = 1

    def __init__(self, layout: Layout, table_min_empty: int) -> None:
        super().__init__(layout, table_min_empty)
        self.table: dict[int, int] = {}

    def search(self, budget: Budget) -> _Search:
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        return _InterpretedSearch(self.layout, self.table, budget, self.table_min_empty)

    def searches(self, budget: Budget) -> list[_Search]:
        """One: the interpreter runs one search at a time."""
        return [self.search(budget)]

    def win_thresholds(self, empty: int) -> tuple[int, ...]:
        """A quick win first (within :data:`QUICK_WIN_PLIES` plies, cheap to prove or refute),
        then any win."""
        return (max(empty - QUICK_WIN_PLIES, 0), 0)

    def lost_keys(self, max_marks: int) -> Iterator[int]:
        split = self.layout.split
        return (
            key for key, entry in self.table.items() if highest(entry) < 0 and split(key)[1].bit_count() <= max_marks
        )


class _Compiled(_Searching):
    """The compiled kernel (:mod:`.kernel`), over its fixed-size table, loaded when a search
    first needs it (Numba, the machine code and the table: seconds in a fresh process, where
    a position in the books needs none of them). A search with a deadline waits for it half its
    time at most, the load on a thread of its own, then searches in the interpreter (exact all
    the same, slower), so a move is answered in its time while the kernel loads."""

    speed = KERNEL_SPEEDUP

    def __init__(self, layout: Layout, table_min_empty: int) -> None:
        super().__init__(layout, table_min_empty)
        self._interim = _Interpreted(layout, table_min_empty)
        self._loaded: CompiledTable | None = None
        self._loading: threading.Thread | None = None
        self._starting = threading.Lock()

    def get_ready(self, wait: bool) -> None:
        if wait:
            self.loaded()
        else:
            self.start_loading()

    def start_loading(self) -> None:
        """Load the kernel on a thread of its own, if it is not loaded or loading already."""
        with self._starting:
            if self._loaded is None and self._loading is None:
                self._loading = threading.Thread(target=self._load_quietly, name="gravity-kernel", daemon=True)
                self._loading.start()

    def _load_quietly(self) -> None:
        """:meth:`_load` on its thread, which prints nothing over the app's screen if it fails:
        the searches go on in the interpreter, and :meth:`loaded` says why."""
        with contextlib.suppress(Exception):
            self._load()

    def _load(self) -> None:
        from .kernel import CompiledTable

        layout = self.layout
        parts = (layout.height, layout.bottom, layout.squares, layout.odd_stacks, layout.lower_squares)
        self._loaded = CompiledTable((*parts, self.table_min_empty), layout.columns, len(layout.bit_of_cell))

    def loaded(self) -> CompiledTable:
        """The kernel's table, loaded now (waiting for a load under way)."""
        self.start_loading()
        assert self._loading is not None
        self._loading.join()
        if self._loaded is None:  # the load failed on its thread: here it says why
            self._load()
        assert self._loaded is not None
        return self._loaded

    @property
    def table(self) -> CompiledTable | dict[int, int]:  # type: ignore[override]
        """The kernel's table; the interpreter's while the kernel is still loading."""
        if self._loaded is None and self._loading is not None:
            return self._interim.table
        return self.loaded()

    def _in_time(self, budget: Budget) -> bool:
        """Whether the kernel is loaded, waiting for it half the time ``budget`` has left at
        most (as long as it takes without a deadline)."""
        if self._loaded is None:
            left = budget.remaining()
            self.start_loading()
            assert self._loading is not None
            self._loading.join(None if left is None else left / 2)
            if left is None:
                self.loaded()
        return self._loaded is not None

    def search(self, budget: Budget, stop: threading.Event | None = None) -> _Search:
        """A compiled search; an interpreted one if the kernel is not loaded in time."""
        if not self._in_time(budget):
            return self._interim.search(budget)
        return _CompiledSearch(self.layout, self.loaded(), budget, stop)

    def searches(self, budget: Budget) -> list[_Search]:
        """:func:`searches_at_once` of them with a deadline, sharing a stop; one with a node
        limit alone, which promises the same answer every run (one interpreted search if the
        kernel is not loaded in time)."""
        if not self._in_time(budget):
            return [self._interim.search(budget)]
        if budget.deadline is None:
            return [self.search(budget)]
        stop = threading.Event()
        return [self.search(budget, stop) for _ in range(searches_at_once())]

    def win_thresholds(self, empty: int) -> tuple[int, ...]:
        """Any win: the kernel finds the quick ones in a moment on its way, and a quick pass
        first would only cost it time."""
        return (0,)

    def lost_keys(self, max_marks: int) -> Iterator[int]:
        """Picked out of the table's arrays at once: a Python loop over a long proof's millions
        of entries took seconds. A key's marks are counted column by column, from a lookup of
        every value a column's part of a key can take."""
        import numpy as np

        keys, entries = self.loaded().stored()
        lost = keys[highest(entries) < 0]
        height = self.layout.height
        marks_of_part = np.array([self.layout.split(part)[1].bit_count() for part in range(1 << height)])
        marks = np.zeros(len(lost), dtype=np.int64)
        for column in range(len(self.layout.columns)):
            marks += marks_of_part[lost >> column * height & (1 << height) - 1]
        return (int(key) for key in lost[marks <= max_marks])


def searches_at_once() -> int:
    """How many searches to run at once: one, and one more for each core the machine has free by
    its load average over the last minute, the first search counted busy, up to
    :data:`SEARCH_THREADS`. On a busy machine a second search would only take the first one's
    core: measured at load 3.5 on two cores, two searches proved 14 wins in 19.6 s, one in 16.7."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average here (Windows): a core each
        load = 0.0
    free = (os.cpu_count() or 1) - max(load, 1.0)
    return max(1, min(SEARCH_THREADS, int(free) + 1))


def _first_win(searches: list[_Search], own: int, mask: int, empty: int, tries: list[tuple[int, int]]) -> int | None:
    """A square of ``tries`` that wins, or None when none does or the budget ends first. Each
    try ``(threshold, square)`` asks whether the mover scores above ``threshold`` playing
    ``square``; the searches take the tries in turn (:func:`_take_turns`), and the first win
    found stops them all. With one search: the first winning square in the order of ``tries``."""
    found: list[int] = []

    def attempt(search: _Search, tried: tuple[int, int]) -> bool:
        threshold, square = tried
        if search.move_score(own, mask, square, empty, threshold, threshold + 1) > threshold:
            found.append(square)
            return True
        return False

    _take_turns(searches, tries, attempt)
    return found[0] if found else None


def _take_turns(searches: list[_Search], tries: Iterable[_Try], attempt: Callable[[_Search, _Try], bool]) -> None:
    """``attempt`` each of ``tries`` in turn, the searches taking them each on a thread of its own
    (the first on this one), until they run out or an attempt returns True (which stops the
    searches running beside it). A search whose budget ends takes no more."""
    pending = iter(tries)
    taking = threading.Lock()
    done = threading.Event()

    def work(search: _Search) -> None:
        while not done.is_set():
            with taking:
                tried = next(pending, None)
            if tried is None:
                return
            try:
                if attempt(search, tried):
                    done.set()
                    search.stop_others()
            except SearchAborted:
                return

    helpers = [threading.Thread(target=work, args=(search,), daemon=True) for search in searches[1:]]
    for helper in helpers:
        helper.start()
    work(searches[0])
    for helper in helpers:
        helper.join()


@dataclass
class _Searches:
    """The nodes of several searches together, as :func:`.analyze_moves` counts one's."""

    searches: list[_Search]

    @property
    def nodes(self) -> int:
        return sum(search.nodes for search in self.searches)


class _Search(ABC):
    """One search's counters and limits, its move ordering and its probes; its negamax is the
    interpreter's (:class:`_InterpretedSearch`) or the compiled kernel's (:class:`_CompiledSearch`)."""

    def __init__(self, layout: Layout, budget: Budget) -> None:
        self.layout = layout
        self.budget = budget
        self.nodes = 0
        self.threats = layout.threats
        self.has_line = layout.line_finder

    @abstractmethod
    def search(self, own: int, mask: int, empty: int, alpha: int, beta: int, their_threats: int = -1) -> int:
        """Negamax score for the side to move, which cannot complete a line this move: exact
        inside ``(alpha, beta)``, otherwise a bound beyond the one it crosses. ``their_threats``
        are the opponent's threats when the caller has them (ordering the moves finds them)."""

    def stop_others(self) -> None:  # noqa: B027 (an interpreted search runs alone: none to stop)
        """End the searches running beside this one (there are none beside an interpreted one)."""

    def move_score(
        self,
        own: int,
        mask: int,
        square: int,
        empty: int,
        low: int | None = None,
        high: int | None = None,
        ceiling: int | None = None,
    ) -> int:
        """The mover's score for playing ``square``: exact, or (given ``low < high``) exact
        when inside them and otherwise the bound it crosses. ``ceiling``: a score the move is
        known not to exceed (from the opening database), which the exact search tries first."""
        if self.threats(own, mask) & square:
            return empty
        if empty == 1:
            return 0  # the last square, and no line
        child_own, child_mask = own ^ mask, mask | square
        if self.threats(child_own, child_mask) & self.layout.playable(child_mask):
            return -(empty - 1)  # the opponent completes a line at once
        if low is None or high is None:
            return -self.exact(child_own, child_mask, empty - 1, None if ceiling is None else -ceiling)
        return -self.search(child_own, child_mask, empty - 1, -high, -low)

    def exact(self, own: int, mask: int, empty: int, floor: int | None = None) -> int:
        """The exact score of a position whose mover cannot complete a line at once, by
        null-window probes from a draw outwards; given a proven ``floor`` (the score is at least
        that), the first probe asks whether it is that (one probe when it is)."""
        low, high = -empty if floor is None else floor, empty
        probe = floor
        while low < high:
            if probe is None:
                probe = (low + high) // 2
                if probe <= 0 and low // 2 < probe:
                    probe = low // 2
                elif probe >= 0 and high // 2 > probe:
                    probe = high // 2
            score = self.search(own, mask, empty, probe, probe + 1)
            if score <= probe:
                high = score
            else:
                low = score
            probe = None
        return low


class _InterpretedSearch(_Search):
    """:class:`_Search` with its negamax in Python, over a dictionary of every position it
    proved with at least ``table_min_empty`` empty squares."""

    def __init__(self, layout: Layout, table: dict[int, int], budget: Budget, table_min_empty: int) -> None:
        super().__init__(layout, budget)
        self.table = table
        self.table_min_empty = table_min_empty

    def search(self, own: int, mask: int, empty: int, alpha: int, beta: int, their_threats: int = -1) -> int:
        """:meth:`_Search.search`."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and self.budget.exhausted(self.nodes):
            raise SearchAborted
        layout = self.layout
        threats = self.threats
        moves = (mask + layout.bottom) & layout.squares
        other = own ^ mask
        if their_threats < 0:
            their_threats = threats(other, mask)
        forced = moves & their_threats
        if forced:
            if forced & (forced - 1):
                return -(empty - 1)  # two threats: one of them completes after any move
            moves = forced
        moves &= ~(their_threats >> 1)  # never play under a square the opponent completes
        if not moves:
            return -(empty - 1)
        if empty <= 2:
            return 0  # no line can be completed any more by either side
        # The opponent cannot complete a line next move, so the earliest loss is a move later;
        # the earliest win is our next move but one.
        low, high = -(empty - 3), empty - 2
        key = own + mask
        entry = self.table.get(key)
        if entry is not None:
            stored_low, stored_high = (entry >> BOUND_BITS) - BOUND_OFFSET, (entry & BOUND_MASK) - BOUND_OFFSET
            if stored_low > low:
                low = stored_low
            if stored_high < high:
                high = stored_high
        odd_columns = (mask + layout.bottom) & layout.odd_stacks
        if not odd_columns & (odd_columns - 1):
            # Claimeven: where every column has an even number of empty squares, the side to
            # answer each move on top of it gets the upper square of every pair. With no odd
            # column the opponent answers so, and the mover is held to the lower squares; with
            # one, the mover plays there first and then answers so, holding the opponent to them.
            if not odd_columns:
                if high > 0 and not self.has_line(own | (layout.lower_squares & ~mask)):
                    high = 0
            elif low < 0 and not self.has_line(other | (layout.lower_squares & ~mask)):
                low = 0
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
        start_alpha, start_beta = alpha, beta
        best = -empty
        for square, made in layout.children(own, mask, moves) if moves & (moves - 1) else ((moves, -1),):
            score = -self.search(other, mask | square, empty - 1, -beta, -alpha, made)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if best >= start_beta:
            low = max(low, best)
        elif best <= start_alpha:
            high = min(high, best)
        else:
            low = high = best
        if empty >= self.table_min_empty:
            self.table[key] = (low + BOUND_OFFSET) << BOUND_BITS | (high + BOUND_OFFSET)
        return best


class _CompiledSearch(_Search):
    """:class:`_Search` with its negamax run by the compiled kernel, in a workspace of its own
    over the shared :class:`.CompiledTable`; ``stop``, shared with searches running beside it,
    ends them all."""

    def __init__(self, layout: Layout, table: CompiledTable, budget: Budget, stop: threading.Event | None) -> None:
        super().__init__(layout, budget)
        self.workspace = table.workspace()
        self.stop = stop

    def search(self, own: int, mask: int, empty: int, alpha: int, beta: int, their_threats: int = -1) -> int:
        """:meth:`_Search.search`, compiled."""
        score, nodes = self.workspace.search(
            own, mask, empty, alpha, beta, their_threats, self.budget, self.nodes, self.stop
        )
        self.nodes += nodes
        return score

    def stop_others(self) -> None:
        if self.stop is not None:
            self.stop.set()

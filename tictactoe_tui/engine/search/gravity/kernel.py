"""The Gravity solver's search for four in a row, compiled to machine code by Numba.

The same negamax as :meth:`.solver._InterpretedSearch.search`, line for line — the same threat
rules, claimeven bounds, move ordering and table of proven bounds — on 64-bit integers, so a
shape fits when its columns with their spare bits take at most 63 (Connect Four: 7 × 7 = 49).
Compiled, it searches some eighty times as many nodes a second as the interpreter does, which
is what proves Connect Four's wins ten to twenty plies deep within a move's second.

A search works on two integer arrays. Its :class:`Workspace` is its own: the layout, a node
count, a flag set once its budget is spent, and scratch for each depth's moves. The table is
shared (:class:`CompiledTable`), by the searches one after another and by several at once: a slot
per position, chosen by its key, holding the packed bounds and beside them the key (plus one,
so an empty slot never matches) exclusive-or the bounds, so that a slot half written by
another search reads as empty (the lockless hashing of chess programs); a new entry replaces the
old. Two things it does that the interpreted search does not, both for memory's sake: it keeps
no position with fewer than :data:`SHALLOW_EMPTY` empty squares (searching those again is
cheaper than looking them up), and while it orders a position's moves it asks the processor to
fetch each child's slot (a table of 64 MB is mostly outside the cache; the fetches overlap with
the ordering work instead of stalling each child in turn). The kernel releases the
interpreter's lock, so searches run on several cores at once. It counts its nodes against
its node limit at every node; the rest of its budget (the clock, a cancel, another search's
win) a watching thread looks at every :data:`WATCH_SECONDS`, and sets the workspace's flag
once it is spent. With the flag set, every frame returns at once and stores
nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, TypeVar, cast

import numba
import numba.extending
import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba.core import cgutils
from numpy.typing import NDArray

from ..budget import Budget
from ..solver import SearchAborted
from .bounds import BOUND_BITS, BOUND_MASK, BOUND_OFFSET

#: A table has ``2 ** TABLE_BITS`` slots (Connect Four: about four million, 64 MB), fewer for
#: shapes of fewer squares (at least 2 ** 18, 4 MB).
TABLE_BITS = 22
#: Positions with fewer empty squares are neither looked up in the table nor stored: searching
#: them again costs less than the memory access (on 24 hard Connect Four wins, 6 against none
#: took 6% more nodes in a third less time).
SHALLOW_EMPTY = 6
#: Seconds between the watching thread's looks at the running searches' budgets.
WATCH_SECONDS = 0.002
#: A key's slot is the top bits of the key times this (2**64 over the golden ratio, as a signed
#: 64-bit integer): Fibonacci hashing, a multiplication where a remainder would be a division.
HASH_FACTOR = 0x9E3779B97F4A7C15 - (1 << 64)
_NO_LIMIT = 1 << 62
_INT32, _BYTE_POINTER = ir.IntType(32), ir.IntType(8).as_pointer()
_PREFETCH_TYPE = ir.FunctionType(ir.VoidType(), [_BYTE_POINTER, _INT32, _INT32, _INT32])
_Function = TypeVar("_Function", bound=Callable[..., Any])


def _compiled(signature: str) -> Callable[[_Function], _Function]:
    """A function compiled for ``signature`` as the module loads: machine code that runs without
    the interpreter (releasing its lock), cached on disk."""

    def compiled(function: _Function) -> _Function:
        return cast(_Function, numba.njit(signature, cache=True, nogil=True)(function))

    return compiled


@_compiled("int64(int64, int64, int64, int64)")
def _threats(own: int, mask: int, height: int, squares: int) -> int:
    """The empty squares where ``own`` would complete four in a row."""
    d1, a1 = height - 1, height + 1
    found = (own << 1) & (own << 2) & (own << 3)
    before, after = own << height, own >> height
    found |= before & (own << 2 * height) & ((own << 3 * height) | after) | after & (own >> 2 * height) & (
        before | (own >> 3 * height)
    )
    before, after = own << d1, own >> d1
    found |= before & (own << 2 * d1) & ((own << 3 * d1) | after) | after & (own >> 2 * d1) & (before | (own >> 3 * d1))
    before, after = own << a1, own >> a1
    found |= before & (own << 2 * a1) & ((own << 3 * a1) | after) | after & (own >> 2 * a1) & (before | (own >> 3 * a1))
    return found & squares & ~mask


@_compiled("boolean(int64, int64)")
def _has_four(marks: int, height: int) -> bool:
    """Whether ``marks`` hold four in a row."""
    for shift in (1, height, height - 1, height + 1):
        pairs = marks & (marks >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


@_compiled("int64(int64)")
def _bits(value: int) -> int:
    """How many bits of ``value`` (under 2 ** 63) are set, by adding neighbours' counts."""
    value -= (value >> 1) & 0x5555555555555555
    value = (value & 0x3333333333333333) + ((value >> 2) & 0x3333333333333333)
    value = (value + (value >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (value * 0x0101010101010101 & 0x7FFFFFFFFFFFFFFF) >> 56


def _prefetch_call(typing: object, table: Any, index: Any) -> tuple[Any, Callable[..., Any]]:
    """:func:`_prefetch`'s signature and the code it compiles to."""

    def generate(context: Any, builder: Any, signature: Any, args: Sequence[Any]) -> Any:
        kind = signature.args[0]
        array = context.make_array(kind)(context, builder, args[0])
        address = builder.bitcast(_item_pointer(context, builder, kind, array, [args[1]]), _BYTE_POINTER)
        prefetch = _declared(builder.module, _PREFETCH_TYPE, "llvm.prefetch.p0i8")
        builder.call(prefetch, [address, _INT32(0), _INT32(3), _INT32(1)])  # a read, kept close, of data
        return context.get_dummy_value()

    return numba.types.void(table, index), generate


_item_pointer: Callable[..., Any] = cgutils.get_item_pointer
_declared: Callable[..., Any] = cgutils.get_or_insert_function
#: Ask the processor to bring ``table[index]`` into its cache while the search goes on (LLVM's
#: ``prefetch``): a child's table slot, fetched while its siblings are ordered, is there when
#: the search reaches it. Callable from compiled code only.
_prefetch = cast(Callable[[NDArray[np.int64], int], None], numba.extending.intrinsic(_prefetch_call))


@_compiled("int64(int64, int64, int64)")
def _slot(key: int, shift: int, slots: int) -> int:
    """Where ``key``'s entry starts in a table of ``slots`` slots (``2 ** (64 - shift)``): the
    top bits of the key times :data:`HASH_FACTOR`, two integers a slot."""
    return 2 * ((key * HASH_FACTOR) >> shift & (slots - 1))


#: Where each part of a workspace starts.
HEIGHT, BOTTOM, SQUARES, ODD_STACKS, LOWER_SQUARES, MIN_EMPTY, COLUMN_COUNT = range(7)
COLUMNS = 8
NODES, OVER, NODE_LIMIT, TABLE_SHIFT = 24, 25, 26, 27
ORDER, ORDER_ROW = 32, 48


@_compiled("int64(int64, int64, int64, int64, int64, int64, int64[::1], int64[::1])")
def _search(
    own: int,
    mask: int,
    empty: int,
    alpha: int,
    beta: int,
    their_threats: int,
    memory: NDArray[np.int64],
    table: NDArray[np.int64],
) -> int:
    """:meth:`.solver._InterpretedSearch.search` in the workspace ``memory``, over ``table``."""
    memory[NODES] += 1
    if memory[NODES] > memory[NODE_LIMIT]:
        memory[OVER] = 1
    if memory[OVER]:
        return 0
    height, bottom, squares = memory[HEIGHT], memory[BOTTOM], memory[SQUARES]
    moves = (mask + bottom) & squares
    other = own ^ mask
    if their_threats < 0:
        their_threats = _threats(other, mask, height, squares)
    forced = moves & their_threats
    if forced:
        if forced & (forced - 1):
            return -(empty - 1)
        moves = forced
    moves &= ~(their_threats >> 1)
    if not moves:
        return -(empty - 1)
    if empty <= 2:
        return 0
    low, high = -(empty - 3), empty - 2
    key = own + mask
    slot = -1
    if empty >= memory[MIN_EMPTY]:
        slot = _slot(key, memory[TABLE_SHIFT], table.size // 2)
        entry = table[slot + 1]
        if table[slot] ^ entry == key + 1:
            low = max(low, (entry >> BOUND_BITS) - BOUND_OFFSET)
            high = min(high, (entry & BOUND_MASK) - BOUND_OFFSET)
    odd_columns = (mask + bottom) & memory[ODD_STACKS]
    if not odd_columns & (odd_columns - 1):
        if not odd_columns:
            if high > 0 and not _has_four(own | (memory[LOWER_SQUARES] & ~mask), height):
                high = 0
        elif low < 0 and not _has_four(other | (memory[LOWER_SQUARES] & ~mask), height):
            low = 0
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    alpha, beta = max(alpha, low), min(beta, high)
    start_alpha, start_beta = alpha, beta
    row = ORDER + empty * ORDER_ROW
    count = 0
    if moves & (moves - 1):
        for column in range(COLUMNS, COLUMNS + memory[COLUMN_COUNT]):  # by threats made, then centre first
            square = moves & memory[column]
            if square:
                if empty > memory[MIN_EMPTY]:  # the child looks itself up
                    _prefetch(table, _slot(other + (mask | square), memory[TABLE_SHIFT], table.size // 2))
                made = _threats(own | square, mask | square, height, squares)
                rank = _bits(made)
                place = row + 3 * count
                while place > row and memory[place - 1] < rank:
                    memory[place] = memory[place - 3]
                    memory[place + 1] = memory[place - 2]
                    memory[place + 2] = memory[place - 1]
                    place -= 3
                memory[place] = square
                memory[place + 1] = made
                memory[place + 2] = rank
                count += 1
    else:
        memory[row] = moves
        memory[row + 1] = -1
        count = 1
    best = -empty
    for place in range(row, row + 3 * count, 3):
        score = -_search(other, mask | memory[place], empty - 1, -beta, -alpha, memory[place + 1], memory, table)
        if memory[OVER]:
            return 0
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
    if slot >= 0:
        entry = (low + BOUND_OFFSET) << BOUND_BITS | (high + BOUND_OFFSET)
        table[slot + 1] = entry
        table[slot] = (key + 1) ^ entry
    return best


class CompiledTable:
    """A fixed-size table of proven bounds for one shape, shared by the kernel's searches and
    kept between them, read like the interpreted solver's dictionary; and the shape's layout."""

    def __init__(self, layout: Sequence[int], columns: Sequence[int], squares: int) -> None:
        """``layout``: the height, bottom, squares, odd stacks, lower squares and the fewest
        empty squares a stored position has (at least :data:`SHALLOW_EMPTY` are kept);
        ``columns``: each column's squares, centre first; ``squares``: how many the board has
        (the table's size follows it)."""
        self.bits = min(TABLE_BITS, max(squares - 20, 18))
        self.slots = 1 << self.bits
        # Written now: zeros would leave each page to its first touch, inside the first search
        # (which then took 1.04 s for 76,478 nodes at load 8, against 0.06 s with the pages in).
        self.table = np.empty(2 * self.slots, dtype=np.int64)
        self.table.fill(0)
        self.layout = np.zeros(ORDER, dtype=np.int64)
        self.layout[HEIGHT:COLUMN_COUNT] = layout
        self.layout[MIN_EMPTY] = max(self.layout[MIN_EMPTY], SHALLOW_EMPTY)
        self.layout[COLUMN_COUNT] = len(columns)
        self.layout[COLUMNS : COLUMNS + len(columns)] = columns
        self.layout[TABLE_SHIFT] = 64 - self.bits
        self.cells = squares

    def get(self, key: int) -> int | None:
        """The packed bounds stored for ``key``, or None."""
        slot = _slot(key, 64 - self.bits, self.slots)
        entry = int(self.table[slot + 1])
        return entry if int(self.table[slot]) ^ entry == key + 1 else None

    def stored(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Every stored key and its packed bounds, as two arrays."""
        checks, entries = self.table[::2], self.table[1::2]
        used = np.flatnonzero(checks)
        return (checks[used] ^ entries[used]) - 1, entries[used]

    def items(self) -> Iterator[tuple[int, int]]:
        """Every stored key with its packed bounds."""
        keys, entries = self.stored()
        return zip(map(int, keys), map(int, entries), strict=True)

    def __iter__(self) -> Iterator[int]:
        """Every stored key."""
        return (key for key, _ in self.items())

    def __len__(self) -> int:
        return int(np.count_nonzero(self.table[::2]))

    def clear(self) -> None:
        """Forget every entry."""
        self.table[:] = 0

    def workspace(self) -> Workspace:
        """A new search's own memory over this table."""
        return Workspace(self)


class Workspace:
    """One search's memory (the layout, its counters, scratch) over a shared table."""

    #: The workspaces whose search is running, which the watching thread looks at.
    running: ClassVar[set[Workspace]] = set()
    _changed: ClassVar[threading.Condition] = threading.Condition()
    _watcher: ClassVar[threading.Thread | None] = None

    def __init__(self, table: CompiledTable) -> None:
        self.table = table
        self.memory = np.zeros(ORDER + (table.cells + 1) * ORDER_ROW, dtype=np.int64)
        self.memory[:ORDER] = table.layout
        self.budget: Budget | None = None
        self.nodes_before = 0
        self.stop: threading.Event | None = None

    def search(
        self,
        own: int,
        mask: int,
        empty: int,
        alpha: int,
        beta: int,
        their_threats: int,
        budget: Budget,
        nodes_before: int,
        stop: threading.Event | None = None,
    ) -> tuple[int, int]:
        """The score as :meth:`.solver._InterpretedSearch.search` gives it and the nodes searched;
        raises :class:`.SearchAborted` when ``budget`` (``nodes_before`` already spent) ends, or
        ``stop`` is set, first."""
        memory = self.memory
        memory[NODES] = memory[OVER] = 0
        memory[NODE_LIMIT] = _NO_LIMIT if budget.max_nodes is None else budget.max_nodes - nodes_before
        self.budget, self.nodes_before, self.stop = budget, nodes_before, stop
        self._look()
        with Workspace._changed:
            Workspace.running.add(self)
            if Workspace._watcher is None:
                Workspace._watcher = threading.Thread(target=Workspace._watch, name="kernel-watch", daemon=True)
                Workspace._watcher.start()
            Workspace._changed.notify()
        try:
            score = _search(own, mask, empty, alpha, beta, their_threats, memory, self.table.table)
        finally:
            with Workspace._changed:
                Workspace.running.discard(self)
        if memory[OVER]:
            raise SearchAborted
        return int(score), int(memory[NODES])

    def _look(self) -> None:
        """Set the flag that ends the search when its budget is spent or ``stop`` is set."""
        assert self.budget is not None
        spent = self.budget.exhausted(self.nodes_before + int(self.memory[NODES]))
        if spent or (self.stop is not None and self.stop.is_set()):
            self.memory[OVER] = 1

    @staticmethod
    def _watch() -> None:
        """The watching thread: every :data:`WATCH_SECONDS` while searches run, a look at each."""
        while True:
            with Workspace._changed:
                Workspace._changed.wait_for(lambda: bool(Workspace.running))
                running = list(Workspace.running)
            for workspace in running:
                workspace._look()
            time.sleep(WATCH_SECONDS)

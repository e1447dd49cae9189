"""Books of proven wins: positions the side to move loses, so a move into one of them wins.

Where the exact solver needs seconds to minutes to prove a win (Connect Four from ply 6 to
about ply 16: a position ten plies in takes it a million nodes), a move's budget cannot find
it, and a heuristic search can throw the win away. A win book holds positions the solver proved
offline (``scripts/build_win_book.py``) to be lost for the side to move, however it defends: the
positions of the proofs behind the wins ``impossible`` meets, each reply of the loser's
included. The solver's :meth:`~.gravity.solver.GravitySolver.winning_move` answers from it
before searching: a move that leaves the opponent in one of them wins.

File format (little-endian), after a zlib stream is inflated::

    b"TTTWINS1"  rows:u8  cols:u8  k:u8  count:u32
    count × ( x_bits:u64  o_bits:u64 )

Positions are taken up to the board's symmetries (:func:`.book.canonical`) and sorted. As with
the opening books, the file's SHA-256 is kept beside it and checked on load, and a loaded book
is read in place: a look-up bisects its sorted records.
"""

from __future__ import annotations

import struct
import sys
import threading
import zlib
from array import array
from collections.abc import Iterable, Iterator, Mapping
from itertools import chain, compress, count
from operator import ge

from ..board import Board, Geometry, Move, geometry
from .book import BookError, Key, PackedEntries, canonical, read_data, verified

MAGIC = b"TTTWINS1"
HEADER = struct.Struct("<8sBBBI")
ENTRY = struct.Struct("<QQ")


class WinBook:
    """A win book: the canonical forms (:data:`.book.Key`) of positions lost for the side to move.
    Those read from a file stay packed, as the file has them; those added since (a build's) are
    kept in a set."""

    def __init__(self, shape: Geometry, lost: Iterable[Key] = (), packed: Mapping[Key, object] | None = None) -> None:
        self.geometry = shape
        self._packed: Mapping[Key, object] = packed or {}
        self._added: set[Key] = set()
        self.update(lost)

    def __len__(self) -> int:
        return len(self._packed) + len(self._added)

    def __iter__(self) -> Iterator[Key]:
        """Every position's key, those read from a file first."""
        return chain(self._packed, self._added)

    def holds(self, key: Key) -> bool:
        """Whether the book holds the position whose canonical form is ``key``."""
        return key in self._added or key in self._packed

    def __contains__(self, board: Board) -> bool:
        """Whether the book holds ``board`` as lost for its side to move."""
        return self.holds(canonical(board)[:2])

    def winning_move(self, board: Board) -> Move | None:
        """A move that leaves the opponent a position of the book (from the centre column
        outwards), or None when there is none."""
        legal = board.legal_bits
        for cell in board.geometry.move_order:
            if legal >> cell & 1:
                move = board.move_at(cell)
                if board.play(move) in self:
                    return move
        return None

    def add(self, board: Board) -> Key:
        """Record ``board`` as lost for its side to move; its key."""
        key = canonical(board)[:2]
        self.update((key,))
        return key

    def update(self, keys: Iterable[Key]) -> None:
        """Record the positions of ``keys`` (canonical forms) as lost for their side to move."""
        self._added.update(key for key in keys if key not in self._packed)

    def to_bytes(self) -> bytes:
        """The book in its file format (see the module's docstring)."""
        shape = self.geometry
        parts = [HEADER.pack(MAGIC, shape.rows, shape.cols, shape.k, len(self))]
        parts.extend(ENTRY.pack(*key) for key in sorted(self))
        return zlib.compress(b"".join(parts), 9)

    @classmethod
    def from_bytes(cls, data: bytes, game: str) -> WinBook:
        """Read a win book of ``game``; :class:`.book.BookError` says what is wrong with a bad one."""
        try:
            raw = zlib.decompress(data)
            magic, rows, cols, k, count = HEADER.unpack_from(raw)
        except (zlib.error, struct.error) as error:
            raise BookError(f"not a win book ({error})") from None
        if magic != MAGIC:
            raise BookError("not a win book (wrong magic bytes)")
        if len(raw) != HEADER.size + count * ENTRY.size:
            raise BookError(f"the book says {count} entries but holds {(len(raw) - HEADER.size) / ENTRY.size:g}")
        shape = geometry(rows, cols, k, game)
        records = raw[HEADER.size :]
        words = array("Q", records)
        if sys.byteorder == "big":
            words.byteswap()
        x_words, o_words = words[0::2], words[1::2]
        # Every entry's squares checked at once, as one number of 64 bits an entry for each
        # side, and the order a column at a time (map and zip loop in C), not entry by entry.
        beyond = array("Q", [(1 << 64) - 1 ^ (1 << shape.cells) - 1]) * len(x_words)
        x_all, o_all, off_board = (int.from_bytes(part.tobytes(), sys.byteorder) for part in (x_words, o_words, beyond))
        if x_all & o_all or (x_all | o_all) & off_board:
            pairs = zip(x_words, o_words, strict=True)
            bad = first_true(x & o or (x | o) >> shape.cells for x, o in pairs)
            raise BookError(f"entry {bad} is not a position of the board")
        bad = first_true(map(ge, zip(x_words, o_words, strict=True), zip(x_words[1:], o_words[1:], strict=True)))
        if bad is not None:
            raise BookError(f"entry {bad + 1} is out of order")
        return cls(shape, packed=PackedEntries(records, 0))


def first_true(flags: Iterable[object]) -> int | None:
    """The index of the first true one of ``flags``, or None."""
    return next(compress(count(), flags), None)


_loaded: dict[Geometry, WinBook | None] = {}
_lock = threading.Lock()


def shipped_win_book(shape: Geometry, name: str) -> WinBook | None:
    """The win book shipped for ``shape`` as the file ``name`` (its game's
    :attr:`~.kit.SearchKit.win_book` says which), loaded and checked on first use (None when
    the file is missing or does not match its checksum)."""
    if shape in _loaded:
        return _loaded[shape]
    with _lock:
        if shape not in _loaded:
            data = verified(read_data(name))
            _loaded[shape] = None if data is None else WinBook.from_bytes(data, shape.rules.name)
        return _loaded[shape]

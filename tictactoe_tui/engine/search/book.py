"""Opening books: every legal move's exact score for the opening positions of a board shape.

A book is built by ``scripts/build_book.py`` from the solver and shipped in ``engine/search/data/``;
a game's search kit names the books it ships (:attr:`.kit.SearchKit.book`) and hands each to
its solver.
It holds every position either seat meets in the first :attr:`OpeningBook.plies` plies when
``impossible`` plays its :meth:`OpeningBook.choice` and the other side plays anything, and
every position with up to :data:`EVERY_MARKS` marks, with the positions taken up to the
board's symmetries.

File format (little-endian), after a zlib stream is inflated::

    b"TTTBOOK1"  rows:u8  cols:u8  k:u8  plies:u8  count:u32
    count × ( x_bits:u64  o_bits:u64  score:i8 × rows*cols )

Entries are sorted by ``(x_bits, o_bits)`` of the position's canonical form (the smallest
``x_bits << cells | o_bits`` over the symmetries). ``score`` is the solver's absolute score
(see :mod:`.solver`) of a mark on that square, for the side to move; taken squares hold -128.
The file's SHA-256 is kept beside it (``<name>.sha256``, written by the build) and checked on
load; a book that does not match is not used (the solver answers instead).
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from ..board import Board, Geometry, Move, geometry, permute_bits

if TYPE_CHECKING:
    from pathlib import Path

MAGIC = b"TTTBOOK1"
HEADER = struct.Struct("<8sBBBBI")
KEY = struct.Struct("<QQ")
TAKEN = -128


#: Besides its lines, the shipped book holds every position with up to this many marks (the
#: live solver answers positions with more within a second: ``benchmarks/bench_review.py``).
EVERY_MARKS = 5


class BookError(ValueError):
    """A book file that cannot be read: the message says why."""


def canonical(board: Board) -> tuple[int, int, tuple[int, ...]]:
    """The smallest symmetric image of ``board`` and the cell permutation that gives it."""
    shape = board.geometry
    best: tuple[int, int, tuple[int, ...]] | None = None
    for perm in shape.symmetries:
        x, o = permute_bits(board.x_bits, perm), permute_bits(board.o_bits, perm)
        if best is None or (x << shape.cells | o) < (best[0] << shape.cells | best[1]):
            best = (x, o, perm)
    assert best is not None
    return best


def preferred(scores: tuple[int, ...], shape: Geometry) -> int:
    """The cell a book line follows from an entry: the best score, first in the move order."""
    top = max(scores)
    return next(cell for cell in shape.move_order if scores[cell] == top)


Key = tuple[int, int]


class PackedEntries(Mapping[Key, tuple[int, ...]]):
    """A book file's entries read in place: a look-up bisects the sorted records, so a book of
    any size loads in the time it takes to inflate it. Each record is a key and a row of
    ``cells`` signed bytes (none in a win book, whose records are keys alone)."""

    def __init__(self, records: bytes, cells: int) -> None:
        self.records = records
        self.cells = cells
        self.row = struct.Struct(f"<{cells}b")
        self.size = KEY.size + self.row.size
        self.count = len(records) // self.size

    def __reduce__(self) -> tuple[type[PackedEntries], tuple[bytes, int]]:
        """Pickled as its records (a build sends its book to worker processes)."""
        return PackedEntries, (self.records, self.cells)

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Key]:
        for start in range(0, len(self.records), self.size):
            yield KEY.unpack_from(self.records, start)

    def __getitem__(self, key: Key) -> tuple[int, ...]:
        low, high = 0, self.count
        while low < high:
            middle = (low + high) // 2
            found = KEY.unpack_from(self.records, middle * self.size)
            if found < key:
                low = middle + 1
            elif found > key:
                high = middle
            else:
                return self.row.unpack_from(self.records, middle * self.size + KEY.size)
        raise KeyError(key)


class OpeningBook:
    """A book: canonical position → per-cell scores."""

    def __init__(self, shape: Geometry, plies: int, entries: Mapping[Key, tuple[int, ...]]) -> None:
        self.geometry = shape
        self.plies = plies
        self.entries = entries

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, board: Board) -> tuple[dict[Move, int], Move] | None:
        """Every legal move of ``board`` with its exact score, and the move the book's lines
        follow from it (one of the best); None when ``board`` is not in the book."""
        x, o, perm = canonical(board)
        found = self.entries.get((x, o))
        if found is None:
            return None
        scores = {board.move_at(cell): found[perm[cell]] for cell in range(len(perm)) if found[perm[cell]] != TAKEN}
        return scores, board.move_at(perm.index(preferred(found, self.geometry)))

    def scores(self, board: Board) -> dict[Move, int] | None:
        """The scores part of :meth:`lookup`."""
        found = self.lookup(board)
        return None if found is None else found[0]

    def choice(self, board: Board) -> Move | None:
        """The book's move part of :meth:`lookup`."""
        found = self.lookup(board)
        return None if found is None else found[1]

    def to_bytes(self) -> bytes:
        """The book in its file format (see the module's docstring)."""
        shape = self.geometry
        parts = [HEADER.pack(MAGIC, shape.rows, shape.cols, shape.k, self.plies, len(self.entries))]
        for key in sorted(self.entries):
            parts.append(KEY.pack(*key))
            parts.append(struct.pack(f"<{shape.cells}b", *self.entries[key]))
        return zlib.compress(b"".join(parts), 9)

    @classmethod
    def from_bytes(cls, data: bytes) -> OpeningBook:
        """Read a book; :class:`BookError` says what is wrong with a bad one."""
        try:
            raw = zlib.decompress(data)
            magic, rows, cols, k, plies, count = HEADER.unpack_from(raw)
        except (zlib.error, struct.error) as error:
            raise BookError(f"not an opening book ({error})") from None
        if magic != MAGIC:
            raise BookError("not an opening book (wrong magic bytes)")
        shape = geometry(rows, cols, k)
        entries = PackedEntries(raw[HEADER.size :], shape.cells)
        if len(raw) - HEADER.size != count * entries.size:
            raise BookError(f"the book says {count} entries but holds {(len(raw) - HEADER.size) / entries.size:g}")
        return cls(shape, plies, entries)


_loaded: dict[Geometry, OpeningBook | None] = {}
_lock = threading.Lock()


def read_data(name: str) -> tuple[bytes, str] | None:
    """The bytes of the file ``name`` in ``engine/search/data/`` and the SHA-256 recorded for
    them beside it (None when either is missing)."""
    from importlib import resources  # loaded with the first book: the app's start reads none

    folder = resources.files(__package__).joinpath("data")
    data, digest = folder.joinpath(name), folder.joinpath(name + ".sha256")
    if not (data.is_file() and digest.is_file()):
        return None
    return data.read_bytes(), digest.read_text().split()[0]


def write_data(path: Path, data: bytes) -> str:
    """Write ``data`` to ``path`` and its SHA-256 beside it, as :func:`read_data` reads them
    (what the books' build scripts ship); the SHA-256."""
    import hashlib  # the app never writes a book: its start loads none of this

    digest = hashlib.sha256(data).hexdigest()
    path.write_bytes(data)
    path.with_name(path.name + ".sha256").write_text(f"{digest}  {path.name}\n")
    return digest


def verified(shipped: tuple[bytes, str] | None) -> bytes | None:
    """The bytes of a shipped file (:func:`read_data`) when they match the SHA-256 recorded for
    them, else None."""
    import hashlib  # loaded with the first book: the app's start reads none

    if shipped is None or hashlib.sha256(shipped[0]).hexdigest() != shipped[1]:
        return None
    return shipped[0]


def opening_book(shape: Geometry, name: str) -> OpeningBook | None:
    """The book shipped for ``shape`` as the file ``name`` (its game's
    :attr:`~.kit.SearchKit.book` says which), loaded and checked on first use (None when the
    file is missing or does not match its checksum)."""
    if shape in _loaded:
        return _loaded[shape]
    with _lock:
        if shape not in _loaded:
            data = verified(read_data(name))
            _loaded[shape] = None if data is None else OpeningBook.from_bytes(data)
        return _loaded[shape]

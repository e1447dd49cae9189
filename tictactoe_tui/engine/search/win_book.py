"""Books of proven wins: positions the side to move loses, so a move into one of them wins.

Where the exact solver needs seconds to minutes to prove a win (Connect Four from ply 6 to
about ply 16: a position ten plies in takes it a million nodes), a move's budget cannot find
it, and a heuristic search can throw the win away. A win book holds positions the solver proved
offline (``scripts/build_win_book.py``) to be lost for the side to move, however it defends: the
positions of the proofs behind the wins ``impossible`` meets, each reply of the loser's
included. The solver's :meth:`~.gravity_solver.GravitySolver.winning_move` answers from it
before searching: a move that leaves the opponent in one of them wins.

File format (little-endian), after a zlib stream is inflated::

    b"TTTWINS1"  rows:u8  cols:u8  k:u8  count:u32
    count × ( x_bits:u64  o_bits:u64 )

Positions are taken up to the board's symmetries (:func:`.book.canonical`) and sorted. As with
the opening books, the file's SHA-256 is kept beside it and checked on load.
"""

from __future__ import annotations

import struct
import threading
import zlib

from ..board import Board, Geometry, Move, geometry
from .book import BookError, book_key, canonical, read_data, verified

MAGIC = b"TTTWINS1"
HEADER = struct.Struct("<8sBBBI")
ENTRY = struct.Struct("<QQ")

#: The shipped win books' file names in ``engine/search/data/``, by game and shape (rows, cols, k).
WIN_BOOKS: dict[tuple[str, int, int, int], str] = {("gravity", 6, 7, 4): "wins-gravity-6x7k4.bin"}


class WinBook:
    """A loaded win book: the canonical forms of positions lost for the side to move."""

    def __init__(self, shape: Geometry, lost: set[tuple[int, int]]) -> None:
        self.geometry = shape
        self.lost = lost

    def __len__(self) -> int:
        return len(self.lost)

    def __contains__(self, board: Board) -> bool:
        """Whether the book holds ``board`` as lost for its side to move."""
        return canonical(board)[:2] in self.lost

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

    def add(self, board: Board) -> tuple[int, int]:
        """Record ``board`` as lost for its side to move; its key in :attr:`lost`."""
        key = canonical(board)[:2]
        self.lost.add(key)
        return key

    def to_bytes(self) -> bytes:
        """The book in its file format (see the module's docstring)."""
        shape = self.geometry
        parts = [HEADER.pack(MAGIC, shape.rows, shape.cols, shape.k, len(self.lost))]
        parts.extend(ENTRY.pack(*key) for key in sorted(self.lost))
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
        lost = set()
        for start in range(HEADER.size, len(raw), ENTRY.size):
            x, o = ENTRY.unpack_from(raw, start)
            if x & o or (x | o) >> shape.cells:
                raise BookError(f"entry {(start - HEADER.size) // ENTRY.size} is not a position of the board")
            lost.add((x, o))
        return cls(shape, lost)


_loaded: dict[Geometry, WinBook | None] = {}
_lock = threading.Lock()


def win_book(shape: Geometry) -> WinBook | None:
    """The shipped win book for ``shape``, loaded and checked on first use (None when there is
    none or it does not match its checksum)."""
    if shape in _loaded:
        return _loaded[shape]
    with _lock:
        if shape not in _loaded:
            name = WIN_BOOKS.get(book_key(shape))
            data = None if name is None else verified(read_data(name))
            _loaded[shape] = None if data is None else WinBook.from_bytes(data, shape.rules.name)
        return _loaded[shape]

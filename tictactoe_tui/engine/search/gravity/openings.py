"""Connect Four's exact values for the first twelve plies: BitBully's opening database, and a
small table of our own for the first seven.

The `bitbully-databases` package (MIT, data only) holds every position of Connect Four with 12
marks in which no line is complete and the side to move cannot complete one at once, each with
its exact value and distance, up to mirror image (4,200,899 positions). From a position up to 12
plies in, playing every line on to the twelfth ply and backing the values up gives the exact
score of every move (:func:`move_scores`): from 8 plies in that is at most 2,401 positions per
move, looked up at once with numpy. Seven plies in and fewer it would be too many, so those
values are a table shipped with the game (``scripts/build_gravity_openings.py`` backs every
position up from the database once): about 38,000 positions up to mirror image. Twelve plies in,
past the database, it still caps each move's score (:func:`move_ceilings`), where the search
starts.

Scores are the exact solver's (:mod:`.solver`): a win whose last mark leaves ``e`` squares
empty scores ``e + 1``, a loss the opposite, a draw 0. BitBully's value ``v`` at 12 plies is the
first player's (then to move): a win ``100 - v`` plies on when positive, a loss ``100 + v``
plies on when negative, so the winning mark is the ``12 + d``-th and scores ``31 - d``.

File format of the table (little-endian), after a zlib stream is inflated::

    b"TTTC4OP1"  plies:u8  count:u32
    count × key:u64 (sorted)    count × score:i8

A key is the canonical form of a position (the smaller of its ``own + mask`` and its mirror
image's, the layout of :mod:`.solver`).
"""

from __future__ import annotations

import struct
import threading
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...board import Geometry
from ..book import BookError, read_data, verified

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Words = npt.NDArray[np.uint64]
    Scores = npt.NDArray[np.int64]

ROWS, COLS, K = 6, 7, 4
HEIGHT = ROWS + 1
#: The plies the database is at, and the most the shipped table holds.
BOOK_PLIES, TABLE_PLIES = 12, 7
TABLE_NAME = "openings-gravity-6x7k4.bin"
DATABASE_FILE = "assets/book_12ply_distances.dat"
MAGIC = b"TTTC4OP1"
HEADER = struct.Struct("<8sBI")
#: A move's place in :func:`_children`' index: not legal, or completing a line.
ILLEGAL, COMPLETES = -1, -2
BOTTOM = sum(1 << (col * HEIGHT) for col in range(COLS))
COLUMN_SQUARES = tuple(((1 << ROWS) - 1) << (col * HEIGHT) for col in range(COLS))
_WORSE_THAN_ANY = -100


def fits(shape: Geometry) -> bool:
    """Whether ``shape`` is Connect Four's (gravity, 6×7, four in a row)."""
    return (shape.rules.name, shape.rows, shape.cols, shape.k) == ("gravity", ROWS, COLS, K)


def win_score(marks_after: int) -> int:
    """The mover's score for completing a line with the ``marks_after``-th mark."""
    return ROWS * COLS + 1 - marks_after


@dataclass(frozen=True)
class OpeningValues:
    """The database's sorted codes and values, and the shipped table's keys and scores."""

    codes: npt.NDArray[np.int32]
    values: npt.NDArray[np.int8]
    table_keys: Words
    table_scores: npt.NDArray[np.int8]

    def scores(self, own: Words, mask: Words, plies: int) -> Scores:
        """The exact score for the side to move of each position (``plies`` marks, none over)."""
        import numpy as np

        if plies <= TABLE_PLIES and len(self.table_keys):
            keys = _canonical(own + mask)
            found = np.searchsorted(self.table_keys, keys).clip(0, len(self.table_keys) - 1)
            if not np.array_equal(self.table_keys[found], keys):
                raise BookError("a position is missing from Connect Four's table of openings")
            scores: Scores = self.table_scores[found].astype(np.int64)
            return scores
        if plies == BOOK_PLIES:
            return self._leaf_scores(own, mask)
        child_own, child_mask, index = _children(own, mask)
        return _backed_up(index, self.scores(child_own, child_mask, plies + 1), plies)

    def _leaf_scores(self, own: Words, mask: Words) -> Scores:
        """Scores of positions 12 plies in: a line completed at once, else the database's."""
        import numpy as np

        scores = np.full(len(own), win_score(BOOK_PLIES + 1), np.int64)
        looked = _completing(own, mask) == 0
        codes = np.concatenate([_code(own[looked], mask[looked]), _code(_mirror(own[looked]), _mirror(mask[looked]))])
        found = np.searchsorted(self.codes, codes).clip(0, len(self.codes) - 1)
        hit = self.codes[found] == codes
        half = int(looked.sum())
        value = np.where(hit[:half], self.values[found[:half]], self.values[found[half:]]).astype(np.int64)
        if not (hit[:half] | hit[half:]).all():
            raise BookError("a position is missing from Connect Four's opening database")
        distance = 100 - np.abs(value)
        scores[looked] = np.sign(value) * (win_score(BOOK_PLIES) - distance)
        return scores


def move_scores(values: OpeningValues, own: int, mask: int, plies: int) -> dict[int, int]:
    """Each legal move's exact score for the side to move (by the move's square in the layout)
    of a position ``plies`` marks in (at most 11), none of its lines complete."""
    import numpy as np

    child_own, child_mask, index = _children(np.array([own], np.uint64), np.array([mask], np.uint64))
    child_scores = values.scores(child_own, child_mask, plies + 1) if len(child_own) else np.zeros(0, np.int64)
    found: dict[int, int] = {}
    for col in range(COLS):
        square = (mask + BOTTOM) & COLUMN_SQUARES[col]
        place = int(index[0, col])
        if place == COMPLETES:
            found[square] = win_score(plies + 1)
        elif place != ILLEGAL:
            found[square] = -int(child_scores[place])
    return found


def move_ceilings(values: OpeningValues, own: int, mask: int) -> dict[int, int]:
    """The highest score each legal move can have (by its square), for the side to move of a
    position :data:`BOOK_PLIES` marks in, none of its lines complete: past the database, but one
    move from it. A move scores at most the position's own value, and at most the value of each
    position of the database the move's child is one move from, the child with another of the
    mover's top marks taken away (from there the mover could have made this move). About half of
    the moves score their ceiling, and a search that starts there proves them with one probe
    instead of three or four. A move that completes a line is left out (it needs no search)."""
    import numpy as np

    playable = (mask + BOTTOM) & sum(COLUMN_SQUARES)
    tops = [1 << (mask & column).bit_length() - 1 for column in COLUMN_SQUARES if mask & column]
    parents_own, parents_mask, moves = [own], [mask], [0]
    for column in COLUMN_SQUARES:
        square = playable & column
        if not square:
            continue
        for top in tops:
            if own & top and not top & column:  # another top mark of the mover's, taken away
                parents_own.append((own | square) ^ top)
                parents_mask.append((mask | square) ^ top)
                moves.append(square)
    found = values._leaf_scores(np.array(parents_own, np.uint64), np.array(parents_mask, np.uint64))
    own_value = int(found[0])
    ceilings = {square: own_value for column in COLUMN_SQUARES if (square := playable & column)}
    for square, value in zip(moves[1:], found[1:].tolist(), strict=True):
        ceilings[square] = min(ceilings[square], int(value))
    return ceilings


def _has_four(marks: Words) -> npt.NDArray[np.bool_]:
    """Whether each of ``marks`` holds four in a row."""
    import numpy as np

    found = np.zeros(len(marks), np.bool_)
    for shift in (1, HEIGHT, HEIGHT - 1, HEIGHT + 1):
        step = np.uint64(shift)
        pairs = marks & (marks >> step)
        found |= (pairs & (pairs >> (step * np.uint64(2)))) != 0
    return found


def _completing(own: Words, mask: Words) -> Words:
    """The lowest free squares where the side to move would complete a line."""
    import numpy as np

    found = np.zeros(len(own), np.uint64)
    for column in COLUMN_SQUARES:
        move = (mask + np.uint64(BOTTOM)) & np.uint64(column)
        found |= np.where((move != 0) & _has_four(own | move), move, np.uint64(0))
    return found


def _mirror(words: Words) -> Words:
    """Each position's mirror image (its columns right to left)."""
    import numpy as np

    mirrored = np.zeros(len(words), np.uint64)
    column = np.uint64((1 << HEIGHT) - 1)
    for col in range(COLS):
        part = (words >> np.uint64(col * HEIGHT)) & column
        mirrored |= part << np.uint64((COLS - 1 - col) * HEIGHT)
    return mirrored


def _canonical(keys: Words) -> Words:
    """The smaller of each key and its mirror image's."""
    import numpy as np

    return np.minimum(keys, _mirror(keys))


def _code(own: Words, mask: Words) -> npt.NDArray[np.int32]:
    """BitBully's code of positions 12 plies in (the first player to move, so ``own`` is
    theirs): column by column from the left, each mark from the bottom up ``10`` (the first
    player's) or ``11``, then ``0`` to close the column, and one ``0`` more; 32 bits."""
    import numpy as np

    code = np.zeros(len(own), np.uint64)
    one, two = np.uint64(1), np.uint64(2)
    for col in range(COLS):
        for row in range(ROWS):
            bit = np.uint64(1 << (col * HEIGHT + row))
            token = np.where((own & bit) != 0, np.uint64(2), np.uint64(3))
            code = np.where((mask & bit) != 0, (code << two) | token, code)
        code <<= one
    code <<= one
    return code.astype(np.uint32).view(np.int32)


def _children(own: Words, mask: Words) -> tuple[Words, Words, npt.NDArray[np.int64]]:
    """The positions after each move of each position, one of each pair of mirror images, and
    an index: for each position and column, the child's place, :data:`COMPLETES` or
    :data:`ILLEGAL`."""
    import numpy as np

    index = np.full((len(own), COLS), ILLEGAL, np.int64)
    kids_own, kids_mask, parents, columns = [], [], [], []
    for col, column in enumerate(COLUMN_SQUARES):
        move = (mask + np.uint64(BOTTOM)) & np.uint64(column)
        legal = move != 0
        completes = legal & _has_four(own | move)
        index[completes, col] = COMPLETES
        going = np.nonzero(legal & ~completes)[0]
        kids_own.append(own[going] ^ mask[going])
        kids_mask.append(mask[going] | move[going])
        parents.append(going)
        columns.append(np.full(len(going), col, np.int64))
    all_own, all_mask = np.concatenate(kids_own), np.concatenate(kids_mask)
    _, first, place = np.unique(_canonical(all_own + all_mask), return_index=True, return_inverse=True)
    index[np.concatenate(parents), np.concatenate(columns)] = place.reshape(-1)
    return all_own[first], all_mask[first], index


def _backed_up(index: npt.NDArray[np.int64], child_scores: Scores, plies: int) -> Scores:
    """Each position's score (``plies`` marks in) from its children's: the best move's."""
    import numpy as np

    if not len(child_scores):
        child_scores = np.zeros(1, np.int64)
    scores = np.where(index >= 0, -child_scores[np.maximum(index, 0)], _WORSE_THAN_ANY)
    scores = np.where(index == COMPLETES, win_score(plies + 1), scores)
    return scores.max(axis=1)  # type: ignore[no-any-return]


def every_opening(values: OpeningValues) -> tuple[Words, npt.NDArray[np.int8]]:
    """Every position up to :data:`TABLE_PLIES` plies in (one of each mirror pair), by canonical
    key, sorted, and its score backed up from the database (the table's build)."""
    import numpy as np

    own, mask = np.zeros(1, np.uint64), np.zeros(1, np.uint64)
    levels = [(own, mask)]
    indexes = []
    for _ in range(BOOK_PLIES):
        own, mask, index = _children(own, mask)
        levels.append((own, mask))
        indexes.append(index)
    scores = values._leaf_scores(own, mask)
    by_ply = [scores]
    for plies in range(BOOK_PLIES - 1, -1, -1):
        scores = _backed_up(indexes[plies], scores, plies)
        by_ply.append(scores)
    by_ply.reverse()
    keys = np.concatenate([_canonical(o + m) for o, m in levels[: TABLE_PLIES + 1]])
    table = np.concatenate(by_ply[: TABLE_PLIES + 1]).astype(np.int8)
    order = np.argsort(keys)
    return keys[order], table[order]


def table_bytes(keys: Words, scores: npt.NDArray[np.int8]) -> bytes:
    """The shipped table's file (the format above)."""
    header = HEADER.pack(MAGIC, TABLE_PLIES, len(keys))
    return zlib.compress(header + keys.astype("<u8").tobytes() + scores.tobytes(), 9)


def _table_from(data: bytes) -> tuple[Words, npt.NDArray[np.int8]]:
    import numpy as np

    raw = zlib.decompress(data)
    magic, plies, count = HEADER.unpack_from(raw)
    if magic != MAGIC or plies != TABLE_PLIES:
        raise BookError("not Connect Four's table of openings")
    start = HEADER.size
    keys = np.frombuffer(raw, "<u8", count, start).astype(np.uint64)
    return keys, np.frombuffer(raw, np.int8, count, start + 8 * count).copy()


def database_path() -> str | None:
    """Where the `bitbully-databases` package keeps its 12-ply database with distances (None
    when it is not installed)."""
    from importlib import resources

    try:
        found = resources.files("bitbully_databases").joinpath(DATABASE_FILE)
    except ImportError:
        return None
    return str(found) if found.is_file() else None


def load(with_table: bool = True) -> OpeningValues | None:
    """The database and the table (``with_table`` False: the database alone, for the table's
    build); None when the database is not installed or a file is not what it should be."""
    import numpy as np

    path = database_path()
    if path is None:
        return None
    try:
        raw = np.fromfile(path, np.uint8).reshape(-1, 5)
    except (OSError, ValueError):
        return None
    codes = raw[:, :4].copy().view(">i4").reshape(-1).astype(np.int32)
    values = raw[:, 4].copy().view(np.int8)
    if not len(codes) or bool((np.diff(codes) <= 0).any()):
        return None
    keys, scores = np.zeros(0, np.uint64), np.zeros(0, np.int8)
    if with_table:
        data = verified(read_data(TABLE_NAME))
        if data is None:
            return None
        keys, scores = _table_from(data)
    return OpeningValues(codes, values, keys, scores)


_lock = threading.Lock()
_loaded: list[OpeningValues | None] = []


def opening_values() -> OpeningValues | None:
    """The database and the table, loaded on first use (None when either is missing)."""
    if _loaded:
        return _loaded[0]
    with _lock:
        if not _loaded:
            _loaded.append(load())
        return _loaded[0]

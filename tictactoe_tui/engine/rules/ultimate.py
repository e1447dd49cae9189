"""Ultimate tic-tac-toe: nine small boards in a 3×3 frame; small wins claim boards.

The board is the 9×9 grid of cells. Its state word keeps, for the side to move:
bits 0-6 the last move's cell + 1 (0 before the first move), bits 7-15 the small boards the
side to move has claimed, bits 16-24 those the other side has claimed, and bits 25-33 the
small boards that are closed (claimed or full).
"""

from __future__ import annotations

from ..marks import BoardError, Mark, cells_of, move_name
from .base import DRAW, WIN, BoardLike, Geometry, Rules, check_counts, windows

SIDE = 9
ALL_BLOCKS = 0b111_111_111
#: The small boards' names, in reading order: the middle of a side says so ("the top board" could
#: be any of the three at the top).
BLOCK_NAMES = (
    "top-left", "top-middle", "top-right", "middle-left", "centre", "middle-right", "bottom-left", "bottom-middle",
    "bottom-right",
)  # fmt: skip


def block_name(block: int, mirror: tuple[bool, bool] = (False, False)) -> str:
    """The name of small board ``block`` (0-8, reading order) where it is drawn: ``mirror`` says
    whether the rows, and the columns, are drawn in reverse (the board flipped)."""
    row, col = divmod(block, 3)
    return BLOCK_NAMES[(2 - row if mirror[0] else row) * 3 + (2 - col if mirror[1] else col)]


#: The small board of each cell, and the cell's place inside its small board (0-8, reading order).
BLOCK_OF = tuple((cell // SIDE // 3) * 3 + cell % SIDE // 3 for cell in range(SIDE * SIDE))
SLOT_OF = tuple((cell // SIDE % 3) * 3 + cell % SIDE % 3 for cell in range(SIDE * SIDE))
BLOCK_MASKS = tuple(sum(1 << cell for cell in range(SIDE * SIDE) if BLOCK_OF[cell] == block) for block in range(9))


def _open_cells() -> tuple[int, ...]:
    """For each set of closed small boards (9 bits), the cells of the open ones."""
    table = [(1 << SIDE * SIDE) - 1]
    for closed in range(1, 512):
        lowest = closed & -closed
        table.append(table[closed ^ lowest] & ~BLOCK_MASKS[lowest.bit_length() - 1])
    return tuple(table)


OPEN_CELLS = _open_cells()
#: Whether a set of claimed small boards holds three in a line.
BIG_LINES = windows(3, 3, 3)
HAS_LINE = tuple(any(claimed & line == line for line in BIG_LINES) for claimed in range(512))


def pack(last: int | None, mine: int, theirs: int, closed: int) -> int:
    """The state word (see the module's docstring)."""
    return (0 if last is None else last + 1) | mine << 7 | theirs << 16 | closed << 25


def unpack(state: int) -> tuple[int | None, int, int, int]:
    """Last cell (or None), small boards claimed by the side to move, by the other, closed."""
    last = (state & 127) - 1
    return (None if last < 0 else last), state >> 7 & 511, state >> 16 & 511, state >> 25 & 511


def _only_last_move(made: int, mover: Mark) -> int:
    """The last move of a position given without it (its square decides where ``mover`` may
    play): the one mark of the side that made it, if it has one; else :class:`BoardError`
    showing how to give it."""
    if made & (made - 1):
        example = move_name(divmod(made.bit_length() - 1, SIDE))
        raise BoardError(
            f"an Ultimate position needs its last move, which decides where {mover.upper()} may play: "
            f"add '@' and its square after the board, e.g. …/…@{example}"
        )
    return made.bit_length() - 1


class Ultimate(Rules):
    """Ultimate tic-tac-toe, standard rules."""

    name = "ultimate"
    title = "Ultimate"
    help = (
        "Nine small boards make one big board. The square you mark inside a small board sends "
        "your opponent to the small board in the same place of the big one (top-right square → "
        "top-right board). Three in a row on a small board claims it; three claimed boards in a "
        "row win. Sent to a board that is claimed or full, you may play in any open board. "
        "When every board is decided without a big line, the game is a draw."
    )
    presets = ((SIDE, SIDE, 3),)
    block_size = 3

    def shape_label(self, rows: int, cols: int, k: int) -> str:
        return "9×9: nine 3×3 boards"

    def default_k(self, rows: int, cols: int) -> int:
        return 3

    def check_size(self, rows: int, cols: int, k: int) -> None:
        if (rows, cols, k) != (SIDE, SIDE, 3):
            raise BoardError("Ultimate is played on 9×9 (nine 3×3 boards) with 3 in a row")

    def lines(self, rows: int, cols: int, k: int) -> tuple[int, ...]:
        """The eight lines of each small board."""
        return tuple(
            sum(1 << cell for cell in range(SIDE * SIDE) if BLOCK_OF[cell] == block and line >> SLOT_OF[cell] & 1)
            for block in range(9)
            for line in BIG_LINES
        )

    def symmetries(self, rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
        """The identity only: the state word names a cell, which a symmetry would move."""
        return (tuple(range(rows * cols)),)

    def legal(self, shape: Geometry, me: int, opp: int, state: int) -> int:
        free = shape.full & ~(me | opp)
        last = (state & 127) - 1
        closed = state >> 25 & 511
        if last >= 0:
            target = SLOT_OF[last]
            if not closed >> target & 1:
                return free & BLOCK_MASKS[target]
        return free & OPEN_CELLS[closed]

    def after(self, shape: Geometry, me: int, opp: int, state: int, cell: int) -> tuple[int, int | None]:
        block = BLOCK_OF[cell]
        mine, theirs, closed = state >> 7 & 511, state >> 16 & 511, state >> 25 & 511
        if shape.completes_line(me, cell):
            mine |= 1 << block
            closed |= 1 << block
            if HAS_LINE[mine]:
                return pack(cell, theirs, mine, closed), WIN
        elif (me | opp) & BLOCK_MASKS[block] == BLOCK_MASKS[block]:
            closed |= 1 << block
        return pack(cell, theirs, mine, closed), DRAW if closed == ALL_BLOCKS else None

    def state_of(self, shape: Geometry, x_bits: int, o_bits: int, last: int | None) -> int:
        claimed = {Mark.X: 0, Mark.O: 0}
        closed = 0
        for block, mask in enumerate(BLOCK_MASKS):
            for mark, bits in ((Mark.X, x_bits), (Mark.O, o_bits)):
                if any(bits & line == line for line in shape.lines if line & mask):
                    claimed[mark] |= 1 << block
            if (claimed[Mark.X] & claimed[Mark.O]) >> block & 1:
                raise BoardError(f"both X and O have a line on the {BLOCK_NAMES[block]} board: the first claims it")
            if claimed[Mark.X] >> block & 1 or claimed[Mark.O] >> block & 1 or (x_bits | o_bits) & mask == mask:
                closed |= 1 << block
        mover = Mark.X if x_bits.bit_count() == o_bits.bit_count() else Mark.O
        if last is None and x_bits | o_bits:
            last = _only_last_move(x_bits if mover is Mark.O else o_bits, mover)
        if last is not None and not (x_bits if mover is Mark.O else o_bits) >> last & 1:
            raise BoardError(
                f"the last move {self.square_name(divmod(last, SIDE), SIDE)} must hold a mark of the side that made it"
            )
        return pack(last, claimed[mover], claimed[mover.other], closed)

    def last_cell(self, state: int) -> int | None:
        return unpack(state)[0]

    def winner(self, board: BoardLike) -> Mark | None:
        _, mine, theirs, _ = unpack(board.state)
        if HAS_LINE[theirs]:
            return board.to_move.other
        return board.to_move if HAS_LINE[mine] else None

    def deciding_lines(self, board: BoardLike) -> int:
        """The small boards of the winning line."""
        _, mine, theirs, _ = unpack(board.state)
        claimed = theirs if HAS_LINE[theirs] else mine
        line = next((line for line in BIG_LINES if claimed & line == line), 0)
        return sum(mask for block, mask in enumerate(BLOCK_MASKS) if line >> block & 1)

    def check_reachable(self, board: BoardLike) -> None:
        check_counts(board)
        _, mine, theirs, _ = unpack(board.state)
        if HAS_LINE[mine]:
            raise BoardError(f"{board.to_move.upper()} has won, but the game went on after that")
        common = ALL_BLOCKS
        for line in BIG_LINES:
            if theirs & line == line:
                common &= line
        if not common:
            raise BoardError("separate lines of claimed boards: the game went on after the first")

    def refusal(self, board: BoardLike, cell: int, mirror: tuple[bool, bool] = (False, False)) -> str:
        """Why ``cell`` cannot be marked, the small boards named where they are drawn (``mirror``)."""
        square = self.square_name(board.move_at(cell), board.rows)
        if (board.x_bits | board.o_bits) >> cell & 1:
            return f"{square} is already taken"
        last, _, _, closed = unpack(board.state)
        block = BLOCK_OF[cell]
        if closed >> block & 1:
            return f"the {block_name(block, mirror)} board is already decided"
        target = block_name(SLOT_OF[last], mirror) if last is not None else "?"
        return f"you were sent to the {target} board: play there"

    def claimed_regions(self, board: BoardLike) -> list[tuple[Mark, tuple[int, ...]]]:
        _, mine, theirs, _ = unpack(board.state)
        regions = []
        for mark, claimed in ((board.to_move, mine), (board.to_move.other, theirs)):
            for block in range(9):
                if claimed >> block & 1:
                    regions.append((mark, tuple(cells_of(BLOCK_MASKS[block]))))
        return regions

"""Threat-space search for big k-in-a-row boards (gomoku): line shapes, continuous fours, alpha-beta.

Gomoku players think in shapes: along one line a new mark makes a *five* (k in a row), an
*open four* (two squares would complete it), a *four* (one would), an *open three* (one more
mark makes an open four), a *three* (one more makes a four), and so on down. This module
classifies every free square's four lines for both sides, exactly, from the 2k-1 squares
centred on it, and keeps those shapes up to date move by move. From them come:

- the forcing facts: a side with a five square wins; a side facing two five squares has lost;
  a side with an open-four square (or two fours at once) and no five to face wins next move;
- a *VCF* search (victory by continuous fours): a chain of fours, each answered by the one
  forced block, that ends in two five squares at once;
- a *VCT* search (victory by continuous threats): open threes as well as fours, where every
  defence of a three still loses — a square on its line, or a four of the defender's, whose forced
  block can make a new threat while the three still stands, so the defender must defend again.
  It goes one three deeper at a time (the shortest win first), is played when found for us, and
  is looked for on the opponent's behalf after each candidate move, so no move is chosen that
  hands the opponent one it can find;
- an iterative-deepening alpha-beta over the most valuable squares, where a four is answered
  by its block at no cost in depth, an open three must be answered, and the positions it stops
  at are scored by the worth of the squares near the marks to each side.

A budget that ends in the middle of any of these rewinds the position to where it started.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, partial
from operator import itemgetter
from typing import TypeVar

from ..board import Board, Geometry, cells_of
from .budget import Budget
from .solver import SearchAborted

# Line shapes through one square, for the side that would put a mark there, weakest first.
NONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE = range(8)
#: What a square's shape along one line is worth to the side that would play it.
SHAPE_WORTH = (0, 12, 60, 90, 600, 700, 6_000, 100_000)
#: Extra worth of two forcing shapes at one square (a double four or four-three wins; a double
#: three nearly does).
DOUBLE_FOUR_BONUS, FOUR_THREE_BONUS, DOUBLE_THREE_BONUS = 6_000, 3_000, 1_500

# What a square of a line holds, seen from the side about to play.
_EMPTY, _MINE, _BLOCKED = 0, 1, 2
# What a square of the padded board holds.
_FREE, _SIDE0, _SIDE1, _EDGE = 0, 1, 2, 3

WIN = 1_000_000
#: How much the other side's chances count against the side to move's, in quarters.
DEFENCE_WEIGHT = 3
MAX_PLY = 60
#: Squares searched per node, best-valued first (forced replies aside).
BRANCHING = 10
#: How often (in nodes) the searches look at their budget.
CHECK_EVERY = 32


def _classify(line: tuple[int, ...], k: int) -> int:
    """The shape of ``line`` (2k-1 squares of _EMPTY/_MINE/_BLOCKED, the centre _MINE) through its
    centre."""
    completions: set[int] = set()
    for start in range(k):
        window = line[start : start + k]
        if _BLOCKED in window:
            continue
        gaps = [start + i for i, held in enumerate(window) if held == _EMPTY]
        if not gaps:
            return FIVE
        if len(gaps) == 1:
            completions.add(gaps[0])
    if len(completions) >= 2:
        return OPEN_FOUR
    if completions:
        return FOUR
    best = NONE
    for square, held in enumerate(line):
        if held != _EMPTY:
            continue
        grown = _shape((*line[:square], _MINE, *line[square + 1 :]), k)
        weaker = {OPEN_FOUR: OPEN_THREE, FOUR: THREE, OPEN_THREE: OPEN_TWO, THREE: TWO}.get(grown, NONE)
        if weaker == OPEN_THREE:
            return OPEN_THREE
        best = max(best, weaker)
    return best


@cache
def _shape(line: tuple[int, ...], k: int) -> int:
    return _classify(line, k)


class _ShapeTable(dict[tuple[int, ...], int]):
    """Padded-board contents of a line (centre free) → the shape a mark of ``side`` makes there."""

    def __init__(self, side: int, k: int) -> None:
        super().__init__()
        self.own, self.k = _SIDE0 + side, k

    def __missing__(self, key: tuple[int, ...]) -> int:
        centre = len(key) // 2
        line = tuple(
            _MINE if i == centre or held == self.own else (_EMPTY if held == _FREE else _BLOCKED)
            for i, held in enumerate(key)
        )
        self[key] = shape = _shape(line, self.k)
        return shape


#: A square's rank: what one mark there does at once.
QUIET, MAKES_THREE, MAKES_FOUR, MAKES_WIN, MAKES_FIVE = range(5)


def _square(shapes: tuple[int, int, int, int]) -> tuple[int, int]:
    """A square's worth and rank to one side, from its four lines' shapes."""
    worth = sum(SHAPE_WORTH[shape] for shape in shapes)
    fours = sum(shape in (FOUR, OPEN_FOUR) for shape in shapes)
    threes = shapes.count(OPEN_THREE)
    if FIVE in shapes:
        return worth, MAKES_FIVE
    if OPEN_FOUR in shapes or fours >= 2:
        return worth + DOUBLE_FOUR_BONUS, MAKES_WIN
    if fours:
        return worth + (FOUR_THREE_BONUS if threes else 0), MAKES_FOUR
    if threes:
        return worth + (DOUBLE_THREE_BONUS if threes >= 2 else 0), MAKES_THREE
    return worth, QUIET


class _SquareTable(dict[tuple[int, int, int, int], tuple[int, int]]):
    def __missing__(self, key: tuple[int, int, int, int]) -> tuple[int, int]:
        self[key] = found = _square(key)
        return found


_SQUARES = _SquareTable()


@dataclass(frozen=True, eq=False)
class _Layout:
    """A board shape padded with k-1 edge squares all round, so no line read needs a bounds check."""

    width: int
    size: int
    inner: tuple[int, ...]
    """Padded index of each board cell."""
    cell_of: dict[int, int]
    """Board cell of each inner padded index."""
    readers: Mapping[int, tuple[Callable[[list[int]], tuple[int, ...]], ...]]
    """Per inner square, per direction: a reader of the 2k-1 squares centred on it."""
    along: dict[int, tuple[tuple[int, int], ...]]
    """Per inner square: the (inner square, direction) pairs whose line it lies on."""
    nearby: dict[int, tuple[int, ...]]
    """Per inner square: the inner squares within two steps."""
    shape_tables: tuple[_ShapeTable, _ShapeTable]
    keys: tuple[tuple[int, ...], tuple[int, ...]]
    """Zobrist keys per side and padded square."""


@cache
def _layout(shape: Geometry) -> _Layout:
    reach = shape.k - 1
    width = shape.cols + 2 * reach
    size = width * (shape.rows + 2 * reach)
    inner = tuple((row + reach) * width + col + reach for row in range(shape.rows) for col in range(shape.cols))
    inside = set(inner)
    steps = (1, width, width + 1, width - 1)
    readers = {
        square: tuple(itemgetter(*(square + i * step for i in range(-reach, reach + 1))) for step in steps)
        for square in inner
    }
    along = {
        square: tuple(
            (square + i * step, direction)
            for direction, step in enumerate(steps)
            for i in range(-reach, reach + 1)
            if i and square + i * step in inside
        )
        for square in inner
    }
    nearby = {
        square: tuple(
            square + dr * width + dc
            for dr in range(-2, 3)
            for dc in range(-2, 3)
            if (dr or dc) and square + dr * width + dc in inside
        )
        for square in inner
    }
    keys = random.Random(shape.cells * 1_000 + shape.k)
    return _Layout(
        width,
        size,
        inner,
        {square: cell for cell, square in enumerate(inner)},
        readers,
        along,
        nearby,
        (_ShapeTable(0, shape.k), _ShapeTable(1, shape.k)),
        (tuple(keys.getrandbits(64) for _ in range(size)), tuple(keys.getrandbits(64) for _ in range(size))),
    )


class ShapeBoard:
    """A board kept up to date move by move: each free square's shapes, worth and rank for both
    sides, the squares by rank, and the free squares near the marks. Sides are 0 and 1."""

    def __init__(self, shape: Geometry, side0: int, side1: int) -> None:
        self.layout = layout = _layout(shape)
        self.board = [_EDGE] * layout.size
        for square in layout.inner:
            self.board[square] = _FREE
        self.shapes = ([NONE] * (4 * layout.size), [NONE] * (4 * layout.size))
        self.worth = ([0] * layout.size, [0] * layout.size)
        self.rank = ([QUIET] * layout.size, [QUIET] * layout.size)
        self.fives: tuple[set[int], set[int]] = (set(), set())
        self.wins: tuple[set[int], set[int]] = (set(), set())
        self.fours: tuple[set[int], set[int]] = (set(), set())
        """Squares where a side makes a four (or better): its forcing moves."""
        self.threes: tuple[set[int], set[int]] = (set(), set())
        """Squares where a side makes an open three or better: its threats."""
        self.closeness = [0] * layout.size
        self.near: set[int] = set()
        """Free squares within two steps of a mark."""
        self.hash = 0
        self.played: list[tuple[int, int]] = []
        """(square, side) of every mark, in the order placed."""
        for square in layout.inner:
            self._refresh_all(square)
        for side, bits in ((0, side0), (1, side1)):
            for cell in cells_of(bits):
                self.place(layout.inner[cell], side)

    def place(self, square: int, side: int) -> None:
        """Put a mark of ``side`` on the free ``square``."""
        self.board[square] = _SIDE0 + side
        self.hash ^= self.layout.keys[side][square]
        self.played.append((square, side))
        for other in (0, 1):
            self.worth[other][square] = 0
            self._set_rank(other, square, QUIET)
        self.near.discard(square)
        closeness, board = self.closeness, self.board
        for neighbour in self.layout.nearby[square]:
            closeness[neighbour] += 1
            if board[neighbour] == _FREE:
                self.near.add(neighbour)
        self._refresh_lines(square)

    def take_back(self, square: int, side: int) -> None:
        """Undo :meth:`place`."""
        self.board[square] = _FREE
        self.hash ^= self.layout.keys[side][square]
        self.played.pop()
        closeness = self.closeness
        for neighbour in self.layout.nearby[square]:
            closeness[neighbour] -= 1
            if not closeness[neighbour]:
                self.near.discard(neighbour)
        if closeness[square]:
            self.near.add(square)
        self._refresh_all(square)
        self._refresh_lines(square)

    def rewind(self, marks: int) -> None:
        """Take marks back until only the first ``marks`` remain (after an aborted search)."""
        while len(self.played) > marks:
            self.take_back(*self.played[-1])

    def _refresh_lines(self, square: int) -> None:
        board, readers = self.board, self.layout.readers
        tables = self.layout.shape_tables
        for other, direction in self.layout.along[square]:
            if board[other] != _FREE:
                continue
            line = readers[other][direction](board)
            at = 4 * other + direction
            for side in (0, 1):
                shapes = self.shapes[side]
                shapes[at] = tables[side][line]
                self._rescore(side, other, shapes)

    def _refresh_all(self, square: int) -> None:
        board = self.board
        lines = [reader(board) for reader in self.layout.readers[square]]
        for side in (0, 1):
            shapes, table = self.shapes[side], self.layout.shape_tables[side]
            for direction, line in enumerate(lines):
                shapes[4 * square + direction] = table[line]
            self._rescore(side, square, shapes)

    def _rescore(self, side: int, square: int, shapes: list[int]) -> None:
        at = 4 * square
        worth, rank = _SQUARES[shapes[at], shapes[at + 1], shapes[at + 2], shapes[at + 3]]
        self.worth[side][square] = worth
        if rank != self.rank[side][square]:
            self._set_rank(side, square, rank)

    def _set_rank(self, side: int, square: int, rank: int) -> None:
        self.rank[side][square] = rank
        for level, members in (
            (MAKES_FIVE, self.fives[side]),
            (MAKES_WIN, self.wins[side]),
            (MAKES_FOUR, self.fours[side]),
            (MAKES_THREE, self.threes[side]),
        ):
            if rank >= level:
                members.add(square)
            else:
                members.discard(square)

    def evaluate(self, side: int) -> int:
        """How good the position looks for ``side``, to move: the worth of the free squares near
        the marks to it, less their worth to the other side (which counts less: it moves next)."""
        mine, theirs = self.worth[side], self.worth[1 - side]
        near = self.near
        own = sum(mine[square] for square in near)
        other = sum(theirs[square] for square in near)
        best_own = max((mine[square] for square in near), default=0)
        return own - other * DEFENCE_WEIGHT // 4 + best_own

    def defences(self, side: int) -> set[int]:
        """Where ``side`` may answer the other side's open three: the squares on its line (where the
        other side would make a four or an open four), or a four of ``side``'s own first."""
        return self.wins[1 - side] | self.fours[1 - side] | self.fours[side]

    def by_worth(self, squares: set[int]) -> list[int]:
        """``squares``, most valuable to both sides together first."""
        mine, theirs = self.worth
        return sorted(squares, key=lambda square: -(mine[square] + theirs[square]))

    def ordered(self, side: int, limit: int) -> list[int]:
        """Up to ``limit`` free squares near the marks, most valuable first: worth to ``side``
        plus worth to the other side (a block)."""
        mine, theirs = self.worth[side], self.worth[1 - side]
        scored = sorted(((mine[square] + theirs[square], square) for square in self.near), reverse=True)
        return [square for _, square in scored[:limit]]


@dataclass
class _Counter:
    budget: Budget
    nodes: int = 0

    def tick(self) -> None:
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and self.budget.exhausted(self.nodes):
            raise SearchAborted


def continuous_fours(position: ShapeBoard, side: int, counter: _Counter, depth: int = 14) -> list[int] | None:
    """A win for ``side`` (to move) by fours alone — each answered by its only block — as the
    list of ``side``'s moves, or None."""
    fives, fours = position.fives, position.fours
    if fives[side]:
        return [min(fives[side])]
    threats = fives[1 - side]
    if threats:
        # Facing a four: the block must itself be a four to keep the chain going.
        block = min(threats)
        if len(threats) > 1 or block not in fours[side] or depth <= 0:
            return None
        return _four_then_continue(position, side, block, counter, depth)
    if position.wins[side]:
        return [min(position.wins[side])]
    if depth <= 0:
        return None
    for square in sorted(fours[side], key=lambda s: -position.worth[side][s]):
        line = _four_then_continue(position, side, square, counter, depth)
        if line is not None:
            return line
    return None


def _four_then_continue(
    position: ShapeBoard, side: int, square: int, counter: _Counter, depth: int
) -> list[int] | None:
    """Play the four at ``square``, let the other side block it, and look for the rest of a chain."""
    counter.tick()
    position.place(square, side)
    blocks = position.fives[side]
    rest: list[int] | None = None
    if len(blocks) >= 2:
        rest = []
    elif blocks:
        block = min(blocks)
        position.place(block, 1 - side)
        rest = continuous_fours(position, side, counter, depth - 1)
        position.take_back(block, 1 - side)
    position.take_back(square, side)
    return None if rest is None else [square, *rest]


def continuous_threats(
    position: ShapeBoard, side: int, counter: _Counter, depth: int, failed: set[tuple[int, int]]
) -> list[int] | None:
    """A win for ``side`` (to move) by threats — fours, and open threes that every defence (see
    :func:`_defends`) fails to stop — within ``depth`` threes, as the first moves of the line, or
    None. ``failed`` remembers positions already refuted."""
    found = continuous_fours(position, side, counter)
    if found is not None or depth <= 0 or position.fives[1 - side]:
        return found
    key = (position.hash, depth)
    if key in failed:
        return None
    other = 1 - side
    threes = position.threes[side] - position.fours[side]
    for square in sorted(threes, key=lambda s: -position.worth[side][s]):
        counter.tick()
        position.place(square, side)
        holds = _defends(position, other, counter, depth - 1, failed)
        position.take_back(square, side)
        if not holds:
            return [square]
    failed.add(key)
    return None


def shortest_threat_win(
    position: ShapeBoard, side: int, counter: _Counter, depth: int, failed: set[tuple[int, int]]
) -> list[int] | None:
    """:func:`continuous_threats` one three deeper at a time, so a short win is found before the
    search spends its nodes on the long lines of other threes."""
    for threes in range(depth + 1):
        found = continuous_threats(position, side, counter, threes, failed)
        if found is not None:
            return found
    return None


def _defends(position: ShapeBoard, side: int, counter: _Counter, depth: int, failed: set[tuple[int, int]]) -> bool:
    """Whether ``side``, to move against the other side's threats, stops a win by threats within
    ``depth`` more threes: by blocking a four, by a square on an open three's line, or by a four of
    its own — which the other side must block, after which ``side`` must still defend (a block
    can make a new threat, and the three is still there)."""
    other = 1 - side
    if position.fives[side]:
        return True
    threats = position.fives[other]
    if len(threats) > 1:
        return False
    if threats:
        return _answered(position, side, min(threats), counter, depth, failed)
    if not position.wins[other]:
        return True
    return any(_answered(position, side, defence, counter, depth, failed) for defence in position.defences(side))


def _answered(
    position: ShapeBoard, side: int, square: int, counter: _Counter, depth: int, failed: set[tuple[int, int]]
) -> bool:
    """Whether ``side`` holds after playing ``square`` against the other side's threats."""
    counter.tick()
    other = 1 - side
    position.place(square, side)
    fives = position.fives[side]
    if len(fives) > 1:
        holds = True
    elif fives:
        block = min(fives)
        position.place(block, other)
        holds = _defends(position, side, counter, depth, failed)
        position.take_back(block, other)
    else:
        holds = continuous_threats(position, other, counter, depth, failed) is None
    position.take_back(square, side)
    return holds


@dataclass
class _Entry:
    depth: int
    score: int
    bound: int  # -1 upper, 0 exact, 1 lower
    move: int


@dataclass
class _Search:
    position: ShapeBoard
    counter: _Counter
    table: dict[int, _Entry] = field(default_factory=dict)

    def search(self, side: int, depth: int, ply: int, alpha: int, beta: int) -> int:
        self.counter.tick()
        position = self.position
        other = 1 - side
        if position.fives[side]:
            return WIN - ply - 1
        threats = position.fives[other]
        if len(threats) >= 2:
            return -(WIN - ply - 2)
        if not threats and position.wins[side]:
            return WIN - ply - 3
        if not position.near:
            return 0  # the board is full
        if threats:
            moves = list(threats)  # the one block: searched at no cost in depth
        elif depth <= 0 or ply >= MAX_PLY:
            return position.evaluate(side)
        elif position.wins[other]:
            moves = position.by_worth(position.defences(side))  # the other side threatens an open four
        else:
            moves = position.ordered(side, BRANCHING)
        entry = self.table.get(position.hash)
        if entry is not None:
            if (
                entry.depth >= depth
                and not threats
                and (
                    entry.bound == 0
                    or (entry.bound > 0 and entry.score >= beta)
                    or (entry.bound < 0 and entry.score <= alpha)
                )
            ):
                return entry.score
            if entry.move in moves:
                moves.remove(entry.move)
                moves.insert(0, entry.move)
        start_alpha, best, best_move = alpha, -WIN, moves[0]
        next_depth = depth if threats else depth - 1
        for square in moves:
            position.place(square, side)
            score = -self.search(other, next_depth, ply + 1, -beta, -alpha)
            position.take_back(square, side)
            if score > best:
                best, best_move = score, square
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        bound = 1 if best >= beta else (-1 if best <= start_alpha else 0)
        self.table[position.hash] = _Entry(depth, best, bound, best_move)
        return best


@dataclass(frozen=True)
class ThreatOutcome:
    """The chosen move (a board cell), its score for the mover, how it was found."""

    cell: int
    score: int
    depth: int
    """Plies of the deepest alpha-beta search finished (0 when a threat rule decided)."""
    nodes: int
    reason: str
    """``opening``, ``five``, ``block``, ``open four``, ``threats`` (a win by fours and threes), or
    ``search``."""

    @property
    def forced_win(self) -> bool:
        return self.score >= WIN - MAX_PLY

    @property
    def forced_loss(self) -> bool:
        return self.score <= -WIN + MAX_PLY


#: Share of the node budget (and of the time) each part of a decision may use: looking for our
#: own win by threats, and checking that the move chosen leaves the other side none.
ATTACK_SHARE, SAFETY_SHARE = 0.2, 0.3
#: Open threes a threat search plays at most (fours do not count).
THREAT_DEPTH = 4


def search(board: Board, budget: Budget) -> ThreatOutcome:
    """Choose a move for the side to move on an unfinished classic board with k ≥ 4.

    In order: open in the centre (or next to a lone first mark); complete a line; block the other
    side's one completing square; make an open four; win by threats (fours and open threes);
    otherwise deepen an alpha-beta search until its share of the budget ends, and play its best
    move that leaves the other side no win by threats (looked for within a share of the budget).
    """
    shape = board.geometry
    layout = _layout(shape)
    me, opp = board.sides()
    if not me | opp:
        return ThreatOutcome(shape.cells // 2 if shape.rows % 2 else shape.move_order[0], 0, 0, 0, "opening")
    if not me and opp & (opp - 1) == 0:
        return ThreatOutcome(_beside(shape, opp.bit_length() - 1), 0, 0, 0, "opening")
    position = ShapeBoard(shape, me, opp)

    def found(square: int, score: int, reason: str, depth: int = 0, nodes: int = 0) -> ThreatOutcome:
        return ThreatOutcome(layout.cell_of[square], score, depth, nodes, reason)

    if position.fives[0]:
        return found(min(position.fives[0]), WIN - 1, "five")
    if position.fives[1]:
        lost = len(position.fives[1]) > 1
        return found(min(position.fives[1]), -(WIN - 2) if lost else 0, "block")
    if position.wins[0]:
        return found(min(position.wins[0]), WIN - 3, "open four")
    attack = _Counter(_part(budget, ATTACK_SHARE))
    chain = _within_budget(position, lambda: shortest_threat_win(position, 0, attack, THREAT_DEPTH, set()))
    if chain:
        return found(chain[0], WIN - 2 * THREAT_DEPTH, "threats", nodes=attack.nodes)
    main = _Counter(_part(budget, 1 - ATTACK_SHARE - SAFETY_SHARE))
    ranked, depth = _deepen(_Search(position, main))
    safety = _Counter(_part(budget, SAFETY_SHARE))
    refuted: set[tuple[int, int]] = set()

    def leaves_a_win(square: int) -> bool:
        position.place(square, 0)
        threat = _within_budget(position, lambda: shortest_threat_win(position, 1, safety, THREAT_DEPTH, refuted))
        position.take_back(square, 0)
        return threat is not None

    square, score = next((move for move in ranked if not leaves_a_win(move[0])), ranked[0])
    return found(square, score, "search", depth, main.nodes + safety.nodes)


def _beside(shape: Geometry, cell: int) -> int:
    """The reply to a lone first mark: the diagonal neighbour nearest the centre (a reply two
    squares away leaves the first player a free hand)."""
    row, col = divmod(cell, shape.cols)
    centre = ((shape.rows - 1) / 2, (shape.cols - 1) / 2)
    neighbours = [
        (row + dr, col + dc)
        for dr in (-1, 1)
        for dc in (-1, 1)
        if 0 <= row + dr < shape.rows and 0 <= col + dc < shape.cols
    ]
    if not neighbours:
        return shape.move_order[0] if shape.move_order[0] != cell else shape.move_order[1]
    r, c = min(neighbours, key=lambda rc: (abs(rc[0] - centre[0]) + abs(rc[1] - centre[1]), rc))
    return r * shape.cols + c


_Found = TypeVar("_Found")


def _within_budget(position: ShapeBoard, run: Callable[[], _Found]) -> _Found | None:
    """What ``run`` finds, or None when its budget ends first (the position then rewound)."""
    marks = len(position.played)
    try:
        return run()
    except SearchAborted:
        position.rewind(marks)
        return None


def _part(budget: Budget, share: float) -> Budget:
    """``share`` of the budget's nodes (if it counts them) and of its time."""
    nodes = None if budget.max_nodes is None else max(1, int(budget.max_nodes * share))
    return Budget(budget.share(share).deadline, budget.cancel, nodes)


def _deepen(state: _Search) -> tuple[list[tuple[int, int]], int]:
    """Root moves with their scores from the deepest finished iteration, best first."""
    position = state.position
    moves = _root_moves(position)
    ranked = [(square, 0) for square in moves]
    finished = 0
    for depth in range(1, MAX_PLY):
        scores: dict[int, int] = {}
        if _within_budget(position, partial(_search_root, state, ranked, depth, scores)) is None:
            # Moves this unfinished iteration found better than the last best go in front.
            leader = ranked[0][0]
            better = {
                square: score
                for square, score in scores.items()
                if square != leader and score > scores.get(leader, WIN)
            }
            ranked = sorted(better.items(), key=lambda item: -item[1]) + [
                item for item in ranked if item[0] not in better
            ]
            break
        ranked = sorted(((square, scores[square]) for square, _ in ranked), key=lambda item: -item[1])
        finished = depth
        if abs(ranked[0][1]) >= WIN - MAX_PLY:
            break
    return ranked, finished


def _search_root(state: _Search, ranked: list[tuple[int, int]], depth: int, scores: dict[int, int]) -> bool:
    """One iteration over the root moves, filling in ``scores`` as it goes."""
    alpha = -WIN - 1
    for square, _ in ranked:
        state.position.place(square, 0)
        scores[square] = -state.search(1, depth - 1, 1, -WIN - 1, -alpha)
        state.position.take_back(square, 0)
        alpha = max(alpha, scores[square])
    return True


def _root_moves(position: ShapeBoard) -> list[int]:
    """The moves worth searching at the root (as at any node, with a wider choice)."""
    if position.wins[1]:
        return position.by_worth(position.defences(0))
    return position.ordered(0, 2 * BRANCHING)

"""Computer players: one per seed write-up, plus MCTS and the searches, and the building
blocks of difficulty levels (slips, tiers by board size).

Players use searches and rules; which player a game's level is belongs to the games
registry (:mod:`tictactoe_tui.engine.games`), which no player imports."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .board import Board, Mark, Move, cells_of, geometry, winning_cells
from .search.exact import solver_for
from .search.solver import UNLIMITED, Budget, ExactSolver, MoveValue

if TYPE_CHECKING:
    from .search.rules_mcts import SearchResult, SearchTree
    from .search.ultimate_mcts import SearchTree as UltimateTree


@dataclass(frozen=True)
class Decision:
    """A chosen move and what the strategy knows about it."""

    move: Move
    value: int | None = None
    """Exact outcome for the mover with best play (+1/0/-1), when the strategy solved it."""
    plies: int | None = None
    """Plies to the end with best play, when solved."""
    estimate: float | None = None
    """Estimated chance of winning (draws count half), for searches that do not solve."""
    depth: int | None = None
    """How many plies deep a heuristic search looked, for searches that do not solve."""
    from_book: bool = False
    """The move came from the opening book rather than a search."""

    def describe(self) -> str:
        """A short evaluation for people, e.g. ``draw with best play``."""
        if self.value is not None:
            if self.value == 0:
                return "draw with best play"
            outcome = "wins" if self.value > 0 else "loses"
            within = "" if self.plies is None else f" in {self.plies}"
            return f"{outcome}{within} with best play"
        if self.estimate is not None:
            return f"about {self.estimate:.0%} to win"
        if self.depth is not None:
            return f"searched {self.depth} plies deep"
        return "no evaluation"


class Strategy(ABC):
    """A way of choosing moves. ``choose`` never mutates the board."""

    name: str

    def supports(self, board: Board) -> bool:
        """Whether this strategy can play on ``board``'s shape."""
        return True

    @abstractmethod
    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        """Pick a move for the side to move of an unfinished board."""

    def choose(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Move:
        """The move :meth:`decide` picks."""
        return self.decide(board, rng, budget).move

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def _require_moves(board: Board) -> int:
    """The legal cells of an unfinished board (ValueError once the game is over)."""
    legal = board.legal_bits
    if not legal:
        raise ValueError("game is over")
    return legal


def _pick(board: Board, bits: int, rng: random.Random) -> Move:
    return board.move_at(rng.choice(cells_of(bits)))


class RandomStrategy(Strategy):
    """Seed 001's random player: a uniformly random free square (a legal one, in any game)."""

    name = "random"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        return Decision(_pick(board, _require_moves(board), rng))


def corner_cells(board: Board) -> int:
    """Mask of the four corner cells."""
    last_row, last_col = board.rows - 1, board.cols - 1
    return sum(1 << board.index(move) for move in {(0, 0), (0, last_col), (last_row, 0), (last_row, last_col)})


def centre_cells(board: Board) -> int:
    """Mask of the central cell (or the 2 or 4 central cells when a side is even)."""
    rows = {(board.rows - 1) // 2, board.rows // 2}
    cols = {(board.cols - 1) // 2, board.cols // 2}
    return sum(1 << board.index((r, c)) for r in rows for c in cols)


class RulesStrategy(Strategy):
    """The five rules of seeds 001 and 002, in order: win, block, corner, centre, side.

    1. complete a line of our own; 2. block the opponent's line; 3. a free corner (seed 002
    picks one at random); 4. the centre; 5. any other square ("a side" on 3×3). Where more
    than one square wins or blocks, the seeds take the first in their own numbering, and
    their numberings differ (001 counts from the top-left, 002 from the bottom-left like a
    keypad), so this picks among them at random. On bigger boards the same steps apply to
    the four corners, the central cell(s) and the rest.

    In other games the rules play where completing a line wins the game (Gravity: each step
    looks only at the squares a mark can drop to) and refuse the rest: in Misère a line
    loses, and in Ultimate a small line only claims a small board.
    """

    name = "rules"

    def supports(self, board: Board) -> bool:
        return board.rules.line_wins_game

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        legal = _require_moves(board)
        own, other = board.sides()
        return Decision(_pick(board, rules_squares(board, own, other, legal), rng))


def rules_squares(shape: Board, own: int, other: int, legal: int | None = None) -> int:
    """Mask of the squares the five rules pick among (at random) for the side holding ``own``
    against ``other`` on a board of ``shape``'s size: the first non-empty of its winning
    squares, its blocking squares, the free corners, the free centre squares, any free square
    (each among the ``legal`` squares, all the free ones by default)."""
    free = shape.geometry.full & ~(own | other) if legal is None else legal
    lines = shape.geometry.lines
    for candidates in (
        winning_cells(own, other, lines),
        winning_cells(other, own, lines),
        corner_cells(shape),
        centre_cells(shape),
    ):
        if candidates & free:
            return candidates & free
    return free


#: Seed 003's table, indexed by the opponent's first square (0-8, reading order): the
#: squares to take, in priority order, after checking for a win and a block.
FIRST_SEAT_TABLE: dict[int, tuple[int, ...]] = {
    0: (4, 8, 2),
    1: (4, 8, 6, 2, 0),
    2: (4, 6, 0),
    3: (4, 0, 2, 6, 8),
    5: (4, 0, 2, 6, 8),
    6: (4, 2, 8),
    7: (4, 0, 2, 6, 8),
    8: (4, 0, 6),
}
#: Our own table for when the computer moves second (the seed never does), keyed the same
#: way. Found by ``scripts/find_second_seat_table.py``: the first priority order per
#: opening (centre or corners first) that never loses against any line of X's.
SECOND_SEAT_TABLE: dict[int, tuple[int, ...]] = {
    0: (4, 8, 1, 2, 6, 3, 5, 7),
    1: (4, 0, 2, 6, 8, 3, 5, 7),
    2: (4, 6, 1, 0, 8, 3, 5, 7),
    3: (4, 0, 2, 6, 8, 1, 5, 7),
    4: (0, 2, 6, 8, 1, 3, 5, 7),
    5: (4, 2, 0, 6, 8, 1, 3, 7),
    6: (4, 2, 1, 0, 8, 3, 5, 7),
    7: (4, 6, 0, 2, 8, 1, 3, 5),
    8: (4, 0, 1, 2, 6, 3, 5, 7),
}


def first_winning_cell(own: int, other: int, lines: tuple[int, ...]) -> int | None:
    """The missing cell of the first line (in the board's line order) ``own`` can complete."""
    for line in lines:
        if not line & other:
            missing = line & ~own
            if missing and not missing & (missing - 1):
                return missing.bit_length() - 1
    return None


class OpeningTableStrategy(Strategy):
    """Seed 003's player for 3×3: centre first, then a table keyed on the opponent's first square.

    On its first turn it takes the centre. From then on it completes a line if it can,
    blocks one if it must, and otherwise takes the first free square in the table row chosen
    by the opponent's first square, or the first free square in reading order when that row
    is used up. Win and block look at lines in the seed's order (rows, columns, diagonals).

    The seed claims it never loses when it moves first. Checked exhaustively against every
    reply sequence (``tests/engine/test_strategies.py``): true, it never loses as X.
    The seed never moves second; here, as O, it uses :data:`SECOND_SEAT_TABLE` (the centre,
    or a corner against a centre opening, then squares chosen per opening so that no fork
    can be set up). Also checked exhaustively: it never loses as O.

    The opponent's first square comes from the board's move history; for a position without
    history (a parsed string) it is taken to be the opponent's lowest-numbered square.
    """

    name = "opening-table"

    def supports(self, board: Board) -> bool:
        return board.geometry is geometry(3, 3, 3)

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        free = _require_moves(board)
        if not self.supports(board):
            raise ValueError("the opening table plays only on 3x3 with k=3")
        own, other = board.sides()
        if not own and board.to_move is Mark.X:
            return Decision(board.move_at(4))
        lines = board.geometry.lines
        cell = first_winning_cell(own, other, lines)
        if cell is None:
            cell = first_winning_cell(other, own, lines)
        if cell is None:
            table = FIRST_SEAT_TABLE if board.to_move is Mark.X else SECOND_SEAT_TABLE
            priorities = table[self._opponent_first_square(board, other)]
            cell = next((c for c in priorities if free >> c & 1), cells_of(free)[0])
        return Decision(board.move_at(cell))

    @staticmethod
    def _opponent_first_square(board: Board, other: int) -> int:
        if board.history:
            opponent_first = board.history[0 if board.to_move is Mark.O else 1]
            return board.index(opponent_first)
        return cells_of(other)[0]


@dataclass(frozen=True)
class Choices:
    """Moves of equal exact value that a player picks among."""

    moves: tuple[MoveValue, ...]
    from_book: bool = False


#: Playouts of the fallback that plays any game (see :class:`PerfectStrategy`).
ANY_GAME_PLAYOUTS = 3000


class PerfectStrategy(Strategy):
    """Seeds 000 and 004: full minimax, choosing at random among the equally best moves.

    Seed 000 shuffles the moves before sorting them by minimax value, so among equal values
    it picks at random; seed 004 runs the same minimax on n×n boards. Here the values come
    from the exact solver (:mod:`.search.solver`, or :mod:`.search.rules_solver` in the other
    games) on any m×n×k board, and "equally best" also counts the plies: a faster win, or a
    slower loss, is better. When the board cannot be solved within ``max_nodes`` search nodes
    or half the caller's time, the rest of the budget goes to ``fallback`` (the decision then
    has no exact value); where ``fallback`` is None or does not play the board, to MCTS with
    :data:`ANY_GAME_PLAYOUTS` playouts, which plays every game through its rules (each game's
    levels name a stronger fallback of their own: :mod:`tictactoe_tui.engine.games`).

    With ``set_traps`` (not in the seeds) it narrows equally drawn moves down to those that
    leave the opponent the largest share of losing replies, so a fallible opponent errs
    more often; it still never gives up the draw.

    Where the shape has an opening book (5×5, 4 in a row) and the position is in it, it plays
    the book's move, so the next position it meets is in the book too. ``min_seconds`` gives
    the solver at least that long whatever the caller's budget, for a level that would rather
    think longer than guess (5×5 with its book, 4×4 Misère).
    """

    name = "perfect"
    #: Boards of at most this many squares keep each finished choice (3×3 has 5,478 positions),
    #: so a position seen before is answered from that table in a dictionary look-up.
    TABLE_CELLS = 9

    def __init__(
        self,
        max_nodes: int | None = 300_000,
        fallback: Strategy | None = None,
        *,
        set_traps: bool = False,
        min_seconds: float = 0.0,
    ) -> None:
        self.max_nodes = max_nodes
        self.min_seconds = min_seconds
        self.fallback = fallback
        """Who plays an unsolved position (None: the game's own heuristic player)."""
        self.set_traps = set_traps
        self._table: dict[tuple[object, int, int, int], Choices] = {}

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        choices = self.choices(board, budget)
        if choices is None:
            fallback = self.fallback
            if fallback is None or not fallback.supports(board):
                fallback = MctsStrategy(ANY_GAME_PLAYOUTS)
            return fallback.decide(board, rng, budget)
        chosen = rng.choice(choices.moves)
        return Decision(chosen.move, chosen.value, chosen.plies, from_book=choices.from_book)

    def choices(self, board: Board, budget: Budget = UNLIMITED) -> Choices | None:
        """The exactly valued moves this player picks among at random (one, on a book line),
        or None when the position cannot be solved in the budget."""
        key = (board.geometry, board.x_bits, board.o_bits, board.state)
        found = self._table.get(key)
        if found is not None:
            return found
        _require_moves(board)
        solver = solver_for(board.geometry)
        search_budget = budget.share(0.5).with_max_nodes(self.max_nodes)
        search_budget = search_budget.at_least(self.min_seconds)
        analysis = solver.analyze(board, search_budget)
        if analysis.book_move is not None:
            return Choices(tuple(mv for mv in analysis.moves if mv.move == analysis.book_move), from_book=True)
        best = analysis.best_moves
        if not best:
            return None
        complete = True
        if self.set_traps and len(best) > 1 and best[0].value == 0:
            best, complete = self._traps(solver, board, best, search_budget)
        found = Choices(best)
        if complete and board.geometry.cells <= self.TABLE_CELLS:
            self._table[key] = found
        return found

    @staticmethod
    def _traps(
        solver: ExactSolver, board: Board, drawn: tuple[MoveValue, ...], budget: Budget
    ) -> tuple[tuple[MoveValue, ...], bool]:
        """The drawn moves leaving the most losing replies, and whether every reply was solved
        (all the drawn moves, and False, if the budget ends first)."""
        shares: list[float] = []
        for candidate in drawn:
            after = board.play(candidate.move)
            if after.is_over:
                shares.append(0.0)
                continue
            replies = solver.analyze(after, budget)
            if not replies.complete:
                return drawn, False
            shares.append(sum(reply.value < 0 for reply in replies.moves) / len(replies.moves))
        most = max(shares)
        return tuple(candidate for candidate, share in zip(drawn, shares, strict=True) if share == most), True

    def __getstate__(self) -> dict[str, object]:
        """Pickled (to a search process) without its table, which the copy rebuilds as it plays."""
        return {**self.__dict__, "_table": {}}


class _Proving(Protocol):
    """What a heuristic search tells of a result it proved by force."""

    @property
    def forced_win(self) -> bool: ...

    @property
    def forced_loss(self) -> bool: ...


def proven_value(outcome: _Proving) -> int | None:
    """+1 or -1 where a heuristic search proved the mover wins or loses by force, else None."""
    return 1 if outcome.forced_win else (-1 if outcome.forced_loss else None)


class AlphaBetaStrategy(Strategy):
    """Iterative-deepening alpha-beta with threat detection (:mod:`.alphabeta`).

    Exact about immediate wins, forced blocks and double threats, heuristic beyond; it
    deepens until ``max_nodes`` nodes or the caller's deadline, and plays the best move of
    the deepest search it finished (at random among equal scores).
    """

    name = "alphabeta"

    def __init__(self, max_nodes: int | None = 20_000) -> None:
        self.max_nodes = max_nodes

    def supports(self, board: Board) -> bool:
        return board.rules.classic_lines

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        _require_moves(board)
        from .search import alphabeta  # loaded on first use: small boards never need it

        outcome = alphabeta.search(board, budget.with_max_nodes(self.max_nodes))
        best = [cell for cell, score in outcome.scores.items() if score == outcome.score] or [outcome.cell]
        return Decision(board.move_at(rng.choice(sorted(best))), value=proven_value(outcome), depth=outcome.depth)


class GravityAlphaBetaStrategy(Strategy):
    """Gravity's alpha-beta with its threat rules (:mod:`.search.gravity`): odd and even
    threats, forced blocks, deepening until ``max_nodes`` nodes or the caller's deadline.

    With ``proof_nodes`` it first spends up to that many nodes of the exact solver
    (:mod:`.search.gravity_solver`) looking for a move that wins against any defence, and
    plays it when there is one: wins twenty plies deep that no evaluation sees.
    """

    name = "gravity-alphabeta"

    def __init__(self, max_nodes: int | None = 20_000, *, proof_nodes: int = 0) -> None:
        self.max_nodes = max_nodes
        self.proof_nodes = proof_nodes

    def supports(self, board: Board) -> bool:
        return board.rules.name == "gravity"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        _require_moves(board)
        from .search import gravity, gravity_solver

        if self.proof_nodes:
            solver = solver_for(board.geometry)
            assert isinstance(solver, gravity_solver.GravitySolver)
            winning = solver.winning_move(board, budget.share(0.5).with_max_nodes(self.proof_nodes))
            if winning is not None:
                return Decision(board.move_at(winning), value=1)
        outcome = gravity.search(board, budget.with_max_nodes(self.max_nodes))
        return Decision(board.move_at(outcome.cell), value=proven_value(outcome), depth=outcome.depth)


class ThreatSpaceStrategy(Strategy):
    """Gomoku-style play for big boards (:mod:`.search.threats`): exact line shapes (fives, fours,
    threes), wins by chains of fours, never a move that leaves the opponent one it can find, and
    an alpha-beta over the most valuable squares until ``max_nodes`` nodes or the deadline."""

    name = "threat-space"

    def __init__(self, max_nodes: int | None = 20_000) -> None:
        self.max_nodes = max_nodes

    def supports(self, board: Board) -> bool:
        return board.rules.classic_lines and board.k >= 4

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        _require_moves(board)
        from .search import threats

        outcome = threats.search(board, budget.with_max_nodes(self.max_nodes))
        return Decision(board.move_at(outcome.cell), value=proven_value(outcome), depth=outcome.depth)


class MctsStrategy(Strategy):
    """Monte Carlo tree search (UCT) with random playouts, for boards too big to solve.

    Stops after ``playouts`` playouts or when the budget ends, whichever comes first; with
    no deadline the result depends only on the random generator. Before searching it takes
    a winning square and blocks a single threat, which random playouts see only dimly.
    In the other games (:mod:`.search.rules_mcts`) it takes a move that wins at once, keeps
    away from moves that let the opponent win at once, and reuses its tree between moves.
    """

    name = "mcts"

    def __init__(self, playouts: int = 2000) -> None:
        self.playouts = playouts
        self._tree: SearchTree | None = None

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        legal = _require_moves(board)
        if not board.rules.classic_lines:
            return self._decide_by_rules(board, legal, rng, budget)
        own, other = board.sides()
        lines = board.geometry.lines
        wins = winning_cells(own, other, lines)
        if wins:
            return Decision(_pick(board, wins, rng), estimate=1.0)
        threats = winning_cells(other, own, lines)
        if threats and not threats & (threats - 1):
            return Decision(board.move_at(threats.bit_length() - 1))
        from .search import mcts  # loaded on first use: most games never need it

        result = mcts.search(board, rng, self.playouts, budget)
        return Decision(board.move_at(result.cell), estimate=result.win_rate)

    def _decide_by_rules(self, board: Board, legal: int, rng: random.Random, budget: Budget) -> Decision:
        from .search import rules_mcts

        if self._tree is None:
            self._tree = rules_mcts.SearchTree()
        tree = self._tree
        return _unless_won_at_once(
            board,
            legal,
            rng,
            lambda allowed: rules_mcts.search(board, rng, self.playouts, budget, tree=tree, allowed=allowed),
        )

    def __getstate__(self) -> dict[str, object]:
        """Pickled (to a search process) without its tree."""
        return {**self.__dict__, "_tree": None}


def immediate_outcomes(board: Board, legal: int) -> tuple[int, int]:
    """Of the ``legal`` cells: those that win at once, and those after which the opponent
    cannot win at once (in any game, asking its rules)."""
    rules, shape = board.rules, board.geometry
    me, opp = board.sides()
    wins = safe = 0
    for cell in cells_of(legal):
        mine = me | 1 << cell
        state, result = rules.after(shape, mine, opp, board.state, cell)
        if result is not None:
            if result > 0:
                wins |= 1 << cell
            elif result == 0:
                safe |= 1 << cell
            continue
        replies = rules.legal(shape, opp, mine, state)
        if not any(rules.after(shape, opp | 1 << reply, mine, state, reply)[1] == 1 for reply in cells_of(replies)):
            safe |= 1 << cell
    return wins, safe


def _unless_won_at_once(
    board: Board, legal: int, rng: random.Random, search: Callable[[int], SearchResult]
) -> Decision:
    """A move that wins at once, if there is one; else ``search``'s answer, given the moves
    after which the opponent cannot win at once (all of them when every move lets it)."""
    wins, safe = immediate_outcomes(board, legal)
    if wins:
        return Decision(_pick(board, wins, rng), estimate=1.0)
    result = search(safe or legal)
    return Decision(board.move_at(result.cell), estimate=result.win_rate)


class UltimateMctsStrategy(Strategy):
    """MCTS-Solver on Ultimate's own engine (:mod:`.search.ultimate_mcts`): a move that wins the
    game at once taken wherever the tree or a playout meets one, proven results backed up, the
    tree kept between moves. Stops after ``playouts`` playouts or when the budget ends."""

    name = "ultimate-mcts"

    def __init__(self, playouts: int = 2000) -> None:
        self.playouts = playouts
        self._tree: UltimateTree | None = None

    def supports(self, board: Board) -> bool:
        return board.rules.name == "ultimate"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        legal = _require_moves(board)
        from .search import ultimate_mcts

        if self._tree is None:
            self._tree = ultimate_mcts.SearchTree()
        tree = self._tree
        return _unless_won_at_once(
            board,
            legal,
            rng,
            lambda allowed: ultimate_mcts.search(board, rng, self.playouts, budget, tree=tree, allowed=allowed),
        )

    def __getstate__(self) -> dict[str, object]:
        """Pickled (to a search process) without its tree."""
        return {**self.__dict__, "_tree": None}


class ReferenceMctsStrategy(Strategy):
    """``mcts-1000``: a plain outside yardstick, the UCT bot as OpenSpiel's ``MCTSBot`` defaults
    set it up — 1,000 simulations, one uniformly random rollout each, exploration c = 2 on
    results of -1/0/+1 (the same as 1.0 on this module's 0-to-1 scale), the most visited move,
    and no tactics of its own (unlike ``mcts``, it does not look for wins or blocks first).
    Levels are calibrated against it. It plays every game (through the rules in the others)."""

    name = "mcts-1000"
    SIMULATIONS = 1000
    EXPLORATION = 1.0  # c = 2 on rewards of -1..1, rescaled to 0..1

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        _require_moves(board)
        if board.rules.classic_lines:
            from .search import mcts

            classic = mcts.search(board, rng, self.SIMULATIONS, budget, exploration=self.EXPLORATION)
            cell, rate = classic.cell, classic.win_rate
        else:
            from .search import rules_mcts

            found = rules_mcts.search(board, rng, self.SIMULATIONS, budget, self.EXPLORATION)
            cell, rate = found.cell, found.win_rate
        return Decision(board.move_at(cell), estimate=rate)


class ReferenceSolverStrategy(Strategy):
    """``mcts-solver-1000``: the yardstick as common MCTS libraries ship it — ``mcts-1000``'s
    1,000 simulations, one random rollout each, c = 2 and the most visited move, plus the
    MCTS-Solver step they run by default: proven wins and losses are backed up, a proven win is
    played at once and a proven loss avoided. It plays every game, through the rules.
    ``ReferenceSolverStrategy(10_000)`` is the same bot with ten times the simulations."""

    EXPLORATION = ReferenceMctsStrategy.EXPLORATION

    def __init__(self, simulations: int = ReferenceMctsStrategy.SIMULATIONS) -> None:
        self.simulations = simulations
        self.name = f"mcts-solver-{simulations}"

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        _require_moves(board)
        from .search import rules_mcts

        found = rules_mcts.search(board, rng, self.simulations, budget, self.EXPLORATION, solve=True)
        return Decision(board.move_at(found.cell), estimate=found.win_rate)


class SlippingStrategy(Strategy):
    """Another strategy's moves, except that one move in ``every`` (on average) is random."""

    slip = RandomStrategy()

    def __init__(self, inner: Strategy, every: int) -> None:
        self.inner, self.every = inner, every
        self.name = inner.name

    def supports(self, board: Board) -> bool:
        return self.inner.supports(board)

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        player = self.slip if rng.randrange(self.every) == 0 else self.inner
        return player.decide(board, rng, budget)


class BySize(Strategy):
    """A level's player: the strategy of the first tier whose size limit (squares, or None for
    any size) the board fits."""

    def __init__(self, name: str, tiers: tuple[tuple[int | None, Strategy], ...]) -> None:
        if tiers[-1][0] is not None:
            raise ValueError("the last tier must take any board size")
        self.name = name
        self.tiers = tiers

    def pick(self, board: Board) -> Strategy:
        """The strategy this level plays on ``board`` (a plain loop: it runs on every 3×3 move)."""
        cells = board.geometry.cells
        for limit, strategy in self.tiers:
            if limit is None or cells <= limit:
                return strategy
        raise AssertionError("the last tier takes any board size")

    def supports(self, board: Board) -> bool:
        return self.pick(board).supports(board)

    def decide(self, board: Board, rng: random.Random, budget: Budget = UNLIMITED) -> Decision:
        return self.pick(board).decide(board, rng, budget)

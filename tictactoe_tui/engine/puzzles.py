"""Puzzles: positions where one side must find a move that keeps a win ("win in N") or a draw
("hold the draw"), taken from the mistakes a review found and from positions the solver picks.

Every move that keeps the position's exact value solves a puzzle, not one chosen solution.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .board import Board, GameShape, Mark, Move
from .marks import Symbols
from .position import Position

if TYPE_CHECKING:
    from .review import Review
    from .search.budget import CancelFlag
    from .search.solver import Analysis, MoveValue

Kind = Literal["win", "hold"]
#: The source of the puzzles the solver makes (the others name the game they come from).
SOLVER = "solver"
#: Boards the solver makes puzzles on: small enough to solve at once.
SOLVER_SHAPES = ((3, 3, 3), (4, 4, 3), (4, 4, 4))
#: The most of your own moves a puzzle from a game asks for (to the win, or to the end where it
#: holds a draw): a position further from its end is a game to play, not a puzzle.
MOST_OWN_MOVES = 5


@dataclass(frozen=True)
class Puzzle:
    """A ``position`` to solve for the side to move."""

    position: Position
    """The game, its shape and the moves played from the empty board."""
    kind: Kind
    plies: int
    """Win: plies to the fastest win (this move counts). Hold: plies to the end."""
    keeping: tuple[Move, ...]
    """Every move that solves it."""
    source: str
    """Where it comes from: ``game 12, move 5`` or ``solver``."""
    yours: bool = False
    """Taken from a mistake of yours."""
    symbols: Symbols = Symbols.AS_PLAYED
    """The symbols each side showed in the game it comes from (it is shown so)."""

    @property
    def board(self) -> Board:
        return self.position.board()

    @property
    def mover(self) -> Mark:
        return self.board.to_move

    @property
    def mover_symbol(self) -> str:
        """The symbol of the side to move, as the game it comes from showed it."""
        return self.symbols.of(self.mover)

    @property
    def shown_text(self) -> str:
        """The position's text form with the symbols its game showed."""
        return self.symbols.shown(str(self.board))

    @property
    def own_moves(self) -> int:
        """Win: the moves of the side to move up to the win, its last one included."""
        return (self.plies + 1) // 2

    @property
    def title(self) -> str:
        """The goal as a player says it: ``win now``, ``win in 3 of your moves``, ``hold the draw``."""
        if self.kind == "win":
            return f"win in {self.own_moves} of your moves" if self.own_moves > 1 else "win now"
        return "hold the draw"

    @property
    def kind_words(self) -> str:
        """The goal in a few words: ``win`` or ``hold the draw``."""
        return "win" if self.kind == "win" else "hold the draw"

    @property
    def task(self) -> str:
        """What the puzzle asks, in the symbols its game showed: ``X to play and win now``."""
        return f"{self.mover_symbol} to play and {self.title}"

    @property
    def game_text(self) -> str:
        """``Classic 4×4, 3 in a row``, ``Connect Four, 6×7``: which game, so its goal is possible
        to see (named as everywhere else, by :meth:`.Rules.board_name`)."""
        shape = self.position.shape
        return shape.rules.board_name(shape.rows, shape.cols, shape.k)

    @property
    def origin(self) -> str:
        """Where it comes from, as a line under its title: ``from your game 12, move 5`` (a
        mistake of yours), ``from game 12, move 5`` or ``made by the solver``."""
        if self.source == SOLVER:
            return "made by the solver"
        return f"from your {self.source}" if self.yours else f"from {self.source}"

    def solves(self, move: Move) -> bool:
        """Whether ``move`` keeps the value (any such move solves the puzzle)."""
        return move in self.keeping

    def answer_text(self, move: Move, last_try: bool = True) -> str:
        """What to tell the player about ``move``; before the ``last_try`` a miss does not give
        the answer away."""
        value = "win" if self.kind == "win" else "draw"
        name = self.position.start().name
        others = ", ".join(name(found) for found in self.keeping if found != move)
        if self.solves(move):
            done = "wins at once" if self.kind == "win" and self.plies == 1 else f"keeps the {value}"
            return f"Solved: {name(move)} {done}" + (f" (so would {others})" if others else "")
        if not last_try:
            return f"Not {name(move)}: it gives up the {value}. Try once more"
        kept = ", ".join(name(found) for found in self.keeping)
        return f"Not this time: {name(move)} gives up the {value}; {kept} kept it"


def keeping_now(analysis: Analysis, kind: Kind) -> tuple[Move, ...]:
    """The moves that keep a puzzle's goal in a later position of its line (``analysis`` of it,
    for the side solving): a win puzzle's fastest wins, so that "win in 2" takes two of your
    moves; a hold puzzle's every move that keeps at least the draw. Empty when unsolved."""
    if kind == "win":
        return tuple(found.move for found in analysis.best_moves if found.value > 0)
    return tuple(found.move for found in analysis.moves if found.value >= 0) if analysis.complete else ()


def best_reply(analysis: Analysis) -> MoveValue | None:
    """The other side's answer in a puzzle's line (``analysis`` of the position, for that side):
    its best move, the longest defence where it loses (None: unsolved, or no move)."""
    best = analysis.best_moves
    return best[0] if best else None


def refutation_text(puzzle: Puzzle, move: Move, reply: MoveValue, board: Board) -> str:
    """Why ``move`` fails, as the board shows it with ``reply``, the other side's best answer:
    ``Not a3: O answers b3 and wins`` (names as ``board``'s game names its squares)."""
    other = puzzle.symbols.shown(puzzle.mover.other.value.upper())
    outcome = {1: "wins", 0: "holds the draw", -1: "still loses, but later"}[reply.value]
    if reply.value > 0 and reply.plies == 1:
        outcome = "wins at once"
    elif reply.value > 0:
        outcome = f"wins in {(reply.plies + 1) // 2} of its moves"
    return f"Not {board.name(move)}: {other} answers {board.name(reply.move)} and {outcome}"


def puzzles_from_review(
    review: Review, game: str, mine: frozenset[Mark] = frozenset(), *, symbols: Symbols = Symbols.AS_PLAYED
) -> list[Puzzle]:
    """A puzzle at the position before each mistake or blunder of ``review`` whose goal is at most
    :data:`MOST_OWN_MOVES` of the mover's moves away (``mine``: the sides played by the player
    whose mistakes come first; ``symbols``: those the game's sides showed)."""
    start = review.start
    found: list[Puzzle] = []
    played: list[Move] = list(start.history or ())
    for move in review.moves:
        near = move.best_plies is not None and (move.best_plies + 1) // 2 <= MOST_OWN_MOVES
        if move.verdict in ("mistake", "blunder") and move.best_plies is not None and near:
            kind: Kind = "win" if move.value_before == 1 else "hold"
            found.append(
                Puzzle(
                    Position(GameShape.of(start), tuple(played)),
                    kind,
                    move.best_plies,
                    move.best,
                    f"{game}, move {move.ply}",
                    yours=move.by in mine,
                    symbols=symbols,
                )
            )
        played.append(move.move)
    return found


def solver_puzzle(rng: random.Random, attempts: int = 200, cancel: CancelFlag | None = None) -> Puzzle | None:
    """A position from random play on a small board where fewer than a third of the moves keep
    a win or a draw (and at least one move does not): None if none turned up (or ``cancel`` was set)."""
    from .games import analyze  # the solvers load only to make puzzles, not to list them
    from .search.budget import Budget

    for _ in range(attempts):
        rows, cols, k = rng.choice(SOLVER_SHAPES)
        board = Board.empty(rows, cols, k)
        for _ in range(rng.randrange(2, rows * cols // 2 + 1)):
            if board.is_over:
                break
            board = board.play(rng.choice(board.legal_moves()))
        if board.is_over:
            continue
        if cancel is not None and cancel.is_set():
            return None
        analysis = analyze(board, Budget.seconds(2.0, cancel))
        if not analysis.complete or analysis.value not in (0, 1):
            continue
        keeping = tuple(found.move for found in analysis.moves if found.value == analysis.value)
        if len(keeping) * 3 > len(analysis.moves) or len(keeping) == len(analysis.moves):
            continue
        kind: Kind = "win" if analysis.value == 1 else "hold"
        position = Position(GameShape(rows, cols, k), board.history or ())
        return Puzzle(position, kind, analysis.moves[0].plies, keeping, SOLVER)
    return None


def solver_puzzles(seed: int, count: int, cancel: CancelFlag) -> list[Puzzle] | None:
    """Up to ``count`` puzzles of :func:`solver_puzzle`, the n-th from ``seed + n`` (None: ``cancel`` was set)."""
    found = []
    for n in range(count):
        puzzle = solver_puzzle(random.Random(seed + n), cancel=cancel)
        if cancel.is_set():
            return None
        found += [] if puzzle is None else [puzzle]
    return found

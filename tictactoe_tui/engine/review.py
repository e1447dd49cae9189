"""A game review: every move judged by the exact value of the position before it and of the
move chosen, the moves that were best instead, each side's accuracy, and the turning point.

Where the solver cannot finish a position in its time, the review says so: that move gets a
labelled estimate (MCTS win rates for the mover) and no verdict.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board, Mark, Move, move_name
from .search import rules_mcts
from .search.exact import analyze
from .search.solver import Budget, CancelFlag

#: What a value is called, for the side it belongs to.
VALUE_WORDS = {1: "win", 0: "draw", -1: "loss"}
#: Playouts behind an estimate where the solver does not finish.
ESTIMATE_PLAYOUTS = 3000


@dataclass(frozen=True)
class MoveReview:
    """One move of the game, judged for the side that played it."""

    ply: int
    """The move's number in the game, from 1."""
    move: Move
    by: Mark
    value_before: int | None
    """The exact value of the position before the move, for the mover (None: not solved)."""
    value_after: int | None
    """The exact value of the move chosen, for the mover."""
    best: tuple[Move, ...]
    """The moves that keep the position's value (exact), or the search's choice (estimated)."""
    slower: bool = False
    """A winning move, but not one of the fastest wins."""
    best_plies: int | None = None
    """Exact only: plies to the end after the best move (this move counts)."""
    estimate_before: float | None = None
    """Estimated only: the mover's win rate before the move (best move's) and after it."""
    estimate_after: float | None = None
    estimate_source: str = ""

    @property
    def exact(self) -> bool:
        return self.value_before is not None and self.value_after is not None

    @property
    def verdict(self) -> str | None:
        """``best`` (the value kept), ``mistake`` (win → draw, draw → loss), ``blunder`` (win →
        loss); None where only estimates exist."""
        if self.value_before is None or self.value_after is None:
            return None
        if self.value_after == self.value_before:
            return "best"
        return "blunder" if self.value_before - self.value_after == 2 else "mistake"

    @property
    def estimate(self) -> str:
        """Where the judgement of an inexact move comes from."""
        if self.exact:
            return ""
        return (
            f"{self.estimate_source}: the mover's win rate {self.estimate_before:.2f} with the best move, "
            f"{self.estimate_after:.2f} with this one"
        )

    def as_json(self) -> dict[str, Any]:
        """The entry of ``games review --json``."""
        entry: dict[str, Any] = {
            "ply": self.ply,
            "move": move_name(self.move),
            "by": self.by.value,
            "value_before": self.value_before,
            "value_after": self.value_after,
            "verdict": self.verdict,
            "best": [move_name(move) for move in self.best],
            "exact": self.exact,
        }
        if not self.exact:
            entry["estimate"] = self.estimate
        return entry


@dataclass(frozen=True)
class Review:
    """A whole game's review, move by move."""

    start: Board
    moves: tuple[MoveReview, ...]

    @property
    def exact(self) -> bool:
        """Whether every move was judged from exact values."""
        return all(move.exact for move in self.moves)

    def accuracy(self, mark: Mark) -> float | None:
        """The share of ``mark``'s exactly judged moves that kept the value (None: none judged)."""
        judged = [move for move in self.moves if move.by is mark and move.exact]
        return sum(move.verdict == "best" for move in judged) / len(judged) if judged else None

    @property
    def turning_point(self) -> MoveReview | None:
        """The last move that changed the game's value (the one the result followed), if any."""
        errors = [move for move in self.moves if move.verdict not in ("best", None)]
        return errors[-1] if errors else None

    def turning_text(self) -> str:
        """``move 5, b1: turned a draw into a loss; c3 held the draw`` (or ``none, …``)."""
        turn = self.turning_point
        if turn is None:
            if self.exact:
                return "none, every move kept the value of the position"
            return "none among the moves the solver could judge"
        assert turn.value_before is not None
        assert turn.value_after is not None
        before, after = VALUE_WORDS[turn.value_before], VALUE_WORDS[turn.value_after]
        kept = "held" if turn.value_before == 0 else "kept"
        instead = ", ".join(move_name(move) for move in turn.best[:3]) + (" …" if len(turn.best) > 3 else "")
        return (
            f"move {turn.ply}, {move_name(turn.move)}: turned a {before} into a {after}; {instead} {kept} the {before}"
        )

    def values_for_x(self) -> list[float]:
        """The game's value for X before each move and after the last: exact (1, 0, -1) where
        solved, else the estimate rescaled to -1..1 (for the graph)."""
        values: list[float] = []
        for move in self.moves:
            sign = 1 if move.by is Mark.X else -1
            if move.value_before is not None:
                values.append(sign * move.value_before)
            else:
                values.append(sign * (2 * (move.estimate_before or 0.5) - 1))
        if self.moves:
            last = self.moves[-1]
            sign = 1 if last.by is Mark.X else -1
            if last.value_after is not None:
                values.append(sign * last.value_after)
            else:
                values.append(sign * (2 * (last.estimate_after or 0.5) - 1))
        return values


def review_game(
    start: Board,
    moves: Sequence[Move],
    seconds_per_move: float = 2.0,
    progress: Callable[[int], None] | None = None,
    seed: int = 0,
    cancel: CancelFlag | None = None,
) -> Review:
    """Review ``moves`` played from ``start``: each position gets the exact solver for up to
    ``seconds_per_move`` seconds, then an MCTS estimate if the solver did not finish
    (``cancel`` ends every search early)."""
    reviews: list[MoveReview] = []
    board = start
    rng = random.Random(seed)
    for ply, move in enumerate(moves, start=start.move_count + 1):
        reviews.append(_judge(board, move, ply, seconds_per_move, rng, cancel))
        board = board.play(move)
        if progress is not None:
            progress(len(reviews))
    return Review(start, tuple(reviews))


def _judge(
    board: Board, move: Move, ply: int, seconds: float, rng: random.Random, cancel: CancelFlag | None
) -> MoveReview:
    started = time.monotonic()
    analysis = analyze(board, Budget.seconds(seconds, cancel))
    if analysis.complete and analysis.moves:
        value = analysis.moves[0].value
        chosen = next(found for found in analysis.moves if found.move == move)
        keeping = tuple(found.move for found in analysis.moves if found.value == value)
        fastest = analysis.moves[0].plies
        slower = chosen.value == 1 == value and chosen.plies > fastest
        return MoveReview(ply, move, board.to_move, value, chosen.value, keeping, slower, fastest)
    left = max(0.2, seconds - (time.monotonic() - started))
    found = rules_mcts.search(board, rng, ESTIMATE_PLAYOUTS, Budget.seconds(left, cancel))
    rates = {cell: rate for cell, rate, _ in found.moves}
    chosen_rate = rates.get(board.index(move), found.win_rate)
    source = f"MCTS estimate ({found.playouts:,} playouts; the exact solver did not finish in {seconds:g} s)"
    return MoveReview(
        ply,
        move,
        board.to_move,
        None,
        None,
        (board.move_at(found.cell),),
        estimate_before=found.win_rate,
        estimate_after=chosen_rate,
        estimate_source=source,
    )

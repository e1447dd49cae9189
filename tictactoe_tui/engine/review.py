"""A game review: every move judged by the exact value of the position before it and of the
move chosen, the moves that were best instead, each side's accuracy, and the turning point.

Every move that lost value gets its line: the best continuation after the move played, to the
end of the game (the winner's fastest win, the loser's longest defence), and the line the best
move would have had.

Where the solver cannot finish a position in its time, the review says so: that move gets a
labelled estimate (MCTS win rates for the mover, a verdict from how far the rate fell, and the
search's principal variation as its line). Then both sides are judged the same way: their
accuracy is an estimate too.

Moves are numbered in single turns everywhere: ``move 5`` is the fifth mark of the game.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .board import Board, GameShape, Mark, Move
from .estimates import estimate, seeded
from .games import analyze
from .position import Position
from .search.budget import Budget, CancelFlag

#: What a value is called, for the side it belongs to.
VALUE_WORDS = {1: "win", 0: "draw", -1: "loss"}
#: The share of a move's seconds the exact solver may use; of the rest, the share each of the two
#: estimates gets (the position before the move and after it), the lines what is left.
EXACT_SHARE, ESTIMATE_SHARE = 0.4, 0.4
#: An estimated move that lowers its mover's win rate by this much is a mistake; by the second, a blunder.
MISTAKE_DROP, BLUNDER_DROP = 0.15, 0.35
#: The version tag of :meth:`Review.dumps`; a kept review of another version is judged again.
FORMAT = "review-2"


@dataclass(frozen=True)
class MoveReview:
    """One move of the game, judged for the side that played it."""

    ply: int
    """The move's number in the game, in single turns from 1."""
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
    line: tuple[Move, ...] = ()
    """For a move that lost value: the best play after it, to the end (exact) or the search's
    principal variation (estimated)."""
    best_line: tuple[Move, ...] = ()
    """For a move that lost value: a best move and the best play after it."""

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
    def estimated_verdict(self) -> str | None:
        """For an estimated move: ``best``, ``mistake`` or ``blunder`` by how far the mover's win
        rate fell (:data:`MISTAKE_DROP`, :data:`BLUNDER_DROP`); None for an exact one."""
        if self.exact or self.estimate_before is None or self.estimate_after is None:
            return None
        drop = self.estimate_before - self.estimate_after
        return "blunder" if drop >= BLUNDER_DROP else "mistake" if drop >= MISTAKE_DROP else "best"

    @property
    def judged(self) -> str | None:
        """The verdict, exact or estimated."""
        return self.verdict or self.estimated_verdict

    @property
    def annotation(self) -> str:
        """The mark a move list puts beside it: ``??`` a blunder, ``?`` a mistake, ``?!`` a
        slower win (exact or estimated); "" for a best move."""
        if self.slower and self.verdict == "best":
            return "?!"
        return {"blunder": "??", "mistake": "?"}.get(self.judged or "", "")

    @property
    def lost_value(self) -> bool:
        """A mistake or a blunder, exact or estimated."""
        return self.judged in ("mistake", "blunder")

    @property
    def drop(self) -> float:
        """How much the move cost its mover, on the win-rate scale (a win 1, a draw ½)."""
        if self.exact:
            assert self.value_before is not None
            assert self.value_after is not None
            return (self.value_before - self.value_after) / 2
        return (self.estimate_before or 0.0) - (self.estimate_after or 0.0)

    @property
    def estimate(self) -> str:
        """Where the judgement of an inexact move comes from."""
        if self.exact:
            return ""
        return (
            f"{self.estimate_source}: {self.by.upper()}'s chances {self.estimate_before:.0%} with the search's choice, "
            f"{self.estimate_after:.0%} with this one"
        )

    def quicker_win(self, name: Callable[[Move], str]) -> str:
        """For a slower win, the quickest one, its square named by ``name``: ``a1 wins at once``,
        ``c3 wins in 2 of their moves`` ("" for any other move)."""
        if not (self.slower and self.best and self.best_plies):
            return ""
        when = "at once" if self.best_plies == 1 else f"in {(self.best_plies + 1) // 2} of their moves"
        return f"{name(self.best[0])} wins {when}"

    def lines_text(self, name: Callable[[Move], str]) -> str:
        """Its lines in words: ``then a3 a2 c2 c3; b3 instead: b3 a1 c3 …`` (empty for a move
        that kept its value), marked where they are the search's estimate; squares named by
        ``name`` (the game's :meth:`.Board.name`)."""
        if not self.lost_value:
            return ""
        then = " ".join(name(move) for move in self.line) or "the game ends"
        instead = " ".join(name(move) for move in self.best_line)
        text = f"then {then}" + (f"; {name(self.best_line[0])} instead: {instead}" if self.best_line else "")
        return text if self.exact else f"{text} (the search's line, an estimate)"

    def as_json(self, name: Callable[[Move], str]) -> dict[str, Any]:
        """The entry of ``games review --json``, squares named by ``name`` (the game's :meth:`.Board.name`)."""
        entry: dict[str, Any] = {
            "ply": self.ply,
            "move": name(self.move),
            "by": self.by.value,
            "value_before": self.value_before,
            "value_after": self.value_after,
            "verdict": self.verdict,
            "best": [name(move) for move in self.best],
            "exact": self.exact,
        }
        if not self.exact:
            entry["estimate"] = self.estimate
            entry["estimated_verdict"] = self.estimated_verdict
        if self.lost_value:
            entry["line"] = [name(move) for move in self.line]
            entry["best_line"] = [name(move) for move in self.best_line]
        return entry


def for_x(mover: Mark, value: int | None, estimate: float | None) -> float:
    """A position's value for X from -1 to 1, given for ``mover``: exact where solved, else the
    estimated chance (0 to 1) rescaled, none drawn as even."""
    sign = 1 if mover is Mark.X else -1
    if value is not None:
        return sign * value
    return sign * (2 * (0.5 if estimate is None else estimate) - 1)


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
        """The share of ``mark``'s moves that kept the value (None: none judged). Exact when
        every move of the game is; otherwise every move of both sides counts with its verdict,
        exact or estimated (:attr:`exact` says which), and the estimated turning point counts
        as a mistake, whatever the estimates' noise let it pass as: the loser lost there."""
        turn = None if self.exact else self.turning_point
        judged = [
            "mistake" if move is turn and move.judged == "best" else move.judged  # the move that lost it
            for move in self.moves
            if move.by is mark
        ]
        counted = [verdict for verdict in judged if verdict is not None]
        return counted.count("best") / len(counted) if counted else None

    def annotations(self) -> dict[int, str]:
        """Each annotated move's mark (:attr:`MoveReview.annotation`), by its ply."""
        return {move.ply: move.annotation for move in self.moves if move.annotation}

    @property
    def turning_point(self) -> MoveReview | None:
        """The last move that changed the game's value (the one the result followed), if any.
        Where estimates judge some moves and a side won, a move of the loser's: its last
        mistake, or else the one the search did not prefer that cost it most (the search's own
        choice is never blamed)."""
        errors = [move for move in self.moves if move.lost_value]
        final = self.start.play_all(move.move for move in self.moves)
        loser = None if final.winner is None else final.winner.other
        if self.exact or loser is None:
            return errors[-1] if errors else None
        theirs = [move for move in errors if move.by is loser]
        if theirs:
            return theirs[-1]
        strayed = [move for move in self.moves if move.by is loser and move.move not in move.best and move.drop > 0]
        return max(strayed, key=lambda move: move.drop) if strayed else None

    def turning_text(self) -> str:
        """``move 5, b1: turned a draw into a loss; c3 held the draw`` (or ``none, …``)."""
        turn = self.turning_point
        if turn is None:
            if self.exact:
                return "none, every move kept the value of the position"
            return "none among the moves the solver could judge"
        name = self.start.name
        instead = ", ".join(name(move) for move in turn.best[:3]) + (" …" if len(turn.best) > 3 else "")
        where = f"move {turn.ply}, {name(turn.move)}"
        if not turn.exact:
            assert turn.estimate_before is not None
            assert turn.estimate_after is not None
            return (
                f"{where} (estimated): their chances fell from {turn.estimate_before:.0%} to "
                f"{turn.estimate_after:.0%}; the search preferred {instead}"
            )
        assert turn.value_before is not None
        assert turn.value_after is not None
        before, after = VALUE_WORDS[turn.value_before], VALUE_WORDS[turn.value_after]
        kept = "held" if turn.value_before == 0 else "kept"
        return f"{where}: turned a {before} into a {after}; {instead} {kept} the {before}"

    def values_for_x(self) -> list[float]:
        """The game's value for X before each move and after the last: exact (1, 0, -1) where
        solved, else the estimate rescaled to -1..1 (for the graph)."""
        values = [for_x(move.by, move.value_before, move.estimate_before) for move in self.moves]
        if self.moves:
            last = self.moves[-1]
            values.append(for_x(last.by, last.value_after, last.estimate_after))
        return values

    def dumps(self) -> str:
        """The review as text to keep (tagged :data:`FORMAT`); :func:`loads` reads it back."""
        start = self.start
        return json.dumps(
            {
                "format": FORMAT,
                "start": [start.rows, start.cols, start.k, start.rules.name, _names(start, start.history or ())],
                "moves": [_dump_move(start, move) for move in self.moves],
            }
        )


def loads(text: str) -> Review | None:
    """A review kept by :meth:`Review.dumps`; None if it is of another version or unreadable."""
    try:
        data = json.loads(text)
        if data.get("format") != FORMAT:
            return None
        rows, cols, k, game, history = data["start"]
        start = Position.read(GameShape(rows, cols, k, game), history).board()
        return Review(start, tuple(_load_move(start, entry) for entry in data["moves"]))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _names(board: Board, moves: Sequence[Move]) -> list[str]:
    return [board.name(move) for move in moves]


def _moves(board: Board, names: Sequence[str]) -> tuple[Move, ...]:
    return tuple(board.square(name) for name in names)


def _dump_move(start: Board, move: MoveReview) -> list[Any]:
    return [
        move.ply, start.name(move.move), move.by.value, move.value_before, move.value_after, _names(start, move.best),
        move.slower, move.best_plies, move.estimate_before, move.estimate_after, move.estimate_source,
        _names(start, move.line), _names(start, move.best_line),
    ]  # fmt: skip


def _load_move(start: Board, entry: list[Any]) -> MoveReview:
    ply, move, by, before, after, best, slower, plies, rate_before, rate_after, source, line, best_line = entry
    return MoveReview(
        ply, start.square(move), Mark(by), before, after, _moves(start, best), slower, plies,
        rate_before, rate_after, source, _moves(start, line), _moves(start, best_line),
    )  # fmt: skip


def review_game(
    start: Board,
    moves: Sequence[Move],
    seconds_per_move: float = 2.0,
    progress: Callable[[int], None] | None = None,
    seed: int = 0,
    cancel: CancelFlag | None = None,
) -> Review:
    """Review ``moves`` played from ``start``: each move gets up to ``seconds_per_move`` seconds,
    the exact solver first and then MCTS estimates if it did not finish (``cancel`` ends every
    search early)."""
    reviews: list[MoveReview] = []
    board = start
    for move in moves:
        reviews.append(judge_move(board, move, seconds_per_move, seed, cancel))
        board = board.play(move)
        if progress is not None:
            progress(len(reviews))
    return Review(start, tuple(reviews))


def judge_move(
    board: Board,
    move: Move,
    seconds: float,
    seed: int = 0,
    cancel: CancelFlag | None = None,
    *,
    verdict_only: bool = False,
) -> MoveReview:
    """Judge ``move`` played on ``board`` within ``seconds``: exact where the solver finishes
    in its share of them, else estimated; a move that lost value gets its lines.
    ``verdict_only`` (the coach's check): the solver gets all of ``seconds``, and the move is
    judged exactly or not at all (values None) — no estimates; its lines in what is left."""
    deadline = time.monotonic() + seconds
    ply = board.move_count + 1
    analysis = analyze(board, Budget.seconds(seconds * (1.0 if verdict_only else EXACT_SHARE), cancel))
    if verdict_only and not (analysis.complete and analysis.moves):
        return MoveReview(ply, move, board.to_move, None, None, ())
    if analysis.complete and analysis.moves:
        value = analysis.moves[0].value
        chosen = next(found for found in analysis.moves if found.move == move)
        keeping = tuple(found.move for found in analysis.moves if found.value == value)
        fastest = analysis.moves[0].plies
        slower = chosen.value == 1 == value and chosen.plies > fastest
        judged = MoveReview(ply, move, board.to_move, value, chosen.value, keeping, slower, fastest)
        if not judged.lost_value:
            return judged
        budget = Budget(deadline, cancel)
        line = exact_line(board.play(move), budget)
        best_line = exact_line(board.play(analysis.moves[0].move), budget)
        if line is not None and best_line is not None:
            return replace(judged, line=line, best_line=(analysis.moves[0].move, *best_line))
        return judged
    return _estimated(board, move, ply, seconds, deadline, random.Random(seed + ply), cancel)


def exact_line(board: Board, budget: Budget) -> tuple[Move, ...] | None:
    """Best play from ``board`` to the end of the game: at each turn the move with the best exact
    score (the fastest win, the longest defence); None if the solver does not finish in time."""
    line: list[Move] = []
    while not board.is_over:
        analysis = analyze(board, budget)
        if not analysis.complete:
            return None
        line.append(analysis.moves[0].move)
        board = board.play(line[-1])
    return tuple(line)


def _estimated(
    board: Board, move: Move, ply: int, seconds: float, deadline: float, rng: random.Random, cancel: CancelFlag | None
) -> MoveReview:
    """An estimate of the position before ``move`` and of the one after it, for the mover; the
    search's lines, in the time left, for a move that lost value."""
    left = max(0.0, deadline - time.monotonic())
    # the search the evaluation's figures come from where it plays every move (MCTS), seeded by the position;
    # on the k-in-a-row boards the bar shows the alpha-beta's best square, this the threat search's chance
    before = estimate(board, Budget.seconds(left * ESTIMATE_SHARE, cancel), seeded(board))
    after = estimate(board.play(move), Budget.seconds(left * ESTIMATE_SHARE, cancel), seeded(board.play(move)))
    source = f"{before.source}; too big to solve exactly within {seconds * EXACT_SHARE:.2g} s"
    choice = before.choice or move
    judged = MoveReview(
        ply, move, board.to_move, None, None, (choice,),
        estimate_before=before.rate, estimate_after=1.0 - after.rate, estimate_source=source,
    )  # fmt: skip
    if not judged.lost_value:
        return judged
    budget = Budget(deadline, cancel)
    return replace(judged, line=after.line(budget, rng), best_line=before.line(budget, rng) or (choice,))

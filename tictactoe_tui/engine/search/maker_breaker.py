"""Proofs that a side can no longer complete a line, however it plays.

The other side only has to answer each of its moves. Two classic answers are tried:

* a **pairing**: disjoint pairs of empty squares such that every line the side could still
  complete holds a whole pair. Answering a move in a pair with its partner keeps every pair
  split, so no such line is ever filled.
* the **Erdős–Selfridge potential**: each line weighs 2^-(its empty squares). Below 1/2 with
  the side to move (below 1 with the other side to move), answering on the square whose lines
  weigh most keeps it there, so it never reaches 1, the weight of a filled line.

Either proves that the side's best score is at most a draw. With the other side to move it
may first take a square: :func:`breaker_holds` also tries the squares the lines weigh most on,
and either answer on the lines left. Lines are given as bitmasks of their empty squares, so the
question does not depend on the board they come from.
"""

from __future__ import annotations

from functools import lru_cache

#: Pairings are looked for among at most this many lines (past it one hardly ever exists).
MAX_LINES = 13
#: Steps a pairing search may take before it gives up (without finding one).
MAX_STEPS = 64
#: Erdős–Selfridge weights in fixed point: a line with ``n`` empty squares weighs ``ONE >> n``.
ONE = 1 << 24
#: How many first squares :func:`breaker_holds` tries, heaviest first.
FIRST_SQUARES = 2


def cannot_complete(lines: tuple[int, ...], to_move: bool = False) -> bool:
    """True when a side whose completable lines have these empty squares can be kept from
    completing any of them (``to_move``: it is that side's turn)."""
    weight = 0
    for line in lines:
        weight += ONE >> line.bit_count()
    if weight < (ONE >> 1 if to_move else ONE):
        return True
    return len(lines) <= MAX_LINES and pairing_exists(lines)


def breaker_holds(lines: tuple[int, ...]) -> bool:
    """True when a side whose completable lines have these empty squares can be kept from
    completing any of them by the other side, whose turn it is: as :func:`cannot_complete`
    says, or once the other side has taken one of the :data:`FIRST_SQUARES` squares the lines
    weigh most on (the lines through it are dead; the rest must hold with the side to move)."""
    if cannot_complete(lines):
        return True
    weights: dict[int, int] = {}
    for line in lines:
        weight = ONE >> line.bit_count()
        rest = line
        while rest:
            square = rest & -rest
            rest ^= square
            weights[square] = weights.get(square, 0) + weight
    heaviest = sorted(weights, key=weights.__getitem__, reverse=True)[:FIRST_SQUARES]
    return any(cannot_complete(tuple(line for line in lines if not line & square), True) for square in heaviest)


@lru_cache(maxsize=1 << 17)
def pairing_exists(lines: tuple[int, ...]) -> bool:
    """True when disjoint pairs of squares can be picked so that each line holds a whole pair."""
    steps_left = [MAX_STEPS]
    return _pair_up(lines, 0, steps_left)


def _pair_up(lines: tuple[int, ...], used: int, steps_left: list[int]) -> bool:
    """Pair the squares of ``lines`` avoiding the squares in ``used`` (depth first)."""
    if not lines:
        return True
    steps_left[0] -= 1
    if steps_left[0] < 0:
        return False
    free = 0
    fewest = 1 << 30
    for line in lines:
        left = line & ~used
        count = left.bit_count()
        if count < fewest:
            if count < 2:
                return False
            free, fewest = left, count
    squares = []
    while free:
        low = free & -free
        squares.append(low)
        free ^= low
    # Every line needs a pair of its own squares: try each pair of the tightest line's.
    for i, first in enumerate(squares):
        for second in squares[i + 1 :]:
            pair = first | second
            if _pair_up(tuple(line for line in lines if line & pair != pair), used | pair, steps_left):
                return True
    return False

"""An independent reference solver for the tests: plain memoised minimax on tuples of cells.

It shares no code with the engine: its own line generation, win test, gravity and scoring.
Values are (+1/0/-1 for the side to move, plies to the end), the winner hurrying and the loser
stalling. With ``gravity`` a mark takes the lowest free cell of its column; with ``misere``
completing a line loses.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

Cells = tuple[str, ...]


def lines(rows: int, cols: int, k: int) -> list[list[int]]:
    """Every k-in-a-row window, as lists of cell indices."""
    found = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + dr * i, c + dc * i) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    found.append([rr * cols + cc for rr, cc in cells])
    return found


def winner(cells: Cells, all_lines: list[list[int]]) -> str | None:
    """'x' or 'o' if a line is complete, else None."""
    for line in all_lines:
        first = cells[line[0]]
        if first != "." and all(cells[i] == first for i in line):
            return first
    return None


def to_move(cells: Cells) -> str:
    """The side to move: X when the counts are equal."""
    return "x" if cells.count("x") == cells.count("o") else "o"


def better(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether outcome ``a`` is better than ``b`` for the side choosing."""
    value_a, plies_a = a
    value_b, plies_b = b
    if value_a != value_b:
        return value_a > value_b
    if value_a > 0:
        return plies_a < plies_b
    if value_a < 0:
        return plies_a > plies_b
    return False


def playable(cells: Cells, cols: int, gravity: bool) -> list[int]:
    """The cells the side to move may mark: any free one, or with gravity the lowest free
    cell of each column (row 0 is the top)."""
    free = [i for i, cell in enumerate(cells) if cell == "."]
    if not gravity:
        return free
    lowest: dict[int, int] = {}
    for i in free:
        lowest[i % cols] = max(lowest.get(i % cols, -1), i)
    return sorted(lowest.values())


def make_solver(  # type: ignore[no-untyped-def]
    rows: int, cols: int, k: int, *, gravity: bool = False, misere: bool = False
):
    """A memoised ``value(cells) -> (value, plies)`` and ``move_values(cells)`` for one shape."""
    all_lines = lines(rows, cols, k)

    @cache
    def value(cells: Cells) -> tuple[int, int]:
        won = winner(cells, all_lines)
        if won is not None:
            return (1, 0) if misere else (-1, 0)  # the opponent just completed a line
        if "." not in cells:
            return (0, 0)
        return max_outcome(move_values(cells).values())

    def move_values(cells: Cells) -> dict[int, tuple[int, int]]:
        mark = to_move(cells)
        out = {}
        for i in playable(cells, cols, gravity):
            child = (*cells[:i], mark, *cells[i + 1 :])
            child_value, child_plies = value(child)
            out[i] = (-child_value, child_plies + 1)
        return out

    def max_outcome(outcomes: Iterable[tuple[int, int]]) -> tuple[int, int]:
        best: tuple[int, int] | None = None
        for outcome in outcomes:
            if best is None or better(outcome, best):
                best = outcome
        assert best is not None, "no moves"
        return best

    return value, move_values

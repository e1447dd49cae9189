"""Search for the opening-table strategy's second-seat rows (``SECOND_SEAT_TABLE``).

For each square X can open on, try priority orders for O (centre or corners first) until
one never loses against every X line, with win and block checked first as the strategy
does. Prints the rows found; the table in ``engine/players/seeds.py`` was taken from it.
"""

from __future__ import annotations

import itertools
import random

from tictactoe_tui.engine import Strategy
from tictactoe_tui.engine.board import Board, Mark
from tictactoe_tui.engine.players import seeds


def loses(board: Board, player: Strategy, rng: random.Random) -> bool:
    """True if some X line beats ``player`` (playing O) from ``board``."""
    if board.is_over:
        return board.winner is Mark.X
    if board.to_move is Mark.O:
        return loses(board.play(player.choose(board, rng)), player, rng)
    return any(loses(board.play(move), player, rng) for move in board.legal_moves())


def main() -> None:
    player = seeds.OpeningTableStrategy()
    rng = random.Random(0)
    found: dict[int, tuple[int, ...]] = {}
    for first in range(9):
        opening = Board.empty().play(divmod(first, 3))
        rest = [cell for cell in (4, 0, 2, 6, 8, 1, 3, 5, 7) if cell != first]
        for order in itertools.permutations(rest):
            seeds.SECOND_SEAT_TABLE[first] = order
            if not loses(opening, player, rng):
                found[first] = order
                break
        print(first, found.get(first, "none never loses"))


if __name__ == "__main__":
    main()

"""Seed 000's player, restated for the benchmarks: full minimax with no memory.

It imports nothing from the engine, so a fresh process running it pays only for itself.
"""

from __future__ import annotations

import random

LINES_3X3 = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def brute_force_move(pieces: list[str], player: str, rng: random.Random) -> int:
    """Seed 000: evaluate every move by full minimax (no memory), shuffle, take the best."""
    opponent = {"x": "o", "o": "x"}

    def winner() -> str | None:
        for a, b, c in LINES_3X3:
            if pieces[a] != " " and pieces[a] == pieces[b] == pieces[c]:
                return pieces[a]
        return None

    def valid_moves() -> list[int]:
        return [i for i in range(9) if pieces[i] == " "]

    def judge(won: str | None) -> int:
        return 0 if won is None else (1 if won == player else -1)

    def evaluate(move: int, mover: str) -> int:
        pieces[move] = mover
        try:
            won = winner()
            if won or not valid_moves():
                return judge(won)
            outcomes = (evaluate(nxt, opponent[mover]) for nxt in valid_moves())
            if mover == player:  # the opponent replies: expect the worst
                worst = 1
                for outcome in outcomes:
                    if outcome == -1:
                        return -1
                    worst = min(worst, outcome)
                return worst
            best = -1
            for outcome in outcomes:
                if outcome == 1:
                    return 1
                best = max(best, outcome)
            return best
        finally:
            pieces[move] = " "

    moves = [(move, evaluate(move, player)) for move in valid_moves()]
    rng.shuffle(moves)
    moves.sort(key=lambda pair: pair[1])
    return moves[-1][0]

"""Games the engine tests share: random play, every reachable position, every line of a board."""

from __future__ import annotations

import random

from tictactoe_tui.engine import Board


def random_play(board: Board, seed: int, plies: int) -> Board:
    rng = random.Random(seed)
    for _ in range(plies):
        if board.is_over:
            break
        board = board.play(rng.choice(board.legal_moves()))
    return board


def reachable(board: Board, seen: set[Board]) -> set[Board]:
    """Every position reachable from ``board`` (added to ``seen``)."""
    if board not in seen:
        seen.add(board)
        for move in board.legal_moves():
            reachable(board.play(move), seen)
    return seen


def lines(rows: int, cols: int, k: int) -> list[list[tuple[int, int]]]:
    """Every run of ``k`` squares across, down or diagonally."""
    found = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = [(row + d_row * step, col + d_col * step) for step in range(k)]
                if all(0 <= r < rows and 0 <= c < cols for r, c in run):
                    found.append(run)
    return found


def random_game(rows: int, cols: int, k: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    board = Board.empty(rows, cols, k)
    moves = []
    while not board.is_over:
        move = rng.choice(board.legal_moves())
        moves.append(move)
        board = board.play(move)
    return moves


SHAPES = [(4, 4, 3), (4, 5, 4), (3, 5, 3), (5, 4, 3), (3, 7, 3), (7, 3, 3), (5, 5, 4), (6, 5, 4), (6, 7, 4), (7, 7, 5)]

"""What a search says of a position the exact solver cannot finish: the side to move's chance,
the move it would choose, and the line it expects — an estimate wherever it is shown.

On big k-in-a-row boards (those the threat-space player plays) the threat-space search judges:
its score as a chance (1 or 0 where it proves a forced win or loss), its line found move by
move. Every other game gets MCTS-Solver with the game's playouts: the win rate of its choice
and the principal variation of its tree.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass

from ..words import counted
from .board import Board, Move
from .games import GAME_SEARCHES, game_of
from .players import ThreatSpaceStrategy
from .search import rules_mcts
from .search.budget import Budget

#: Playouts at most behind an MCTS estimate (the time usually ends them first).
PLAYOUTS = 3000
#: An MCTS line follows the tree through nodes visited this often; any line stops after this many plies.
LINE_VISITS, LINE_PLIES = 2, 12
#: The threat-space score at which the chance is about 73% (the logistic curve's unit).
SCORE_SCALE = 3000.0
#: Nodes the threat-space search may use for one estimate (as the level that plays it does).
THREAT_NODES = 20_000


@dataclass(frozen=True)
class Estimate:
    """A search's view of ``board`` for its side to move."""

    board: Board
    rate: float
    """The chance of the side to move (draws count half): 1.0 or 0.0 where proven."""
    choice: Move | None
    """The search's move (None once the game is over)."""
    source: str
    """What the estimate comes from, in a player's words, e.g. ``an estimate from the computer's
    search (1,200 games played out)``."""
    tree_line: tuple[Move, ...] = ()
    """The line read off the search's tree (MCTS), from the choice on."""
    moves: tuple[tuple[Move, float], ...] = ()
    """Each move the search's tree looked at (MCTS), most visited first, and its chance for the
    mover: what the overlay's squares show."""

    def line(self, budget: Budget, rng: random.Random) -> tuple[Move, ...]:
        """The line the search expects from here: its tree's, or its choices one after the other
        while ``budget`` lasts."""
        if self.tree_line or self.choice is None:
            return self.tree_line
        line = [self.choice]
        board = self.board.play(self.choice)
        while not board.is_over and len(line) < LINE_PLIES and not budget.exhausted():
            following = estimate(board, budget.share(1 / (LINE_PLIES - len(line))), rng)
            if following.choice is None:
                break
            line.append(following.choice)
            board = board.play(following.choice)
        return tuple(line)


def estimate(board: Board, budget: Budget, rng: random.Random) -> Estimate:
    """The estimate of ``board`` for its side to move, within ``budget`` (exact once the game is over)."""
    if board.is_over:
        winner = board.winner
        return Estimate(board, 0.5 if winner is None else float(winner is board.to_move), None, "the game's end")
    if ThreatSpaceStrategy(searches=GAME_SEARCHES).supports(board):
        return _by_threats(board, budget)
    return _by_mcts(board, budget, rng)


def _by_threats(board: Board, budget: Budget) -> Estimate:
    search = game_of(board).searches.threat_space
    assert search is not None  # the threat-space player plays it
    outcome = search(board, budget.with_max_nodes(THREAT_NODES))
    if outcome.forced_win or outcome.forced_loss:
        rate = float(outcome.forced_win)
        source = "the computer's search (a forced result)"
    else:
        rate = 1 / (1 + math.exp(-outcome.score / SCORE_SCALE))
        source = f"an estimate from the computer's search ({counted(outcome.depth, 'move')} deep)"
    return Estimate(board, rate, board.move_at(outcome.cell), source)


def _by_mcts(board: Board, budget: Budget, rng: random.Random) -> Estimate:
    tree = rules_mcts.SearchTree()
    searches = game_of(board).searches
    found = searches.estimate(board, rng, PLAYOUTS, budget, tree=tree, solve=True, each_move_once=False)
    chosen = next(child for child in tree.root.children if child.cell == found.cell) if tree.root else None
    if found.proven is not None:
        rate = found.proven
    elif chosen is not None:
        rate = _chance(chosen.wins, chosen.visits, None)
    else:
        rate = found.win_rate
    line = [board.move_at(found.cell)]
    children = sorted(tree.root.children, key=lambda child: -child.visits) if tree.root else []
    moves = tuple((board.move_at(child.cell), _chance(child.wins, child.visits, child.proven)) for child in children)
    node = chosen
    while node is not None and node.children and len(line) < LINE_PLIES:
        node = max(node.children, key=lambda child: child.visits)
        if node.visits < LINE_VISITS and node.proven is None:
            break
        line.append(board.move_at(node.cell))
    return Estimate(
        board,
        rate,
        line[0],
        f"an estimate from the computer's search ({counted(found.playouts, 'game')} played out)",
        tuple(line),
        moves,
    )


def _chance(wins: float, visits: int, proven: float | None) -> float:
    """A tree node's chance for the side that moved into it: proven, or its games won pulled
    towards ½ (a few playouts say little)."""
    return proven if proven is not None else (wins + 1) / (visits + 2)


def position_seed(board: Board) -> int:
    """The seed of a search about ``board``: the position's own, so the same position asked
    about again is answered the same way (a hint, the evaluation bar, the review)."""
    return zlib.crc32(f"{board.x_bits}/{board.o_bits}/{board.state}".encode())


def seeded(board: Board) -> random.Random:
    """The random source of an estimate of ``board``: seeded by the position (see :func:`position_seed`)."""
    return random.Random(position_seed(board))

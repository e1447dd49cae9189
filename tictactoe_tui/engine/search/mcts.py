"""Monte Carlo tree search (UCT) for boards too big to solve exactly."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from ..board import Board, Geometry, cells_of, winning_cells
from .budget import Budget

#: UCT's exploration constant, on this module's scale of results from 0 (lost) to 1 (won).
EXPLORATION = 1.4
#: Playouts between two looks at the budget's clock.
CHECK_EVERY = 32


@dataclass(eq=False)
class _Node:
    """A tree node; ``wins`` count for the side that made the move into it (draws count half)."""

    cell: int
    untried: list[int]
    children: list[_Node] = field(default_factory=list)
    wins: float = 0.0
    visits: int = 0

    def best_child(self, exploration: float) -> _Node:
        return uct_choice(self.children, self.visits, exploration)


class Visited(Protocol):
    """A tree node's statistics, as UCT reads them."""

    wins: float
    visits: int


Child = TypeVar("Child", bound=Visited)


class Proving(Visited, Protocol):
    """A node of an MCTS-Solver tree: its statistics, its children and what is proven of it."""

    @property
    def children(self) -> Sequence[Proving]: ...

    @property
    def untried(self) -> Sequence[int]: ...

    proven: float | None
    """The certain result for the side that moved in (1.0 won, 0.5 drawn, 0.0 lost)."""


Solving = TypeVar("Solving", bound=Proving)


def uct_choice(children: list[Child], parent_visits: int, exploration: float) -> Child:
    """The child with the highest upper confidence bound (UCT)."""
    log_visits = math.log(parent_visits)
    sqrt = math.sqrt
    best = children[0]
    best_bound = -1.0
    for child in children:  # a plain loop: this runs for every step down the tree
        visits = child.visits
        bound = child.wins / visits + exploration * sqrt(log_visits / visits)
        if bound > best_bound:
            best, best_bound = child, bound
    return best


def solver_choice(children: list[Solving], parent_visits: int, exploration: float) -> Solving:
    """The child an MCTS-Solver descends to: a proven win for the side to move at once, never a
    proven loss while another child remains, else the highest upper confidence bound."""
    log_visits = math.log(parent_visits)
    sqrt = math.sqrt
    best: Solving | None = None
    best_bound = -1.0
    for child in children:  # a plain loop: this runs for every step down the tree
        proven = child.proven
        if proven is not None:
            if proven == 1.0:
                return child
            if proven == 0.0:
                continue
        visits = child.visits
        bound = child.wins / visits + exploration * sqrt(log_visits / visits)
        if bound > best_bound:
            best, best_bound = child, bound
    return best if best is not None else uct_choice(children, parent_visits, exploration)


def settle(node: Proving) -> None:
    """Set ``node.proven`` where its children's proven results settle it (MCTS-Solver)."""
    if node.proven is not None or not node.children:
        return
    if any(child.proven == 1.0 for child in node.children):  # the side to move there wins
        node.proven = 0.0
    elif not node.untried and all(child.proven is not None for child in node.children):
        node.proven = 1.0 - max(child.proven or 0.0 for child in node.children)


def proven_first(candidates: list[Solving]) -> list[Solving]:
    """Of a root's ``candidates``: those proven to win, else those not proven lost, else all."""
    winning = [child for child in candidates if child.proven == 1.0]
    holding = [child for child in candidates if child.proven != 0.0]
    return winning or holding or candidates


def back_up(path: Sequence[Visited], outcome: float) -> None:
    """Count a playout up ``path``: ``outcome`` is for the side that moved into its last node,
    and the point of view alternates on the way up."""
    for visited in reversed(path):
        visited.visits += 1
        visited.wins += outcome
        outcome = 1.0 - outcome


def settle_path(path: Sequence[Proving]) -> None:
    """Settle ``path`` from the bottom up (MCTS-Solver), as far as results settle: a node's
    result can only change once the child below it has just been settled."""
    for visited in reversed(path):
        settle(visited)
        if visited.proven is None:
            break


@dataclass(frozen=True)
class SearchResult:
    """The most visited move, its win rate for the mover and how many playouts ran."""

    cell: int
    win_rate: float
    playouts: int


def search(
    board: Board, rng: random.Random, playouts: int, budget: Budget, exploration: float = EXPLORATION
) -> SearchResult:
    """Run UCT from ``board`` for up to ``playouts`` playouts or until the budget ends.

    At least one playout per legal move is run, so the answer is never a blind guess.
    """
    shape = board.geometry
    root_me, root_opp = board.sides()
    root = _Node(-1, _shuffled(cells_of(board.empty_bits), rng))
    minimum = len(root.untried)
    done = 0
    while done < max(playouts, minimum):
        if done >= minimum and not done % CHECK_EVERY and budget.exhausted():
            break
        node, me, opp = root, root_me, root_opp
        path = [root]
        # Selection: descend while the node is fully expanded (a finished game has no moves).
        while not node.untried and node.children:
            node = node.best_child(exploration)
            me, opp = opp, me | (1 << node.cell)
            path.append(node)
        # Expansion.
        if node.untried:
            cell = node.untried.pop()
            me, opp = opp, me | (1 << cell)
            child = _Node(cell, [] if shape.completes_line(opp, cell) else _shuffled(_free(me | opp, shape), rng))
            node.children.append(child)
            node = child
            path.append(node)
        # Simulation: ``opp`` just moved; score 1 if it wins, 0.5 draw, 0 loss.
        outcome = _playout(me, opp, node.cell, shape, rng)
        back_up(path, outcome)
        done += 1
    best = max(root.children, key=lambda child: child.visits)
    return SearchResult(best.cell, best.wins / best.visits, done)


@dataclass(frozen=True)
class Forced:
    """A move a tactic chose without a search: a win at once (win rate 1), or the one block
    (no win rate)."""

    cell: int
    win_rate: float | None


def uct(
    board: Board,
    rng: random.Random,
    playouts: int,
    budget: Budget,
    *,
    exploration: float | None = None,
    tactics: bool = True,
) -> SearchResult | Forced:
    """The classic game's UCT (:class:`~.kit.Uct`): :func:`search`, after (with ``tactics``) a
    winning square, at random among several, and the one square that blocks a single threat,
    which random playouts see only dimly."""
    if tactics:
        own, other = board.sides()
        lines = board.geometry.lines
        wins = winning_cells(own, other, lines)
        if wins:
            return Forced(rng.choice(cells_of(wins)), 1.0)
        threats = winning_cells(other, own, lines)
        if threats and not threats & (threats - 1):
            return Forced(threats.bit_length() - 1, None)
    return search(board, rng, playouts, budget, EXPLORATION if exploration is None else exploration)


def _free(occupied: int, shape: Geometry) -> list[int]:
    return cells_of(shape.full & ~occupied)


def _shuffled(cells: list[int], rng: random.Random) -> list[int]:
    rng.shuffle(cells)
    return cells


def _playout(me: int, opp: int, last: int, shape: Geometry, rng: random.Random) -> float:
    """Random game from a position where ``opp`` has just played ``last``; 1.0 if ``opp`` wins."""
    if last >= 0 and shape.completes_line(opp, last):
        return 1.0
    free = _free(me | opp, shape)
    rng.shuffle(free)
    mover_is_opp = False
    for cell in free:
        me |= 1 << cell
        if shape.completes_line(me, cell):
            return 1.0 if mover_is_opp else 0.0
        me, opp = opp, me
        mover_is_opp = not mover_is_opp
    return 0.5

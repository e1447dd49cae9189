"""Which exact solver a game's positions get, one per shape for the whole process.

The classic solver where only lines matter (``classic_lines``), Gravity's own where marks
fall, and the generic one, which plays through any game's rules, everywhere else.
"""

from __future__ import annotations

import threading

from ..board import Board, Geometry
from ..rules.gravity import Gravity
from .gravity_solver import GravitySolver
from .rules_solver import RulesSolver
from .solver import UNLIMITED, Analysis, Budget, ExactSolver, Solver

_solvers: dict[Geometry, ExactSolver] = {}
_solvers_lock = threading.Lock()


def new_solver(shape: Geometry) -> ExactSolver:
    """A fresh solver for the game and shape of ``shape``."""
    if shape.rules.classic_lines:
        return Solver(shape)
    if isinstance(shape.rules, Gravity):
        return GravitySolver(shape)
    return RulesSolver(shape)


def solver_for(shape: Geometry) -> ExactSolver:
    """The process-wide solver for a geometry, created on first use."""
    solver = _solvers.get(shape)
    if solver is not None:
        return solver
    with _solvers_lock:
        solver = _solvers.get(shape)
        if solver is None:
            solver = _solvers[shape] = new_solver(shape)
        return solver


def analyze(board: Board, budget: Budget = UNLIMITED) -> Analysis:
    """Exact values of every legal move of ``board`` (see :class:`~.solver.Analysis`)."""
    return solver_for(board.geometry).analyze(board, budget)

"""The exact solvers of the process: one per shape and kind of solver, made on first use.

Which kind a game's positions get is the game's to say (its :class:`~.kit.SearchKit`);
:func:`any_game_solver`, which plays through any game's rules, is the default.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..board import Geometry

if TYPE_CHECKING:  # the solvers load when the first one is made
    from .solver import ExactSolver

#: Makes a fresh exact solver for one shape (a solver class, or a function choosing one); a
#: game that ships books for the shape hands their files in by keyword (``book=``, ``win_book=``).
SolverKind = Callable[..., "ExactSolver"]

_solvers: dict[tuple[Geometry, SolverKind], ExactSolver] = {}
_solvers_lock = threading.Lock()


def any_game_solver(shape: Geometry) -> ExactSolver:
    """A fresh solver of the default kind, which plays through any game's rules."""
    from .rules_solver import RulesSolver

    return RulesSolver(shape)


def solver_for(shape: Geometry, kind: SolverKind, **books: str) -> ExactSolver:
    """The process-wide solver of ``kind`` for a geometry, created on first use (handed the
    files of ``books``)."""
    key = (shape, kind)
    solver = _solvers.get(key)
    if solver is not None:
        return solver
    with _solvers_lock:
        solver = _solvers.get(key)
        if solver is None:
            solver = _solvers[key] = kind(shape, **books)
        return solver

"""The computer's jobs and their answers: what a search is asked, about which state, and what
it returns. Loaded with the first search or analysis (the first frame needs none)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..game import GameState

if TYPE_CHECKING:
    from ..engine import Analysis, Decision


@dataclass(frozen=True, eq=False)
class AiJob:
    """A request for a move: the exact state it was asked about and the level in force.

    Jobs compare by identity, so a result is applied only to the job the app still waits for.
    """

    state: GameState
    level: str
    seed: int
    seconds: float


@dataclass(frozen=True)
class AiResult:
    """A finished job: the decision and how long it took."""

    job: AiJob
    decision: Decision
    seconds: float


@dataclass(frozen=True)
class AnalysisResult:
    """Every move's value for the position of ``state`` (incomplete when too big to solve)."""

    state: GameState
    analysis: Analysis

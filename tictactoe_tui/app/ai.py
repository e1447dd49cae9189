"""AI jobs: what runs in the worker thread. Pure functions of their inputs; no widgets here."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..engine import Budget, Decision, Strategy
from ..game import GameState


@dataclass(frozen=True, eq=False)
class AiJob:
    """A request for a move: the exact state it was asked about and the level in force.

    Jobs compare by identity, so a result is applied only to the job the app still waits for.
    """

    state: GameState
    level: str


@dataclass(frozen=True)
class AiResult:
    """A finished job: the decision and how long it took."""

    job: AiJob
    decision: Decision
    seconds: float


def think(job: AiJob, strategy: Strategy, rng: random.Random, budget: Budget) -> AiResult:
    """Run the strategy on the job's position (called in a worker thread)."""
    started = time.perf_counter()
    decision = strategy.decide(job.state.board, rng, budget)
    return AiResult(job, decision, time.perf_counter() - started)

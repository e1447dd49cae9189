"""What limits a search: a :class:`Budget` (a deadline, a cancel flag, a node count). Its own
module, below every search, so the players and the registry, which hand budgets on, load
without the searches (a start loads none of them: the first search does)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol


class CancelFlag(Protocol):
    """Anything that says whether a search was cancelled (``threading.Event``,
    ``multiprocessing.Event``)."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Budget:
    """Limits for one search: a ``time.monotonic()`` deadline, a cancel event, a node count.

    A node limit (unlike a deadline) gives the same answer on every run.
    """

    deadline: float | None = None
    cancel: CancelFlag | None = None
    max_nodes: int | None = None

    @classmethod
    def seconds(cls, seconds: float | None, cancel: CancelFlag | None = None) -> Budget:
        """A budget that ends ``seconds`` from now (None: no time limit)."""
        deadline = None if seconds is None else time.monotonic() + seconds
        return cls(deadline, cancel)

    def share(self, fraction: float) -> Budget:
        """This budget with its deadline moved to ``fraction`` of the time left."""
        remaining = self.remaining()
        if remaining is None:
            return self
        return Budget(time.monotonic() + remaining * fraction, self.cancel, self.max_nodes)

    def at_least(self, seconds: float) -> Budget:
        """This budget with its deadline moved to at least ``seconds`` from now."""
        if self.deadline is None or not seconds:
            return self
        return Budget(max(self.deadline, time.monotonic() + seconds), self.cancel, self.max_nodes)

    def with_max_nodes(self, max_nodes: int | None) -> Budget:
        """This budget with a node limit added (None keeps it as it is)."""
        if max_nodes is None:
            return self
        return Budget(self.deadline, self.cancel, max_nodes)

    def exhausted(self, nodes: int = 0) -> bool:
        """True once the deadline has passed, the search was cancelled or ``nodes`` is too many."""
        if self.max_nodes is not None and nodes >= self.max_nodes:
            return True
        if self.cancel is not None and self.cancel.is_set():
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None when unlimited)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())


UNLIMITED = Budget()

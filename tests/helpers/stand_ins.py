"""Stand-ins written as lambdas: each call noted in a list, then the stand-in's answer."""

from __future__ import annotations

from typing import TypeVar

Call = TypeVar("Call")
Answer = TypeVar("Answer")


def record(calls: list[Call], call: Call, answer: Answer) -> Answer:
    """Note ``call`` in ``calls`` and return ``answer``: ``calls.append(call) or answer``, typed."""
    calls.append(call)
    return answer

"""Numbers in words, as the app and the command line write them."""

from __future__ import annotations


def counted(count: int, noun: str) -> str:
    """``count`` with ``noun``, plural unless it is one: "1 game", "2,048 games", "0 puzzles"."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"

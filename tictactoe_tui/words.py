"""Numbers in words, as the app and the command line write and read them; a text shortened at a word."""

from __future__ import annotations

import re
import sys


def counted(count: int, noun: str) -> str:
    """``count`` with ``noun``, plural unless it is one: "1 game", "2,048 games", "0 puzzles"."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def shortened(text: str, limit: int) -> str:
    """``text`` whole if it has at most ``limit`` characters, else as many of its first words as
    fit with "…" in ``limit`` (never a word cut in the middle: a first word longer than that is
    cut, marked so with "…")."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    kept = text[: limit - 1]  # and "…"
    if text[limit - 1] != " " and " " in kept:  # the last word is cut: it goes
        kept = kept.rsplit(" ", 1)[0]
    return kept.rstrip(" ,;:(") + "…"


def spans(numbers: tuple[int, ...]) -> str:
    """Whole numbers in words, each run of three or more as a span: "3 to 7, or 15", "4 or 6",
    "9" (none: "none")."""
    parts: list[str] = []
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    for run in runs:
        parts += [f"{run[0]} to {run[-1]}"] if len(run) >= 3 else [str(number) for number in run]
    if len(parts) < 2:
        return parts[0] if parts else "none"
    last = ", or " if " to " in parts[-2] or len(parts) > 2 else " or "
    return ", ".join(parts[:-1]) + last + parts[-1]


#: A whole number as the files and the command line write it: ASCII digits only (``str.isdigit``
#: is true for ``²``, which ``int`` refuses, and for other scripts' digits).
_DIGITS = re.compile(r"[0-9]+")


def whole_number(text: str) -> int | None:
    """The number ``text`` writes in ASCII digits (nothing else, not even a sign), or None; None
    too for more digits than Python converts (4300: ``int`` raises ValueError)."""
    if not _DIGITS.fullmatch(text) or len(text) > sys.get_int_max_str_digits():
        return None
    return int(text)


#: A number of seconds as the command line writes it: ASCII digits, a decimal point, an exponent
#: (``float`` reads other scripts' digits too: of the full-width three, U+FF13, it makes 3.0).
_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def decimal_number(text: str) -> float | None:
    """The number ``text`` writes in ASCII (``2``, ``0.5``, ``.5``, ``1e-3``; no sign), or None."""
    return float(text) if _DECIMAL.fullmatch(text) else None

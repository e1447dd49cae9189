"""Text broken between its phrases rather than inside one: the status line's news, the
statistics' boards (Rich only: the command line's tables use it without loading Textual)."""

from __future__ import annotations

import re

from rich.cells import cell_len

#: Where a phrase ends: after "," or ":", or before " — ", " · " or " (".
PHRASE_END = re.compile(r"(?<=[,:])(?= )|(?= [—·(])")


def phrased(line: str, width: int, room: int) -> str:
    """``line`` broken between its phrases (see :data:`PHRASE_END`) where it is wider than
    ``width`` cells, as many whole phrases to a line as fit, so that "with best play" or "both
    sides)" is not left on a line of its own; as it is (wrapped by words) when that would take
    more than ``room`` lines. A phrase wider than the line wraps by words (and counts the lines
    it takes so)."""
    if width <= 0 or cell_len(line) <= width:
        return line
    first, *phrases = PHRASE_END.split(line)
    lines = [first]
    for phrase in phrases:
        if cell_len(lines[-1] + phrase) <= width:
            lines[-1] += phrase
        else:
            lines.append(phrase.lstrip())
    return "\n".join(lines) if sum(wrapped_height(part, width) for part in lines) <= room else line


def wrapped_height(line: str, width: int) -> int:
    """The lines ``line`` takes wrapped by words at ``width`` cells (a word wider than a line
    is broken)."""
    height, used = 1, 0
    for word in line.split():
        size = cell_len(word)
        if used and used + 1 + size <= width:
            used += 1 + size
        elif used:
            height += 1 + (size - 1) // width
            used = (size - 1) % width + 1
        else:
            height += (size - 1) // width
            used = (size - 1) % width + 1
    return height

"""Numbers in words."""

from __future__ import annotations

from tictactoe_tui.words import counted


def test_a_count_is_plural_unless_it_is_one_and_grouped_by_thousands() -> None:
    assert counted(1, "game") == "1 game"
    assert counted(0, "new puzzle") == "0 new puzzles"
    assert counted(2048, "finished game") == "2,048 finished games"

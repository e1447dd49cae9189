"""Numbers in words."""

from __future__ import annotations

from tictactoe_tui.words import counted, whole_number


def test_a_count_is_plural_unless_it_is_one_and_grouped_by_thousands() -> None:
    assert counted(1, "game") == "1 game"
    assert counted(0, "new puzzle") == "0 new puzzles"
    assert counted(2048, "finished game") == "2,048 finished games"


def test_a_whole_number_is_ascii_digits_only() -> None:
    assert whole_number("0") == 0
    assert whole_number("15") == 15
    assert whole_number("9" * 4300) == 10**4300 - 1
    for text in ("", "²", "1²", "٣", "-1", "+1", " 1", "1\n", "1_0", "1.0", "9" * 4301):
        assert whole_number(text) is None, text

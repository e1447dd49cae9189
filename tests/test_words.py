"""Numbers in words."""

from __future__ import annotations

from tictactoe_tui.words import counted, decimal_number, whole_number


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


def test_a_decimal_number_is_ascii_only() -> None:
    assert [decimal_number(text) for text in ("2", "0.5", ".5", "5.", "1e-3", "2E2")] == [2, 0.5, 0.5, 5, 0.001, 200]
    for text in ("", "\uff13", "0.\uff15", "-1", "+1", " 1", "1_0", "nan", "inf", "1e", ".", "1.2.3"):
        assert decimal_number(text) is None, text

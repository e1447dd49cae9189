"""Numbers in words."""

from __future__ import annotations

from tictactoe_tui.words import counted, decimal_number, spans, whole_number


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


def test_spans_say_runs_of_numbers_and_the_ones_apart() -> None:
    assert spans((3, 4, 5, 6, 7, 15)) == "3 to 7, or 15"
    assert spans((7, 3, 5, 4, 6)) == "3 to 7"
    assert spans((9,)) == "9"
    assert spans((4, 6)) == "4 or 6"
    assert spans((3, 4)) == "3 or 4"
    assert spans((1, 5, 9)) == "1, 5, or 9"
    assert spans(()) == "none"

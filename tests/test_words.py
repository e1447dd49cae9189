"""Numbers in words."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import tictactoe_tui
from tictactoe_tui.words import counted, decimal_number, shortened, spans, whole_number


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


#: Nouns the app and the command line count: written after a number, they need its plural rule.
COUNTED_NOUNS = r"moves|games|squares|marks|cells|positions|plies|puzzles|rows|columns|players|tries"


def counts_written_by_hand(source: str) -> list[int]:
    """The lines of ``source`` where an f-string writes a number it computes, then a plural noun
    (``f"after {moves} moves"`` says "after 1 moves"); constants (``{TRIES} tries``) are fixed."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for value, after in itertools.pairwise(node.values):
            if not (isinstance(value, ast.FormattedValue) and isinstance(after, ast.Constant)):
                continue
            fixed = isinstance(value.value, ast.Name) and value.value.id.isupper()
            if not fixed and re.match(rf" ({COUNTED_NOUNS})\b", str(after.value)):
                lines.append(node.lineno)
    return lines


def test_no_message_writes_a_count_and_its_plural_by_hand() -> None:
    """ "Playing on from the archive after 1 moves", "1 games of 3×3", "X has 1 marks": every
    count followed by its noun goes through :func:`counted`, which says "1 move"."""
    assert counts_written_by_hand('f"after {moves} moves and {TRIES} tries"') == [1]  # the check sees one
    package = Path(tictactoe_tui.__file__).parent
    found = [
        f"{path.relative_to(package)}:{line}"
        for path in sorted(package.rglob("*.py"))
        for line in counts_written_by_hand(path.read_text(encoding="utf-8"))
    ]
    assert found == []


#: Engine words a player must never read (issue 66): on screen, in ``analyze`` or ``games review``.
JARGON = re.compile(r"playout|\bmcts\b|did not finish|mover's estimated chance|▲ ?turn\b", re.IGNORECASE)
#: The engine modules whose words reach the screen and the command line (the estimates' sources,
#: the review's verdicts, the puzzles' names, the computer's explanations).
SAID_BY_THE_ENGINE = ("review.py", "estimates.py", "evaluation.py", "puzzles.py", "players/base.py")


def said_to_players(source: str) -> list[str]:
    """The text a module writes: its strings and f-strings' fixed parts, without docstrings and
    without dictionary keys (a JSON answer's keys may stay technical)."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skipped.add(id(first.value))
        if isinstance(node, ast.Dict):
            skipped.update(id(key) for key in node.keys if key is not None)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))  # an attribute's docstring
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped
    ]


def test_no_screen_or_command_says_engine_jargon() -> None:
    """Issue 66 found "O won 54% of playouts", "MCTS estimate (16 playouts); the exact solver did
    not finish in 0.4 s", "the mover's estimated chance" and "▲ turn" on screen and in ``games
    review``: every string of the app, the command line and the engine's words is read for them."""
    package = Path(tictactoe_tui.__file__).parent
    files = [*package.glob("app/**/*.py"), *package.glob("cli/**/*.py")]
    files += [package / "engine" / name for name in SAID_BY_THE_ENGINE]
    found = [
        f"{path.relative_to(package)}: {text!r}"
        for path in files
        for text in said_to_players(path.read_text())
        if JARGON.search(text)
    ]
    assert found == []


def test_the_jargon_check_finds_what_it_looks_for() -> None:
    source = 'x = f"won {rate} of playouts"\n{"playouts": 3}\ny = "▲ turn │ here"\n'
    assert {text for text in said_to_players(source) if JARGON.search(text)} == {" of playouts", "▲ turn │ here"}


def test_a_text_is_shortened_at_a_word_and_says_so() -> None:
    said = "the mailbox server said: connection was closed uncleanly (unsupported version)"
    assert shortened(said, 200) == said
    assert shortened(said, 39) == "the mailbox server said: connection…"
    assert shortened(said, 40) == "the mailbox server said: connection was…"
    assert shortened(said, 31) == "the mailbox server said…"
    assert shortened("x" * 50, 10) == "x" * 9 + "…"
    for limit in range(2, len(said)):
        short = shortened(said, limit)
        assert len(short) <= limit
        assert all(word in said.split() or word.rstrip("…") in said for word in short.split())

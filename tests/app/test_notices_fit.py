"""Every line the online flow can say, read from the code (each sentence of the network's and the
online play's modules, its blanks filled with long values, a value its code cuts cut the same
way), drawn by the status line at 80×24 and 120×40, as the notice and as the match's news: each
wraps at words or is shortened at a word, and no word is ever cut in the middle (a play-test read
an error cut mid-word at 120 columns)."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import tictactoe_tui
from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.widgets.presence import HOST, MatchNews, Presence
from tictactoe_tui.app.widgets.status import Cause, Notice
from tictactoe_tui.words import shortened

from ..helpers.app import AppFactory, status_lines

PACKAGE = Path(tictactoe_tui.__file__).parent
#: The modules whose sentences the online flow shows.
SOURCES = sorted([*(PACKAGE / "net").rglob("*.py"), *(PACKAGE / "app" / "online").glob("*.py")])

#: A long error, as a library may word one: its words long enough that a cut anywhere is mid-word.
LONG_ERROR = (
    "the connection unexpectedly closed (\"Unsupported HTTP versions 'HTTP/1.0' somewhere within the requestline "
    'from the mailbox servers"), whereupon the transport reported that the peer had disappeared without '
    "acknowledging the exchange of keys for the code, nor answering anything afterwards whatsoever"
)
#: What each blank is filled with, by a word of its expression (the first that matches; else the error).
SAMPLES = {
    "url": "wss://mailbox.example-organisation.org:4000/v1",
    "code": "7-guitarist-revenge",
    "__name__": "ConnectionResetError",
    "port": "7717",
    "address": "192.168.100.200:7717",
    "where": "mailbox.example-organisation.org:4000",
    "host": "mailbox.example-organisation.org",
    "bind": "192.168.100.200",
    "seconds": "30",
    "minutes": "5 minutes",
    "wrong_codes": "12",
    "VERSION": "2",
    "move": "b2",
}


#: The lengths the modules cut a value to, in their sentences.
CUTS: set[int] = set()


def filled(value: ast.FormattedValue) -> str:
    """A long value for the blank ``value``, cut where and as its code cuts it (``[:N]``, or
    :func:`shortened` at a word), shown as it shows it (``!r``)."""
    expression = value.value
    cut: Callable[[str], str] = str
    limit: object = None
    if isinstance(expression, ast.Subscript) and isinstance(expression.slice, ast.Slice):
        limit, expression = getattr(expression.slice.upper, "value", None), expression.value
        cut = lambda text: text[: int(str(limit))]  # noqa: E731
    elif isinstance(expression, ast.Call) and ast.unparse(expression.func) == "shortened":
        limit, expression = getattr(expression.args[1], "value", None), expression.args[0]
        cut = lambda text: shortened(text, int(str(limit)))  # noqa: E731
    source = ast.unparse(expression)
    sample = next((text for word, text in SAMPLES.items() if word in source), LONG_ERROR)
    if isinstance(limit, int):
        CUTS.add(limit)
        sample = cut(sample)
    return repr(sample) if value.conversion == ord("r") else sample


def sentences() -> Iterator[tuple[str, str]]:
    """Each sentence the modules hold (no docstring), its blanks filled; and its own words (the
    sentence without its blanks)."""
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        inside = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in ast.walk(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and id(node) not in inside - {id(node)}:
                parts = [part for part in node.values if isinstance(part, ast.Constant | ast.FormattedValue)]
                text = "".join(str(part.value) if isinstance(part, ast.Constant) else filled(part) for part in parts)
                own = " ".join(str(part.value) for part in parts if isinstance(part, ast.Constant))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in inside:
                text = own = node.value
            else:
                continue
            if id(node) not in docstrings and re.match(r"[A-Za-z]", text) and " " in text and len(text) >= 20:
                yield text, own


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


READ = sorted(set(sentences()))
SENTENCES = sorted({text for text, _own in READ})
#: Every word a line drawn may hold: the sentences' own words, the values' whole, the headline's.
VOCABULARY = words(" ".join([own for _text, own in READ] + [LONG_ERROR, *SAMPLES.values(), "Your turn (X)"]))


def test_the_sentences_are_read_from_the_code_and_a_cut_value_is_cut_mid_word() -> None:
    assert len(SENTENCES) > 50
    assert any("mailbox server" in sentence for sentence in SENTENCES)
    assert CUTS  # (a value cut to a length, in a sentence)
    for limit in CUTS:  # where the code cuts the error, it cuts a word, and what is left is no word
        assert LONG_ERROR[limit - 1 : limit + 1].isalpha(), limit
        assert LONG_ERROR[:limit].split()[-1].lower() not in VOCABULARY, limit


def cut_words(lines: list[str]) -> list[str]:
    """The words drawn that are no word of any sentence (a word cut in the middle)."""
    return sorted(words(" ".join(lines)) - VOCABULARY)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_online_line_is_cut_mid_word(make_app: AppFactory, size: tuple[int, int]) -> None:
    app: TicTacToeApp = make_app()
    async with app.run_test(size=size) as pilot:
        await app.game_screen.whole()
        screen = app.game_screen
        cut: dict[str, list[str]] = {}
        for sentence in SENTENCES:
            screen.notice = Notice(sentence, Cause.FAULT)
            await pilot.pause()
            drawn = status_lines(app)
            screen.notice = None
            screen.match = MatchNews("code: 7-guitarist-revenge", sentence, Presence(HOST, met=True))
            await pilot.pause()
            drawn += status_lines(app)
            screen.match = None
            if cut_words(drawn):
                cut[sentence] = cut_words(drawn)
        assert not cut, cut


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_line_longer_than_the_status_is_shortened_at_a_word_and_says_so(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    """One phrase longer than the status's lines (before: its lines beyond the status were left
    off, and nothing said so)."""
    long = " ".join(f"reason{number}" for number in range(100))
    app: TicTacToeApp = make_app()
    async with app.run_test(size=size) as pilot:
        await app.game_screen.whole()
        app.game_screen.notice = Notice(long, Cause.FAULT)
        await pilot.pause()
        drawn = status_lines(app)
        assert drawn[-1].endswith("…"), drawn
        assert " ".join(drawn[1:]).removesuffix("…").split() == long.split()[: len(" ".join(drawn[1:]).split())]


async def test_markup_in_a_line_from_the_network_is_shown_as_written(make_app: AppFactory) -> None:
    """A host's refusal is its own text: "[link=…]" in it crashed the app (MarkupError), "[b]" made bold."""
    refusal = "Refused: [link=http://example.org]here[/link] [b]now[/b]"
    app: TicTacToeApp = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.game_screen.match = MatchNews("code: [b]7-a-b[/b]", refusal, Presence(HOST, met=True))
        await pilot.pause()
        assert refusal in " ".join(status_lines(app))
        assert "code: [b]7-a-b[/b]" in " ".join(status_lines(app))

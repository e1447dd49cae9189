"""The README's set-up commands are the ones CI and people actually run."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from tictactoe_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent


def setup_commands() -> list[str]:
    section = (ROOT / "README.md").read_text().split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.+?)\n```", section)


def test_readme_has_two_setup_commands_launch_and_test() -> None:
    launch, test = setup_commands()
    assert launch.endswith(".venv/bin/tictactoe-tui")
    assert test.endswith("-m pytest")


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    _, test = setup_commands()
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test in ci_lines


def test_readme_is_for_players() -> None:
    """The README stays short; the engineering notes live in docs/."""
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 300
    pictures = re.findall(r"\]\((screenshots/[^)]+)\)", readme)
    assert pictures, "the README shows the app"
    for picture in pictures:
        assert (ROOT / picture).is_file(), picture
    assert (ROOT / "docs" / "screenshots").resolve() == ROOT / "screenshots"  # the docs show the same pictures
    for page in re.findall(r"\]\((docs/[^)#]+\.md)", readme):
        assert (ROOT / page).is_file(), page


#: The pages whose console examples are run: the README and every page of the docs.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def console_examples() -> list[tuple[str, list[str]]]:
    """Each ``$ tictactoe-tui …`` line of the console blocks of the README and the docs with the
    output shown under it."""
    examples = []
    blocks = [block for page in PAGES for block in re.findall(r"```console\n(.*?)```", page.read_text(), re.S)]
    for block in blocks:
        command, output = "", list[str]()
        for line in [*block.splitlines(), "$"]:
            if line.startswith("$"):
                if command and output:
                    examples.append((command, output))
                command, output = line[1:].split("#", 1)[0].strip(), []
            else:
                output.append(line)
    return examples


def test_the_readme_has_examples_with_output() -> None:
    assert any(command.startswith("tictactoe-tui analyze") for command, _output in console_examples())
    assert any('analyze "x.o/.x./..o" --json' in command for command, _output in console_examples())  # docs/engine.md


def test_the_readme_says_how_to_reach_the_command_before_its_examples() -> None:
    """After the set-up as written, ``tictactoe-tui …`` is not found until the venv is activated."""
    readme = (ROOT / "README.md").read_text()
    first_example = readme.index("$ tictactoe-tui")
    assert "source .venv/bin/activate" in readme[:first_example]


def test_the_games_table_names_the_boards_the_rules_accept() -> None:
    """Each game's row says 15×15 and custom boards exactly when its rules accept them."""
    from tictactoe_tui.engine.board import BoardError
    from tictactoe_tui.engine.rules import RULES

    def accepts(rules: object, rows: int, cols: int, k: int) -> bool:
        try:
            rules.check_size(rows, cols, k)  # type: ignore[attr-defined]
        except BoardError:
            return False
        return True

    readme = (ROOT / "README.md").read_text()
    for rules in RULES.values():
        [row] = [line for line in readme.splitlines() if line.startswith(f"| {rules.title} |")]
        boards = row.rstrip(" |").rsplit("|", 1)[1]
        custom = any(accepts(rules, rows, cols, 3) for rows in range(3, 8) for cols in range(3, 8) if rows != cols)
        assert ("custom" in boards) == custom, f"{rules.title}: {boards!r}"
        assert ("15×15" in boards) == accepts(rules, 15, 15, 5), f"{rules.title}: {boards!r}"


@pytest.mark.parametrize(("command", "output"), console_examples())
def test_every_readme_example_prints_what_it_shows(
    command: str, output: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Run each example the README shows with its output; JSON is compared as data."""
    args = shlex.split(command)
    assert args[0] == "tictactoe-tui"
    assert main(args[1:]) == 0
    printed = capsys.readouterr().out.strip()
    shown = "\n".join(output).strip()
    if shown.startswith("{"):
        assert json.loads(printed) == json.loads(shown)
    else:
        assert printed == shown


#: How the README writes a key the bindings name otherwise.
README_KEYS = {"escape": "Esc", "question_mark": "?", "left": "←", "right": "→", "pageup": "PgUp", "pagedown": "PgDn"}
README_KEYS |= {"comma": ",", "full_stop": ".", "slash": "/"}


def readme_key(key: str) -> str:
    """``key`` (a binding's) as the README's key table writes it: `Ctrl+S`, `F2`, `Home`, `z`."""
    if key in README_KEYS:
        return README_KEYS[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + key.removeprefix("ctrl+").upper()
    return key if len(key) == 1 else key[:1].upper() + key[1:]


def key_rows() -> list[tuple[str, str]]:
    """The README's key table: each row's keys cell and what it says."""
    section = (ROOT / "README.md").read_text().split("| key | what it does |", 1)[1].split("\n\n", 1)[0]
    return [tuple(row.strip("|").split("|", 1)) for row in section.splitlines()[1:]]  # type: ignore[misc]


def test_the_readme_key_table_has_every_key_the_app_binds() -> None:
    from textual.binding import Binding

    from tictactoe_tui.app import TicTacToeApp
    from tictactoe_tui.app.game.game_screen import GameScreen
    from tictactoe_tui.app.screens.replay import ReplayScreen

    rows = key_rows()
    for bindings, where in ((GameScreen.BINDINGS, ""), (TicTacToeApp.BINDINGS, ""), (ReplayScreen.BINDINGS, "replay")):
        for binding in bindings:
            assert isinstance(binding, Binding)
            key = binding.key.split(",")[0]
            if key.isdigit() or (key in ("up", "down", "left", "right") and not where):
                continue  # the digits' row and the arrows' row say them in words
            shown = f"`{readme_key(key)}`"
            assert any(shown in keys and where in text for keys, text in rows), (shown, where or "the game")

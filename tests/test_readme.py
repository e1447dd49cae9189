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
    for picture in re.findall(r"\]\((docs/screenshots/[^)]+)\)", readme):
        assert (ROOT / picture).is_file(), picture
    for page in re.findall(r"\]\((docs/[^)#]+\.md)", readme):
        assert (ROOT / page).is_file(), page


def console_examples() -> list[tuple[str, list[str]]]:
    """Each ``$ tictactoe-tui …`` line of the README's console blocks with the output shown under it."""
    examples = []
    for block in re.findall(r"```console\n(.*?)```", (ROOT / "README.md").read_text(), re.S):
        command, output = "", []
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

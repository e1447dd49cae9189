"""The README's set-up commands are the ones CI and people actually run."""

from __future__ import annotations

import re
from pathlib import Path

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

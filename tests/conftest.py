"""Fixtures every test package shares."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe_tui.store.files import Paths

# A helper's failed assert shows its values, as a test's does (registered before any test imports one).
pytest.register_assert_rewrite("tests.helpers")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Paths:
    """A new player's home under ``tmp_path``: the XDG data and config directories the app and
    the command line use point there; its paths."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return Paths.default()

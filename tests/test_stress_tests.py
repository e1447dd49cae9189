"""scripts/stress_tests.py: every failure of every run is reported, with its run."""

from __future__ import annotations

from pathlib import Path

from .helpers.scripts import load_script

STRESS = load_script("stress_tests")

SOME_TESTS = """
import pytest

def test_passes():
    assert True

def test_fails():
    assert 1 == 2, "one is not two"

@pytest.mark.skip(reason="not today")
def test_skipped():
    pass
"""


def test_a_run_counts_its_passes_and_skips_and_names_each_failure(tmp_path: Path) -> None:
    tests = tmp_path / "test_some.py"
    tests.write_text(SOME_TESTS)
    run = STRESS.run_tests(3, [str(tests)], "0", tmp_path)
    assert (run.number, run.passed, run.skipped) == (3, 1, 1)
    [(name, text)] = run.failures
    assert name.endswith("test_some::test_fails")
    assert "one is not two" in text

"""Run tests again and again with the CPU busy: python scripts/stress_tests.py [--runs 5] [--spinners 2]

Starts ``--spinners`` processes that spin on the CPU for as long as the runs last, then runs
``python -m pytest`` on the given paths (the app tests by default) ``--runs`` times in a row, each
with its own JUnit report, and prints each run's passes, failures and time, then every failure
with its run and its first lines. Exits 1 if any run failed. A test that waits on the clock rather
than on a condition is what this finds: the spinners make every step slower than on a quiet
machine. Run it under ``nice`` on a shared machine (the spinners inherit it)."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Run:
    """One run of the tests: what passed, what failed (name, first lines), how long it took."""

    number: int
    passed: int = 0
    skipped: int = 0
    failures: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0
    exit_code: int = 0


def spin(parent: int) -> None:
    """Keep one core busy until killed, or until ``parent`` is gone (killed itself)."""
    while os.getppid() == parent:
        for _ in range(1_000_000):
            pass


def read_report(report: Path, run: Run) -> None:
    """Count ``report``'s (JUnit XML) passes and skips into ``run``, and list its failures."""
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}"
        problems = [child for child in case if child.tag in ("failure", "error")]
        if problems:
            text = problems[0].get("message") or problems[0].text or ""
            run.failures.append((name, "\n".join(text.strip().splitlines()[:3])))
        elif any(child.tag == "skipped" for child in case):
            run.skipped += 1
        else:
            run.passed += 1


def run_tests(number: int, paths: list[str], workers: str, folder: Path) -> Run:
    """Run the tests at ``paths`` once; what came of it."""
    run = Run(number)
    report = folder / f"run-{number}.xml"
    command = [sys.executable, "-m", "pytest", *paths, "-q", "-n", workers, "-p", "no:cacheprovider"]
    started = time.perf_counter()
    with subprocess.Popen(
        [*command, f"--junitxml={report}"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    ) as tests:
        try:
            out, _ = tests.communicate()
        finally:  # stopped (Ctrl+C, a kill): the tests and their workers go too
            if tests.poll() is None:
                os.killpg(tests.pid, signal.SIGKILL)
    run.seconds = time.perf_counter() - started
    run.exit_code = tests.returncode
    if report.exists():
        read_report(report, run)
    if run.exit_code and not run.failures:  # it broke before a test could fail (collection, a crash)
        run.failures.append(("(the run itself)", "\n".join(out.strip().splitlines()[-3:])))
    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=["tests/app"], help="what to run (default: tests/app)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--spinners", type=int, default=2, help="processes kept spinning on the CPU")
    parser.add_argument("--workers", default="2", help="pytest-xdist's -n for each run")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a kill stops the spinners and the tests too
    spinners = [multiprocessing.Process(target=spin, args=(os.getpid(),), daemon=True) for _ in range(args.spinners)]
    for spinner in spinners:
        spinner.start()
    runs: list[Run] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            for number in range(1, args.runs + 1):
                run = run_tests(number, args.paths, args.workers, Path(folder))
                runs.append(run)
                print(
                    f"run {number}: {run.passed} passed, {len(run.failures)} failed, {run.skipped} skipped"
                    f" in {run.seconds:.0f} s" + "".join(f"\n    FAILED {name}" for name, _ in run.failures),
                    flush=True,
                )
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.join()
    failures = [(run.number, name, text) for run in runs for name, text in run.failures]
    clean = sum(1 for run in runs if not run.failures)
    times = sorted(run.seconds for run in runs)
    print(
        f"{clean} of {len(runs)} runs passed with {args.spinners} spinning processes;"
        f" {len(failures)} failures; run times {times[0]:.0f}-{times[-1]:.0f} s,"
        f" median {times[len(times) // 2]:.0f} s"
    )
    for number, name, text in failures:
        print(f"run {number}: FAILED {name}\n    " + text.replace("\n", "\n    "))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

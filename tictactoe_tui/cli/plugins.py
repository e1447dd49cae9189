"""``tictactoe-tui plugins``: the installed plug-ins, what each registered, and any left out."""

from __future__ import annotations

import argparse
import dataclasses
import json

from ..plugins import GROUP, PlugInReport, load_plugins
from ..words import counted


def run(args: argparse.Namespace) -> int:
    """List the plug-ins (loaded already, as every command loads them first)."""
    reports = load_plugins()
    if args.json:
        print(json.dumps([dataclasses.asdict(report) for report in reports]))
        return 0
    if not reports:
        print(f"No plug-ins are installed (a plug-in declares an entry point in the group {GROUP!r}).")
        return 0
    print(f"{counted(len(reports), 'plug-in')} installed:")
    for report in reports:
        print(report_line(report))
    return 0


def report_line(report: PlugInReport) -> str:
    """E.g. ``exact-five (from exact-five 1.0): game exact-five``, or why it was left out."""
    if report.problem is not None:
        return f"{report.name} (from {report.distribution}): left out: {report.problem}"
    brought = ", ".join(report.registered) or "nothing registered"
    return f"{report.name} (from {report.distribution}): {brought}"

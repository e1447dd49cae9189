"""The one-way layer rule: the engine never imports Textual."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import importlib, pkgutil, sys
import tictactoe_tui.engine as engine
for info in pkgutil.walk_packages(engine.__path__, engine.__name__ + "."):
    importlib.import_module(info.name)
leaked = sorted(name for name in sys.modules if name.split(".")[0] == "textual")
print(len([n for n in sys.modules if n.startswith("tictactoe_tui.engine")]), leaked)
"""


def test_importing_the_whole_engine_never_imports_textual() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    modules, leaked = done.stdout.split(" ", 1)
    assert int(modules) >= 6
    assert leaked.strip() == "[]"

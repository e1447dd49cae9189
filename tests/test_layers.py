"""The one-way layer rule: the engine never imports Textual."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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


def test_every_engine_name_loads_from_its_module() -> None:
    import tictactoe_tui.engine as engine

    assert sorted(engine.__all__) == sorted(engine._MODULES)
    for name in engine.__all__:
        assert getattr(engine, name) is not None


QUICK = """
import json, sys
from tictactoe_tui.cli import main
assert main(sys.argv[1:]) == 0
heavy = ("rich", "textual", "tictactoe_tui.engine.search.solver", "tictactoe_tui.engine.strategies", "multiprocessing")
print(json.dumps(sorted(name for name in heavy if name in sys.modules)))
"""


def test_quick_answers_load_neither_rich_nor_textual_nor_the_searches(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    for command in (["stats", "--json"], ["games", "--json"]):
        done = subprocess.run(
            [sys.executable, "-c", QUICK, *command], capture_output=True, text=True, check=True, env=env
        )
        assert json.loads(done.stdout.splitlines()[-1]) == [], command

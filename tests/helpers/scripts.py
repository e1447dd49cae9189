"""Loading a script of ``scripts/`` as a module, for the tests of its functions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).parents[2]
"""The repository: a script run from here (``python -c``) imports the tests' helpers as ``tests.helpers``."""

SCRIPTS = ROOT / "scripts"


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module, registered under ``name`` (a dataclass of it looks its
    module up there)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

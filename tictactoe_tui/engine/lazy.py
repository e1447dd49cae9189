"""Packages whose names load their modules on first use, and functions whose module loads on
their first call."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


def lazy_names(package: str, modules: dict[str, str]) -> Callable[[str], Any]:
    """A ``__getattr__`` for ``package`` that loads the module (of ``modules``, by name) that
    defines a name on first use; the name is then an ordinary global of the package."""

    def load(name: str) -> Any:
        if name not in modules:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{modules[name]}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    return load


@dataclass(frozen=True)
class LoadedOnCall:
    """The function ``name`` of ``module`` (a full module name), its module loaded on the first
    call: how a game's kit names its searches, so that registering the game loads none of them.
    It compares, hashes and pickles as its two names."""

    module: str
    name: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(self.module), self.name)(*args, **kwargs)

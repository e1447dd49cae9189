"""SVG snapshots of the app's main states (``pytest --snapshot-update`` after a deliberate change)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ..helpers.scenes import SCENES

SnapCompare = Callable[..., bool]


@pytest.mark.parametrize("name", list(SCENES))
def test_snapshot(snap_compare: SnapCompare, name: str) -> None:
    scene = SCENES[name]
    assert snap_compare(scene.app(), terminal_size=scene.size, run_before=scene.play)

"""Write the README's screenshots: SVGs of the real app in each scene of ``tests/app/scenes.py``.

python scripts/make_screenshots.py
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.app.scenes import SCENES, Scene  # noqa: E402 - needs the path above


async def capture(scene: Scene, folder: Path) -> Path:
    """Run the scene in a headless terminal and save what it shows."""
    app = scene.app()
    async with app.run_test(size=scene.size) as pilot:
        await scene.play(pilot)
        path = folder / f"{scene.name}.svg"
        path.write_text(app.export_screenshot(title=f"tictactoe-tui — {scene.name}"))
    return path


def main() -> None:
    folder = ROOT / "screenshots"
    folder.mkdir(exist_ok=True)
    for scene in SCENES.values():
        print(asyncio.run(capture(scene, folder)).relative_to(ROOT))


if __name__ == "__main__":
    main()

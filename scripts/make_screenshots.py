"""Write the screenshots of the README and the docs: SVGs of the real app in each scene of ``tests/helpers/scenes.py``,
and with ``--browser`` a PNG of the game served to headless Chromium after one move each.

python scripts/make_screenshots.py [--browser]
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.browser import served_game, visit  # noqa: E402
from tests.helpers.scenes import SCENES, Scene  # noqa: E402 - needs the path above


async def capture(scene: Scene, folder: Path) -> Path:
    """Run the scene in a headless terminal and save what it shows."""
    app = scene.app()
    async with app.run_test(size=scene.size) as pilot:
        await scene.play(pilot)
        path = folder / f"{scene.name}.svg"
        path.write_text(app.export_screenshot(title=f"tictactoe-tui — {scene.name}"))
    return path


def capture_browser(folder: Path) -> Path:
    """The served game in Chromium, after the visitor's first move and the computer's answer."""
    path = folder / "browser.png"
    with tempfile.TemporaryDirectory() as home, served_game(Path(home)) as url, visit(url) as page:
        if not page.wait_for("Your turn (X)"):
            raise SystemExit("the served game did not start")
        page.click_board_centre()
        if not page.wait_for("O played"):
            raise SystemExit("the computer did not answer in the browser")
        page.page.wait_for_timeout(500)
        page.page.screenshot(path=str(path))
    return path


def main() -> None:
    folder = ROOT / "screenshots"
    folder.mkdir(exist_ok=True)
    if "--browser" in sys.argv[1:]:
        print(capture_browser(folder).relative_to(ROOT))
        return
    for scene in SCENES.values():
        print(asyncio.run(capture(scene, folder)).relative_to(ROOT))


if __name__ == "__main__":
    main()

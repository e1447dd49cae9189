"""The game served to a real browser: the page loads, the board appears, a click plays, the computer answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..helpers.browser import CHROMIUM, served_game, visit

pytest.importorskip("playwright", reason="Playwright is not installed (pip install -e '.[test]')")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (apt-get install chromium)")


def test_a_visitor_plays_a_move_and_the_computer_answers(tmp_path: Path) -> None:
    with served_game(tmp_path) as url, visit(url) as page:
        assert page.wait_for("Your turn (X)"), "the game never drew its first screen"
        assert "O played" not in page.text
        page.click_board_centre()
        assert page.wait_for("O played"), "the click did not play, or the computer did not answer"
        assert "Your turn (X)" in page.text.rsplit("O played", 1)[0]
        page.page.screenshot(path=str(tmp_path / "browser.png"))
    assert (tmp_path / "browser.png").stat().st_size > 10_000


def test_a_visitors_save_downloads_the_game_and_leaves_nothing_on_the_server(tmp_path: Path) -> None:
    """Ctrl+S in the browser: the game arrives as a download; the serving user's folders get
    nothing (no archive, no settings, no saved game)."""
    with served_game(tmp_path) as url, visit(url) as page:
        assert page.wait_for("Your turn (X)"), "the game never drew its first screen"
        page.click_board_centre()
        assert page.wait_for("O played"), "the click did not play, or the computer did not answer"
        with page.page.expect_download() as downloading:
            page.page.keyboard.press("Control+s")
        download = downloading.value
        assert download.suggested_filename.endswith(".ttt")
        saved = Path(download.path()).read_text()
        assert saved.startswith("# tictactoe-tui saved game")
        assert "b2" in saved
    assert not (tmp_path / "data").exists()
    assert not (tmp_path / "config").exists()

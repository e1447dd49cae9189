"""Only the game screen assigns its state (issue 65 item 1): its parts return or post what they
decided. Read from the source, so that no module can start assigning it again unnoticed."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from textual.reactive import Reactive

import tictactoe_tui.app
from tictactoe_tui.app.game.game_screen import GameScreen

APP = Path(tictactoe_tui.app.__file__).parent


def screens_own_modules() -> set[Path]:
    """The modules of the game screen's own classes (the screen, its core and its mixins)."""
    return {
        Path(inspect.getfile(cls)).resolve()
        for cls in GameScreen.__mro__
        if cls.__module__.startswith("tictactoe_tui.app")
    }


def names_a_screen(node: ast.expr) -> bool:
    """Whether ``node`` is a screen by its name: ``screen``, ``self._screen``, ``app.game_screen``."""
    if isinstance(node, ast.Name):
        return node.id.lstrip("_").endswith("screen")
    if isinstance(node, ast.Attribute):
        return node.attr.lstrip("_").endswith("screen")
    return False


def assigned_targets(tree: ast.AST) -> list[ast.expr]:
    """Every target assigned in ``tree`` (tuples unpacked)."""
    targets: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets.extend(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets.append(node.target)
    flat: list[ast.expr] = []
    while targets:
        target = targets.pop()
        if isinstance(target, ast.Tuple | ast.List):
            targets.extend(target.elts)
        else:
            flat.append(target)
    return flat


def screen_assignments(source: str) -> list[str]:
    """``screen.<name> = …`` and the like in ``source``: each as ``<line>: <target>``."""
    return [
        f"{target.lineno}: {ast.unparse(target)}"
        for target in assigned_targets(ast.parse(source))
        if isinstance(target, ast.Attribute) and names_a_screen(target.value)
    ]


def test_the_scan_finds_what_onlineplay_did() -> None:
    """The scan catches the assignments OnlinePlay made to the screen before (issue 65)."""
    before = "screen.seats = x\nself._screen.game = y\nself.link, screen.online_status = None, ''\nscreen.scores += 1\n"
    assert len(screen_assignments(before)) == 4
    assert not screen_assignments("self.game = x\nscreen = self._screen\nview.cursor = c\n")


def test_no_module_of_the_app_but_the_screens_own_assigns_its_state() -> None:
    own = screens_own_modules()
    assert {path.name for path in own} >= {"game_screen.py", "play.py"}
    found = {
        str(path.relative_to(APP)): assigned
        for path in sorted(APP.rglob("*.py"))
        if path.resolve() not in own and (assigned := screen_assignments(path.read_text(encoding="utf-8")))
    }
    assert not found, f"the game screen's state assigned outside the screen: {found}"


def test_the_status_line_has_one_input() -> None:
    """The status widget renders one value; the screen computes it from the game and what happened."""
    from tictactoe_tui.app.widgets.status import StatusLine

    inputs = [name for name, value in vars(StatusLine).items() if isinstance(value, Reactive)]
    assert inputs == ["said"]

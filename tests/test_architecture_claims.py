"""The architecture page's claims that no other test checks, read from the code (issue 68: "the
architecture page's claims each checked by a test"). The page's table "Each claim and its test"
names these and the other tests that check a claim; ``tests/test_docs.py`` keeps the two in step."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tictactoe_tui.registry import Registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tictactoe_tui"
APP = PACKAGE / "app"
PAGE = ROOT / "docs" / "architecture.md"


@cache
def parsed() -> tuple[tuple[str, ast.Module], ...]:
    """Every module of the package, read once: its path from the package's folder, its syntax tree."""
    return tuple(
        (path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
    )


def modules(folder: Path = PACKAGE) -> Iterator[tuple[str, ast.Module]]:
    """Every module below ``folder``: its path from the package's folder and its syntax tree."""
    below = folder.relative_to(PACKAGE).as_posix()
    for path, tree in parsed():
        if below == "." or path.startswith(below + "/"):
            yield path, tree


def module_name(path: str) -> str:
    """``app/seats/__init__.py`` → ``tictactoe_tui.app.seats``."""
    return "tictactoe_tui." + path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def called(node: ast.Call) -> str:
    """The name a call calls: ``Said`` for ``Said(…)``, ``run_worker`` for ``self.run_worker(…)``."""
    function = node.func
    return (
        function.id if isinstance(function, ast.Name) else function.attr if isinstance(function, ast.Attribute) else ""
    )


def keyword(node: ast.Call, name: str) -> ast.expr | None:
    return next((given.value for given in node.keywords if given.arg == name), None)


# -- the registries ---------------------------------------------------------------------------


def registries_made() -> set[tuple[str, str]]:
    """Each module-level name the package binds to a new ``Registry(…)``: (module's path, name)."""
    found = set()
    for path, tree in modules():
        for node in tree.body:
            value, targets = (node.value, node.targets) if isinstance(node, ast.Assign) else (None, [])
            if isinstance(node, ast.AnnAssign):
                value, targets = node.value, [node.target]
            if isinstance(value, ast.Call) and called(value) == "Registry":
                found |= {(path, target.id) for target in targets if isinstance(target, ast.Name)}
    return found


def test_the_registries_table_lists_every_registry_the_package_makes() -> None:
    """Every catalogue by name is one type: each registry the package makes is a row of the
    page's table of registries (where it says), and is a ``Registry`` itself, no subclass."""
    text = PAGE.read_text(encoding="utf-8").split("\n## The registries\n", 1)[1].split("\n## ", 1)[0]
    rows = set(re.findall(r"^\| `(\w+)` \| `([\w/]+\.py)` \|", text, re.M))
    made = registries_made()
    assert {(name, path) for path, name in made} == rows
    for path, name in made:
        assert type(getattr(importlib.import_module(module_name(path)), name)) is Registry


def test_no_class_of_the_package_subclasses_the_registry() -> None:
    subclasses = [
        f"{path}: {node.name}"
        for path, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(ast.unparse(base).split("[")[0].endswith("Registry") for base in node.bases)
    ]
    assert subclasses == []


def test_the_registry_imports_nothing_of_the_package() -> None:
    tree = ast.parse((PACKAGE / "registry.py").read_text(encoding="utf-8"))
    imports = [
        ast.unparse(node)
        for node in ast.walk(tree)
        if (isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("tictactoe_tui")))
        or (isinstance(node, ast.Import) and any(alias.name.startswith("tictactoe_tui") for alias in node.names))
    ]
    assert imports == []


# -- the game screen asks its table --------------------------------------------------------------


def kinds_by_name() -> tuple[set[str], set[str]]:
    """The names of the kinds of table and player, and the constants that hold each kind."""
    import tictactoe_tui.table as table

    kinds = {entry.name for entry in table.TABLES.values()} | {entry.name for entry in table.PLAYERS.values()}
    constants = {
        name
        for name in dir(table)
        if name.isupper()
        and (getattr(table, name) in table.TABLES.values() or getattr(table, name) in table.PLAYERS.values())
    }
    return kinds, constants


def kind_tests(tree: ast.AST, kinds: set[str], constants: set[str]) -> list[str]:
    """Where ``tree`` tests a kind of table or player by name: a comparison with a kind's name
    (a string, or ``VS_COMPUTER.name``) or with a kind itself (``game.table is VS_COMPUTER``)."""

    def names_a_kind(node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in kinds
        if isinstance(node, ast.Attribute) and node.attr == "name":
            node = node.value
        return isinstance(node, ast.Name) and node.id in constants

    return [
        f"{node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare) and any(names_a_kind(side) for side in (node.left, *node.comparators))
    ]


def test_the_scan_finds_a_kind_tested_by_name() -> None:
    """What the play screen did before: it tested the table by its name to rate a game."""
    kinds, constants = kinds_by_name()
    before = "if game.seating.table != VS_COMPUTER.name: pass\nx = mode == 'two players'\ny = table is COMPUTERS\n"
    assert len(kind_tests(ast.parse(before), kinds, constants)) == 3
    assert kind_tests(ast.parse("if game.table.rates: pass\nx = line.author == 'me'\n"), kinds, constants) == []


def test_the_game_screen_asks_its_table_and_seats_and_never_tests_a_kind_by_name() -> None:
    kinds, constants = kinds_by_name()
    found = {
        path: tests
        for folder in (APP / "game", APP / "online", APP / "seats")
        for path, tree in modules(folder)
        if (tests := kind_tests(tree, kinds, constants))
    }
    assert not found, f"a kind of table or player tested by name: {found}"


# -- work in a worker, searches in the search process ----------------------------------------------


def thread_workers() -> set[tuple[str, str]]:
    """Each ``run_worker(…, thread=True)`` of the app: (module's path, the worker's group)."""
    found = set()
    for path, tree in modules(APP):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called(node) == "run_worker":
                thread = keyword(node, "thread")
                if isinstance(thread, ast.Constant) and thread.value is True:
                    group = keyword(node, "group")
                    found.add(
                        (
                            path,
                            ast.literal_eval(group) if isinstance(group, ast.Constant) else ast.unparse(group or node),
                        )
                    )
    return found


def test_job_is_the_one_helper_for_work_in_a_worker_but_two_that_search_nothing() -> None:
    """Every thread worker of the app is a ``Job``'s, but the archive's write of a finished game
    and the search process's start (the page names both)."""
    assert thread_workers() == {
        ("app/work/jobs.py", "self._name"),
        ("app/game/play.py", "archive"),
        ("app/app.py", "startup"),
    }


#: What runs a search in the engine: the app's process imports none of them.
SEARCHES = {
    "analyze",
    "evaluate",
    "judge_move",
    "review_game",
    "solver_puzzle",
    "solver_puzzles",
    "run_arena",
    "run_pairing",
}


def test_no_module_of_the_app_runs_a_search_itself() -> None:
    """The app imports no search of the engine (nor the searches' or the players' package) and
    calls no ``decide`` but its searchers' (``app/work/ai.py``: the search process's, and the
    tests' ``ThreadSearcher``): each search is a request its searcher hands on."""
    found = []
    for path, tree in modules(APP):
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and "engine" in (node.module or ""):
                module = node.module or ""
                found += [f"{path}: {alias.name}" for alias in node.names if alias.name in SEARCHES]
                found += [f"{path}: {module}"] if ".search" in module or ".players" in module else []
            elif isinstance(node, ast.Call) and called(node) == "decide" and path != "app/work/ai.py":
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


def test_the_app_s_searcher_runs_every_search_in_the_search_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ProcessSearcher`` answers each kind of request though this process can run none of
    them: the child ran them."""
    import tictactoe_tui.search_process as search_process
    from tictactoe_tui.app.work.ai import ProcessSearcher
    from tictactoe_tui.app.work.jobs import AiJob
    from tictactoe_tui.engine import Board
    from tictactoe_tui.game import GameState, Settings

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a search ran in the app's process")

    for request in (
        search_process.SearchRequest,
        search_process.AnalysisRequest,
        search_process.ReviewRequest,
        search_process.PuzzlesRequest,
        search_process.ReadyRequest,
    ):
        monkeypatch.setattr(request, "run", refused)
    import random

    state, cancel = GameState.start(Settings(), random.Random(0)), threading.Event()
    searcher = ProcessSearcher()
    try:
        searcher.get_ready(state.board)
        assert searcher(AiJob(state, "easy", 1, 1.0), cancel).decision.move in state.board.legal_moves()
        assert searcher.analyze(state, 1.0, cancel).analysis.complete
        assert searcher.judge(Board.empty(), (1, 1), 1.0, cancel).move == (1, 1)
        assert searcher.make_puzzles(5, 1, cancel)
    finally:
        searcher.close()


def test_a_seat_reaches_the_screen_only_through_its_ports() -> None:
    """The seats read the level and the time per move through ``SeatPorts``; through its owner
    (the screen) a seat assigns nothing and only posts or has work run after a frame, the rest
    by a ``Job`` it hands the owner to."""
    import dataclasses

    from tictactoe_tui.app.seats.base import SeatPorts

    assert [field.name for field in dataclasses.fields(SeatPorts)] == ["owner", "searcher", "level", "seconds", "rng"]
    reached = []
    for path, tree in modules(APP / "seats"):
        parents = {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and ast.unparse(node.value) in ("owner", "self.owner", "ports.owner"):
                parent = parents[node]
                used = isinstance(parent, ast.Call) and parent.func is node
                if not used or node.attr not in ("post_message", "call_after_refresh"):
                    reached.append(f"{path}:{node.lineno}: {ast.unparse(parent)}")
    assert reached == []


# -- the status line ------------------------------------------------------------------------------


def test_what_the_status_line_says_is_made_by_one_function() -> None:
    """``Said`` is made only by ``status_said``."""
    made = [
        f"{path}: {function.name}"
        for path, tree in modules()
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Call) and called(node) == "Said"
    ]
    assert made == ["app/widgets/said.py: status_said"]


# -- what is kept on disk -------------------------------------------------------------------------


def writes_a_file(node: ast.Call) -> bool:
    """Whether ``node`` opens a file to write or writes one whole (``open(p, "w")``,
    ``os.fdopen(fd, "wb")``, ``NamedTemporaryFile("w")``, ``p.write_text(…)``)."""
    name = called(node)
    if name in ("write_text", "write_bytes"):
        return True
    if name not in ("open", "fdopen", "NamedTemporaryFile"):
        return False
    mode = keyword(node, "mode") or (node.args[1] if name != "NamedTemporaryFile" and len(node.args) > 1 else None)
    if name == "NamedTemporaryFile" and node.args:
        mode = node.args[0]
    text = mode.value if isinstance(mode, ast.Constant) and isinstance(mode.value, str) else ""
    return (name == "NamedTemporaryFile" and mode is None) or any(letter in text for letter in "wax+")


def test_only_the_files_module_writes_a_file_but_the_crash_log() -> None:
    """Saved games, the settings and the game in progress are written atomically because only
    ``store/files.py`` writes a file (``write_atomically``); the crash log, a new file each
    time, writes its own, and the books' build scripts write the books (``book.write_data``)."""
    writers = {
        path
        for path, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and writes_a_file(node)
    }
    assert writers == {"store/files.py", "store/crash_log.py", "engine/search/book.py"}
    assert writes_a_file(ast.parse("open(path, 'w')").body[0].value)  # type: ignore[attr-defined]
    assert not writes_a_file(ast.parse("open(path, encoding='utf-8')").body[0].value)  # type: ignore[attr-defined]


# -- processes and commands ----------------------------------------------------------------------


def function_named(tree: ast.AST, name: str) -> ast.FunctionDef:
    [found] = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == name]
    return found


def calls_in(node: ast.AST) -> set[str]:
    return {called(call) for call in ast.walk(node) if isinstance(call, ast.Call)}


def test_every_process_the_package_starts_loads_the_plug_ins() -> None:
    """The command line and the app load them before the settings; each process the package
    spawns (the search process, the arena's workers) adopts them first thing (``adopt`` loads
    them and registers the games handed over)."""
    trees = dict(modules())
    assert "load_plugins" in calls_in(function_named(trees["cli/__init__.py"], "_main"))
    app_init = function_named(trees["app/app.py"], "__init__")
    assert "plugin_problems" in calls_in(app_init)  # plugins.problems: load_plugins
    assert "load_plugins" in calls_in(function_named(trees["plugins/__init__.py"], "problems"))
    assert "load_plugins" in calls_in(function_named(trees["plugins/__init__.py"], "adopt"))
    spawned = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called(node) in ("Process", "ProcessPoolExecutor"):
                target, initializer = keyword(node, "target"), keyword(node, "initializer")
                if isinstance(initializer, ast.Name):
                    spawned.append((path, initializer.id))
                elif isinstance(target, ast.Name):
                    runs = "adopt" in calls_in(function_named(tree, target.id))
                    spawned.append((path, "adopt" if runs else target.id))
    assert sorted(spawned) == [("cli/arena.py", "adopt"), ("search_process.py", "adopt")]


def test_loading_the_plug_ins_imports_no_ui() -> None:
    """A plug-in's seat is registered by reference and imported when a game first seats it, so
    a process that plays no game (the search process, the arena's workers) loads the plug-ins
    without Textual or the app: in a fresh interpreter, as a spawned process is."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from tictactoe_tui.plugins import adopt\n"
        "adopt(())\n"
        "ui = sorted(m for m in sys.modules if m.split('.')[0] == 'textual' or m.startswith('tictactoe_tui.app'))\n"
        "print(ui)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_each_command_s_module_loads_only_when_it_runs() -> None:
    """``cli.run_command`` imports each command's module in the command's case; nothing else in
    ``cli/__init__.py`` imports one."""
    tree = ast.parse((PACKAGE / "cli" / "__init__.py").read_text(encoding="utf-8"))
    run_command = function_named(tree, "run_command")
    in_cases = {
        alias.name
        for case in ast.walk(run_command)
        if isinstance(case, ast.match_case)
        for node in case.body
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None
        for alias in node.names
    }
    commands = {"analyze", "arena", "archive", "serve", "online", "puzzle", "plugins"}
    assert in_cases == commands
    elsewhere = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node not in ast.walk(run_command)
        for alias in ([ast.alias(node.module)] if node.module else node.names)
    }
    assert not elsewhere & commands


# -- positions, dependencies, contracts -------------------------------------------------------------


def test_a_game_on_a_board_shape_is_one_type() -> None:
    """The sidebar's presets, a position's shape and a record's shape are ``GameShape``."""
    import random

    from tictactoe_tui.engine.board import GameShape
    from tictactoe_tui.engine.position import Position
    from tictactoe_tui.game import GameState, Preset, Settings
    from tictactoe_tui.store.record import GameRecord

    record = GameRecord.of(GameState.start(Settings(), random.Random(0)).play((1, 1)), "easy")
    assert Preset is GameShape
    assert type(Position.of(record.board(0)).shape) is type(record.shape) is GameShape


def test_runtime_dependencies_are_ranges_each_pinned_in_the_test_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = dict(pin.split("==") for pin in project["optional-dependencies"]["test"])
    for dependency in project["dependencies"]:
        name = re.split(r"[<>=!~]", dependency, maxsplit=1)[0]
        assert ">=" in dependency, f"{dependency} is not a range"
        assert name in pins, f"{name} is not pinned in the test extra"


def test_every_contract_of_pyproject_is_kept() -> None:
    """import-linter over the package: the contracts the page's claims of layers rest on hold. In
    a process of its own: run in the suite's, after a test had loaded Twisted, import-linter's
    look over every loaded class raised (``AttributeError: __provides__``, zope.interface's)."""
    linted = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True, no_logo=True))"
    done = subprocess.run(
        [sys.executable, "-c", linted], capture_output=True, text=True, timeout=600, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

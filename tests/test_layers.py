"""The one-way layer rule: the engine never imports Textual."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
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


def test_every_engine_name_is_given_one_module() -> None:
    """``Position`` was listed under two modules (the later silently won)."""
    import ast

    import tictactoe_tui.engine as engine

    tree = ast.parse(Path(engine.__file__).read_text(encoding="utf-8"))
    mapping = next(
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and any(getattr(target, "id", "") == "_MODULES" for target in node.targets)
    )
    listed = Counter(
        node.value for node in ast.walk(mapping) if isinstance(node, ast.Constant) and node.value in engine._MODULES
    )
    assert {name: count for name, count in listed.items() if count > 1} == {}


QUICK = """
import json, sys
from tictactoe_tui.cli import main
assert main(sys.argv[1:]) == 0
heavy = ("rich", "textual", "tictactoe_tui.engine.search.solver", "tictactoe_tui.engine.players",
         "tictactoe_tui.engine.games", "multiprocessing")
print(json.dumps(sorted(name for name in heavy if name in sys.modules)))
"""


def test_quick_answers_load_neither_rich_nor_textual_nor_the_searches(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    for command in (["stats", "--json"], ["games", "--json"]):
        done = subprocess.run(
            [sys.executable, "-c", QUICK, *command], capture_output=True, text=True, check=True, env=env
        )
        assert json.loads(done.stdout.splitlines()[-1]) == [], command


def test_the_stats_table_is_the_dialogs_without_textual(tmp_path: Path) -> None:
    """``stats`` prints the app's statistics table (app.stats_table) and loads Rich, not Textual."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", QUICK, "stats"], capture_output=True, text=True, check=True, env=env)
    assert json.loads(done.stdout.splitlines()[-1]) == ["rich"]


START = """
import json, sys
from tictactoe_tui.app.app import TicTacToeApp
from tictactoe_tui.store.files import Paths
TicTacToeApp(paths=Paths.default())  # settings read, the first game set up: all before the first frame
print(json.dumps(sorted(name for name in sys.modules if name.startswith("tictactoe_tui.engine"))))
"""


def test_a_start_on_the_classic_board_builds_no_other_games_players(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True, check=True, env=env)
    loaded = json.loads(done.stdout.splitlines()[-1])
    games = [name.rsplit(".", 1)[1] for name in loaded if name.startswith("tictactoe_tui.engine.games.")]
    assert sorted(games) == ["base", "names", "presentations", "registry"]  # (the classic game: after the first frame)
    searches = "tictactoe_tui.engine.search."
    assert not {f"{searches}gravity.solver", f"{searches}ultimate.playout", f"{searches}win_book"} & set(loaded)


def test_a_start_loads_no_search_until_one_runs(tmp_path: Path) -> None:
    """The players and the registry hand budgets and kits on; the solvers and the Monte Carlo
    searches load when the first search runs (in the search process), not before the first frame."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True, check=True, env=env)
    loaded = json.loads(done.stdout.splitlines()[-1])
    searches = {name.rsplit(".", 1)[1] for name in loaded if name.startswith("tictactoe_tui.engine.search.")}
    assert searches <= {"book", "budget", "exact", "kit", "playouts"}


PLAY = """
import json, sys
from tictactoe_tui.app.app import TicTacToeApp
from tictactoe_tui.store.files import Paths
TicTacToeApp(paths=Paths.default(), overrides={})  # as the command with no arguments
print(json.dumps(sorted(name for name in sys.modules if name.startswith("tictactoe_tui"))))
"""


def test_a_start_with_no_arguments_loads_no_network_code(tmp_path: Path) -> None:
    """Hosting and joining load the network package when asked for, not before every first frame."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True, check=True, env=env)
    loaded = json.loads(done.stdout.splitlines()[-1])
    assert "tictactoe_tui.app.game.game_screen" in loaded
    assert not [name for name in loaded if name.split(".")[:2] == ["tictactoe_tui", "net"]]


FIRST_FRAME = """
import json, os, sys, threading
from tictactoe_tui.app.app import TicTacToeApp
from tictactoe_tui.app.game.game_screen import GameScreen
from tictactoe_tui.store.files import Paths

def at_the_first_frame(screen):  # what the screen runs once its first frame is drawn
    loaded = sorted(name for name in sys.modules if name.startswith("tictactoe_tui"))
    jobs = ("AiJob", "AiResult", "AnalysisResult")
    made = sorted(job for name in loaded for job in jobs if job in vars(sys.modules[name]))
    shown = [widget.id or type(widget).__name__ for widget in screen.walk_children()]
    threads = sorted(thread.name for thread in threading.enumerate())
    hashing = sorted(name for name in ("secrets", "hashlib") if name in sys.modules)
    emoji = "rich._emoji_codes" in sys.modules  # (the app holds sys.stdout: os.write below)
    os.write(1, json.dumps([loaded, made, shown, threads, hashing, emoji]).encode() + b"\\n")
    screen.app.exit()

GameScreen.after_first_frame = at_the_first_frame
TicTacToeApp.after_first_frame = lambda app: None  # no archive, no search process
TicTacToeApp(paths=Paths.default(), overrides={}).run(headless=True, size=(100, 32))
"""


def test_the_first_frame_loads_none_of_the_game_screens_parts(tmp_path: Path) -> None:
    """The coach, hints, saving, online play and the palette's commands are parts the game
    screen makes when first needed: none is loaded before its first frame (nor the saved-game
    format, the sidebar, the dialogs, the network code, the seats or the search jobs, with the
    player to move first), nor the game in progress's writing thread started."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME], capture_output=True, text=True, check=True, env=env)
    loaded, jobs_made, widgets, threads, hashing, emoji = json.loads(done.stdout.splitlines()[-1])
    assert "tictactoe_tui.app.game.game_screen" in loaded
    deferred = ["coach", "hints", "analysis", "saving", "commands", "sidebar", "screens"]
    assert [name for name in loaded if name.rsplit(".", 1)[-1] in deferred] == []
    # online play (the link and its play) loads when a match opens; the screen's own class for it
    # (app.online.screen, which loads no network code) is part of the screen
    online = [name for name in loaded if name.startswith("tictactoe_tui.app.online")]
    assert online in ([], ["tictactoe_tui.app.online", "tictactoe_tui.app.online.screen"]), online
    assert not [name for name in loaded if name.startswith(("tictactoe_tui.net", "tictactoe_tui.store.savefile"))]
    # the archive, the levels' ratings and the levels' players: the sidebar shows them, after it;
    # the seats: the side to move takes its turn after it
    unshown = ("tictactoe_tui.store.archive", "tictactoe_tui.engine.strength", "tictactoe_tui.engine.games.levels")
    assert [name for name in (*unshown, "tictactoe_tui.app.seats") if name in loaded] == []
    # the workers' and the link's messages: posted after it; the game in progress's file: kept
    # after it; what loading a plug-in makes: with no plug-in installed, never; a match's news:
    # with a match
    later = (
        "tictactoe_tui.app.game.messages",
        "tictactoe_tui.store.in_progress",
        "tictactoe_tui.plugins.entries",
        "tictactoe_tui.app.widgets.presence",
        "tictactoe_tui.engine.position",  # (a position as stored: records, puzzles, matches)
    )
    assert [name for name in later if name in loaded] == []
    # the game's players: the status line asks the game's presentation alone (presentation_of)
    players = ("tictactoe_tui.engine.games.classic", "tictactoe_tui.engine.players")
    assert [name for name in players if name in loaded] == []
    assert jobs_made == []  # (dataclasses: each costs its methods' compiling)
    ours = [widget for widget in widgets if not widget.startswith("textual-")]  # (Textual's toasts, tooltip)
    # the sidebar's room is kept, no widget there; the evaluation bar is hidden until the overlay is on
    assert ours == ["play", "evaluation", "board", "too-small", "status"]
    assert "game in progress" not in threads  # the keeper's writer starts after the first frame
    assert hashing == []  # (a temporary file's random name needs neither)
    assert not emoji  # (Rich's table of emoji names: the status line's markup is read without them)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in graph[module]:
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_of_the_package_imports_itself_back() -> None:
    """No import cycle, counting imports inside functions and under TYPE_CHECKING."""
    import grimp

    graph = grimp.build_graph("tictactoe_tui", cache_dir=None)
    edges = {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    assert _cycles(edges) == []
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]  # it does find one


def test_the_layer_contracts_place_every_module_of_the_app_and_the_package() -> None:
    """A module no contract names is outside every layer: the app's layers list each of its
    modules, in whichever folder (and its seats package as one), and the package's layers each
    of its top-level parts."""
    import tomllib

    import tictactoe_tui

    contracts = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]

    def named(container: str | None) -> set[str]:
        [contract] = [c for c in contracts if c["type"] == "layers" and c.get("containers", [None]) == [container]]
        return {name.strip() for layer in contract["layers"] for name in layer.split("|")}

    root = Path(tictactoe_tui.__file__).parent
    app = {
        path.relative_to(root / "app").with_suffix("").as_posix().replace("/", ".")
        for path in (root / "app").rglob("*.py")
        if path.stem != "__init__" and "seats" not in path.parts
    } | {"seats"}
    assert named("tictactoe_tui.app") == app
    package = {path.stem for path in root.glob("*.py") if path.stem != "__init__"}
    package |= {path.name for path in root.iterdir() if (path / "__init__.py").exists()}
    assert {name.removeprefix("tictactoe_tui.") for name in named(None)} == package

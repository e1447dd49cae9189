"""The example plug-in (examples/exact-five), installed as a user installs one — ``pip install``
into an environment of its own — and played: ``--game exact-five`` starts on its board and the
computer answers from the search process; its table seats its own kind of player; ``arena
--jobs 2`` plays it; ``serve`` draws it in the browser; uninstalled, the app starts and says one
line, the choice kept; reinstalled, the choice is back. A plug-in that raises at import: the app
starts, ``plugins`` names it."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import site
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from .helpers.browser import free_port
from .helpers.waiting import TIMEOUT, until_blocking

EXAMPLE = Path(__file__).parent.parent / "examples" / "exact-five"
DISTRIBUTION = "tictactoe-exact-five"

#: Starts the app as ``tictactoe-tui [arguments]`` would (plug-ins, the parser, the settings),
#: headless; makes one move where the person is to move, waits for the answer, says what it saw.
START = """
import asyncio, json, sys
from tictactoe_tui.plugins import load_plugins
load_plugins()
from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.cli.parser import build_parser, launch_choices
from tictactoe_tui.store.files import Paths

async def main():
    args = build_parser().parse_args(sys.argv[1:])
    app = TicTacToeApp(paths=Paths.default(), overrides=launch_choices(args), seed=1, watch_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        seen = {"game": screen.game.board.rules.name, "mode": screen.settings.mode,
                "problems": [*app.problems, *app.plugin_problems]}
        if screen.game.board.rules.name == "exact-five":
            await pilot.press("enter")  # the centre; the other side answers
            while screen.game.board.move_count < 2:  # bounded by the test's time-out
                await pilot.pause()
            seen["moves"] = [list(move) for move in screen.game.board.history]
    print(json.dumps(seen))

asyncio.run(main())
"""


class Environment:
    """A virtual environment that sees this one's packages (as ``--system-site-packages``
    would), where plug-ins are installed and removed with pip."""

    def __init__(self, root: Path) -> None:
        self.root = root
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root / "venv")], check=True)
        self.python = str(root / "venv" / "bin" / "python")
        purelib = subprocess.run(
            [self.python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        ours = "; ".join(f"site.addsitedir({path!r})" for path in site.getsitepackages())
        Path(purelib, "this-environment.pth").write_text(f"import site; {ours}\n")
        self.env = {**os.environ, "XDG_CONFIG_HOME": str(root / "config"), "XDG_DATA_HOME": str(root / "data")}

    def pip(self, *arguments: str) -> None:
        subprocess.run(
            [sys.executable, "-m", "pip", "--python", self.python, "-q", "--disable-pip-version-check", *arguments],
            check=True,
            capture_output=True,
        )

    def install(self, project: Path) -> None:
        self.pip("install", "--no-deps", "--no-build-isolation", str(project))

    def command(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [self.python, "-m", "tictactoe_tui", *arguments], capture_output=True, text=True, env=self.env, check=True
        )

    def start(self, *arguments: str) -> dict[str, Any]:
        done = subprocess.run(
            [self.python, "-c", START, *arguments], capture_output=True, text=True, env=self.env, timeout=120
        )
        assert done.returncode == 0, done.stderr
        seen: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
        return seen

    @property
    def settings(self) -> Path:
        return self.root / "config" / "tictactoe-tui" / "settings.json"


@pytest.fixture(scope="module")
def environment(tmp_path_factory: pytest.TempPathFactory) -> Environment:
    environment = Environment(tmp_path_factory.mktemp("plug-in"))
    environment.install(EXAMPLE)
    return environment


def test_the_example_plug_in_is_listed_with_what_it_brings(environment: Environment) -> None:
    [listed] = json.loads(environment.command("plugins", "--json").stdout)
    assert listed["name"] == "exact-five"
    assert listed["distribution"] == f"{DISTRIBUTION} 1.0"
    brought = ["game exact-five", "player first-free", "seat first-free", "table you vs first-free"]
    assert listed["registered"] == brought
    assert listed["problem"] is None


def test_its_game_starts_from_the_command_line_and_the_computer_answers(environment: Environment) -> None:
    seen = environment.start("--game", "exact-five")
    assert seen["game"] == "exact-five"
    assert seen["problems"] == []
    assert seen["moves"][0] == [4, 4]  # the centre of 9×9; the computer's reply came from the search process
    assert len(seen["moves"]) == 2


def test_the_arena_plays_it_in_two_worker_processes(environment: Environment) -> None:
    done = environment.command(
        "arena", "--game", "exact-five", "--x", "easy", "--o", "easy", "--games", "4", "--jobs", "2", "--json"
    )
    result = json.loads(done.stdout)
    assert result["x_wins"] + result["o_wins"] + result["draws"] == 4  # before: KeyError 'exact-five' in a worker


def test_its_choices_outlast_an_uninstall_and_are_back_with_it(environment: Environment) -> None:
    environment.settings.parent.mkdir(parents=True, exist_ok=True)
    chosen = {"board": "exact-five:9x9k5", "mode": "you vs first-free"}  # as the app writes them
    environment.settings.write_text(json.dumps(chosen))
    seen = environment.start()
    assert (seen["game"], seen["mode"]) == ("exact-five", "you vs first-free")
    assert seen["moves"] == [[4, 4], [0, 0]]  # first-free's seat answered through SeatMoved
    environment.pip("uninstall", "-y", DISTRIBUTION)
    try:
        seen = environment.start()
        assert (seen["game"], seen["mode"]) == ("classic", "you vs computer")
        [line] = seen["problems"]
        assert "board 'exact-five:9x9k5' is not installed now" in line
        assert "mode 'you vs first-free' is not installed now" in line
        assert json.loads(environment.settings.read_text()) == chosen
    finally:
        environment.install(EXAMPLE)
    seen = environment.start()
    assert (seen["game"], seen["mode"], seen["problems"]) == ("exact-five", "you vs first-free", [])
    environment.settings.unlink()


def test_a_plug_in_that_raises_at_import_is_named_and_the_app_starts(environment: Environment, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    (broken / "broken_plug_in").mkdir(parents=True)
    (broken / "broken_plug_in" / "__init__.py").write_text('raise RuntimeError("broken on purpose")\n')
    (broken / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n'
        '[project]\nname = "broken-plug-in"\nversion = "0.1"\n'
        '[project.entry-points."tictactoe_tui.plugins"]\nbroken = "broken_plug_in:register"\n'
        '[tool.hatch.build.targets.wheel]\npackages = ["broken_plug_in"]\n'
    )
    environment.install(broken)
    try:
        listed = environment.command("plugins").stdout
        assert "broken (from broken-plug-in 0.1): left out: RuntimeError: broken on purpose" in listed
        assert "exact-five (from tictactoe-exact-five 1.0): game exact-five" in listed
        told = environment.command("stats", "--json").stderr.splitlines()  # a command says it on stderr
        assert told == [
            "tictactoe-tui: The plug-in 'broken' (from broken-plug-in 0.1) is left out: RuntimeError: broken on purpose"
        ]
        seen = environment.start("--game", "exact-five")
        assert seen["game"] == "exact-five"
        assert seen["problems"] == [
            "The plug-in 'broken' (from broken-plug-in 0.1) is left out: RuntimeError: broken on purpose"
        ]
    finally:
        environment.pip("uninstall", "-y", "broken-plug-in")


async def test_serve_offers_it_in_the_browser(environment: Environment) -> None:
    """Each browser's game is ``python -m tictactoe_tui --visitor``, which loads the plug-ins (and
    none of the serving user's settings): the palette offers the plug-in's game, and once chosen
    the sidebar names it."""
    port = free_port()
    server = subprocess.Popen(
        [environment.python, "-m", "tictactoe_tui", "serve", "--port", str(port)],
        env=environment.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:

        def listening() -> bool:
            assert server.poll() is None, "serve ended"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
            except OSError:
                return False
            return True

        until_blocking(listening, "serve to listen")
        drawn = b""
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(f"http://127.0.0.1:{port}/ws?width=120&height=40") as browser,
        ):

            async def read_until(words: bytes) -> None:
                nonlocal drawn
                drawn = b""
                async with asyncio.timeout(TIMEOUT):
                    while words not in drawn:
                        message = await browser.receive()
                        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
                        if message.type == aiohttp.WSMsgType.BINARY:
                            drawn += message.data

            await read_until(b"Classic")  # the first frame's sidebar
            await browser.send_json(["stdin", "\x10"])  # Ctrl+P: the palette
            await browser.send_json(["stdin", "Game: Exact five"])
            await read_until(b"six or more in a row do not")  # its command offered, with the game's rules
            await browser.send_json(["stdin", "\r"])
            await read_until(b"Exact five")  # chosen: the sidebar names the game
        assert b"not installed" not in drawn
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()

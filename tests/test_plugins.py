"""Plug-ins by entry point: what each registers, the same thing again a no-op, a failing or a
clashing plug-in left out whole with one line, and the games a spawned process is handed."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

from tictactoe_tui.engine.games import GAMES, Game, game_named, register_game, registered_game
from tictactoe_tui.engine.rules import RULES
from tictactoe_tui.engine.rules.classic import Classic
from tictactoe_tui.plugins import GROUP, PLUGGED_SEATS, Declared, PlugIn, declared, load_entry
from tictactoe_tui.table import PLAYERS, TABLES, Player, Table, table_named

TIMER = Player("timer", "Timer", "The timer's turn", "The timer wins")
AGAINST_THE_TIMER = Table("you vs timer", "vs timer", ("you", TIMER.name))


def register_good(plugin: PlugIn) -> None:
    plugin.player(TIMER)
    plugin.seat(TIMER.name, "tests.test_plug_in:ListSeat")
    plugin.table(AGAINST_THE_TIMER)


def register_then_fail(plugin: PlugIn) -> None:
    register_good(plugin)
    raise RuntimeError("the timer's battery is flat\nand a second line nobody reads")


def register_clashing(plugin: PlugIn) -> None:
    plugin.player(TIMER)
    plugin.table(Table("two players", "two", ("you", TIMER.name)))  # a taken name, another table


def entry(function: str) -> Declared:
    return Declared(function, f"tests.test_plugins:{function}", "tests 0")


@pytest.fixture
def clean() -> Iterator[None]:
    """Whatever a test's plug-in left registered is taken out again."""
    yield
    for registry, name in ((TABLES, AGAINST_THE_TIMER.name), (PLUGGED_SEATS, TIMER.name), (PLAYERS, TIMER.name)):
        if name in registry:
            registry.unregister(name)


@pytest.mark.usefixtures("clean")
def test_a_plug_in_registers_through_what_it_is_handed_and_again_is_a_no_op() -> None:
    report = load_entry(entry("register_good"))
    assert report.problem is None
    assert report.registered == ("player timer", "seat timer", "table you vs timer")
    assert table_named(AGAINST_THE_TIMER.name) is AGAINST_THE_TIMER
    again = load_entry(entry("register_good"))  # as a spawned process that imported it already
    assert (again.problem, again.registered) == (None, report.registered)
    assert list(TABLES).count(AGAINST_THE_TIMER.name) == 1


@pytest.mark.usefixtures("clean")
def test_a_plug_in_that_raises_is_left_out_whole_in_one_line() -> None:
    report = load_entry(entry("register_then_fail"))
    assert report.registered == ()
    assert report.problem == "RuntimeError: the timer's battery is flat"
    assert report.line == (
        "The plug-in 'register_then_fail' (from tests 0) is left out: RuntimeError: the timer's battery is flat"
    )
    assert TIMER.name not in PLAYERS  # what it registered before it raised is taken out
    assert AGAINST_THE_TIMER.name not in TABLES
    assert TIMER.name not in PLUGGED_SEATS


@pytest.mark.usefixtures("clean")
def test_a_plug_in_that_takes_a_name_already_taken_is_left_out() -> None:
    before = TABLES["two players"]
    report = load_entry(entry("register_clashing"))
    assert report.problem == "ValueError: a kind of table called 'two players' is already registered"
    assert TABLES["two players"] is before
    assert TIMER.name not in PLAYERS


def test_a_plug_in_that_cannot_be_imported_is_left_out() -> None:
    report = load_entry(Declared("gone", "tests.no_such_module:register", "gone 1.0"))
    assert report.problem == "ModuleNotFoundError: No module named 'tests.no_such_module'"


def test_the_same_game_registered_again_is_a_no_op() -> None:
    """A spawned process unpickles a game (importing a plug-in that registers it as it loads),
    then is handed it again: the copy is the same game, not a clash."""
    misere = game_named("misere")
    copy = pickle.loads(pickle.dumps(misere.rules))  # the rules, as a spawned process gets them
    assert register_game(type(misere)(copy, misere.levels, misere.heuristic)) is misere
    assert list(GAMES).count("misere") == 1
    with pytest.raises(ValueError, match="already registered: misere"), registered_game(misere):
        pass  # a with block would take out the game it did not add
    assert GAMES["misere"] is misere


def test_the_entry_points_are_read_from_each_distribution_on_the_path(tmp_path: Path) -> None:
    """Read from each folder's dist-info and egg-info (no importlib.metadata, 26 ms to import);
    the same distribution in a later folder is not loaded twice."""
    first, later = tmp_path / "first", tmp_path / "later"
    for folder, metadata, text in (
        (
            first,
            "Tictactoe_Exact.Five-1.0.dist-info",
            f"[console_scripts]\nx = a:b\n\n[{GROUP}]\nexact-five = exact_five:register\n",
        ),
        (first, "other-2.0.dist-info", "[console_scripts]\nother = other:main\n"),
        (first, "old_style-0.3.egg-info", f"[{GROUP}]\n# a comment\nold = old_style.plug:register [extra]\n"),
        (later, "tictactoe_exact_five-0.9.dist-info", f"[{GROUP}]\nexact-five = exact_five:register\n"),
    ):
        (folder / metadata).mkdir(parents=True)
        (folder / metadata / "entry_points.txt").write_text(text)
    assert declared([str(first), str(tmp_path / "not-there"), str(later)]) == [
        Declared("exact-five", "exact_five:register", "tictactoe-exact-five 1.0"),
        Declared("old", "old_style.plug:register [extra]", "old-style 0.3"),
    ]
    assert declared([str(tmp_path / "not-there")]) == []


def test_an_entry_point_names_an_attribute_of_a_module() -> None:
    assert Declared("x", "tests.test_plugins:AGAINST_THE_TIMER.players [extra]", "t 1").load() == ("you", "timer")


def test_a_game_s_presets_are_sizes_it_plays() -> None:
    """A plug-in's 9×9 game declares its size in its presets (before: the default check took
    only 3 to 7 a side or 15×15, and such a game had to override it, undocumented)."""
    from tictactoe_tui.engine import Board, BoardError
    from tictactoe_tui.engine.games import Game, registered_game
    from tictactoe_tui.engine.rules.classic import Classic

    class NineByNine(Classic):
        name = "nine-by-nine"
        title = "Nine by nine"
        presets = ((9, 9, 5),)

    misere = game_named("misere")
    with registered_game(Game(NineByNine(), misere.levels, misere.heuristic)):
        assert Board.empty(9, 9, 5, "nine-by-nine").rows == 9
        assert Board.empty(4, 4, 4, "nine-by-nine").rows == 4  # the default sizes still
        with pytest.raises(BoardError, match=r"10×10 board is not supported: .* 3 to 7, or the board 9×9 or 15×15"):
            Board.empty(10, 10, 5, "nine-by-nine")


class Mirror(Classic):
    """The classic game under another name, as a plug-in might bring it."""

    name = "mirror"
    title = "Mirror"


def test_a_plug_in_s_game_is_one_registry_entry_and_again_is_a_no_op() -> None:
    """A plug-in's game joins the games registry alone (the rules read it from there), once,
    however often a process meets it (a spawned child imports the plug-in, then is handed it)."""
    classic = game_named("classic")
    game = Game(Mirror(), classic.levels, classic.heuristic)
    plugin = PlugIn("mirror", "mirror 1.0")
    before = (len(GAMES), len(RULES))
    plugin.game(game)
    plugin.game(type(game)(pickle.loads(pickle.dumps(game.rules)), game.levels, game.heuristic))
    try:
        assert (len(GAMES), len(RULES)) == (before[0] + 1, before[1] + 1)
        assert list(GAMES).count("mirror") == list(RULES).count("mirror") == 1
        assert RULES["mirror"] is GAMES["mirror"].rules is game.rules
    finally:
        plugin.withdraw()
    assert "mirror" not in GAMES
    assert "mirror" not in RULES

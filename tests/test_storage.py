"""Settings and stats files: round trips, atomic writes, and bad files set aside, never fatal."""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from pathlib import Path

import pytest

from tictactoe_tui.engine import strategy_names
from tictactoe_tui.game import PRESETS, FirstPlayer, KeyLayout, MarkChoice, Settings
from tictactoe_tui.store.files import MAX_FILE_BYTES, BadFile, Paths, parse_json, update_json, write_json
from tictactoe_tui.store.legacy_stats import Record, Stats, load_stats
from tictactoe_tui.store.settings import DEFAULT_THEME, load_settings, settings_to_json
from tictactoe_tui.table import TWO_PLAYERS


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return Paths(tmp_path / "config", tmp_path / "data")


def test_settings_round_trip(paths: Paths) -> None:
    chosen = Settings(
        TWO_PLAYERS.name, "hard", FirstPlayer.COIN_FLIP, MarkChoice.O, PRESETS[2], KeyLayout.KEYPAD, coach=True
    )
    assert write_json(paths.settings, settings_to_json(chosen, "nord")) is None
    assert load_settings(paths, strategy_names()) == (chosen, "nord", None)
    assert not [p for p in paths.config_dir.iterdir() if p.name != "settings.json"]  # no temporary left


def test_a_missing_file_means_defaults_without_complaint(paths: Paths) -> None:
    assert load_settings(paths, strategy_names()) == (Settings(), DEFAULT_THEME, None)
    assert load_stats(paths.stats) == (Stats(), None)


BAD_SETTINGS = [
    ('{"mode": "you vs computer", "lev', "not valid JSON"),
    ("[1, 2, 3]", "a list where an object was expected"),
]


@pytest.mark.parametrize(("content", "reason"), BAD_SETTINGS)
def test_settings_that_are_no_object_are_kept_aside_and_defaults_used(paths: Paths, content: str, reason: str) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings.write_text(content)
    settings, theme, problem = load_settings(paths, strategy_names())
    assert (settings, theme) == (Settings(), DEFAULT_THEME)
    assert problem is not None
    assert reason in problem
    backups = list(paths.config_dir.glob("settings.json.bad-*"))
    assert len(backups) == 1
    assert backups[0].read_text() == content  # nothing lost
    assert backups[0].name in problem
    assert not paths.settings.exists()


@pytest.mark.parametrize(
    "text",
    ['{\n\n\n"mode": "two players', '{"mode": "\x01"}', '{"mode" 1}', "", '{"mode": 1} 2', '{"mode": "\\q"}', "[1,]"],
)
def test_a_file_that_is_not_json_says_why_without_a_word_twice(text: str) -> None:
    """json's "Unterminated string starting at" was wrapped as "… starting at at line 4"."""
    with pytest.raises(BadFile) as caught:
        parse_json(text)
    said = str(caught.value)
    assert said.startswith("is not valid JSON (")
    assert re.search(r"\b(\w+) \1\b", said) is None, said
    assert re.search(r" at line \d+\)$", said), said


BAD_FIELDS = [
    ('"level": 5', "level 5 is not a level or player of this version: using impossible"),
    ('"level": "Hard"', "level 'Hard' is not a level or player of this version: using impossible"),
    ('"first": "chess"', "first 'chess' is not one of you, "),
    ('"board": "9x9k5"', "board '9x9k5' cannot be played (a 9×9 board is not supported"),
    ('"board": "big"', "board 'big' cannot be played (board 'big' is not written like 4x4k4"),
    ('"think_seconds": -1', "think_seconds -1 is not a number of seconds from 0.05 to 60: using 1.0"),
    ('"think_seconds": NaN', "think_seconds nan is not a number of seconds"),
    ('"theme": ["dark"]', "theme ['dark'] is not available: using textual-dark"),
    ('"theme": "solarized-nope"', "theme 'solarized-nope' is not available: using textual-dark"),
    ('"coach": "yes"', "coach 'yes' is not true or false: using false"),
]


@pytest.mark.parametrize(("field", "reason"), BAD_FIELDS)
def test_a_setting_that_cannot_be_used_is_left_out_and_said_the_rest_kept(
    paths: Paths, field: str, reason: str
) -> None:
    paths.config_dir.mkdir(parents=True)
    content = f'{{"mode": "two players", "coordinates": false, {field}}}'
    paths.settings.write_text(content)
    settings, theme, problem = load_settings(paths, strategy_names(), ["textual-dark", "nord"])
    assert settings.mode == "two players"  # before: the whole file was set aside for one field
    assert settings.coordinates is False
    assert theme == DEFAULT_THEME
    assert problem is not None
    assert problem.startswith(f"{paths.settings}: ")
    assert reason in problem
    assert "\n" not in problem
    [kept] = paths.config_dir.glob("settings.json.bad-*")
    assert kept.read_text() == content  # the player's file as it was: nothing lost
    assert problem.endswith(f"the file as it was is kept as {kept.name}")
    assert load_settings(paths, strategy_names(), ["textual-dark", "nord"]) == (settings, theme, None)  # said once
    assert json.loads(paths.settings.read_text()) == {"mode": "two players", "coordinates": False}  # what it can use


def test_a_settings_file_that_cannot_be_mended_is_left_as_it_is(paths: Paths, monkeypatch: pytest.MonkeyPatch) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings.write_text('{"theme": "solarized-nope"}')

    def full_disk(path: Path, data: bytes, *, new: bool = False) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("tictactoe_tui.store.files.write_atomically", full_disk)
    _, theme, problem = load_settings(paths, strategy_names(), ["textual-dark"])
    assert theme == DEFAULT_THEME
    assert problem is not None
    assert problem.endswith("the file is left as it is (No space left on device)")
    assert paths.settings.read_text() == '{"theme": "solarized-nope"}'
    assert list(paths.config_dir.iterdir()) == [paths.settings]


#: Valid JSON that Python's json module still cannot read: nested past the stack's depth, or an
#: integer of more digits than int() converts (4300).
UNREADABLE_JSON = {
    "nested too deeply": ("[" * 100_000, "nested too deeply"),  # past any recursion limit a test may set
    "nested too deeply in a field": ('{"mode": "two players", "x": ' + "[" * 100_000, "nested too deeply"),
    "a number of 5000 digits": ('{"think_seconds": ' + "1" * 5000 + "}", "a number of over 4300 digits"),
}


@pytest.mark.parametrize(("content", "reason"), UNREADABLE_JSON.values(), ids=list(UNREADABLE_JSON))
def test_json_python_cannot_read_is_set_aside_by_every_reader(paths: Paths, content: str, reason: str) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings.write_text(content)
    settings, theme, problem = load_settings(paths, strategy_names())  # before: RecursionError or ValueError
    assert (settings, theme) == (Settings(), DEFAULT_THEME)
    assert problem is not None
    assert reason in problem
    assert "\n" not in problem
    [kept] = paths.config_dir.glob("settings.json.bad-*")
    assert kept.read_text() == content
    paths.data_dir.mkdir(parents=True)
    paths.stats.write_text(content)
    assert load_stats(paths.stats)[0] == Stats()
    [kept] = paths.data_dir.glob("stats.json.bad-*")
    assert kept.read_text() == content
    paths.settings.write_text(content)
    assert update_json(paths.settings, {"level": "hard"}) is None  # a broken file starts afresh, as any other
    assert json.loads(paths.settings.read_text()) == {"level": "hard"}


def test_a_settings_file_that_starts_with_a_byte_order_mark_is_read(paths: Paths) -> None:
    chosen = Settings(TWO_PLAYERS.name, "hard", coach=True)
    paths.config_dir.mkdir(parents=True)
    text = json.dumps(settings_to_json(chosen, "nord"))
    paths.settings.write_bytes("\ufeff".encode() + text.encode())  # as Notepad saves UTF-8
    assert load_settings(paths, strategy_names()) == (chosen, "nord", None)  # before: set aside, defaults
    assert list(paths.config_dir.iterdir()) == [paths.settings]
    paths.settings.write_bytes("\ufeff".encode() + text.replace('"nord"', '"solarized-nope"').encode())
    _, theme, problem = load_settings(paths, strategy_names(), ["textual-dark", "nord"])  # a field left out
    assert (theme, problem is not None) == (DEFAULT_THEME, True)
    assert json.loads(paths.settings.read_text())["level"] == "hard"  # the rest kept
    assert update_json(paths.settings, {"coach": False}) is None
    assert json.loads(paths.settings.read_text())["level"] == "hard"


def test_garbage_bytes_are_kept_aside(paths: Paths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings.write_bytes(b"\xff\xfe\x00garbage")
    _, _, problem = load_settings(paths, strategy_names())
    assert problem is not None
    assert "could not be read" in problem
    assert [p.read_bytes() for p in paths.config_dir.glob("settings.json.bad-*")] == [b"\xff\xfe\x00garbage"]


def test_an_unreadable_file_is_reported(paths: Paths) -> None:
    paths.settings.mkdir(parents=True)  # a directory where the file should be
    settings, _, problem = load_settings(paths, strategy_names())
    assert settings == Settings()
    assert problem is not None
    assert "is a directory, not a file" in problem


def test_a_write_that_cannot_happen_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "config"
    blocker.write_text("a file where the directory should be")
    problem = write_json(Paths(blocker, tmp_path).settings, {"mode": "two players"})
    assert problem is not None
    assert "could not save" in problem
    assert blocker.read_text() == "a file where the directory should be"


def test_old_stats_files_parse_and_bad_ones_are_set_aside(paths: Paths) -> None:
    counts = {"won": 1, "drawn": 0, "lost": 2, "streak": 0, "best_streak": 1}
    write_json(paths.stats, {"you vs computer · hard": counts})
    assert load_stats(paths.stats) == (Stats({"you vs computer · hard": Record(**counts)}), None)
    paths.stats.write_text(json.dumps({"you vs computer · hard": {"won": "many"}}))
    loaded, problem = load_stats(paths.stats)
    assert loaded == Stats()
    assert problem is not None
    assert "without exactly" in problem
    assert len(list(paths.data_dir.glob("stats.json.bad-*"))) == 1


def test_a_settings_update_keeps_keys_another_copy_wrote(paths: Paths) -> None:
    assert update_json(paths.settings, {"level": "hard", "theme": "nord"}) is None
    assert update_json(paths.settings, {"mode": "two players"}) is None  # another copy, another key
    assert update_json(paths.settings, {"level": "easy"}) is None
    assert json.loads(paths.settings.read_text()) == {"level": "easy", "theme": "nord", "mode": "two players"}
    paths.settings.write_text("[not an object")
    assert update_json(paths.settings, {"level": "hard"}) is None  # a broken file starts afresh
    assert json.loads(paths.settings.read_text()) == {"level": "hard"}


def test_backups_never_overwrite_each_other(paths: Paths) -> None:
    paths.config_dir.mkdir(parents=True)
    for content in ("[1", "[2", "[3"):
        paths.settings.write_text(content)
        load_settings(paths, strategy_names())
    backups = sorted(p.read_text() for p in paths.config_dir.glob("settings.json.bad-*"))
    assert backups == ["[1", "[2", "[3"]


def test_a_settings_file_over_its_cap_is_set_aside_unread(paths: Paths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings.write_bytes(b" " * (MAX_FILE_BYTES + 1))  # valid JSON's whitespace, but too much of it
    settings, _, problem = load_settings(paths, strategy_names())
    assert settings == Settings()
    assert problem is not None
    assert f"is larger than {MAX_FILE_BYTES // 1024} KiB" in problem
    assert len(list(paths.config_dir.glob("settings.json.bad-*"))) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_settings_file_linked_to_a_pipe_or_device_is_never_written_through(paths: Paths, tmp_path: Path) -> None:
    """A write follows a link to its file: to anything but a regular file it is refused (before,
    the pipe was replaced by a regular file, as a link to /dev/null would have been for root)."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    paths.config_dir.mkdir(parents=True)
    paths.settings.symlink_to(pipe)
    problem = write_json(paths.settings, {"level": "hard"})
    assert problem is not None
    assert f"{pipe} is a named pipe, not a file" in problem
    assert stat.S_ISFIFO(pipe.stat().st_mode)


@pytest.mark.parametrize(
    ("key", "value"), [("mode", "you vs first-free"), ("board", "exact-five:9x9k5"), ("level", "first-free")]
)
def test_a_choice_a_missing_plug_in_made_is_kept_for_when_it_is_back(paths: Paths, key: str, value: str) -> None:
    """A plug-in's table, game or player, its plug-in not installed now: its default this launch,
    said in one line, and the file keeps the choice (before, it was rewritten without it)."""
    paths.config_dir.mkdir(parents=True)
    content = json.dumps({"coordinates": False, key: value})
    paths.settings.write_text(content)
    settings, _theme, problem = load_settings(paths, strategy_names())
    assert settings.coordinates is False
    assert settings_to_json(settings, "")[key] == settings_to_json(Settings(), "")[key]
    assert problem == (
        f"{paths.settings}: {key} {value!r} is not installed now (a plug-in's?): using "
        f"{settings_to_json(Settings(), '')[key]} this time; the file keeps it for when it is back"
    )
    assert paths.settings.read_text() == content
    assert not list(paths.config_dir.glob("settings.json.bad-*"))

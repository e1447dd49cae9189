"""A damaged archive comes back with every row SQLite can still read; a read-only one is listed."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tictactoe_tui.store.archive import Archive, ArchiveError

from .helpers.archive import archive_of, game, page_of_games, spoil


def recovered(path: Path) -> tuple[Archive, int, str]:
    """The archive at ``path`` after its statistics and its list found the damage: the archive,
    the games it lists, and the one line it told."""
    archive = Archive(path)
    archive.statistics()
    listed = len(archive.page(size=1_000))
    [news] = archive.news()
    return archive, listed, news


def test_a_damaged_index_page_costs_no_game(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    archive_of(path, 200)
    with sqlite3.connect(path) as connection:
        [(index_page,)] = connection.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'games_by_result'")
    damaged = spoil(path, index_page)
    archive, listed, news = recovered(path)
    assert listed == 200  # before: the file was set aside and the list went from 200 games to 0
    assert archive.count() == 200
    assert "200 games came back" in news
    [backup] = (path for path in tmp_path.glob("games.sqlite3.bad-*") if not path.name.endswith(("-wal", "-shm")))
    assert backup.read_bytes() == damaged  # the damaged copy kept as it was
    assert archive.record(game(started=999.0)) is None
    assert archive.page(size=1)[0].id == 201


def test_a_damaged_page_of_games_costs_only_the_games_on_it(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    archive_of(path, 200)
    page, on_it = page_of_games(path)
    spoil(path, page)
    archive, listed, news = recovered(path)
    assert listed == 200 - on_it  # every game on another page came back
    assert f"{listed} games came back" in news
    assert archive.record(game(started=999.0)) is None
    assert archive.page(size=1)[0].id == 201  # a lost game's number is not given again


def read_only(folder: Path, script: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in Python with ``folder`` (or a file) mounted read-only (a mount namespace
    of its own: root, as CI runs, writes through file modes)."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare to mount a folder read-only")
    mount = f"mount --bind '{folder}' '{folder}' && mount -o remount,bind,ro '{folder}' '{folder}'"
    done = subprocess.run(
        ["unshare", "-rm", "sh", "-c", f'{mount} && exec "$0" -c "$1"', sys.executable, script],
        capture_output=True,
        text=True,
        check=False,
    )
    if "mount" in done.stderr and done.returncode:
        pytest.skip(f"cannot mount a folder read-only here: {done.stderr.strip()}")
    return done


def test_a_read_only_archive_is_opened_to_read_and_listed(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "games.sqlite3"
    archive_of(path, 30)
    script = (
        "from pathlib import Path\n"
        "from tictactoe_tui.store.archive import Archive\n"
        "from tests.helpers.archive import game\n"
        f"archive = Archive(Path({str(path)!r}))\n"
        "print(len(archive.page(size=100)), archive.count())\n"
        "print(archive.record(game()))\n"
        "print(*archive.news(), sep='\\n')\n"
    )
    done = read_only(folder, script)
    assert done.returncode == 0, done.stderr
    listed, kept, told = done.stdout.splitlines()
    assert listed == "30 30"  # before: "The game archive is unavailable (unable to open database file)"
    assert "kept until the app closes" in kept
    assert "cannot be written" in told
    assert "its games are listed" in told


def test_a_read_only_archive_file_says_once_what_it_means(tmp_path: Path) -> None:
    """Issue 64: the file read-only in a folder that is not (another user's file) opened as if
    writable, and the start said "Could not import …/stats.json into the archive (attempt to
    write a readonly database)", with no stats.json there."""
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "games.sqlite3"
    archive_of(path, 3)
    script = (
        "from pathlib import Path\n"
        "from tictactoe_tui.store.archive import Archive\n"
        "from tictactoe_tui.store.files import Paths\n"
        f"archive = Archive.open(Paths(Path({str(tmp_path / 'config')!r}), Path({str(folder)!r})))\n"
        "print(archive.count())\n"
        "print(*archive.news(), sep='\\n')\n"
        "print(len(archive.news()))\n"  # told once
    )
    done = read_only(path, script)
    assert done.returncode == 0, done.stderr
    listed, *told, again = done.stdout.splitlines()
    assert listed == "3"
    assert again == "0"
    assert told == [f"{path} cannot be written (the file is read-only): its games are listed, new ones are not kept"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_an_archive_that_is_a_named_pipe_is_unavailable_in_one_line(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "games.sqlite3")
    archive = Archive(tmp_path / "games.sqlite3")
    assert not archive.available
    told = "The game archive is unavailable (games.sqlite3 is a named pipe, not a file): games are not being kept"
    assert archive.news() == [told]  # before: "(disk I/O error)"


def test_a_command_that_reads_an_unavailable_archive_is_told_why(tmp_path: Path) -> None:
    """What ``games`` and ``puzzle --list`` stop with (each built the error itself before)."""
    os.mkfifo(tmp_path / "games.sqlite3")
    with pytest.raises(ArchiveError, match="is a named pipe, not a file"):
        Archive(tmp_path / "games.sqlite3").ensure_available()
    Archive(None).ensure_available()  # an archive that opened: nothing to say


#: Move times a damaged or edited row may hold, by what is wrong with them.
UNREADABLE_TIMES = {
    "nested too deeply": "[" * 100_000,
    "a number of 5000 digits": "[" + "1" * 5000 + "]",
    "beyond a float": "[1e999999]",
    "not a list": "{}",
    "not numbers": '["a"]',
}


@pytest.mark.parametrize("times", UNREADABLE_TIMES.values(), ids=list(UNREADABLE_TIMES))
def test_a_game_whose_move_times_cannot_be_read_is_read_without_them(tmp_path: Path, times: str) -> None:
    path = tmp_path / "games.sqlite3"
    archive_of(path, 1)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE games SET times = ?", (times,))
    record = Archive(path).get(1)  # before: RecursionError or ValueError out of the archive
    assert record is not None
    assert record.moves == game().moves
    assert record.times in ((), (float("inf"),))

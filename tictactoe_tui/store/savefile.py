"""Saved games: a small text format built on the board's text form and move names.

    # tictactoe-tui saved game
    version: 1
    game: classic
    k: 3
    board: xo./.x./...
    moves: b2 a1
    table: you vs computer
    players: you computer
    marks: O X

``game`` names the rules (``classic``, ``gravity``, ``misere``, ``ultimate``; files written
before there were other games have no ``game`` line and are classic), ``board`` is the
position reached (its rows give the size; Ultimate adds ``@`` and the last move), ``moves``
the moves from the empty board that reach it, in order (empty for a new game), each square
named as the game names it (Gravity: column number and row from the bottom, ``4-1``; a file
written before that, with ``d6``, column letter and row from the top, still loads). Lines
starting with ``#`` are comments. Loading replays the moves and checks they reach the board.
``table`` (the kind of table), ``players`` (who played the first and the second side:
``you``, ``computer``, ``friend`` or another registered kind of player) and ``marks`` (the
symbols they showed) are the game's seating record: they bring a game back as it was saved.
A game in progress played online adds ``online``: its match's record, one line of JSON
(read by the network's side, not here). A game in progress also keeps when it was played, so a
game resumed after a crash is the game it was: ``started`` (Unix seconds), ``times`` (seconds
from the start of each move), ``help`` (``coach`` and the aids taken, which keep it unrated) and
``levels`` (the computer's levels that chose its moves); a line of these that does not read back
is left out, the game kept. Files without ``players`` (written before) load as
before: against the computer you continue as the side to move; without ``table``, the players
sit at the table of the mode chosen now.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..engine import Board, BoardError
from ..engine.board import DEFAULT_GAME, GameShape
from ..engine.rules import RULES
from ..table import PLAYERS
from ..table import Seating as Seating
from ..words import whole_number
from .files import NotAFile, TooLarge, not_a_file, read_bounded, write_atomically

HEADER = "# tictactoe-tui saved game"
VERSION = "1"
#: The largest file taken for a saved game (15×15 with every square played is under 1 KiB).
MAX_BYTES = 64 * 1024


class SaveFileError(ValueError):
    """A saved game that cannot be loaded; the message is one line."""


#: A time as the file writes it: ASCII digits, a point and more digits (``str.isdigit`` takes ``²``).
_SECONDS = re.compile(r"[0-9]{1,12}(?:\.[0-9]{1,9})?", re.ASCII)
#: A name among ``help`` and ``levels``: a few ASCII letters, digits and ``-+@._``.
_NAME = re.compile(r"[a-z0-9][a-z0-9@+._-]{0,39}", re.ASCII)


@dataclass(frozen=True)
class Played:
    """When a game's moves were played and the help it took: kept with a game in progress."""

    started: float
    """When the game began (Unix seconds)."""
    times: tuple[float, ...]
    """Seconds from the start at which each move was played."""
    coached: bool = False
    aids: frozenset[str] = frozenset()
    levels: tuple[str, ...] = ()


@dataclass(frozen=True)
class SavedGame:
    """A saved game: the position with its history and, if the file says, who sat where."""

    board: Board
    seating: Seating | None = None
    source: str | None = None
    """The file it was read from, as named."""
    online: str | None = None
    """An online match's own record (a game in progress played online: see ``net.kept``), as kept."""
    played: Played | None = None
    """When its moves were played and the help it took (a game in progress), if the file says."""


def dump(board: Board, seating: Seating | None = None, online: str | None = None, played: Played | None = None) -> str:
    """The saved-game text for ``board`` (which must know its history); ``online``: the record of
    the online match it belongs to, one line, and ``played``: when its moves were played (a game
    in progress only)."""
    if board.history is None:
        raise ValueError("only a game played from the empty board can be saved")
    moves = " ".join(board.name(move) for move in board.history)
    text = f"{HEADER}\nversion: {VERSION}\ngame: {board.rules.name}\nk: {board.k}\nboard: {board}\nmoves: {moves}\n"
    if seating is not None:
        text += f"table: {seating.table}\nplayers: {' '.join(seating.players)}\nmarks: {' '.join(seating.marks)}\n"
    if online is not None:
        if "\n" in online:
            raise ValueError("an online match's record is one line")
        text += f"online: {online}\n"
    if played is not None:
        text += _dump_played(played)
    return text


def _dump_played(played: Played) -> str:
    help_taken = sorted(played.aids | ({"coach"} if played.coached else set()))
    text = f"started: {played.started:.3f}\ntimes: {' '.join(f'{each:.3f}' for each in played.times)}\n"
    if help_taken:
        text += f"help: {' '.join(help_taken)}\n"
    if played.levels:
        text += f"levels: {' '.join(played.levels)}\n"
    return text


def _played(fields: dict[str, str], moves: int) -> Played | None:
    """When the moves were played, as the file says, if it says so in full (a time for each move,
    each a number as written); the help and levels it names that read back with them."""
    started, times = fields.get("started", ""), fields.get("times", "").split()
    if not _SECONDS.fullmatch(started) or len(times) != moves or not all(map(_SECONDS.fullmatch, times)):
        return None
    names = [name for name in fields.get("help", "").split() if _NAME.fullmatch(name)]
    levels = tuple(name for name in fields.get("levels", "").split() if _NAME.fullmatch(name))
    return Played(float(started), tuple(map(float, times)), "coach" in names, frozenset(names) - {"coach"}, levels)


def _seating(fields: dict[str, str]) -> Seating | None:
    """The seating the file states, if it states one (its table '' where the file names none)."""
    if "players" not in fields:
        return None
    players = tuple(fields["players"].lower().split())
    marks = tuple(fields.get("marks", "X O").upper().split())
    if len(players) != 2:
        raise SaveFileError(f"players must be two of {', '.join(PLAYERS)}, not {fields['players'][:40]!r}")
    for player in players:
        if player not in PLAYERS:
            raise NotInstalled("kind of player", player, ", ".join(PLAYERS))
    if marks not in (("X", "O"), ("O", "X")):
        raise SaveFileError(f"marks must be 'X O' or 'O X', not {fields['marks'][:40]!r}")
    return Seating(fields.get("table", "").lower(), (players[0], players[1]), (marks[0], marks[1]))


class NotInstalled(SaveFileError):
    """A saved game of a game or kind of player not installed now (a plug-in's): kept, readable
    once it is back."""

    def __init__(self, what: str, name: str, there: str) -> None:
        super().__init__(f"unknown {what} {name!r} (a plug-in's, not installed now?): choose from {there}")
        self.name = name


def parse_game(text: str) -> SavedGame:
    """The game a saved-game text describes: the position, with its history, and the seating."""
    fields: dict[str, str] = {}
    line_of: dict[str, int] = {}
    headed = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        headed = headed or line.lower() == HEADER
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise SaveFileError(f"line {number} is not 'name: value': {line[:40]!r}")
        fields[key.strip().lower()] = value.strip()
        line_of[key.strip().lower()] = number
    missing = [key for key in ("version", "k", "board", "moves") if key not in fields]
    if missing and (headed or "version" in fields):  # it says it is one: say what it lacks
        named = " and ".join([", ".join(missing[:-1]), missing[-1]] if len(missing) > 1 else missing)
        raise SaveFileError(f"its {named} {'line is' if len(missing) == 1 else 'lines are'} missing")
    if missing:
        raise SaveFileError(f"not a tictactoe-tui saved game: no {', '.join(missing)}")
    if fields["version"] != VERSION:
        raise SaveFileError(f"saved-game version {fields['version']!r} is not supported (this reads {VERSION})")
    k = whole_number(fields["k"])
    if k is None:
        raise SaveFileError(f"k must be a whole number, not {fields['k'][:40]!r}")
    game = fields.get("game", DEFAULT_GAME)
    if game not in RULES and game == game.strip().lower():
        raise NotInstalled("game", game, ", ".join(RULES))
    try:
        final = Board.parse(fields["board"], k=k, game=game)
    except BoardError as error:
        raise SaveFileError(str(error)) from None
    board = _replayed(final, fields["moves"].split(), line_of["moves"])
    if board != final:
        raise SaveFileError(f"the moves lead to {board}, not to the saved board {final}")
    played = _played(fields, len(board.history or ()))
    return SavedGame(board, _seating(fields), online=fields.get("online"), played=played)


def _replayed(final: Board, names: list[str], line: int) -> Board:
    """The board the moves ``names`` (written on ``line``) reach from the empty board of
    ``final``'s game and shape; a move that cannot be played is named by its number and line."""
    board = Board.empty_of(GameShape.of(final))
    for number, name in enumerate(names, start=1):
        try:
            board = board.play(board.square(name))
        except BoardError as error:
            move = f"move {number} on line {line}" + ("" if name in str(error) else f" ({name[:12]})")
            raise SaveFileError(f"{move}: {error}") from None
    return board


def read_game(path: Path) -> SavedGame:
    """Read a saved game from a file; :class:`SaveFileError` with the reason if it is bad.

    Only regular files are read, and only up to :data:`MAX_BYTES` (:func:`.files.read_bounded`):
    a named pipe, a device or a directory is refused at once instead of blocking or reading forever.
    """
    try:
        data = read_bounded(path, MAX_BYTES)
    except NotAFile as error:
        raise SaveFileError(f"{path} is {error.kind}, not a saved game") from None
    except TooLarge:
        raise SaveFileError(f"{path} is larger than a saved game can be ({MAX_BYTES // 1024} KiB)") from None
    except OSError as error:
        raise SaveFileError(f"cannot read {path}: {_reason(error)}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(f"{path} is not a text file") from None
    try:
        return replace(parse_game(text), source=str(path))
    except NotInstalled:
        raise  # as it is: its reader keeps the game for when the plug-in is back
    except SaveFileError as error:
        raise SaveFileError(f"{path}: {error}") from None


def save(
    path: Path,
    board: Board,
    seating: Seating | None = None,
    *,
    new: bool = False,
    online: str | None = None,
    played: Played | None = None,
) -> None:
    """Write a saved game atomically (a failed write leaves the file as it was);
    :class:`SaveFileError` if it cannot be written. Only a regular file is replaced: a named
    pipe or a device is refused without waiting. ``new``: refuse a file that exists (never
    overwrite it)."""
    try:
        _check_regular(path, os.stat(path).st_mode)
        if new:
            raise SaveFileError(f"{path} already exists; choose another name")
    except FileNotFoundError:
        pass  # a new file
    except OSError as error:
        raise SaveFileError(f"cannot write {path}: {_reason(error)}") from None
    try:
        write_atomically(path, dump(board, seating, online, played).encode("utf-8"), new=new)
    except FileExistsError:
        raise SaveFileError(f"{path} already exists; choose another name") from None
    except OSError as error:
        raise SaveFileError(f"cannot write {path}: {_reason(error)}") from None


def _check_regular(path: Path, mode: int) -> None:
    kind = not_a_file(mode)
    if kind is not None:
        raise SaveFileError(f"{path} is {kind}, not a saved game")


def _reason(error: OSError) -> str:
    return error.strerror or str(error)

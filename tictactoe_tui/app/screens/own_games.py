"""Puzzles from the player's own finished games, without a review of each: the puzzles screen
has the games not mined yet judged in the background (a few a visit, small boards only, each
move exactly), and the positions where the player gave up a win or a draw become puzzles. The
archive remembers which games were mined, so each is judged once."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from textual.message import Message

from ...engine.puzzles import Puzzle, puzzles_from_review
from ...engine.review import Review

if TYPE_CHECKING:
    from ...store.archive import Archive
    from ...store.record import GameRecord
    from ..work.ai import Searcher
    from ..work.jobs import Job

#: Games judged a visit at most, newest first (the rest wait for the next visits).
MINE_PER_VISIT = 5
#: The largest boards mined, in squares: 3×3 and 4×4, where every position solves exactly at
#: once. Games on bigger boards are skipped (a review, ``v``, finds their mistakes).
MINE_SQUARES = 16
#: Seconds the solver has for each move of a mined game (a move it cannot solve is not judged).
MINE_SECONDS = 1.0


class Mined(Message):
    """The puzzles found in your mistakes in ``games`` (the mining job's answer); None with
    ``error`` when judging them failed."""

    def __init__(self, games: tuple[int, ...], puzzles: list[Puzzle] | None, error: Exception | None = None) -> None:
        super().__init__()
        self.games, self.puzzles, self.error = games, puzzles, error


def start_mining(job: Job[tuple[int, ...]], archive: Archive, searcher: Searcher) -> bool:
    """Have ``job`` judge the newest of your games not mined yet (up to :data:`MINE_PER_VISIT`);
    whether there were any. Raises ``ArchiveError`` when the archive cannot be read."""
    records = archive.unmined_games(MINE_PER_VISIT, MINE_SQUARES)
    if not records:
        return False
    games = tuple(record.id or 0 for record in records)
    job.start(games, lambda cancel: mine(games, records, searcher, cancel), partial(Mined, games, None))
    return True


def mine(
    games: tuple[int, ...], records: Sequence[GameRecord], searcher: Searcher, cancel: threading.Event
) -> Mined | None:
    """Judge every move of ``records`` (the games ``games``) exactly, through ``searcher``: the
    puzzles at the positions where you gave up a win or a draw (None: cancelled)."""
    found: list[Puzzle] = []
    for record in records:
        start = board = record.board(0)
        judged = []
        for move in record.moves:
            if cancel.is_set():
                return None
            judged.append(searcher.judge(board, move, MINE_SECONDS, cancel, verdict_only=True))
            board = board.play(move)
        seating = record.seating
        review = Review(start, tuple(judged))
        made = puzzles_from_review(review, f"game {record.id}", seating.keyboard, symbols=seating.symbols)
        found += [puzzle for puzzle in made if puzzle.yours]
    return Mined(games, found)


def none_of_yours(played: bool) -> str:
    """Why no puzzle comes from your games (``played``: you finished one): none finished, or
    none of your moves in those judged gave up a win or a draw."""
    if not played:
        return "none from your games yet: you have not finished a game"
    return "none from your games yet: no move of yours up to 4×4 gave up a win or a draw (v reviews bigger boards)"

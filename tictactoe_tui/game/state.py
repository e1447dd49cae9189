"""One game as an immutable value: the position (with its moves), who sits where, the times
and the help taken; and what the computer last did, for the status line."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..engine.board import Board, GameShape, Mark, Move
from ..table import Seating, Table, loaded_seating, mover, table_named
from ..words import counted
from .choices import TAKE_BACK, Settings

if TYPE_CHECKING:
    from ..engine import Decision


@dataclass(frozen=True)
class AiMove:
    """What the computer last did, for the status line."""

    mark: str
    move: Move
    seconds: float
    decision: Decision
    level: str
    """The computer's level that chose the move."""

    def describe(self, board: Board, with_outlook: bool = True) -> str:
        """E.g. ``O played b2 — draw with best play (0.3 ms)`` (a search) or ``O played c3 — …
        (from the opening book, 0.2 ms)``, the square named as ``board``'s game names it; the move and its
        time alone without ``with_outlook``. The time comes last: where the status has no room
        for all of it, it cuts what matters least (it cut "— draw with best play" after the time)."""
        decision = self.decision
        took = format_seconds(self.seconds)
        how = f"(from the opening book, {took})" if decision.from_book else f"({took})"
        played = f"{self.mark} played {board.name(self.move)}"
        if not with_outlook:
            return f"{played} {how}"
        if decision.value is not None:
            outlook = {0: "draw", 1: f"{self.mark} wins", -1: f"{self.mark} loses"}[decision.value]
            return f"{played} — {outlook} with best play {how}"
        if decision.estimate is not None:
            return f"{played} — {self.mark}'s chances {decision.estimate:.0%} {how}"
        return f"{played} {how}"


def format_seconds(seconds: float) -> str:
    """Milliseconds below a second, seconds above."""
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


@dataclass(frozen=True)
class GameState:
    """One game: the position (with its history) and who sits where."""

    board: Board
    seating: Seating
    """The kind of table, who sits at each side and the symbols they show (one record)."""
    number: int = 1
    """Counts games in this session; part of every AI job's tag."""
    last_ai: AiMove | None = None
    undone: tuple[Move, ...] = ()
    """The moves taken back and not yet redone, in the order they were played: the game's
    line goes on with them after the board's own moves (each move is kept once)."""
    started: float = 0.0
    """When the game began (Unix seconds)."""
    times: tuple[float, ...] = ()
    """Seconds from the start at which each move of :attr:`line` was played."""
    coached: bool = False
    """The coach was on at some point of this game (its table lets a coach speak)."""
    levels: tuple[str, ...] = ()
    """The computer's levels that chose its moves in this game, in the order each first did
    (more than one when the level was changed mid-game)."""
    aids: frozenset[str] = frozenset()
    """The help taken in this game that leaves it out of the player's rating (:data:`AIDS`;
    the coach is :attr:`coached`)."""

    @classmethod
    def seated(
        cls,
        board: Board,
        seating: Seating,
        number: int = 1,
        started: float = 0.0,
        times: tuple[float, ...] | None = None,
    ) -> GameState:
        """A game with ``seating``; ``board``'s history was played ``times`` seconds after
        ``started`` (None: all at the start)."""
        times = (0.0,) * len(board.history or ()) if times is None else times
        return cls(board, seating, number=number, started=started, times=times)

    @classmethod
    def resume(cls, settings: Settings, board: Board, number: int = 1, saved: Seating | None = None) -> GameState:
        """A loaded game (``board`` with its history): seated as ``saved`` says (who sat where, as
        a saved game records it) where its table allows, else at the table of the current mode.
        Its earlier moves count as played at the start."""
        seating = loaded_seating(settings.table, board, saved)
        return cls.seated(board, seating, number, time.time()).with_coach(settings.coach)

    @classmethod
    def start(cls, settings: Settings, rng: random.Random, number: int = 1) -> GameState:
        """A new game from the settings; coin flips and random marks use ``rng``."""
        seating = settings.table.seat(settings.first, settings.mark, rng)
        game = cls.seated(Board.empty_of(settings.preset), seating, number, time.time())
        return game.with_coach(settings.coach)

    def with_coach(self, on: bool) -> GameState:
        """This game, marked coached if the coach is ``on`` and its table lets a coach speak
        (a game coached at any point stays coached)."""
        if not on or self.coached or not self.table.coaches:
            return self
        return replace(self, coached=True)

    def settings_for(self, settings: Settings) -> tuple[Settings, str | None]:
        """``settings`` for this game (loaded, or played on from the archive): its game, shape
        and kind of table (one played through a match is not chosen again by loading it), and a
        computer player that plays it (as :meth:`.Settings.with_playable_level` says)."""
        mode = settings.mode if self.table.online else self.seating.table
        return replace(settings, preset=GameShape.of(self.board), mode=mode).with_playable_level()

    def pending_choices(self, settings: Settings) -> frozenset[str]:
        """The choices of ``settings`` that differ from this game, the game in play: they apply
        from the next game (your mark and who goes first where its table seats by them)."""
        now, next_table = self.table, settings.table
        pending = {"mode"} if next_table is not now else set()
        if settings.game != self.board.rules.name:
            pending.add("game")
        if settings.preset != GameShape.of(self.board):
            pending.add("preset")
        seated_by = now.chosen_by(self)
        for field in ("first", "mark"):
            values = seated_by.get(field)
            if field in next_table.uses and (values is None or getattr(settings, field) not in values):
                pending.add(field)
        return frozenset(pending)

    @property
    def table(self) -> Table:
        """The kind of table this game is played at: it decides everything about who plays."""
        return table_named(self.seating.table)

    @property
    def scored(self) -> bool:
        """Whether this game, once over, counts in the session's scores: not online (the match
        keeps its own), and not coached (a coached game stays out of the scores, as out of the
        statistics)."""
        return self.table.counts_results and not self.coached

    @property
    def rated(self) -> bool:
        """Whether this game, once over, may move the player's rating: against the computer,
        scored, and played without a take-back, a hint or the overlay (the archive decides
        whether its level and board have a rating)."""
        return self.table.rates and self.scored and not self.aids

    def with_aids(self, aids: frozenset[str]) -> GameState:
        """This game, having also taken the help ``aids`` (:data:`AIDS`)."""
        return self if aids <= self.aids else replace(self, aids=self.aids | aids)

    @property
    def joined(self) -> bool:
        """Every player has sat down (online: the friend has joined)."""
        return self.seating.mixed or not self.table.online

    def symbol(self, mark: Mark) -> str:
        """How a side's marks are shown: ``X`` or ``O``."""
        return self.seating.symbol(mark)

    @property
    def unfinished(self) -> bool:
        """Whether leaving the game now would leave it half played: it is not over and holds a
        move a person played, here or online (on the board, or undone and waiting for redo), or,
        where only the computer plays, any move: the computer's opening move alone is not such a
        move."""
        people = frozenset(mark for mark in Mark if not self.seating.of(mark).by_level) or frozenset(Mark)
        return not self.board.is_over and any(mover(ply) in people for ply in range(len(self.line)))

    @property
    def level_to_move(self) -> bool:
        """True when the game is on and the side to move plays at the computer's level."""
        return self.seating.level_to_move(self.board)

    @property
    def ply(self) -> int:
        """How many moves of :attr:`line` are on the board."""
        return self.board.move_count

    @property
    def line(self) -> tuple[Move, ...]:
        """Every move of the game: the board's, then those undone and not yet redone."""
        return (*(self.board.history or ()), *self.undone)

    def play(self, move: Move, ai: AiMove | None = None) -> GameState:
        """The state after the side to move plays ``move`` (``ai`` when the computer did).

        Moves that were undone are forgotten: the line now continues with ``move``. The
        computer's last move stays the news until it moves again, or another's move ends the game.
        """
        board = self.board.play(move)
        times = (*self.times[: self.ply], time.time() - self.started)
        last_ai = ai or (None if board.is_over else self.last_ai)
        levels = self.levels if ai is None or ai.level in self.levels else (*self.levels, ai.level)
        return replace(self, board=board, last_ai=last_ai, undone=(), times=times, levels=levels)

    def move_news(self) -> str:
        """The last move of a player not at this keyboard, for the status line ("" when there is
        none): the computer's, with its time and outlook (once the game is over, without the
        outlook its result has made a fact, "O wins with best play"); a friend's online."""
        if self.last_ai is not None:
            return self.last_ai.describe(self.board, with_outlook=not self.board.is_over)
        if not self.ply:
            return ""
        side = mover(self.ply - 1)
        player = self.seating.of(side)
        if player.at_keyboard or player.by_level:  # yours, or the computer's before an undo
            return ""
        return f"{self.symbol(side)} played {self.board.name(self.line[self.ply - 1])}"

    def at_ply(self, ply: int) -> GameState:
        """The same game shown after its first ``ply`` moves (undo, redo and time travel)."""
        line = self.line
        if not 0 <= ply <= len(line):
            raise ValueError(f"ply {ply} is outside this game's {counted(len(line), 'move')}")
        board = self.board.restart().play_all(line[:ply])
        aids = self.aids | {TAKE_BACK} if ply < self.ply else self.aids
        return replace(self, board=board, undone=line[ply:], last_ai=None, aids=aids)

    def with_line(self, line: tuple[Move, ...], times: tuple[float, ...]) -> GameState:
        """This game with the whole of ``line`` played at ``times`` (seconds from its start), its
        board showing the first :attr:`ply` of them as now (a record shown part of the way)."""
        if self.board.history is not None and line[: self.ply] != self.board.history:
            raise ValueError("the line does not begin with the board's moves")
        return replace(self, undone=line[self.ply :], times=times)

    def undo_target(self) -> int | None:
        """Where undo goes: one move back, or back to the previous turn of a player at this keyboard."""
        return self.table.undo_target(self, self.ply)

    def redo_target(self) -> int | None:
        """Where redo goes: one move on, or on to the next turn of a player at this keyboard."""
        return self.table.redo_target(self, self.ply, len(self.line))

    def jump_target(self, ply: int) -> int:
        """Where picking the position after ``ply`` moves in the history lands (a turn of a player
        at this keyboard, the computer's replies as it made them)."""
        return self.table.jump_target(self, ply, len(self.line))

    def move_list(self) -> list[str]:
        """The line as numbered moves, e.g. ``["1. X b2", "2. O a1", "3. X c3"]``: moves count
        single turns, as the review, the replay and puzzles count them."""
        names = []
        for ply, move in enumerate(self.line):
            mark = self.symbol(mover(ply))
            names.append(f"{ply + 1}. {mark} {self.board.name(move)}")
        return names

    def level_played(self, level: str) -> str:
        """The computer's level as the archive records this game: the one that chose its moves,
        ``easy+impossible`` when the level changed mid-game, ``level`` (the level set now) when
        the computer has not moved."""
        return "+".join(self.levels) or level

    def player_name(self, mark: Mark) -> str:
        """Who plays ``mark``, for the score line: ``You``, ``Computer``, ``Friend``, or the
        symbol shown when both sides are people at this keyboard or both the computer."""
        return self.table.player_name(self, mark)

    def outcome_for_stats(self) -> int:
        """A finished game's result for the statistics: yours against the computer or a friend
        online, else X's."""
        return self.table.outcome(self)

    def turn_text(self) -> str:
        """Whose turn it is, or the result, for the status line."""
        return self.table.turn_text(self)

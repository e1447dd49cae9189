"""A kind of table (:class:`Table`): who sits where in a new or a loaded game, what the status and
the score line say, and what the keyboard may do; each kind overrides what it decides otherwise."""

from __future__ import annotations

import random

from ..engine.board import Board, Mark
from .players import FirstPlayer, MarkChoice
from .seating import Seated, Seating

#: The player's choices that only some tables use (the sidebar shows the others as unused).
CHOICES = ("level", "think_seconds", "first", "mark", "coach")


class Table:
    """A kind of table: who sits where and what the game allows. Registered by its name, which
    the player chooses as the mode and which the archive and saved games record."""

    def __init__(self, name: str, short: str, players: tuple[str, str]) -> None:
        self.name = name
        self.short = short
        """In the archive's list: ``vs computer``."""
        self.players = players
        """Who sits at X and O (the computer's side may move: see :meth:`seat`)."""

    uses: frozenset[str] = frozenset()
    """The player's choices (of :data:`CHOICES`) this table uses."""
    unused_note = "not used here"
    """Why a choice the table does not use has no effect, as the sidebar says it."""
    online = False
    """Its games are played through an online match, which starts when the table is chosen
    (from the command line, or with n) and which the player hosts or joins."""
    hosts = False
    """This side hosts the match (it has a join code)."""
    coaches = False
    """A coach may say when a move played at this keyboard gives up a win or a draw, and hold
    the other side's reply until the player takes the move back or plays on (coached games are
    counted apart)."""
    counts_results = True
    """The session's score line counts its games (online, the match keeps the score)."""
    rates = False
    """Its games may move the player's rating (those scored and played without help: see
    ``GameState.rated``), and "match me" is matched to it here."""

    @property
    def label(self) -> str:
        """Its name as the sidebar and the palette offer it: ``You vs computer``."""
        return self.name[:1].upper() + self.name[1:]

    @property
    def results_yours(self) -> bool:
        """Results are told as yours (you play another kind of player), else as X's."""
        return self.players[0] != self.players[1]

    # -- who sits where --------------------------------------------------------------------

    def seat(self, first: FirstPlayer, mark: MarkChoice, rng: random.Random) -> Seating:
        """Who sits where in a new game (``first`` and ``mark``: the player's choices)."""
        return Seating(self.name, self.players)

    def resume(self, board: Board, saved: Seating | None) -> Seating:
        """Who sits where in a loaded game (``saved``: as the file says, if it says): as saved
        at a table like this one, else its players with the saved symbols."""
        if saved is not None and saved.table == self.name and saved.players == self.players:
            return saved
        return Seating(self.name, self.players, saved.marks if saved is not None else ("X", "O"))

    def news(self, game: Seated, first: FirstPlayer) -> str:
        """What the start of ``game`` decided that the player should hear (empty: nothing)."""
        return ""

    # -- what the status and the score line say --------------------------------------------

    def player_name(self, game: Seated, mark: Mark) -> str:
        """Who plays ``mark`` in the score line: ``You``, ``Computer``, ``Friend``, or the
        symbol when the same kind of player sits at both sides."""
        seating = game.seating
        return seating.of(mark).label if seating.mixed else game.symbol(mark)

    def score_order(self, game: Seated) -> tuple[Mark, Mark]:
        """The sides in the order the score line names their players, the same in every game
        at this table: the one played at this keyboard first against another kind of player
        (``You 0 · Computer 0``, whichever symbol you show), else the side showing X."""
        keyboard = game.seating.keyboard
        if game.seating.mixed and len(keyboard) == 1:
            [first] = keyboard
        else:
            first = next(mark for mark in Mark if game.symbol(mark) == "X")
        return first, first.other

    def turn_text(self, game: Seated) -> str:
        """Whose turn it is, or the result, for the status line."""
        board, seating = game.board, game.seating
        if board.winner is not None:
            winner = board.winner
            return seating.of(winner).wins if seating.mixed else f"{game.symbol(winner)} wins"
        if board.is_draw:
            return "Draw"
        mover = board.to_move
        if seating.mixed:
            return seating.of(mover).turn.format(mark=game.symbol(mover))
        return f"{game.symbol(mover)} to move"

    def outcome(self, game: Seated) -> int:
        """A finished game's result for the statistics: yours against another kind of player,
        else X's (+1 won, 0 drawn, -1 lost)."""
        winner = game.board.winner
        if winner is None:
            return 0
        if game.seating.mixed:
            return 1 if game.seating.of(winner).at_keyboard else -1
        return 1 if game.symbol(winner) == "X" else -1

    def shown_choices(self, game: Seated) -> dict[str, str]:
        """What the sidebar shows for "Your mark" and "Who goes first" when the table, not the
        player's settings, decides them (``mark``, ``first``; empty: the settings say)."""
        return {}

    def chosen_by(self, game: Seated) -> dict[str, frozenset[str]]:
        """For the choices (``first``, ``mark``) this table seats ``game`` by, the values that
        describe how it is seated (another value is the next game's, not this one's)."""
        return {}

    # -- what the keyboard may do ----------------------------------------------------------

    def refusal(self, game: Seated, *, paused: bool = False) -> str | None:
        """Why no key may play in ``game`` now, whoever is to move (None: ask the seat);
        ``paused``: the play is paused (see :meth:`watch_only`)."""
        return None

    def undo_refusal(self) -> str | None:
        """Why moves cannot be taken back at this table (None: they can)."""
        return None

    def watch_only(self, game: Seated) -> bool:
        """Nobody plays at this keyboard (the game may be paused)."""
        return not game.seating.keyboard

    def undo_target(self, game: Seated, ply: int) -> int | None:
        """Where undo goes from ``ply`` moves: back to the previous turn of a player at this
        keyboard (one move back when none plays here)."""
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply - 1 if ply else None
        return next((p for p in range(ply - 1, -1, -1) if mover(p) in keyboard), None)

    def redo_target(self, game: Seated, ply: int, end: int) -> int | None:
        """Where redo goes from ``ply`` of ``end`` moves: on to the next turn of a player at
        this keyboard, or to the end."""
        if ply == end:
            return None
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply + 1
        return next(p for p in range(ply + 1, end + 1) if mover(p) in keyboard or p == end)

    def jump_target(self, game: Seated, ply: int, end: int) -> int:
        """Where picking the position after ``ply`` of ``end`` moves in the history lands: there,
        or on along the line as played to the next turn of a player at this keyboard, so the
        computer's reply is the one it made (picked anew, it might differ without a word)."""
        keyboard = game.seating.keyboard
        if not keyboard:
            return ply
        return next((p for p in range(ply, end + 1) if mover(p) in keyboard), ply)


def mover(ply: int) -> Mark:
    """The side to move after ``ply`` moves (the engine's X moves first)."""
    return Mark.X if ply % 2 == 0 else Mark.O

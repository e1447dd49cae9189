"""The session's scores: each kind of table's tally of wins and draws, the one in play in front."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..table import VS_COMPUTER

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True)
class Scoreboard:
    """Results of this session's games at one kind of table (``table``, its name): you and the
    computer, you and your friend online, X and O when both sides play at one keyboard, or
    when both are the computer. The tallies of the other tables played at this session wait in
    ``elsewhere``, so the score line counts only the games of the table in play."""

    table: str = VS_COMPUTER.name
    wins: tuple[tuple[str, int], ...] = (("X", 0), ("O", 0))
    """Each player's wins, in the table's order (:meth:`~tictactoe_tui.table.Table.score_order`)."""
    draws: int = 0
    elsewhere: tuple[Scoreboard, ...] = ()

    @classmethod
    def for_game(cls, game: GameState) -> Scoreboard:
        """Zero scores at the table of ``game``, naming its players."""
        return cls(
            game.seating.table,
            tuple((game.player_name(mark), 0) for mark in game.table.score_order(game)),
        )

    def wins_of(self, player: str) -> int:
        """How many games ``player`` won at this table (0 if not at it)."""
        return dict(self.wins).get(player, 0)

    def facing(self, game: GameState) -> Scoreboard:
        """These scores with the tally of the table ``game`` is played at in front: its tally
        so far, or zero."""
        table = game.seating.table
        if table == self.table:
            return self
        tallies = (replace(self, elsewhere=()), *self.elsewhere)
        front = next((tally for tally in tallies if tally.table == table), None) or Scoreboard.for_game(game)
        return replace(front, elsewhere=tuple(tally for tally in tallies if tally.table != table))

    def count(self, game: GameState) -> Scoreboard:
        """These scores with a finished game added to its table's tally, which comes to the front."""
        front = self.facing(game)
        winner = game.board.winner
        if winner is None:
            return replace(front, draws=front.draws + 1)
        who = game.player_name(winner)
        return replace(front, wins=tuple((name, wins + (name == who)) for name, wins in front.wins))

    def __str__(self) -> str:
        return " · ".join([*(f"{who} {count}" for who, count in self.wins), f"draws {self.draws}"])

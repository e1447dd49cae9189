"""Who plays: the kinds of table a game is played at, and the players who sit at it.

Everything that depends on who plays is decided here, and nowhere else: who sits at each side
when a game starts or is loaded, what each player is called, whose turn the status names, how
far undo goes, whether a game counts for you, whether a key may play now. A game session
(:class:`~tictactoe_tui.game.GameState`) names its table; its methods ask the table.

One record of who sits where (:class:`Seating`: the kind of table, the player at each side and
the symbols they show), held by the session and stored as it is by saved games, the archive and
the online match, in one vocabulary of players: ``you`` (a person at this keyboard),
``computer`` (the engine) and ``friend`` (a person on another machine), or any kind of player
registered beside them.

The kinds of table are one registry (:data:`TABLES`), read by the sidebar, the palette, the
settings file and the archive; a new kind of table is a :class:`Table` passed to
:func:`register_table` and a new kind of player a :class:`Player` in :data:`PLAYERS` (both
can be taken out again: :meth:`~tictactoe_tui.registry.Registry.unregister`).
"""

from .base import CHOICES, Table, mover
from .kinds import (
    COMPUTERS,
    ONLINE_HOST,
    ONLINE_JOIN,
    TABLES,
    TWO_PLAYERS,
    VS_COMPUTER,
    ComputerVsComputer,
    Online,
    TwoPlayers,
    VsComputer,
    loaded_seating,
    register_table,
    table_named,
)
from .players import COMPUTER, FRIEND, PLAYERS, YOU, FirstPlayer, MarkChoice, Player, player_named
from .seating import Seated, Seating, marks_shown

__all__ = [
    "CHOICES",
    "COMPUTER",
    "COMPUTERS",
    "FRIEND",
    "ONLINE_HOST",
    "ONLINE_JOIN",
    "PLAYERS",
    "TABLES",
    "TWO_PLAYERS",
    "VS_COMPUTER",
    "YOU",
    "ComputerVsComputer",
    "FirstPlayer",
    "MarkChoice",
    "Online",
    "Player",
    "Seated",
    "Seating",
    "Table",
    "TwoPlayers",
    "VsComputer",
    "loaded_seating",
    "marks_shown",
    "mover",
    "player_named",
    "register_table",
    "table_named",
]

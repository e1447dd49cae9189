"""What a change of the player's choices does to the game in play: the level, the computer's
time, the number keys and the coordinates apply at once, the others from the next game (and
the notice that says which). Decided here; the game screen applies it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...game import GameState, Settings
from ..widgets.status import Cause, Notice


@dataclass(frozen=True)
class Change:
    """What choosing ``value`` for a setting comes to: the settings from now on, what the status
    says (None: the game's own news again), and whether the seat to move starts its turn again
    (a new level plays the very next move)."""

    settings: Settings
    notice: Notice | None
    retake_turn: bool = False


def change(settings: Settings, game: GameState, field: str, value: Any) -> Change | None:
    """What choosing ``value`` for ``field`` does while ``game`` is played (None: nothing, it is
    the value already chosen). The coach is the screen's to switch (:mod:`.coach`)."""
    if getattr(settings, field) == value:
        return None
    # the game comes with its board: the same size where it has one
    chosen = settings.with_game(value) if field == "game" else replace(settings, **{field: value})
    if field == "coordinates":
        return Change(chosen, Notice("Coordinates shown" if value else "Coordinates hidden", Cause.ANSWER))
    if field == "level":
        return Change(chosen, Notice(f"Computer level: {value}", Cause.ANSWER), retake_turn=True)
    chosen, switched = chosen.with_playable_level()
    if switched:
        return Change(chosen, Notice(f"{switched} (n: start)", Cause.ANSWER))
    if field in game.pending_choices(chosen):
        if game.table.online and chosen.table is game.table:  # n asks the match for a rematch, as it was
            return Change(chosen, Notice("Applies once you leave this online match", Cause.ANSWER))
        return Change(chosen, Notice("Applies from the next game: press n to start it now", Cause.ANSWER))
    return Change(chosen, None)  # a choice back to the game in play's, or one that applies at once

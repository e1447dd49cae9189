"""Reviews as the archive keeps them: one per game, as the review serialized it, tagged with
its format so a review kept in another format is not used (and deleted with its game)."""

from __future__ import annotations

import sqlite3


def keep(connection: sqlite3.Connection, game_id: int, review: str, tag: str) -> None:
    """Keep ``review`` for game ``game_id`` in place of any kept before (not for a game the
    archive does not hold)."""
    connection.execute(
        "INSERT OR REPLACE INTO reviews (game_id, format, review) SELECT ?, ?, ? WHERE EXISTS"
        " (SELECT 1 FROM games WHERE id = ?)",
        (game_id, tag, review, game_id),
    )


def kept(connection: sqlite3.Connection, game_id: int, tag: str) -> str | None:
    """Game ``game_id``'s kept review if it is in format ``tag``, else None."""
    row = connection.execute("SELECT review FROM reviews WHERE game_id = ? AND format = ?", (game_id, tag)).fetchone()
    return None if row is None else str(row[0])

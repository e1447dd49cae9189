"""The archive's schema, one step a version (:data:`MIGRATIONS`), as the database applies them
when it opens a file of an older version. Pure Python, no Textual.
"""

from __future__ import annotations

#: The schema, one step per version: ``MIGRATIONS[v]`` upgrades a database at version ``v``.
#: ``PRAGMA user_version`` holds the version; never edit a step once released, add one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        variant     TEXT    NOT NULL,
        rows        INTEGER NOT NULL,
        cols        INTEGER NOT NULL,
        k           INTEGER NOT NULL,
        mode        TEXT    NOT NULL,
        level       TEXT    NOT NULL,   -- the computer's level at the end ('' between people)
        x_player    TEXT    NOT NULL,   -- who moved first: 'you', 'friend' or a level
        o_player    TEXT    NOT NULL,
        x_symbol    TEXT    NOT NULL,   -- 'X', or 'O' when the first player's marks showed as O
        moves       TEXT    NOT NULL,   -- 'b2 a1 c3', from the empty board
        times       TEXT    NOT NULL,   -- JSON list: seconds from the start of each move
        winner      TEXT,               -- 'x', 'o' or NULL for a draw
        outcome     INTEGER NOT NULL,   -- +1 won, 0 drawn, -1 lost: yours vs the computer, else X's
        streak      INTEGER NOT NULL,   -- wins in a row of its mode, level and board, up to this game
        started_at  REAL    NOT NULL,   -- Unix seconds
        ended_at    REAL    NOT NULL,
        app_version TEXT    NOT NULL
    );
    CREATE INDEX games_by_kind ON games (mode, level, variant, rows, cols, k);
    CREATE INDEX games_by_result ON games (mode, level, variant, rows, cols, k, outcome, streak);
    CREATE TABLE legacy_stats (
        key         TEXT PRIMARY KEY,   -- 'mode · level', as stats.json had it
        won         INTEGER NOT NULL,
        drawn       INTEGER NOT NULL,
        lost        INTEGER NOT NULL,
        streak      INTEGER NOT NULL,
        best_streak INTEGER NOT NULL
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    """
    CREATE TABLE puzzles (
        id          INTEGER PRIMARY KEY,
        variant     TEXT    NOT NULL,
        rows        INTEGER NOT NULL,
        cols        INTEGER NOT NULL,
        k           INTEGER NOT NULL,
        moves       TEXT    NOT NULL,   -- the position, as moves from the empty board: 'b2 a1'
        kind        TEXT    NOT NULL,   -- 'win' (keep the win) or 'hold' (keep the draw)
        plies       INTEGER NOT NULL,   -- to the fastest win (win), or to the end (hold)
        keeping     TEXT    NOT NULL,   -- every move that solves it: 'c3 a3'
        source      TEXT    NOT NULL,   -- 'game 12, move 5' or 'solver'
        yours       INTEGER NOT NULL,   -- 1: from a mistake of yours
        solved      INTEGER NOT NULL DEFAULT 0,
        failed      INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        UNIQUE (variant, rows, cols, k, moves)
    );
    """,
    # Games numbered with AUTOINCREMENT: a deleted game's number is never given again (an
    # INTEGER PRIMARY KEY alone reuses the highest one). Every game keeps its number.
    """
    CREATE TABLE games_numbered (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        variant     TEXT    NOT NULL,
        rows        INTEGER NOT NULL,
        cols        INTEGER NOT NULL,
        k           INTEGER NOT NULL,
        mode        TEXT    NOT NULL,
        level       TEXT    NOT NULL,
        x_player    TEXT    NOT NULL,
        o_player    TEXT    NOT NULL,
        x_symbol    TEXT    NOT NULL,
        moves       TEXT    NOT NULL,
        times       TEXT    NOT NULL,
        winner      TEXT,
        outcome     INTEGER NOT NULL,
        streak      INTEGER NOT NULL,
        started_at  REAL    NOT NULL,
        ended_at    REAL    NOT NULL,
        app_version TEXT    NOT NULL
    );
    INSERT INTO games_numbered SELECT * FROM games;
    DROP TABLE games;
    ALTER TABLE games_numbered RENAME TO games;
    CREATE INDEX games_by_kind ON games (mode, level, variant, rows, cols, k);
    CREATE INDEX games_by_result ON games (mode, level, variant, rows, cols, k, outcome, streak);
    """,
    # Coached games (the coach told of each mistake at once) have streaks and counts of their
    # own, so the statistics' scores stay honest; a kept review per game, tagged with its format.
    """
    ALTER TABLE games ADD COLUMN coached INTEGER NOT NULL DEFAULT 0;
    DROP INDEX games_by_kind;
    DROP INDEX games_by_result;
    CREATE INDEX games_by_kind ON games (mode, level, variant, rows, cols, k, coached);
    CREATE INDEX games_by_result ON games (mode, level, variant, rows, cols, k, coached, outcome, streak);
    CREATE TABLE reviews (
        game_id     INTEGER PRIMARY KEY,    -- deleted with its game
        format      TEXT    NOT NULL,       -- a review kept in another format is not used
        review      TEXT    NOT NULL        -- as the review serialized it
    );
    """,
    # A puzzle from a game whose first player showed O (swapped = 1) is shown with the symbols played.
    """
    ALTER TABLE puzzles ADD COLUMN swapped INTEGER NOT NULL DEFAULT 0;
    """,
    # Who sat where, as the game's seating record says it: the computer's side is 'computer'
    # (its level stays in the level column), and two people at one keyboard are both 'you'.
    # Games kept before read back as they were.
    """
    UPDATE games SET x_player = 'computer' WHERE x_player NOT IN ('you', 'friend');
    UPDATE games SET o_player = 'computer' WHERE o_player NOT IN ('you', 'friend');
    UPDATE games SET o_player = 'you' WHERE mode = 'two players';
    """,
    # The player's rating: the help a game took that leaves it unrated (aids: a take-back, a hint,
    # the overlay; the coach has its column), the blend of levels "match-me" played (played_as:
    # its level column says 'match-me'), and each rated game's step, before and after: the level
    # or blend, its calibrated rating (opponent), the score (1, 0.5, 0). The ratings are derived
    # from the games, rebuilt whenever they do not match them (store/ratings.py). No comments
    # inside the SQL: SQLite keeps a table's text in the schema, which fits on the first pages.
    """
    ALTER TABLE games ADD COLUMN aids TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN played_as TEXT NOT NULL DEFAULT '';
    CREATE TABLE ratings (
        game_id INTEGER PRIMARY KEY, variant TEXT NOT NULL, rows INTEGER NOT NULL, cols INTEGER NOT NULL,
        k INTEGER NOT NULL, level TEXT NOT NULL, opponent REAL NOT NULL, score REAL NOT NULL,
        ended_at REAL NOT NULL, rating_before REAL NOT NULL, deviation_before REAL NOT NULL,
        volatility_before REAL NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL
    );
    CREATE INDEX ratings_by_board ON ratings (variant, rows, cols, k, game_id);
    """,
    # The games whose positions were judged for puzzles (the puzzles screen mines each once).
    # Older archives start with none: their games are mined on the next visits.
    """
    CREATE TABLE mined (game_id INTEGER PRIMARY KEY);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

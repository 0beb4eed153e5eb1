-- Puzzles (issue 34): the puzzles made from a server's own games, every attempt at a puzzle, the players'
-- and the puzzles' Glicko-2 ratings, and the daily puzzle. A puzzle is named by its ref: a shipped
-- puzzle's engine id ("minigam:0123abcd4567"), or "server:<server_puzzle_id>" for one of the rows below.

-- The positions behind the worst decisions of a server's analysed games, with every answer valued
-- (the engine's puzzle JSON), made in the background once the game's analysis is stored. user_id made
-- the decision (its puzzles serve their /minigam train; shown to others without names).
CREATE TABLE server_puzzles (
    server_puzzle_id  INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER NOT NULL,
    game_id           INTEGER NOT NULL REFERENCES games (game_id),
    user_id           INTEGER NOT NULL,
    family            TEXT    NOT NULL,
    puzzle_id         TEXT    NOT NULL,   -- the engine's id of the decision (the same position, the same id)
    puzzle            TEXT    NOT NULL,   -- the engine's puzzle JSON
    played            TEXT    NOT NULL,   -- what the player chose in the game
    loss              REAL    NOT NULL,   -- what that lost, in the family's unit
    created_at        REAL    NOT NULL,
    UNIQUE (guild_id, user_id, puzzle_id)
);
CREATE INDEX server_puzzles_family ON server_puzzles (guild_id, family);

-- The analysed games already looked at for puzzles (a row claims the game: looked at once).
CREATE TABLE puzzle_harvests (
    game_id     INTEGER PRIMARY KEY REFERENCES games (game_id),
    done_at     REAL    NOT NULL
);

-- Every puzzle served: open until answered (answered_at), then graded. mode: 'solve' (/minigam puzzle
-- solve), 'daily' (the daily puzzle of day), 'train' (/minigam train: unrated).
CREATE TABLE puzzle_attempts (
    attempt_id   INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    family       TEXT    NOT NULL,
    puzzle_ref   TEXT    NOT NULL,
    mode         TEXT    NOT NULL CHECK (mode IN ('solve', 'daily', 'train')),
    day          TEXT,
    served_at    REAL    NOT NULL,
    answered_at  REAL,
    answer       TEXT,
    loss         REAL,
    word         TEXT,
    solved       INTEGER
);
CREATE INDEX puzzle_attempts_player ON puzzle_attempts (guild_id, user_id, attempt_id);
CREATE UNIQUE INDEX puzzle_attempts_one_daily ON puzzle_attempts (guild_id, user_id, day) WHERE mode = 'daily';

-- A player's puzzle rating per server and family (Glicko-2), with their streaks.
CREATE TABLE puzzle_players (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    family       TEXT    NOT NULL,
    rating       REAL    NOT NULL,
    deviation    REAL    NOT NULL,
    volatility   REAL    NOT NULL,
    attempts     INTEGER NOT NULL,
    solved       INTEGER NOT NULL,
    streak       INTEGER NOT NULL,
    best_streak  INTEGER NOT NULL,
    updated_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, family)
);
CREATE INDEX puzzle_players_board ON puzzle_players (guild_id, family, rating);

-- Each puzzle's rating (Glicko-2), moved by every rated attempt in any server.
CREATE TABLE puzzle_ratings (
    puzzle_ref   TEXT    PRIMARY KEY,
    family       TEXT    NOT NULL,
    rating       REAL    NOT NULL,
    deviation    REAL    NOT NULL,
    volatility   REAL    NOT NULL,
    attempts     INTEGER NOT NULL,
    solved       INTEGER NOT NULL
);
CREATE INDEX puzzle_ratings_family ON puzzle_ratings (family);

-- The daily puzzle of a server: one row a day (its key claims the day: never posted twice), and when
-- the next day's post told how it went.
CREATE TABLE daily_puzzles (
    guild_id           INTEGER NOT NULL,
    day                TEXT    NOT NULL,   -- YYYY-MM-DD, UTC
    puzzle_ref         TEXT    NOT NULL,
    channel_id         INTEGER NOT NULL,
    posted_at          REAL    NOT NULL,
    summary_posted_at  REAL,
    PRIMARY KEY (guild_id, day)
);

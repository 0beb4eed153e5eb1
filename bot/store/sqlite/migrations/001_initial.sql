-- Minigam's first schema. Times are epoch seconds (REAL); JSON columns hold the engine's own JSON.

CREATE TABLE guilds (
    guild_id    INTEGER PRIMARY KEY,        -- Discord server id; 0 is the local console
    name        TEXT    NOT NULL DEFAULT '',
    first_seen  REAL    NOT NULL
);

CREATE TABLE players (
    user_id       INTEGER PRIMARY KEY,      -- Discord user id; 0 is the computer player
    display_name  TEXT    NOT NULL,
    is_bot        INTEGER NOT NULL DEFAULT 0,
    updated_at    REAL    NOT NULL
);

CREATE TABLE matches (
    match_id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id        INTEGER NOT NULL,
    variant           TEXT    NOT NULL,
    target            INTEGER NOT NULL,     -- match length in points (0: a single money game)
    rated             INTEGER NOT NULL,
    computer_level    TEXT,                 -- NULL: people only
    status            TEXT    NOT NULL CHECK (status IN ('active', 'finished', 'cancelled')),
    seats             TEXT    NOT NULL,     -- JSON list of {"user_id", "name", "level"}, seat = engine player
    state             TEXT    NOT NULL,     -- JSON {"match": engine Match, "game": engine Game}
    version           INTEGER NOT NULL,     -- bumped on every accepted action; buttons carry it
    current_game_id   INTEGER,
    turn_started_at   REAL    NOT NULL,
    reminded          INTEGER NOT NULL DEFAULT 0,
    board_message_id  INTEGER,
    winner_seat       INTEGER,
    created_at        REAL    NOT NULL,
    finished_at       REAL
);
CREATE UNIQUE INDEX matches_one_active_per_channel ON matches (channel_id) WHERE status = 'active';
CREATE INDEX matches_by_guild ON matches (guild_id, status);

CREATE TABLE match_players (
    match_id  INTEGER NOT NULL REFERENCES matches (match_id),
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL REFERENCES players (user_id),
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_by_user ON match_players (user_id);

CREATE TABLE games (
    game_id      INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id     INTEGER NOT NULL REFERENCES matches (match_id),
    number       INTEGER NOT NULL,          -- 1, 2, ... within its match
    variant      TEXT    NOT NULL,
    context      TEXT    NOT NULL,          -- JSON {"target", "score", "crawford"} when the game started
    started_at   REAL    NOT NULL,
    finished_at  REAL,
    outcome      TEXT,                      -- JSON engine Outcome
    UNIQUE (match_id, number)
);

-- Every event of every game, the opening rolls and rolls included: engine.game.replay rebuilds the game.
CREATE TABLE plays (
    game_id     INTEGER NOT NULL REFERENCES games (game_id),
    seq         INTEGER NOT NULL,           -- 0, 1, ... the event's index in Game.events
    kind        TEXT    NOT NULL,
    player      INTEGER NOT NULL,
    dice        TEXT    NOT NULL DEFAULT '[]',  -- JSON list of dice
    moves       TEXT    NOT NULL DEFAULT '[]',  -- JSON list of single moves in notation
    value       INTEGER NOT NULL DEFAULT 0,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE challenges (
    challenge_id   INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id     INTEGER NOT NULL,
    challenger_id  INTEGER NOT NULL REFERENCES players (user_id),
    opponent_id    INTEGER NOT NULL REFERENCES players (user_id),
    variant        TEXT    NOT NULL,
    points         INTEGER NOT NULL,
    rated          INTEGER NOT NULL,
    status         TEXT    NOT NULL
                   CHECK (status IN ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
    created_at     REAL    NOT NULL,
    expires_at     REAL    NOT NULL,
    message_id     INTEGER,
    match_id       INTEGER REFERENCES matches (match_id)
);
CREATE INDEX challenges_pending ON challenges (status, expires_at);

CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    variant     TEXT    NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES players (user_id),
    rating      REAL    NOT NULL,
    experience  INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, variant, user_id)
);

CREATE TABLE rating_history (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    variant     TEXT    NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES players (user_id),
    match_id    INTEGER NOT NULL REFERENCES matches (match_id),
    old_rating  REAL    NOT NULL,
    new_rating  REAL    NOT NULL,
    created_at  REAL    NOT NULL
);

CREATE TABLE meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);

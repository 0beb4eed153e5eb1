-- Multigam: lobbies that gather four players, seats the computer takes over, and four-player ratings.

-- A person's seat that the computer took over (timed out, or left): the level it plays at, and how many
-- plays the person made before. The seat keeps its user_id, so the place it reaches counts for them;
-- level stays NULL (it was a person's seat), so the records still count it as theirs.
ALTER TABLE match_players ADD COLUMN replaced_level TEXT;
ALTER TABLE match_players ADD COLUMN replaced_plays INTEGER;

CREATE TABLE lobbies (
    lobby_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id  INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    level       TEXT    NOT NULL,          -- the computer's level for the empty seats and for replacements
    status      TEXT    NOT NULL CHECK (status IN ('open', 'started', 'closed', 'expired')),
    version     INTEGER NOT NULL,          -- bumped on every change; the lobby's buttons carry it
    created_at  REAL    NOT NULL,
    expires_at  REAL    NOT NULL,
    message_id  INTEGER,
    match_id    INTEGER REFERENCES matches (match_id)
);
CREATE UNIQUE INDEX lobbies_one_open_per_channel ON lobbies (channel_id) WHERE status = 'open';
CREATE INDEX lobbies_by_status ON lobbies (status, expires_at);
CREATE INDEX lobbies_by_match ON lobbies (match_id);

-- The people in a lobby, in the order they joined (the first is the host).
CREATE TABLE lobby_members (
    lobby_id  INTEGER NOT NULL REFERENCES lobbies (lobby_id),
    user_id   INTEGER NOT NULL REFERENCES players (user_id),
    joined    INTEGER NOT NULL,            -- 1, 2, ... in join order
    PRIMARY KEY (lobby_id, user_id)
);

-- Four-player ratings (OpenSkill, Weng-Lin Plackett-Luce), per server and variant, apart from the
-- two-player ratings. Computer seats take part at a fixed rating and are never stored.
CREATE TABLE placing_ratings (
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    variant     TEXT    NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES players (user_id),
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,          -- first places
    place_sum   INTEGER NOT NULL,          -- 1 + 2 + ...: the average place is place_sum / games
    points      INTEGER NOT NULL,          -- placing points (5/3/2/1)
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, variant, user_id)
);

CREATE TABLE placing_rating_history (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    variant     TEXT    NOT NULL,
    user_id     INTEGER NOT NULL REFERENCES players (user_id),
    match_id    INTEGER NOT NULL REFERENCES matches (match_id),
    place       INTEGER NOT NULL,
    old_mu      REAL    NOT NULL,
    old_sigma   REAL    NOT NULL,
    new_mu      REAL    NOT NULL,
    new_sigma   REAL    NOT NULL,
    created_at  REAL    NOT NULL
);
CREATE INDEX placing_rating_history_by_user ON placing_rating_history (guild_id, user_id, created_at);

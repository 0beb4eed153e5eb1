-- Tournaments in a server (issue 32): knockout, Swiss and round robin, run by the bot from sign-up to
-- champion. A tournament belongs to its server (the shards split by guild_id) and to the channel it was
-- created in: its sign-up message is there, its matches are played in threads under it.
CREATE TABLE tournaments (
    tournament_id   INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id      INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    variant         TEXT    NOT NULL,
    points          INTEGER NOT NULL,          -- the length of every match
    format          TEXT    NOT NULL CHECK (format IN ('knockout', 'swiss', 'round-robin')),
    max_players     INTEGER NOT NULL,
    rounds          INTEGER NOT NULL,          -- Swiss: as asked (0: the default at the start); else at the start
    clock           TEXT    NOT NULL DEFAULT 'none',
    status          TEXT    NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    version         INTEGER NOT NULL,          -- bumped on every change; the sign-up buttons carry it
    organiser_id    INTEGER NOT NULL REFERENCES players (user_id),
    created_at      REAL    NOT NULL,
    starts_at       REAL,                      -- starts by itself then (NULL: when the organiser presses Start)
    round           INTEGER NOT NULL DEFAULT 0, -- the round in play (0: not started)
    message_id      INTEGER,                   -- the sign-up message, kept current
    champion_id     INTEGER,
    finished_at     REAL,
    note            TEXT    NOT NULL DEFAULT '' -- why it was cancelled
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
CREATE INDEX tournaments_by_status ON tournaments (status);

-- The players signed up, with the rating they had in the variant when they joined, then their seed.
CREATE TABLE tournament_entrants (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    user_id        INTEGER NOT NULL REFERENCES players (user_id),
    joined         INTEGER NOT NULL,           -- 1, 2, ... in join order (breaks rating ties when seeding)
    rating         REAL    NOT NULL,
    seed           INTEGER,                    -- 1 = top seed, set at the start
    removed        BOOLEAN NOT NULL DEFAULT 0, -- removed by the organiser: their matches left are forfeited
    PRIMARY KEY (tournament_id, user_id)
);

-- The pairings, round by round: b NULL is a bye for a; match_id the match that plays it (from the
-- round's deadline on, the player to move forfeits it: deadline); winner_id once decided
-- (by the match, the deadline, the organiser's award, a bye or a removed player's walkover).
CREATE TABLE tournament_pairings (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    round          INTEGER NOT NULL,
    slot           INTEGER NOT NULL,
    a_id           INTEGER NOT NULL,
    b_id           INTEGER,
    match_id       INTEGER REFERENCES matches (match_id),
    winner_id      INTEGER,
    a_points       INTEGER NOT NULL DEFAULT 0,
    b_points       INTEGER NOT NULL DEFAULT 0,
    how            TEXT    NOT NULL DEFAULT '',
    deadline       REAL, -- its match started: not over by then, the player to move forfeits
    PRIMARY KEY (tournament_id, round, slot)
);
CREATE UNIQUE INDEX tournament_pairings_by_match ON tournament_pairings (match_id);

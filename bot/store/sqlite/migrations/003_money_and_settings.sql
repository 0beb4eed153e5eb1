-- Per-server settings as keys and values: a setting a server never changed is not stored (its default
-- holds), and a new setting needs no new column.
CREATE TABLE guild_settings (
    guild_id  INTEGER NOT NULL REFERENCES guilds (guild_id),
    key       TEXT    NOT NULL,
    value     TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);

-- Money play (matches.target = 0) is scored from the games' outcomes, apart from the match ratings.
CREATE INDEX matches_money ON matches (guild_id, variant) WHERE target = 0;

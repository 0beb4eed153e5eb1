-- A person's own preferences (/minigam prefs), kept per person across servers: what the bot does for them
-- at once (roll, play a forced play, bear off). Only the choices a person changed are stored, by name;
-- the others are the defaults the core states (bot.core.prefs). No reference to players: a person may
-- set them before they ever play.
CREATE TABLE player_prefs (
    user_id  INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
);

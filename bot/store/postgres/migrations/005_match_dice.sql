-- The secret seed behind a match's dice (issue 33: dice anyone can verify), 64 hex digits, one row per match
-- started since. Kept apart from ``matches`` so that nothing reading a match reads its seed: only the dice
-- source (bot.core.match_dice) reads it, and it is shown only once the match is over. (SQLite: migration 010.)
CREATE TABLE match_dice (
    match_id  BIGINT PRIMARY KEY REFERENCES matches (match_id),
    seed      TEXT   NOT NULL CHECK (length(seed) = 64)
);

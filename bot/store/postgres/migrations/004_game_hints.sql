-- Hints asked for: one row per game and person who asked /minigam hint during it (the first time). A game
-- with a hint is kept apart from the money leaderboard, which counts games between people on their own.
-- (SQLite: migration 009.)
CREATE TABLE game_hints (
    game_id   BIGINT           NOT NULL REFERENCES games (game_id),
    user_id   BIGINT           NOT NULL,
    first_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

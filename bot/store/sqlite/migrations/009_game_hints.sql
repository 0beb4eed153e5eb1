-- Hints asked for: one row per game and person who asked /minigam hint during it (the first time). A game
-- with a hint is kept apart from the money leaderboard, which counts games between people on their own.
CREATE TABLE game_hints (
    game_id   INTEGER NOT NULL REFERENCES games (game_id),
    user_id   INTEGER NOT NULL,
    first_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Post-game analyses: computed once per finished game (engine.analysis, in a worker process) and kept,
-- so asking again is instant. A row whose format is not the engine's current one is computed again and
-- replaced.
CREATE TABLE analyses (
    game_id     INTEGER PRIMARY KEY REFERENCES games (game_id),
    format      INTEGER NOT NULL,          -- the engine's analysis format (engine.analysis.model.FORMAT_VERSION)
    source      TEXT    NOT NULL,          -- where the numbers come from ("gnubg 2-ply", ...)
    analysis    TEXT    NOT NULL,          -- JSON engine GameAnalysis.to_json()
    seconds     REAL    NOT NULL,          -- how long the analysis took in its worker
    created_at  REAL    NOT NULL
);

-- The last finished game of a channel (/minigam analyse without a game number).
CREATE INDEX matches_by_channel ON matches (channel_id, match_id);

-- Analyses through the database: asking for a game's analysis that is not stored makes a job row, and
-- the analysis workers of any process take the oldest open job under a lease (leased_until), renewed
-- while they work. A job whose lease ran out (its process died) is taken again; every take counts an
-- attempt, and a job that failed too often is given up (status 'failed', with its error). A job is done
-- in the transaction that stores its analysis. Done and failed jobs stay, as their game's history.
CREATE TABLE analysis_jobs (
    job_id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER NOT NULL REFERENCES games (game_id),
    status        TEXT    NOT NULL CHECK (status IN ('pending', 'running', 'done', 'failed')),
    requested_at  REAL    NOT NULL,
    leased_by     TEXT,                      -- the worker (host, process, instance) that took it last
    leased_until  REAL,                      -- while running: another worker may take it after this
    attempts      INTEGER NOT NULL DEFAULT 0,  -- how many times a worker took it
    error         TEXT                       -- why the last attempt failed
);

-- One open job per game: a second request joins the first.
CREATE UNIQUE INDEX analysis_jobs_one_open ON analysis_jobs (game_id) WHERE status IN ('pending', 'running');
-- The queue: the open jobs, oldest first.
CREATE INDEX analysis_jobs_queue ON analysis_jobs (requested_at, job_id) WHERE status IN ('pending', 'running');

-- Reserved for tournaments (issue 32); filled in by the work on it. (SQLite: migration 013.)
SELECT 1;

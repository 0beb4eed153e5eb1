-- Reserved for puzzles, attempts and puzzle ratings (issue 34); filled in by the work on it. (SQLite: migration 012.)
SELECT 1;

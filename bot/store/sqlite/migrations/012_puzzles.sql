-- Reserved for puzzles, attempts and puzzle ratings (issue 34); filled in by the work on it.
SELECT 1;

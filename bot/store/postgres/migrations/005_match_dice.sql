-- Reserved for the seed behind a match's dice (issue 33: dice anyone can verify); filled in by the work on it. (SQLite: migration 010.)
SELECT 1;

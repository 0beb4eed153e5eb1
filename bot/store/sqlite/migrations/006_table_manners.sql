-- Table manners: a thread per match, quiet boards, rematches.

-- Where a match was started from (the command's or the challenge's channel). A match played in a thread
-- the bot opened for it has channel_id = that thread and home_channel_id = the thread's parent; a match
-- played where it was started (no threads there, or already in a thread) has both the same. NULL: stored
-- before this migration (played where it was started).
-- A channel or thread still holds one match in play at a time (matches_one_active_per_channel): a
-- channel hosts any number of matches through their threads.
ALTER TABLE matches ADD COLUMN home_channel_id INTEGER;

-- The one-line record of the posted board (board_message_id): what the message is edited down to once
-- a newer board replaces it (its picture and controls removed).
ALTER TABLE matches ADD COLUMN board_record TEXT;

-- A rematch names the match it follows; a match is rematched at most once.
ALTER TABLE matches ADD COLUMN rematch_of INTEGER REFERENCES matches (match_id);
CREATE UNIQUE INDEX matches_one_rematch ON matches (rematch_of) WHERE rematch_of IS NOT NULL;
ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES matches (match_id);

-- 1 while the thread the bot opened for a match is to be archived once the matches in it are over;
-- 0 once it is (or for a match played in a channel).
ALTER TABLE matches ADD COLUMN thread_open INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matches_thread_open ON matches (channel_id) WHERE thread_open = 1;

-- The last match started from a channel (played in its thread): /minigam board after the end, /minigam
-- export. (The last match played in a channel or thread has matches_by_channel, from 005.)
CREATE INDEX matches_by_home ON matches (home_channel_id, match_id);

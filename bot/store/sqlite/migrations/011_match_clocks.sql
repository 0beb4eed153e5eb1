-- Match clocks for live play (issue 33). A match or a challenge names its clock: 'none' (the server's
-- correspondence limits, as before) or a preset of bot/core/clocks.py (a delay per decision, then a
-- reserve per player for the whole match).

-- The preset the challenge offers; the match it starts takes it.
ALTER TABLE challenges ADD COLUMN clock TEXT NOT NULL DEFAULT 'none';

ALTER TABLE matches ADD COLUMN clock TEXT NOT NULL DEFAULT 'none';
-- Each seat's reserve left, in seconds, as a JSON list in seat order (NULL: no clock).
ALTER TABLE matches ADD COLUMN clock_reserves TEXT;
-- The seconds of the current decision already charged when the bot stopped (a stop pauses the clock: the
-- time the bot is down is not charged); 0 while the decision is charged from its board.
ALTER TABLE matches ADD COLUMN clock_used REAL NOT NULL DEFAULT 0;

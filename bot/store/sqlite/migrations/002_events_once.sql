-- One source of truth per fact.
-- Seats: stored once, in match_players, with the name each seat plays under and the computer's level
-- (matches.seats and matches.computer_level repeated them).
-- Games: a game is its events (plays) and its outcome (games); matches.state repeated the whole game as
-- JSON on every play, so the cost of a play grew with the game. The core replays the events instead.
-- Boards: board_version is the match version that the posted board (board_message_id) shows.

ALTER TABLE match_players ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE match_players ADD COLUMN level TEXT;

UPDATE match_players SET
    name = COALESCE((
        SELECT json_extract(s.value, '$.name')
        FROM matches m, json_each(m.seats) s
        WHERE m.match_id = match_players.match_id AND s.key = match_players.seat
          AND json_valid(m.seats) AND json_type(m.seats) = 'array' AND json_type(s.value) = 'object'
    ), ''),
    level = (
        SELECT json_extract(s.value, '$.level')
        FROM matches m, json_each(m.seats) s
        WHERE m.match_id = match_players.match_id AND s.key = match_players.seat
          AND json_valid(m.seats) AND json_type(m.seats) = 'array' AND json_type(s.value) = 'object'
    );

ALTER TABLE matches ADD COLUMN board_version INTEGER;
UPDATE matches SET board_version = version WHERE board_message_id IS NOT NULL;

ALTER TABLE matches DROP COLUMN seats;
ALTER TABLE matches DROP COLUMN state;
ALTER TABLE matches DROP COLUMN computer_level;

-- The farming guard counts a pair's rated results per day.
CREATE INDEX rating_history_by_user ON rating_history (guild_id, user_id, created_at);

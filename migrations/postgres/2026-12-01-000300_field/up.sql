-- The whole field on a board (docs/rules.md §11): which two members of a team sat in each room of
-- each match, the director's threshold for results far from the field, and the odd
-- results a director has checked.
CREATE TABLE lineups (
    id SERIAL PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    room TEXT NOT NULL,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    -- North or East, then South or West
    player1 TEXT NOT NULL,
    player2 TEXT NOT NULL,
    UNIQUE (match_id, room, team_id)
);

CREATE TABLE odd_result_settings (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    threshold INTEGER NOT NULL
);

CREATE TABLE odd_result_checks (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    -- round:board:table:room:kind, room "both" for a swing
    flag TEXT NOT NULL,
    checked_by TEXT NOT NULL,
    checked_at TIMESTAMP NOT NULL,
    UNIQUE (tournament_id, flag)
);

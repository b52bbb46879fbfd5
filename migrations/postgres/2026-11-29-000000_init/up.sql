-- fushi stores only what a tournament director enters; every computed figure (P, s,
-- swings, match scores, standings) is derived by the rules core when needed.
-- Keep in step with migrations/sqlite and src/db/schema.rs.

CREATE TABLE tournaments (
    id SERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    published BOOLEAN NOT NULL DEFAULT FALSE,
    decks INTEGER NOT NULL,
    -- a preset code, or 'custom' with takeover_at, bands ("0:3,5:2,40:1,80:-1") and step
    rules TEXT NOT NULL,
    takeover_at INTEGER NULL,
    bands TEXT NULL,
    step INTEGER NULL,
    bottom_multiplier TEXT NOT NULL,
    match_scoring TEXT NOT NULL,
    vp_blitz DOUBLE PRECISION NOT NULL,
    -- match scores in hundredths
    win_points BIGINT NOT NULL,
    draw_points BIGINT NOT NULL,
    loss_points BIGINT NOT NULL,
    bye_score BIGINT NOT NULL,
    -- comma-separated tie-break codes, '' for none
    tiebreaks TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE INDEX tournaments_created_at ON tournaments (created_at);

CREATE TABLE teams (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    team_no INTEGER NOT NULL,
    name TEXT NOT NULL,
    club TEXT NOT NULL DEFAULT '',
    UNIQUE (tournament_id, team_no)
);

CREATE TABLE team_members (
    id SERIAL PRIMARY KEY,
    team_id INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL
);

CREATE INDEX team_members_team_id ON team_members (team_id);

CREATE TABLE rounds (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    UNIQUE (tournament_id, number)
);

CREATE TABLE boards (
    id SERIAL PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    dealer TEXT NOT NULL,
    level TEXT NOT NULL,
    trump TEXT NULL,
    UNIQUE (round_id, number)
);

-- A team that still plays in a match cannot be deleted on its own: the team references
-- do not cascade. They are checked at commit, because deleting a tournament reaches
-- teams and matches by two cascade paths and PostgreSQL would otherwise check a team
-- before its matches are gone.
CREATE TABLE matches (
    id SERIAL PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    table_no INTEGER NOT NULL,
    home_team_id INTEGER NOT NULL REFERENCES teams (id) DEFERRABLE INITIALLY DEFERRED,
    -- NULL: a bye for the home team
    away_team_id INTEGER NULL REFERENCES teams (id) DEFERRABLE INITIALLY DEFERRED,
    UNIQUE (round_id, table_no)
);

CREATE INDEX matches_home_team_id ON matches (home_team_id);
CREATE INDEX matches_away_team_id ON matches (away_team_id);

-- One board at one table; an empty cell of the score sheet stays NULL.
CREATE TABLE table_results (
    id SERIAL PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    board_id INTEGER NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
    room TEXT NOT NULL,
    trick_points INTEGER NULL,
    bottom_points INTEGER NULL,
    last_trick TEXT NULL,
    combo TEXT NULL,
    declarer_penalty INTEGER NULL,
    defender_penalty INTEGER NULL,
    ruling INTEGER NULL,
    defender_total INTEGER NULL,
    UNIQUE (match_id, board_id, room)
);

CREATE INDEX table_results_board_id ON table_results (board_id);

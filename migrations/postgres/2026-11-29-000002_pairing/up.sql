-- How rounds are paired (tournament.toml `pairing`, `swiss_seed`), and what the
-- director's schedule pages record: the explanation of every generated match, and the
-- notes of a round (generated, generated over an incomplete previous round, unlocked).
ALTER TABLE tournaments ADD COLUMN pairing TEXT NOT NULL DEFAULT 'manual';
ALTER TABLE tournaments ADD COLUMN swiss_seed BIGINT NULL;

CREATE TABLE pairing_explanations (
    id SERIAL PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    table_no INTEGER NOT NULL,
    -- team numbers as paired; an explanation whose teams no longer sit at the table is
    -- not shown
    home_team_no INTEGER NOT NULL,
    away_team_no INTEGER NOT NULL,
    home_rank INTEGER NOT NULL,
    away_rank INTEGER NOT NULL,
    -- scores in hundredths at the time of pairing
    home_score BIGINT NOT NULL,
    away_score BIGINT NOT NULL,
    -- a reason code (seeded, lots, next_down, floated_down, avoids_rematch,
    -- avoids_same_club, keeps_field_pairable, rematch, round_robin) and its arguments
    reason TEXT NOT NULL,
    passed_over INTEGER NULL,
    met_round INTEGER NULL,
    from_score BIGINT NULL,
    seed BIGINT NULL,
    UNIQUE (round_id, table_no)
);

CREATE TABLE round_notes (
    id SERIAL PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    -- generated, override (previous round incomplete), unlocked
    kind TEXT NOT NULL,
    -- the pairing method for generated, '' otherwise
    detail TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);

CREATE INDEX round_notes_round_id ON round_notes (round_id);

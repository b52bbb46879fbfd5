-- Audit trail (issue: accounts, roles, audit trail): every change to results, rulings,
-- pairings, teams and settings, with who, when, what, the value before and after; and a
-- version per match so that a save based on a stale page is refused.
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    at TIMESTAMP NOT NULL,
    user_name TEXT NOT NULL,
    -- results, pairings, teams, settings or boards
    area TEXT NOT NULL,
    -- the round and table a match change belongs to (for the match's own trail)
    round_no INTEGER,
    table_no INTEGER,
    subject TEXT NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL
);

CREATE INDEX audit_log_tournament_id ON audit_log (tournament_id, round_no, table_no);

ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- What each recent revision of a tournament changed, when it changed only the results of
-- some matches: a server holding the snapshot before it loads just those matches' rows
-- instead of the whole tournament. A revision without rows here changed something else
-- (or everything), and is loaded in full. `previous_at` is when the revision before was
-- made: a snapshot held from another history of the tournament (a backup restored, whose
-- revisions are numbered again) does not match it and is loaded in full.
CREATE TABLE revision_changes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    revision BIGINT NOT NULL,
    round_no INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    previous_at TIMESTAMP NOT NULL,
    PRIMARY KEY (tournament_id, revision, round_no, table_no)
);

-- Issue 39: the players' ratings as one run from zero gives them (docs/rules.md §14), kept
-- so that a page or a file need not make the run again. Derived: never copied, and made
-- again (in full, or one tournament further) whenever the tournaments they were made from
-- changed (docs/decisions.md, "Ratings are kept, and checked before each use").

-- The tournaments counted, in the order of the run (ends, slug), each with the revision
-- and time of change it was counted at: when these no longer match the rated, finished
-- tournaments as they stand, the kept ratings are out of date.
CREATE TABLE rating_events (
    position INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL,
    slug TEXT NOT NULL,
    ends TEXT NOT NULL,
    revision BIGINT NOT NULL,
    changed_at TIMESTAMP NOT NULL
);

-- Every player with a rated board: the exact rating (a fraction, "n/d") and the boards.
CREATE TABLE player_ratings (
    player_id BIGINT PRIMARY KEY,
    rating TEXT NOT NULL,
    boards INTEGER NOT NULL
);

-- Every scored room in the order of the run: the rows of rating_boards.csv, figures as
-- the file writes them (3 decimals).
CREATE TABLE rating_boards (
    position BIGINT PRIMARY KEY,
    event_position INTEGER NOT NULL,
    round_no INTEGER NOT NULL,
    board_no INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    room TEXT NOT NULL,
    ns1 BIGINT NOT NULL,
    ns2 BIGINT NOT NULL,
    ew1 BIGINT NOT NULL,
    ew2 BIGINT NOT NULL,
    butler TEXT NOT NULL,
    expected TEXT NOT NULL,
    change TEXT NOT NULL
);

-- Each player's rating after each counted tournament they were scored in (3 decimals) and
-- their rated boards then: the history a player's page draws.
CREATE TABLE rating_history (
    player_id BIGINT NOT NULL,
    event_position INTEGER NOT NULL,
    boards INTEGER NOT NULL,
    rating TEXT NOT NULL,
    PRIMARY KEY (player_id, event_position)
);

-- Issue 39: series of tournaments (docs/rules.md §14): a season, a league of club nights.
-- count_best: a positive number, or NULL for every event.
CREATE TABLE series (
    id SERIAL PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    count_best INTEGER
);

-- The tournaments of a series in its order (position from 1); a tournament is in one
-- series at most (`series = "slug"` in its tournament.toml).
CREATE TABLE series_events (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    position INTEGER NOT NULL
);

CREATE INDEX series_events_series ON series_events (series_id, position);

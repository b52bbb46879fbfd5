-- When and where a tournament is played (docs/rules.md §9, third round): each optional,
-- one row per tournament that gives any of them.
CREATE TABLE tournament_occasions (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    -- YYYY-MM-DD, local dates
    starts TEXT,
    ends TEXT,
    venue TEXT NOT NULL DEFAULT '',
    organiser TEXT NOT NULL DEFAULT '',
    -- an IANA name; NULL: the machine's zone
    time_zone TEXT
);

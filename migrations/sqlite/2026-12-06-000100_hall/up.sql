-- Issue 37: the hall of an evening.
-- A link per physical table (a table number and a room) for the whole session: it shows
-- whichever room of the current round sits there, so its card is printed once.
CREATE TABLE session_links (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    table_no INTEGER NOT NULL,
    -- open or closed
    room TEXT NOT NULL,
    -- 22 characters of URL-safe base64: 128 random bits
    token TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (tournament_id, table_no, room)
);

-- A round's clock, as the director started it: its length, when it started, the pauses
-- so far (and the one under way), and the extra minutes given to single tables
-- ("3:5,7:2": table 3 five minutes, table 7 two).
CREATE TABLE round_clocks (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL UNIQUE REFERENCES rounds (id) ON DELETE CASCADE,
    minutes INTEGER NOT NULL,
    started_at TIMESTAMP NOT NULL,
    paused_at TIMESTAMP,
    paused_seconds INTEGER NOT NULL DEFAULT 0,
    extra TEXT NOT NULL DEFAULT ''
);

-- The director's announcement to the hall (the screen and every table page); one per
-- tournament, an empty one says nothing.
CREATE TABLE hall_announcements (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL UNIQUE REFERENCES tournaments (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    posted_at TIMESTAMP NOT NULL
);

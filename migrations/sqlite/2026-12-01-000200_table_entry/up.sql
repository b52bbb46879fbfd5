-- Results entered at the table: per tournament whether tables may enter (and whether the
-- director approves each room, and whether a team code confirms); per room of each match
-- a random link; per room the entry the table is making, which is not a result until the
-- opponents confirm it.
ALTER TABLE tournaments ADD COLUMN table_entry BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN table_approval BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN table_codes BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE rounds ADD COLUMN table_locked BOOLEAN NOT NULL DEFAULT 0;
-- four digits, made when the director first looks at the table cards
ALTER TABLE teams ADD COLUMN table_code TEXT;

CREATE TABLE table_links (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    -- open or closed
    room TEXT NOT NULL,
    -- 22 characters of URL-safe base64: 128 random bits
    token TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (match_id, room)
);

CREATE TABLE table_entries (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    room TEXT NOT NULL,
    -- entering, waiting, confirmed, disputed, approved, rejected, desk
    state TEXT NOT NULL,
    -- ns or ew: the side that entered, the side that confirmed
    entered_by TEXT NOT NULL,
    confirmed_by TEXT,
    -- one line per board: `3 trick_points=60 bottom_points=15 last_trick=declarer`
    cells TEXT NOT NULL,
    -- board numbers marked "call the director", comma-separated
    flagged TEXT NOT NULL,
    -- the director's note when rejecting back to the table
    note TEXT NOT NULL,
    -- the client's id of the last accepted submission, to save a resent one once
    submission TEXT NOT NULL,
    saves INTEGER NOT NULL,
    address TEXT NOT NULL,
    entered_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    confirmed_at TIMESTAMP,
    UNIQUE (match_id, room)
);

DELETE FROM rating_history;
DELETE FROM player_ratings;
DELETE FROM rating_events;
ALTER TABLE rating_events DROP COLUMN rooms;
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

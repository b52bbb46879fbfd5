-- Publishing the draw: a round's pairings are public once the director publishes them, or
-- at once when the tournament says so. Rounds and tournaments from before keep what they
-- did: public at once.
ALTER TABLE rounds ADD COLUMN draw_published BOOLEAN NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN publish_draw BOOLEAN NOT NULL DEFAULT 1;

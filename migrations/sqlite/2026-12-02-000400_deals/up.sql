-- Deals (docs/rules.md §13): each board's cards, and the tournament's dealing seed. The seed
-- is kept secret until revealed; the commitment (its SHA-256) is public from the start. A
-- commitment without a seed is one published for deals made elsewhere.
CREATE TABLE deals (
    board_id INTEGER PRIMARY KEY REFERENCES boards (id) ON DELETE CASCADE,
    -- the cards of each hand and of the bottom, in the notation of deals.csv
    north TEXT NOT NULL,
    east TEXT NOT NULL,
    south TEXT NOT NULL,
    west TEXT NOT NULL,
    bottom TEXT NOT NULL
);

ALTER TABLE tournaments ADD COLUMN deal_commitment TEXT;
ALTER TABLE tournaments ADD COLUMN deal_seed TEXT;
ALTER TABLE tournaments ADD COLUMN deal_seed_revealed BOOLEAN NOT NULL DEFAULT FALSE;

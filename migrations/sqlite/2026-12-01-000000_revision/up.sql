-- Live results: every write transaction that changes a tournament raises its revision in
-- the same transaction, so a page can tell in one cheap query whether what it showed is
-- still current, and the in-memory snapshot of the tournament is keyed by it.
ALTER TABLE tournaments ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;

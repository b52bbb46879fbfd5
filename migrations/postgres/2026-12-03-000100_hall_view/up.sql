-- The director's hall view: when a room was approved (approving no longer overwrites when
-- it was entered).
ALTER TABLE table_entries ADD COLUMN approved_at TIMESTAMP;

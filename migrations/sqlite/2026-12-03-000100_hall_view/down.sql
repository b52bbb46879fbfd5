ALTER TABLE table_entries DROP COLUMN approved_at;

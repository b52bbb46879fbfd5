DROP TABLE table_entries;
DROP TABLE table_links;
ALTER TABLE teams DROP COLUMN table_code;
ALTER TABLE rounds DROP COLUMN table_locked;
ALTER TABLE tournaments DROP COLUMN table_codes;
ALTER TABLE tournaments DROP COLUMN table_approval;
ALTER TABLE tournaments DROP COLUMN table_entry;

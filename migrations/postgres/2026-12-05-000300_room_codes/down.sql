ALTER TABLE table_entries DROP COLUMN confirm_device;
ALTER TABLE table_entries DROP COLUMN device;
ALTER TABLE table_links DROP COLUMN ew_code;
ALTER TABLE table_links DROP COLUMN ns_code;

ALTER TABLE matches DROP COLUMN version;
DROP TABLE audit_log;

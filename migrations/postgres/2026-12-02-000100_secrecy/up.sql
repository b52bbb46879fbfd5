-- Duplicate's secrecy and the table's trust: a round whose results the director released
-- (a match that will not finish), the correction period after a round is complete, and
-- the wrong team codes a room has been sent.
ALTER TABLE rounds ADD COLUMN results_released BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN correction_minutes INTEGER NOT NULL DEFAULT 30;
ALTER TABLE table_entries ADD COLUMN code_failures INTEGER NOT NULL DEFAULT 0;

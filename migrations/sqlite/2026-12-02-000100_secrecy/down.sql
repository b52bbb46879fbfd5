ALTER TABLE table_entries DROP COLUMN code_failures;
ALTER TABLE tournaments DROP COLUMN correction_minutes;
ALTER TABLE rounds DROP COLUMN results_released;

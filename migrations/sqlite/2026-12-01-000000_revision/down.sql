ALTER TABLE tournaments DROP COLUMN revision;

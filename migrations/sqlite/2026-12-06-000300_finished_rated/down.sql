ALTER TABLE lineups DROP COLUMN given_before;
ALTER TABLE tournaments DROP COLUMN rated;
ALTER TABLE tournaments DROP COLUMN finished;

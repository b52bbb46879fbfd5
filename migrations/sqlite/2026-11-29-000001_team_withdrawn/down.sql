ALTER TABLE teams DROP COLUMN withdrawn;

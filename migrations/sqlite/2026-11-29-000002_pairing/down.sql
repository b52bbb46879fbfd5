DROP TABLE round_notes;
DROP TABLE pairing_explanations;
ALTER TABLE tournaments DROP COLUMN swiss_seed;
ALTER TABLE tournaments DROP COLUMN pairing;

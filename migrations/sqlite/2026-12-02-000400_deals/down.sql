ALTER TABLE tournaments DROP COLUMN deal_seed_revealed;
ALTER TABLE tournaments DROP COLUMN deal_seed;
ALTER TABLE tournaments DROP COLUMN deal_commitment;
DROP TABLE deals;

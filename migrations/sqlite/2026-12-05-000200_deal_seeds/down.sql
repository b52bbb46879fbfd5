DROP TRIGGER table_entries_fix_cards;
DROP TRIGGER table_results_fix_cards;
ALTER TABLE rounds DROP COLUMN dealt_by;
ALTER TABLE rounds DROP COLUMN cards_fixed;
ALTER TABLE tournaments ADD COLUMN deal_commitment TEXT;
ALTER TABLE tournaments ADD COLUMN deal_seed TEXT;
ALTER TABLE tournaments ADD COLUMN deal_seed_revealed BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE tournaments SET
    deal_commitment = (SELECT commitment FROM deal_seeds s WHERE s.tournament_id = tournaments.id ORDER BY position DESC LIMIT 1),
    deal_seed = (SELECT seed FROM deal_seeds s WHERE s.tournament_id = tournaments.id ORDER BY position DESC LIMIT 1),
    deal_seed_revealed = COALESCE((SELECT revealed FROM deal_seeds s WHERE s.tournament_id = tournaments.id ORDER BY position DESC LIMIT 1), FALSE);
DROP TABLE deal_seeds;

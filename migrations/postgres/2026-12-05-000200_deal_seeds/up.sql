-- Every dealing seed of a tournament (docs/rules.md §13, docs/deals.md): a new seed adds a
-- commitment and never replaces one. `position` is the order set (1, 2, …); `seed` is the
-- seed fushi holds (secret until `revealed`), NULL for a commitment to deals made elsewhere;
-- `published_at` is when the public could first see the commitment (NULL while the
-- tournament has not been published since); `rounds_recorded` is false for the old single
-- deal_commitment / deal_seed pair, whose rounds were not recorded.
CREATE TABLE deal_seeds (
    id SERIAL PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    commitment TEXT NOT NULL,
    seed TEXT,
    revealed BOOLEAN NOT NULL DEFAULT FALSE,
    published_at TIMESTAMP,
    rounds_recorded BOOLEAN NOT NULL DEFAULT TRUE,
    UNIQUE (tournament_id, position)
);

INSERT INTO deal_seeds (tournament_id, position, commitment, seed, revealed, published_at, rounds_recorded)
SELECT id, 1, deal_commitment, deal_seed, deal_seed_revealed,
       CASE WHEN published THEN updated_at END, FALSE
FROM tournaments WHERE deal_commitment IS NOT NULL;

ALTER TABLE tournaments DROP COLUMN deal_seed_revealed;
ALTER TABLE tournaments DROP COLUMN deal_seed;
ALTER TABLE tournaments DROP COLUMN deal_commitment;

-- `cards_fixed`: some board of the round has had a result in some room (a result, or a
-- room's entry at the table), so its cards never change again, even once the results are
-- deleted (§13's binding). Set by the triggers below in the same statement as the write,
-- so that no way of saving a result can forget it. `dealt_by`: the position of the seed
-- whose deal the round's current cards are (NULL: none, or cards from deals.csv).
ALTER TABLE rounds ADD COLUMN cards_fixed BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE rounds ADD COLUMN dealt_by INTEGER;

UPDATE rounds SET cards_fixed = TRUE
WHERE id IN (SELECT m.round_id FROM matches m JOIN table_results r ON r.match_id = m.id)
   OR id IN (SELECT m.round_id FROM matches m JOIN table_entries e ON e.match_id = m.id);

CREATE FUNCTION fix_round_cards() RETURNS trigger AS $$
BEGIN
    UPDATE rounds SET cards_fixed = TRUE
    WHERE cards_fixed = FALSE AND id = (SELECT round_id FROM matches WHERE id = NEW.match_id);
    RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER table_results_fix_cards AFTER INSERT ON table_results
    FOR EACH ROW EXECUTE FUNCTION fix_round_cards();

CREATE TRIGGER table_entries_fix_cards AFTER INSERT ON table_entries
    FOR EACH ROW EXECUTE FUNCTION fix_round_cards();

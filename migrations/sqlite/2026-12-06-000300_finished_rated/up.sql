-- Issue 39: finished and rated tournaments (docs/rules.md §14).
-- finished: marked by the director once every board is released; series and ratings count
-- finished tournaments only. rated: set by an administrator (or the operator's import)
-- before the first result; ratings count rated tournaments only.
ALTER TABLE tournaments ADD COLUMN finished BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
-- Whether this line-up was given before its room's first result (a room is rated only when
-- both its line-ups were); every line-up stored before this column counts as given before,
-- as an imported archive's do.
ALTER TABLE lineups ADD COLUMN given_before BOOLEAN NOT NULL DEFAULT TRUE;

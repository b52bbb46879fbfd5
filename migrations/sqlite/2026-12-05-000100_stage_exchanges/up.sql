-- The director's exchanges of a knockout stage (docs/rules.md §12): two teams of different
-- ties of one knockout round trade places, with the director's reason. Rows of the stage at
-- `stage_position` of the tournament, applied in `position` order.
CREATE TABLE stage_exchanges (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    stage_position INTEGER NOT NULL,
    position INTEGER NOT NULL,
    ko_round INTEGER NOT NULL,
    team_a INTEGER NOT NULL,
    team_b INTEGER NOT NULL,
    reason TEXT NOT NULL,
    UNIQUE (tournament_id, stage_position, position)
);

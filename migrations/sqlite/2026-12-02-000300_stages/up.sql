-- A championship's stages (docs/rules.md §12), in order: consecutive blocks of rounds, each a
-- league, groups or a knockout. A tournament without rows is one league of all its rounds.
CREATE TABLE stages (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    first_round INTEGER NOT NULL,
    last_round INTEGER NOT NULL,
    format TEXT NOT NULL,
    -- groups only: team numbers, a group's separated by ',', groups by ';'
    groups_list TEXT,
    -- knockout only
    teams INTEGER,
    segments TEXT,
    third_place BOOLEAN NOT NULL DEFAULT FALSE,
    -- levels in ten-thousandths, exact
    carry_over BIGINT NOT NULL DEFAULT 0,
    carry_over_h2h BIGINT NOT NULL DEFAULT 0,
    UNIQUE (tournament_id, position)
);

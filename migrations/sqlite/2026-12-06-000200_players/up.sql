-- Issue 39: the installation's player registry (docs/rules.md §14).
-- Every id ever issued, so that none is issued twice: a player's id stays here when they
-- are merged into another (merged_into: the id that was kept, which an archive naming this
-- one reads as) or removed.
CREATE TABLE player_ids (
    id INTEGER PRIMARY KEY,
    merged_into INTEGER REFERENCES player_ids (id),
    removed BOOLEAN NOT NULL DEFAULT FALSE
);

-- The players of the registry, by the number of their id (P12 is 12).
CREATE TABLE players (
    id INTEGER PRIMARY KEY REFERENCES player_ids (id),
    name TEXT NOT NULL,
    -- pinyin or English; empty when none
    second_name TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    -- empty when none; otherwise one player's
    federation_no TEXT NOT NULL DEFAULT '',
    -- whether the cross-event page is shown to the public
    public BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE UNIQUE INDEX players_federation_no ON players (federation_no) WHERE federation_no <> '';

-- The registry's trail: who added, edited, merged, removed or imported which player.
CREATE TABLE player_audit (
    id INTEGER PRIMARY KEY,
    at TIMESTAMP NOT NULL,
    user_name TEXT NOT NULL,
    -- add, edit, merge, remove or import
    action TEXT NOT NULL,
    -- P12, or P12 → P3 for a merge
    subject TEXT NOT NULL,
    before TEXT NOT NULL,
    after TEXT NOT NULL
);

-- A team member, and each player of a line-up, linked to a registry player (NULL: not
-- linked); a removed player's rows keep the name as typed and lose the link.
ALTER TABLE team_members ADD COLUMN player_id INTEGER REFERENCES players (id);
ALTER TABLE lineups ADD COLUMN player1_id INTEGER REFERENCES players (id);
ALTER TABLE lineups ADD COLUMN player2_id INTEGER REFERENCES players (id);
CREATE INDEX team_members_player_id ON team_members (player_id);

DROP INDEX team_members_player_id;
ALTER TABLE lineups DROP COLUMN player2_id;
ALTER TABLE lineups DROP COLUMN player1_id;
ALTER TABLE team_members DROP COLUMN player_id;
DROP TABLE player_audit;
DROP TABLE players;
DROP TABLE player_ids;

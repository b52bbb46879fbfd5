DROP TABLE table_results;
DROP TABLE matches;
DROP TABLE boards;
DROP TABLE rounds;
DROP TABLE team_members;
DROP TABLE teams;
DROP TABLE tournaments;

DROP TABLE secrets;
DROP TABLE sessions;
DROP TABLE tournament_access;
DROP TABLE users;

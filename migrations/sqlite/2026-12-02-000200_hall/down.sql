DROP TABLE tournament_occasions;

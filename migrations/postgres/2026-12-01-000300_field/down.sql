DROP TABLE odd_result_checks;
DROP TABLE odd_result_settings;
DROP TABLE lineups;

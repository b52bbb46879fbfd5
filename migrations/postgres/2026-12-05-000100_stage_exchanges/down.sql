DROP TABLE stage_exchanges;

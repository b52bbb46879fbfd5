DROP TABLE database_meta;

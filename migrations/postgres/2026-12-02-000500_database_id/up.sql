-- Each database's own id, made at the first start of fushi on it (random, never copied):
-- the public pages' validators (ETags) carry it, so a browser's validator from one database
-- never answers 304 for another's page. One row at most.
CREATE TABLE database_meta (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    database_id TEXT NOT NULL
);

-- Sign-in attempts counted in the database, so that a burst of simultaneous guesses is
-- throttled like a sequence and several servers on one database share the lock-out.
-- `key` is `user:<lowercased name>` or `addr:<address>`; `attempts` counts the attempts
-- since `since`, the start of the window (rows older than the window are deleted).
CREATE TABLE login_attempts (
    key TEXT PRIMARY KEY,
    attempts INTEGER NOT NULL,
    since TIMESTAMP NOT NULL
);

-- Form tokens already acted on: a form sent twice with the same token (a double click on
-- "add round") acts once. Rows older than a day are deleted as new ones arrive.
CREATE TABLE form_tokens (
    token TEXT PRIMARY KEY,
    created_at TIMESTAMP NOT NULL
);

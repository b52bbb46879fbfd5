-- Accounts (issue: accounts, roles, audit trail): users with an argon2 password hash and
-- a role, the tournaments each one may run or score, the signed-in sessions (so logout
-- and a password reset end them), and the secrets the server keeps (the cookie key).
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    -- admin, director or scorer
    role TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE tournament_access (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    -- director or scorer
    role TEXT NOT NULL,
    UNIQUE (user_id, tournament_id)
);

CREATE INDEX tournament_access_tournament_id ON tournament_access (tournament_id);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL
);

CREATE INDEX sessions_user_id ON sessions (user_id);

CREATE TABLE secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

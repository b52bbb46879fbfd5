//! The tables of the accounts: users, their access to tournaments, sessions, the stored
//! secrets and the sign-in attempts.

use crate::db::schema::tournaments;

diesel::table! {
    users (id) {
        id -> Integer,
        name -> Text,
        password_hash -> Text,
        role -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    tournament_access (id) {
        id -> Integer,
        user_id -> Integer,
        tournament_id -> Integer,
        role -> Text,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    secrets (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    login_attempts (key) {
        key -> Text,
        attempts -> Integer,
        since -> Timestamp,
    }
}

diesel::joinable!(tournament_access -> users (user_id));
diesel::joinable!(tournament_access -> tournaments (tournament_id));
diesel::joinable!(sessions -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(users, tournament_access, sessions, tournaments);

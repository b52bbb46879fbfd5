//! Accounts: users with a role and an argon2 password hash, the tournaments each one may
//! run or score, the sessions of signed-in users, and the server's stored secrets.
//!
//! Roles: an **admin** manages users and every tournament; a **director** runs the
//! tournaments they created or were given; a **scorer** enters results in the tournaments
//! they were given. Access to one tournament is a `tournament_access` row with the role
//! `director` or `scorer`; the creator of a tournament gets a director row.

use super::now;
use std::collections::HashMap;
use std::fmt;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use diesel::prelude::*;

use super::DbError;
use super::connection::DbConnection;
use super::connection::per_backend;
use super::schema::tournaments;
use crate::i18n::Tr;

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

/// What a user may do across the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Admin,
    Director,
    Scorer,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Admin, Role::Director, Role::Scorer];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Director => "director",
            Role::Scorer => "scorer",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a user may do in one tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    /// Everything: settings, teams, rounds, pairings, entry, archive, deletion.
    Director,
    /// Result entry and the round pages it needs.
    Scorer,
}

impl Access {
    pub fn as_str(self) -> &'static str {
        match self {
            Access::Director => "director",
            Access::Scorer => "scorer",
        }
    }

    pub fn parse(text: &str) -> Option<Access> {
        match text {
            "director" => Some(Access::Director),
            "scorer" => Some(Access::Scorer),
            _ => None,
        }
    }
}

/// A signed-in user as the pages see them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: i32,
    pub name: String,
    pub role: Role,
}

/// A user with the tournaments they were given, for the admin's list.
#[derive(Clone, Debug)]
pub struct UserListing {
    pub user: User,
    pub created_at: chrono::NaiveDateTime,
    /// (slug, tournament name, access), by slug.
    pub access: Vec<(String, String, Access)>,
}

/// Why an account change was refused.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("a user named \"{0}\" exists already")]
    NameTaken(String),
    #[error("there is no user named \"{0}\"")]
    NoUser(String),
    #[error("there is no tournament \"{0}\"")]
    NoTournament(String),
    #[error("a name has 1 to 64 characters, without spaces at either end")]
    BadName,
    #[error("a password has 8 to 1,000 characters")]
    BadPassword,
    #[error("the last administrator keeps the role")]
    LastAdmin,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl AccountError {
    /// The refusal in `t`'s language (`auth.ftl`), for the admin pages and `fushi user`; a
    /// database failure is its cause's own text.
    pub fn text(&self, t: &Tr) -> String {
        match self {
            AccountError::NameTaken(name) => t.a("admin-error-name-taken", "name", name),
            AccountError::NoUser(name) => t.a("admin-error-no-user", "name", name),
            AccountError::NoTournament(slug) => t.a("admin-error-no-tournament", "slug", slug),
            AccountError::BadName => t.t("auth-error-name"),
            AccountError::BadPassword => t.t("auth-error-password"),
            AccountError::LastAdmin => t.t("admin-error-last-admin"),
            AccountError::Db(e) => e.to_string(),
        }
    }
}

impl From<diesel::result::Error> for AccountError {
    fn from(e: diesel::result::Error) -> Self {
        AccountError::Db(DbError::from(e))
    }
}

/// How long a sign-in lasts at most.
pub(crate) const SESSION_DAYS: i64 = 14;

/// The shortest password accepted.
pub(crate) const MIN_PASSWORD: usize = crate::limits::PASSWORD_MIN;

fn role_of(table: &str, id: i32, text: &str) -> Result<Role, DbError> {
    Role::parse(text).ok_or_else(|| DbError::corrupt(table, id, "role", text))
}

pub use super::random_hex;

/// A password of 16 letters and digits without look-alikes (no 0/O, 1/l/I).
pub fn generate_password() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    // 256 is not a multiple of 57: reject the top values so every letter is as likely.
    let limit = 256 - 256 % ALPHABET.len();
    let mut out = String::new();
    let mut pool = bytes.to_vec();
    while out.len() < 16 {
        if pool.is_empty() {
            let mut more = [0u8; 16];
            getrandom::fill(&mut more).expect("the operating system's random source");
            pool.extend_from_slice(&more);
        }
        let b = usize::from(pool.pop().unwrap_or(0));
        if b < limit {
            out.push(char::from(ALPHABET[b % ALPHABET.len()]));
        }
    }
    out
}

/// The argon2id hash of a password as a PHC string (`$argon2id$v=19$…`).
pub(crate) fn hash_password(password: &str) -> String {
    Argon2::default()
        .hash_password(password.as_bytes())
        .expect("argon2 with its default parameters")
        .to_string()
}

/// Whether `password` matches the stored PHC string.
pub fn verify_password(stored: &str, password: &str) -> bool {
    // No stored password is longer than the limit: a longer one is wrong without hashing it.
    if password.chars().nth(crate::limits::PASSWORD).is_some() {
        return false;
    }
    PasswordHash::new(stored).is_ok_and(|hash| {
        Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok()
    })
}

/// A hash that matches no password, checked when the name is unknown so a failed login
/// takes as long either way.
pub(crate) fn dummy_verify(password: &str) {
    use std::sync::OnceLock;
    static DUMMY: OnceLock<String> = OnceLock::new();
    let stored = DUMMY.get_or_init(|| hash_password(&random_hex(16)));
    let _ = verify_password(stored, password);
}

/// The longest user name, in characters.
pub(crate) const MAX_NAME: usize = crate::limits::USER_NAME;

/// Checks a user name: 1–64 characters, no control characters, no spaces at either end.
pub(crate) fn check_name(name: &str) -> Result<(), AccountError> {
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_NAME
        && name.trim() == name
        && !name.chars().any(char::is_control);
    if ok {
        Ok(())
    } else {
        Err(AccountError::BadName)
    }
}

pub(crate) fn check_password(password: &str) -> Result<(), AccountError> {
    let long_enough = password.chars().nth(MIN_PASSWORD - 1).is_some();
    // Any character may be in a password; only its length is bounded.
    let short_enough = password.chars().nth(crate::limits::PASSWORD).is_none();
    if long_enough && short_enough {
        Ok(())
    } else {
        Err(AccountError::BadPassword)
    }
}

/// Inside a write transaction: other changes to `users` wait until it ends, so that "no
/// user yet" and "not the last administrator" still hold when the write lands. SQLite's
/// write transactions take the lock up front already; PostgreSQL locks the table against
/// other writers (readers go on).
fn lock_users(conn: &mut DbConnection) -> Result<(), DbError> {
    use diesel::connection::SimpleConnection;
    if let DbConnection::Postgres(c) = conn {
        c.batch_execute("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE")?;
    }
    Ok(())
}

/// Whether any user exists.
pub(crate) fn has_users(conn: &mut DbConnection) -> Result<bool, DbError> {
    let count: i64 = users::table.count().get_result(conn)?;
    Ok(count > 0)
}

/// Creates a user. The password is hashed here.
pub fn create_user(
    conn: &mut DbConnection,
    name: &str,
    password: &str,
    role: Role,
) -> Result<User, AccountError> {
    check_name(name)?;
    check_password(password)?;
    let hash = hash_password(password);
    insert_user(conn, name, &hash, role)
}

fn insert_user(
    conn: &mut DbConnection,
    name: &str,
    hash: &str,
    role: Role,
) -> Result<User, AccountError> {
    let inserted = diesel::insert_into(users::table)
        .values((
            users::name.eq(name),
            users::password_hash.eq(hash),
            users::role.eq(role.as_str()),
            users::created_at.eq(now()),
        ))
        .returning(users::id)
        .get_result::<i32>(conn);
    match inserted {
        Ok(id) => Ok(User {
            id,
            name: name.to_owned(),
            role,
        }),
        Err(e) => {
            let e = DbError::from(e);
            if e.is_unique_violation() {
                Err(AccountError::NameTaken(name.to_owned()))
            } else {
                Err(e.into())
            }
        }
    }
}

/// The first administrator, only while there is no user at all: `None` when one exists.
pub fn create_first_admin(
    conn: &mut DbConnection,
    name: &str,
    password: &str,
) -> Result<Option<User>, AccountError> {
    check_name(name)?;
    check_password(password)?;
    let hash = hash_password(password);
    super::write_transaction(conn, |conn| {
        lock_users(conn)?;
        if has_users(conn)? {
            return Ok(None);
        }
        insert_user(conn, name, &hash, Role::Admin).map(Some)
    })
}

/// The user with this name and their password hash.
pub fn user_for_login(
    conn: &mut DbConnection,
    name: &str,
) -> Result<Option<(User, String)>, DbError> {
    // No user has a name that breaks the rules (a NUL, 2 MB): not looked up at all.
    if check_name(name).is_err() {
        return Ok(None);
    }
    let row: Option<(i32, String, String, String)> = users::table
        .filter(users::name.eq(name))
        .select((users::id, users::name, users::role, users::password_hash))
        .first(conn)
        .optional()?;
    row.map(|(id, name, role, hash)| {
        Ok((
            User {
                id,
                name,
                role: role_of("users", id, &role)?,
            },
            hash,
        ))
    })
    .transpose()
}

/// Sets a user's password and ends all their sessions. `false` when there is no such user.
pub fn set_password(
    conn: &mut DbConnection,
    name: &str,
    password: &str,
) -> Result<(), AccountError> {
    check_password(password)?;
    let hash = hash_password(password);
    super::write_transaction(conn, |conn| {
        let id: Option<i32> = users::table
            .filter(users::name.eq(name))
            .select(users::id)
            .first(conn)
            .optional()?;
        let id = id.ok_or_else(|| AccountError::NoUser(name.to_owned()))?;
        diesel::update(users::table.find(id))
            .set(users::password_hash.eq(&hash))
            .execute(conn)?;
        diesel::delete(sessions::table.filter(sessions::user_id.eq(id))).execute(conn)?;
        Ok(())
    })
}

/// Changes a user's role; the last administrator cannot stop being one.
pub fn set_role(conn: &mut DbConnection, name: &str, role: Role) -> Result<(), AccountError> {
    super::write_transaction(conn, |conn| {
        lock_users(conn)?;
        let current: Option<String> = users::table
            .filter(users::name.eq(name))
            .select(users::role)
            .first(conn)
            .optional()?;
        let current = current.ok_or_else(|| AccountError::NoUser(name.to_owned()))?;
        if current == Role::Admin.as_str() && role != Role::Admin {
            let admins: i64 = users::table
                .filter(users::role.eq(Role::Admin.as_str()))
                .count()
                .get_result(conn)?;
            if admins <= 1 {
                return Err(AccountError::LastAdmin);
            }
        }
        diesel::update(users::table.filter(users::name.eq(name)))
            .set(users::role.eq(role.as_str()))
            .execute(conn)?;
        Ok(())
    })
}

/// Every user with their tournaments, by name.
pub fn list_users(conn: &mut DbConnection) -> Result<Vec<UserListing>, DbError> {
    let rows: Vec<(i32, String, String, chrono::NaiveDateTime)> = users::table
        .select((users::id, users::name, users::role, users::created_at))
        .order(users::name.asc())
        .load(conn)?;
    let access: Vec<(i32, String, String, String)> = tournament_access::table
        .inner_join(tournaments::table)
        .select((
            tournament_access::user_id,
            tournaments::slug,
            tournaments::name,
            tournament_access::role,
        ))
        .order(tournaments::slug.asc())
        .load(conn)?;
    let mut by_user: HashMap<i32, Vec<(String, String, Access)>> = HashMap::new();
    for (user_id, slug, name, role) in access {
        let role = Access::parse(&role)
            .ok_or_else(|| DbError::corrupt("tournament_access", user_id, "role", &role))?;
        by_user.entry(user_id).or_default().push((slug, name, role));
    }
    rows.into_iter()
        .map(|(id, name, role, created_at)| {
            Ok(UserListing {
                user: User {
                    id,
                    name,
                    role: role_of("users", id, &role)?,
                },
                created_at,
                access: by_user.remove(&id).unwrap_or_default(),
            })
        })
        .collect()
}

/// Gives a user access to a tournament (replacing what they had there).
pub fn grant(
    conn: &mut DbConnection,
    user_id: i32,
    slug: &str,
    access: Access,
) -> Result<(), AccountError> {
    // A slug longer than any, or with a control character, names no tournament.
    if crate::limits::check(slug, crate::limits::SLUG).is_err() {
        return Err(AccountError::NoTournament(crate::input::clip(
            &slug.replace(char::is_control, "?"),
        )));
    }
    super::write_transaction(conn, |conn| {
        let tournament_id: i32 = tournaments::table
            .filter(tournaments::slug.eq(slug))
            .select(tournaments::id)
            .first(conn)
            .optional()?
            .ok_or_else(|| AccountError::NoTournament(slug.to_owned()))?;
        diesel::delete(
            tournament_access::table
                .filter(tournament_access::user_id.eq(user_id))
                .filter(tournament_access::tournament_id.eq(tournament_id)),
        )
        .execute(conn)?;
        diesel::insert_into(tournament_access::table)
            .values((
                tournament_access::user_id.eq(user_id),
                tournament_access::tournament_id.eq(tournament_id),
                tournament_access::role.eq(access.as_str()),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// Gives a user director access to a tournament they just created (by its id).
pub(crate) fn grant_creator(
    conn: &mut DbConnection,
    user_id: i32,
    tournament_id: i32,
) -> Result<(), DbError> {
    diesel::insert_into(tournament_access::table)
        .values((
            tournament_access::user_id.eq(user_id),
            tournament_access::tournament_id.eq(tournament_id),
            tournament_access::role.eq(Access::Director.as_str()),
        ))
        .execute(conn)?;
    Ok(())
}

/// Takes a user's access to a tournament away.
pub(crate) fn revoke(conn: &mut DbConnection, user_id: i32, slug: &str) -> Result<(), DbError> {
    if crate::limits::check(slug, crate::limits::SLUG).is_err() {
        return Ok(());
    }
    let ids = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select(tournaments::id);
    diesel::delete(
        tournament_access::table
            .filter(tournament_access::user_id.eq(user_id))
            .filter(tournament_access::tournament_id.eq_any(ids)),
    )
    .execute(conn)?;
    Ok(())
}

/// The user with this id.
pub(crate) fn user_by_id(conn: &mut DbConnection, id: i32) -> Result<Option<User>, DbError> {
    let row: Option<(String, String)> = users::table
        .find(id)
        .select((users::name, users::role))
        .first(conn)
        .optional()?;
    row.map(|(name, role)| {
        Ok(User {
            id,
            name,
            role: role_of("users", id, &role)?,
        })
    })
    .transpose()
}

/// Starts a session for a user; the returned id goes into the signed cookie.
pub fn start_session(conn: &mut DbConnection, user_id: i32) -> Result<String, DbError> {
    let id = random_hex(32);
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(&id),
            sessions::user_id.eq(user_id),
            sessions::created_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Ends a session.
pub(crate) fn end_session(conn: &mut DbConnection, id: &str) -> Result<(), DbError> {
    diesel::delete(sessions::table.find(id)).execute(conn)?;
    Ok(())
}

/// The user of a live session.
pub(crate) fn session_user(conn: &mut DbConnection, id: &str) -> Result<Option<User>, DbError> {
    let row: Option<(i32, String, String)> = sessions::table
        .inner_join(users::table)
        .filter(sessions::id.eq(id))
        .filter(sessions::created_at.gt(now() - chrono::Duration::days(SESSION_DAYS)))
        .select((users::id, users::name, users::role))
        .first(conn)
        .optional()?;
    row.map(|(id, name, role)| {
        Ok(User {
            id,
            name,
            role: role_of("users", id, &role)?,
        })
    })
    .transpose()
}

/// A tournament as the permission check sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Gate {
    /// The tournament's id and revision, read in the same query (the live pages use them).
    pub tournament: i32,
    pub revision: i64,
    pub published: bool,
    /// What the user asked about may do there (admins have no row and need none).
    pub access: Option<Access>,
}

/// Whether the tournament `slug` exists, is published, and what `user_id` may do there.
pub(crate) fn gate(
    conn: &mut DbConnection,
    slug: &str,
    user_id: Option<i32>,
) -> Result<Option<Gate>, DbError> {
    let row: Option<(i32, bool, i64)> = tournaments::table
        .filter(tournaments::slug.eq(slug))
        .select((
            tournaments::id,
            tournaments::published,
            tournaments::revision,
        ))
        .first(conn)
        .optional()?;
    let Some((tournament_id, published, revision)) = row else {
        return Ok(None);
    };
    let access = match user_id {
        Some(user_id) => tournament_access::table
            .filter(tournament_access::user_id.eq(user_id))
            .filter(tournament_access::tournament_id.eq(tournament_id))
            .select(tournament_access::role)
            .first::<String>(conn)
            .optional()?
            .and_then(|r| Access::parse(&r)),
        None => None,
    };
    Ok(Some(Gate {
        tournament: tournament_id,
        revision,
        published,
        access,
    }))
}

/// The tournaments (by id) a user was given, with their access.
pub(crate) fn access_of(
    conn: &mut DbConnection,
    user_id: i32,
) -> Result<HashMap<i32, Access>, DbError> {
    let rows: Vec<(i32, String)> = tournament_access::table
        .filter(tournament_access::user_id.eq(user_id))
        .select((tournament_access::tournament_id, tournament_access::role))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, role)| Access::parse(&role).map(|a| (id, a)))
        .collect())
}

/// A stored secret, created with `make` the first time it is asked for.
pub fn secret(
    conn: &mut DbConnection,
    name: &str,
    make: impl FnOnce() -> String,
) -> Result<String, DbError> {
    let found: Option<String> = secrets::table
        .find(name)
        .select(secrets::value)
        .first(conn)
        .optional()?;
    if let Some(value) = found {
        return Ok(value);
    }
    let value = make();
    let inserted = diesel::insert_into(secrets::table)
        .values((secrets::name.eq(name), secrets::value.eq(&value)))
        .execute(conn)
        .map_err(DbError::from);
    match inserted {
        Ok(_) => Ok(value),
        // Another process stored it first: use theirs.
        Err(e) if e.is_unique_violation() => Ok(secrets::table
            .find(name)
            .select(secrets::value)
            .first(conn)?),
        Err(e) => Err(e),
    }
}

/// Counts one sign-in attempt against `key` (`user:…` or `addr:…`) and returns how many
/// were made within `window` of the first, this one included. The count is raised and read
/// in one statement (an upsert with `RETURNING`), so simultaneous attempts get distinct
/// counts on both backends and every server sharing the database sees the same figure.
pub fn count_attempt(
    conn: &mut DbConnection,
    key: &str,
    window: chrono::Duration,
) -> Result<i32, DbError> {
    let now = now();
    // An expired window starts again (for every key, so the table stays small).
    diesel::delete(login_attempts::table.filter(login_attempts::since.lt(now - window)))
        .execute(conn)?;
    let count = per_backend!(&mut *conn, |c| diesel::insert_into(login_attempts::table)
        .values((
            login_attempts::key.eq(key),
            login_attempts::attempts.eq(1),
            login_attempts::since.eq(now),
        ))
        .on_conflict(login_attempts::key)
        .do_update()
        .set(login_attempts::attempts.eq(login_attempts::attempts + 1))
        .returning(login_attempts::attempts)
        .get_result::<i32>(c))?;
    Ok(count)
}

/// Forgets the attempts counted against `key` (a successful sign-in for a name).
pub fn forget_attempts(conn: &mut DbConnection, key: &str) -> Result<(), DbError> {
    diesel::delete(login_attempts::table.find(key)).execute(conn)?;
    Ok(())
}

/// Takes back one attempt counted against `key` (a successful sign-in from an address:
/// only failures count there).
pub(crate) fn release_attempt(conn: &mut DbConnection, key: &str) -> Result<(), DbError> {
    diesel::update(
        login_attempts::table
            .find(key)
            .filter(login_attempts::attempts.gt(0)),
    )
    .set(login_attempts::attempts.eq(login_attempts::attempts - 1))
    .execute(conn)?;
    Ok(())
}

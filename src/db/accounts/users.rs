//! The users: created, found, given a new password or role, and listed.

use std::collections::HashMap;

use diesel::prelude::*;

use super::error::AccountError;
use super::passwords::{check_name, check_password, hash_password};
use super::roles::{Access, Role, User, UserListing, role_of};
use super::tables::{sessions, tournament_access, users};
use crate::db::connection::DbConnection;
use crate::db::schema::tournaments;
use crate::db::{DbError, now};

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
    crate::db::write_transaction(conn, |conn| {
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
    crate::db::write_transaction(conn, |conn| {
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
    crate::db::write_transaction(conn, |conn| {
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

//! Who a user is: a role across the site, an access in one tournament, and a user as the
//! pages see them.

use std::fmt;

use crate::db::DbError;

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

pub(super) fn role_of(table: &str, id: i32, text: &str) -> Result<Role, DbError> {
    Role::parse(text).ok_or_else(|| DbError::corrupt(table, id, "role", text))
}

//! Accounts: users with a role and an argon2 password hash, the tournaments each one may
//! run or score, the sessions of signed-in users, and the server's stored secrets.
//!
//! Roles: an **admin** manages users and every tournament; a **director** runs the
//! tournaments they created or were given; a **scorer** enters results in the tournaments
//! they were given. Access to one tournament is a `tournament_access` row with the role
//! `director` or `scorer`; the creator of a tournament gets a director row.
//!
//! Its children: the tables (`tables`); a role, an access and a user as the pages see them
//! (`roles`); why an account change is refused (`error`); names and passwords (`passwords`);
//! the users (`users`); who may run or score which tournament (`access`); the sessions of
//! signed-in users (`sessions`); the server's stored secrets (`secrets`); the sign-in
//! attempts counted against a name or an address (`attempts`). It re-exports their names,
//! so every caller keeps its path (`crate::db::accounts::Role`).

mod access;
mod attempts;
mod error;
mod passwords;
mod roles;
mod secrets;
mod sessions;
mod tables;
mod users;

pub use access::grant;
pub(crate) use access::{Gate, access_of, gate, grant_creator, revoke};
pub(crate) use attempts::release_attempt;
pub use attempts::{count_attempt, forget_attempts};
pub use error::AccountError;
pub(crate) use passwords::{MAX_NAME, check_name, check_password, dummy_verify};
pub use passwords::{generate_password, verify_password};
pub use roles::{Access, Role, User, UserListing};
pub use secrets::secret;
pub use sessions::start_session;
pub(crate) use sessions::{end_session, session_user};
pub use users::{
    create_first_admin, create_user, list_users, set_password, set_role, user_for_login,
};
pub(crate) use users::{has_users, user_by_id};

pub use super::random_hex;

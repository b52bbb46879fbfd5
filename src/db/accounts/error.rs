//! Why an account change was refused.

use crate::db::DbError;
use crate::i18n::Tr;

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

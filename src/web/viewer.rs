//! Who is asking: the signed-in user as the access guard found them, the session's CSRF
//! token and their access in the tournament of the page; and which tournaments they see.

use std::collections::HashMap;

use actix_web::{FromRequest, HttpMessage, HttpRequest};

use crate::db::accounts::{self, Access, Role, User};

/// The cookie that carries a confirmation message across a redirect (Post/Redirect/Get).
pub(crate) const FLASH_COOKIE: &str = "flash";

/// Who is asking, as the guard found them; in the request's extensions and in every
/// page's [`Ctx`](super::Ctx).
#[derive(Clone, Debug, Default)]
pub struct Viewer {
    pub user: Option<User>,
    /// The session's CSRF token (empty while there is no session).
    pub csrf: String,
    /// What the viewer may do in the tournament of a `/d/{slug}/…` page (admins:
    /// director; a scorer account: scorer, whatever its row says), so pages show only the
    /// links the viewer may follow.
    pub(crate) tour_access: Option<Access>,
    /// On a `/d/{slug}/…` page the viewer may see: the rooms of the tournament that call
    /// the director now (round, table, room), for the count in every director page's
    /// header.
    pub calls: Vec<(i32, i32, crate::rules::Room)>,
}

impl Viewer {
    pub fn of(req: &HttpRequest) -> Viewer {
        req.extensions()
            .get::<Viewer>()
            .cloned()
            .unwrap_or_default()
    }

    /// The round of the first room that calls the director (the header's link goes to its
    /// hall).
    pub(crate) fn first_call_round(&self) -> i32 {
        self.calls.first().map_or(0, |c| c.0)
    }

    pub(crate) fn is_admin(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.role == Role::Admin)
    }

    /// Whether the viewer runs this tournament (every director page), not only scores.
    pub(crate) fn directs(&self) -> bool {
        self.is_admin() || self.tour_access == Some(Access::Director)
    }

    /// Whether the viewer may create and import tournaments.
    pub fn creates(&self) -> bool {
        self.user
            .as_ref()
            .is_some_and(|u| matches!(u.role, Role::Admin | Role::Director))
    }

    /// The signed-in user's name, as the audit trail records it (blank without one).
    pub fn name(&self) -> String {
        self.user
            .as_ref()
            .map(|u| u.name.clone())
            .unwrap_or_default()
    }

    /// The signed-in user's id.
    pub(crate) fn user_id(&self) -> Option<i32> {
        self.user.as_ref().map(|u| u.id)
    }
}

/// The tournaments of `list` a viewer may see: admins all; others those they were given,
/// and with `published_too` every published one (the home page).
pub fn visible(
    conn: &mut crate::db::DbConnection,
    viewer: &Viewer,
    list: Vec<crate::db::TournamentSummary>,
    published_too: bool,
) -> Result<Vec<crate::db::TournamentSummary>, crate::db::DbError> {
    if viewer.is_admin() {
        return Ok(list);
    }
    let given = match viewer.user_id() {
        Some(id) => accounts::access_of(conn, id)?,
        None => HashMap::new(),
    };
    Ok(list
        .into_iter()
        .filter(|t| given.contains_key(&t.id) || (published_too && t.published))
        .collect())
}

impl FromRequest for Viewer {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(Viewer::of(req)))
    }
}

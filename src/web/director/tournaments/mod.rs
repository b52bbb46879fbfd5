//! The director's tournaments: the list (`/d`), creating one (`/d/new`), its dashboard
//! (`/d/{slug}`), its settings (`/d/{slug}/settings`, with a live preview of the band
//! table) and deleting it (`/d/{slug}/delete`).
//!
//! `form` reads the settings form (raw input → a draft → settings by the one parse of
//! settings, problems back to their fields), `view` holds what the pages show, `pages` the
//! handlers.

mod form;
mod messages;
mod pages;
mod view;

use actix_web::guard::{self, GuardContext};
use actix_web::http::Method;
use actix_web::web;

use crate::db::EditError;
use crate::rules::settings::RESERVED_SLUGS;
use crate::web::AppError;
use crate::web::routes::{Need, Routes};
use pages::*;

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d", Need::SignedIn, list)
        .get("/d/new", Need::Create, new_form)
        .post("/d/new", Need::Create, create)
        .get("/d/new/preview", Need::Create, new_preview)
        // A scorer's dashboard sends them on to the round being played. `/d/import` and
        // the like belong to other pages: the guard leaves them to their own routes.
        .route(
            "/d/{slug}",
            Method::GET,
            Need::Scorer,
            web::get()
                .guard(guard::fn_guard(names_a_tournament))
                .to(dashboard),
        )
        .get("/d/{slug}/settings", Need::Director, settings_form)
        .post("/d/{slug}/settings", Need::Director, save_settings)
        .post("/d/{slug}/settings/finished", Need::Director, save_finished)
        .post("/d/{slug}/settings/rated", Need::Director, save_rated)
        .get(
            "/d/{slug}/settings/preview",
            Need::Director,
            settings_preview,
        )
        .get("/d/{slug}/delete", Need::Director, delete_form)
        .post("/d/{slug}/delete", Need::Director, delete);
}

fn names_a_tournament(ctx: &GuardContext<'_>) -> bool {
    let path = ctx.head().uri.path();
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    !RESERVED_SLUGS.contains(&last)
}

/// Problems with a form by field name, already in the reader's language, in the order they
/// were found (the order of the form).
#[derive(Clone, Debug, Default)]
pub(crate) struct FieldErrors(Vec<(String, String)>);

impl FieldErrors {
    /// Notes a problem; a field keeps its first one.
    pub(crate) fn add(&mut self, field: impl Into<String>, message: String) {
        let field = field.into();
        if self.get(&field).is_none() {
            self.0.push((field, message));
        }
    }

    pub(crate) fn get(&self, field: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| f == field)
            .map(|(_, m)| m.as_str())
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// (field, message) for the summary at the top of a form.
    pub(crate) fn all(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(f, m)| (f.as_str(), m.as_str()))
    }
}

/// A whole number as typed: spaces around it and a leading `+` are fine.
pub(super) fn whole(raw: &str) -> Option<i32> {
    raw.trim().parse().ok()
}

/// A database refusal that no field can show.
pub(super) fn edit_error(e: EditError) -> AppError {
    match e {
        EditError::NoTournament | EditError::NoTeam(_) => AppError::not_found(),
        EditError::Db(e) => e.into(),
        other => AppError::internal(other),
    }
}

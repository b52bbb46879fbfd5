//! The audit trail of a tournament: `GET /d/{slug}/audit`, newest first, a page of
//! [`PER_PAGE`] changes at a time (`?page=2`). The trail of one match is shown on its
//! entry page (see `entry.rs`), built by [`trail_lines`] here.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::super::i18n::Tr;
use super::super::page::{Ctx, TourHead, render_status, with_db};
use super::super::viewer::Viewer;
use super::super::{AppError, AppState};
use crate::db::{self, audit::AuditEntry, audit::Subject};
use crate::web::routes::{Need, Routes};
use crate::web::tour::Tour;

pub(crate) const PER_PAGE: i64 = 100;

pub(crate) fn configure(routes: &mut Routes) {
    routes.get("/d/{slug}/audit", Need::Director, show);
}

/// The signed-in user's name, for the audit trail (blank without accounts).
pub(super) fn who(viewer: &Viewer) -> String {
    viewer.name()
}

/// One change as the pages show it.
#[derive(Debug)]
pub(crate) struct TrailLine {
    pub at: String,
    pub user: String,
    pub area: String,
    pub subject: String,
    pub before: String,
    pub after: String,
    /// The director's reason for a change after the correction period, or empty.
    pub reason: String,
    /// The values are stored text (a team, a setting), shown as such; results, rooms and
    /// draws are worded.
    pub code: bool,
}

/// The changes in the reader's language (area names, subjects, and a knockout tie's reason;
/// other values are stored text).
pub(crate) fn trail_lines(
    t: &Tr,
    clock: &crate::rules::Clock,
    entries: &[AuditEntry],
) -> Vec<TrailLine> {
    entries
        .iter()
        .map(|e| {
            let subject = Subject::parse(&e.subject);
            TrailLine {
                at: clock.at(e.at),
                user: if e.user_name.is_empty() {
                    "—".to_owned()
                } else {
                    super::words::who_words(t, &e.user_name, clock, e.at)
                },
                area: t.t(&format!("audit-area-{}", e.area)),
                before: super::words::value_words(t, &subject, &e.before),
                after: super::words::value_words(t, &subject, &e.after),
                code: !matches!(
                    subject,
                    Subject::Result { .. }
                        | Subject::Room { .. }
                        | Subject::Draw { .. }
                        | Subject::TableLinks { .. }
                        | Subject::Release { .. }
                        | Subject::Tie { .. }
                        | Subject::Deals { .. }
                        | Subject::DealSeed
                ),
                subject: super::subject::subject_text(t, &subject),
                reason: e.reason.clone(),
            }
        })
        .collect()
}

#[derive(Deserialize)]
struct Query {
    page: Option<i64>,
}

#[derive(Template)]
#[template(path = "director/audit.html")]
struct AuditPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    lines: Vec<TrailLine>,
    trail_caption: String,
    /// The zone the times are in.
    zone: String,
    previous: Option<i64>,
    next: Option<i64>,
}

async fn show(
    ctx: Ctx,
    state: web::Data<AppState>,
    tour: Tour,
    query: web::Query<Query>,
) -> Result<HttpResponse, AppError> {
    let page = query.page.unwrap_or(1).max(1);
    let key = tour.slug;
    let (settings, (entries, total)) = with_db(&state, move |conn| {
        let trail = db::audit::audit_trail(conn, &key, None, (page - 1) * PER_PAGE, PER_PAGE)?
            .ok_or_else(AppError::not_found)?;
        let settings = db::load_settings(conn, &key)?.ok_or_else(AppError::not_found)?;
        Ok((settings, trail))
    })
    .await?;
    let last = ((total + PER_PAGE - 1) / PER_PAGE).max(1);
    if page > last {
        return Err(AppError::not_found());
    }
    let view = AuditPage {
        lines: trail_lines(&ctx.t, &crate::clock::of(&settings), &entries),
        zone: crate::clock::of(&settings).label(chrono::Utc::now().naive_utc()),
        tour: TourHead::of_settings(&settings),
        section: "audit",
        trail_caption: ctx.t.args(
            "audit-caption",
            &[
                ("count", total.into()),
                ("page", page.into()),
                ("pages", last.into()),
            ],
        ),
        previous: (page > 1).then_some(page - 1),
        next: (page < last).then_some(page + 1),
        ctx: ctx.clone(),
    };
    render_status(&ctx, StatusCode::OK, &view)
}

//! The public pages of a tournament, under `/t/{slug}`: no login, read only. Every page is
//! built from the tournament's snapshot at its current revision ([`PageSnapshot`], the
//! public one for an anonymous reader: released boards only, docs/rules.md §5), so a result
//! shows once it is saved and released, and the page cache answers repeat readers.
//!
//! - `/t/{slug}` the overview: rules, tie-breaks, rounds, the top of the standings, downloads
//! - `/t/{slug}/standings`, `/t/{slug}/rounds`, `/t/{slug}/rounds/{n}`,
//!   `/t/{slug}/rounds/{n}/tables/{t}` (one match, both rooms), `/t/{slug}/teams`,
//!   `/t/{slug}/teams/{no}` (with where the team plays next and the round's clock)
//! - `/t/{slug}/screen` the hall's screen ([`screen`])
//! - `/t/{slug}/standings`, `/t/{slug}/teams` and `/t/{slug}/rounds/{n}` of a large event a
//!   page at a time (`?page=2`, `?page=all`), each with "find my team" (`…/find?q=`):
//!   [`paging`], [`find`]
//! - `/t/{slug}/{file}.csv` the archive's CSV files, as `fushi export` writes them
//! - `/d/{slug}/rounds/{n}/boards/{b}` the director's traveller of a board (every room),
//!   open to the tournament's scorers too: registered here, beside the public traveller
//!   whose page it shares, with its own role
//!
//! While a round is in progress, the pages that change with it carry a live marker that
//! `static/js/live.js` uses to refresh them in place.
//!
//! This file registers the routes and holds what the pages share (the live marker, the
//! pager, whether a match may still change). Each page is a child: the overview
//! (`overview`), the standings (`standings_page`), the rounds, a round and one match
//! (`rounds`), the teams and one team (`teams`), a CSV file (`download`); and the field's
//! pages (`field`), "find my team" (`find`), paging (`paging`), the hall's screen
//! (`screen`), a championship's pages (`stages`) and the views they share (`view`).

mod download;
pub(crate) mod field;
mod find;
mod overview;
pub(crate) mod paging;
pub(crate) mod player;
mod rounds;
mod screen;
mod stages;
mod standings_page;
mod teams;
mod view;

use actix_web::{HttpResponse, web};

use super::page::redirect;
use super::routes::{Need, Routes};
use super::{AppError, AppState};
use crate::rules::slug::Slug;

/// Seconds between refreshes of a live page.
const LIVE_SECONDS: u32 = 20;

pub(crate) fn configure(routes: &mut Routes) {
    routes.area(public_pages);
    routes.area(stages::pages);
    // The director's traveller of a board: every room, to check what was entered.
    routes.get(
        "/d/{slug}/rounds/{round}/boards/{board}",
        Need::Scorer,
        field::director_traveller,
    );
}

/// The public pages: open to everyone once the tournament is published.
fn public_pages(cfg: &mut web::ServiceConfig) {
    cfg.route("/t/{slug}", web::get().to(overview::overview))
        .route("/t/{slug}/", web::get().to(without_slash))
        .route(
            "/t/{slug}/standings",
            web::get().to(standings_page::standings),
        )
        .route(
            "/t/{slug}/standings/find",
            web::get().to(find::in_standings),
        )
        .route("/t/{slug}/rounds", web::get().to(rounds::rounds))
        .route("/t/{slug}/rounds/{round}", web::get().to(rounds::round))
        .route(
            "/t/{slug}/rounds/{round}/find",
            web::get().to(find::in_round),
        )
        .route(
            "/t/{slug}/rounds/{round}/tables/{table}",
            web::get().to(rounds::table),
        )
        .route("/t/{slug}/screen", web::get().to(screen::screen))
        .route("/t/{slug}/teams", web::get().to(teams::teams))
        .route("/t/{slug}/teams/find", web::get().to(find::in_teams))
        .route("/t/{slug}/teams/{team}", web::get().to(teams::team))
        .route("/t/{slug}/{file}.csv", web::get().to(download::download))
        .route(
            "/t/{slug}/rounds/{round}/boards/{board}",
            web::get().to(field::traveller),
        )
        .route("/t/{slug}/butler", web::get().to(field::butler_ranking))
        .route(
            "/t/{slug}/rounds/{round}/travellers",
            web::get().to(field::travellers),
        )
        .route(
            "/t/{slug}/rounds/{round}/travellers.pdf",
            web::get().to(field::travellers_pdf),
        )
        .route("/p/{id}", web::get().to(player::player));
}

/// `/t/{slug}/` is the overview too.
async fn without_slash(slug: Slug) -> Result<HttpResponse, AppError> {
    Ok(redirect(&format!("/t/{slug}")))
}

/// Matches a page of a round holds when a page of teams holds `teams_per_page`: the same
/// teams, two to a match.
pub(crate) fn matches_per_page(teams_per_page: usize) -> usize {
    teams_per_page.div_ceil(2).max(1)
}

/// The links between the pages of the list at `base` ([`paging::Pager`]), its rows named
/// by `name`; `of` names what the pages are of (`pub-pages-standings`).
fn pager(
    t: &crate::web::i18n::Tr,
    paging: &paging::Paging,
    base: &str,
    of: &str,
    name: impl Fn(std::ops::Range<usize>) -> String,
) -> Option<paging::Pager> {
    use fluent_templates::fluent_bundle::FluentValue;
    paging::Pager::of(
        paging,
        base,
        name,
        t.t(&format!("pub-pages-{of}")),
        |from, to, n| {
            t.args(
                &format!("pub-showing-{of}"),
                &[
                    ("from", FluentValue::from(from)),
                    ("to", FluentValue::from(to)),
                    ("n", FluentValue::from(n)),
                ],
            )
        },
        t.t("pub-whole-list"),
    )
}

/// The refresh interval of a live page, or `None` when nothing is coming in.
fn live(on: bool) -> Option<u32> {
    on.then_some(LIVE_SECONDS)
}

/// Whether a match's figures shown at round `round`, table `table` may still change: its
/// rooms wait for approval, its round is still played or within its correction period.
pub(crate) fn provisional_match(snap: &crate::web::live::Snapshot, round: i32, table: i32) -> bool {
    let progress = snap.report.round_progress(round);
    let now = chrono::Utc::now().naive_utc();
    !crate::rules::Finality::of(&snap.play, round, Some(table), progress, now).is_final()
}

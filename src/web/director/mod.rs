//! The director's pages, under `/d`: tournaments and settings, teams, rounds and boards,
//! pairings, result entry and the archive.
//!
//! Every area registers its routes with [`Routes`] and says there who may reach each one
//! ([`Need`]): the tournament's directors, or its scorers too. What is not declared is a
//! director's page.

mod archive;
mod audit;
mod entry;
mod field;
mod labels;
mod rounds;
mod schedule;
mod subject;
mod tables;
mod teams;
mod tournaments;

use actix_web::http::Method;

use super::routes::{Need, Routes};

pub(crate) use entry::{combo_label, sheet_error_text};
pub(crate) use labels::{Choice, choices, seat_label, team_label, trump_label};
pub use schedule::{ExplanationLine, note_texts, recorded_lines};
pub(crate) use tables::{qr_svg, site};

pub fn configure(routes: &mut Routes) {
    // The archive first: its `/d/import` must match before the dashboard's `/d/{slug}`.
    archive::configure(routes);
    // `tournaments` registers its routes with actix itself; what they need is declared
    // here, in its order, until it uses `Routes` too.
    routes
        .area(tournaments::configure)
        .declare("/d", Method::GET, Need::SignedIn)
        .declare("/d/new", Method::GET, Need::Create)
        .declare("/d/new", Method::POST, Need::Create)
        .declare("/d/new/preview", Method::GET, Need::Create)
        // A scorer's dashboard sends them on to the round being played.
        .declare("/d/{slug}", Method::GET, Need::Scorer)
        .declare("/d/{slug}/settings", Method::GET, Need::Director)
        .declare("/d/{slug}/settings", Method::POST, Need::Director)
        .declare("/d/{slug}/settings/preview", Method::GET, Need::Director)
        .declare("/d/{slug}/delete", Method::GET, Need::Director)
        .declare("/d/{slug}/delete", Method::POST, Need::Director);
    teams::configure(routes);
    schedule::configure(routes);
    rounds::configure(routes);
    entry::configure(routes);
    audit::configure(routes);
    field::configure(routes);
    tables::configure(routes);
}

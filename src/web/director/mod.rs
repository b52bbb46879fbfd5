//! The director's pages, under `/d`: tournaments and settings, teams, rounds and boards,
//! pairings, result entry and the archive.

mod archive;
mod audit;
mod entry;
mod field;
mod rounds;
mod schedule;
mod subject;
mod tables;
mod teams;
mod tournaments;

use actix_web::web;

pub(crate) use entry::{combo_label, sheet_error_text};
pub(crate) use rounds::{Choice, choices, seat_label, signed, team_label, trump_label};
pub use schedule::{ExplanationLine, note_texts, recorded_lines};
pub(crate) use tables::{qr_svg, site};

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The archive first: its `/d/import` must match before the dashboard's `/d/{slug}`.
    cfg.configure(archive::configure)
        .configure(tournaments::configure)
        .configure(teams::configure)
        .configure(schedule::configure)
        .configure(rounds::configure)
        .configure(entry::configure)
        .configure(audit::configure)
        .configure(field::configure)
        .configure(tables::configure);
}

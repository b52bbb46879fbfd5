//! The director's pages, under `/d`: tournaments and settings, teams, rounds and boards,
//! pairings, result entry and the archive.
//!
//! Every area registers its routes with [`Routes`] and says there who may reach each one
//! ([`Need`](super::routes::Need)): the tournament's directors, or its scorers too. What
//! is not declared is a director's page.

mod archive;
mod audit;
mod deals;
mod entry;
mod field;
mod hall_view;
mod rounds;
mod schedule;
mod series;
mod session;
mod stages;
mod subject;
mod tables;
mod teams;
mod tournaments;
mod words;

use super::routes::Routes;

pub(crate) use crate::web::labels::progress_text;
pub(crate) use stages::{rounds_text, unreleased_text};
pub(crate) use tournaments::FieldErrors;

pub(crate) fn configure(routes: &mut Routes) {
    // The archive first: its `/d/import` must match before the dashboard's `/d/{slug}`.
    archive::configure(routes);
    series::configure(routes);
    tournaments::configure(routes);
    teams::configure(routes);
    schedule::configure(routes);
    rounds::configure(routes);
    entry::configure(routes);
    audit::configure(routes);
    field::configure(routes);
    tables::configure(routes);
    hall_view::configure(routes);
    session::configure(routes);
    stages::configure(routes);
    deals::configure(routes);
}

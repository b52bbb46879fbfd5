//! The home page: the tournaments in the database, upcoming (and under way) first by date,
//! then the past ones, latest first.

use actix_web::{HttpResponse, web};
use askama::Template;
use chrono::TimeZone;

use super::page::{Ctx, render, with_db};
use super::{AppError, AppState};
use crate::db::{self, TournamentSummary};
use crate::rules::Occasion;

/// A tournament on the home page.
struct HomeRow {
    tour: TournamentSummary,
    /// `2026-12-05` or `2026-12-05 – 2026-12-06`; empty without a date.
    dates: String,
    venue: String,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    ctx: Ctx,
    upcoming: Vec<HomeRow>,
    past: Vec<HomeRow>,
}

impl HomePage {
    fn is_empty(&self) -> bool {
        self.upcoming.is_empty() && self.past.is_empty()
    }

    /// (id, title message, rows) of each part of the list.
    fn sections(&self) -> [(&'static str, &'static str, &[HomeRow]); 2] {
        [
            ("home-upcoming", "hall-home-upcoming", &self.upcoming),
            ("home-past", "hall-home-past", &self.past),
        ]
    }
}

/// Upcoming and under way (by first day, soonest first; undated after, newest first), and
/// past (latest first). "Today" is each tournament's own date in its zone.
fn by_date(
    tournaments: Vec<TournamentSummary>,
    occasions: &std::collections::HashMap<i32, Occasion>,
    now: chrono::DateTime<chrono::Utc>,
) -> (Vec<HomeRow>, Vec<HomeRow>) {
    let none = Occasion::default();
    let mut upcoming = Vec::new();
    let mut past = Vec::new();
    for tour in tournaments {
        let o = occasions.get(&tour.id).unwrap_or(&none);
        let zone = o.zone_or(crate::clock::machine_zone());
        let today = zone.from_utc_datetime(&now.naive_utc()).date_naive();
        let row = (
            o.day(),
            HomeRow {
                dates: o.dates(),
                venue: o.venue.clone(),
                tour,
            },
        );
        if o.is_past(today) {
            past.push(row);
        } else {
            upcoming.push(row);
        }
    }
    // The list comes newest first; sorting is stable, so undated ones keep that order.
    upcoming.sort_by_key(|(day, _)| (day.is_none(), *day));
    past.sort_by_key(|(day, _)| std::cmp::Reverse(*day));
    let rows =
        |v: Vec<(Option<chrono::NaiveDate>, HomeRow)>| v.into_iter().map(|(_, r)| r).collect();
    (rows(upcoming), rows(past))
}

pub(super) async fn index(ctx: Ctx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let viewer = ctx.viewer.clone();
    let (tournaments, occasions) = with_db(&state, move |conn| {
        let all = db::list_tournaments(conn)?;
        let visible = super::auth::visible(conn, &viewer, all, true)?;
        Ok((visible, db::occasion::all(conn)?))
    })
    .await?;
    let (upcoming, past) = by_date(tournaments, &occasions, chrono::Utc::now());
    render(
        &ctx,
        &HomePage {
            ctx: ctx.clone(),
            upcoming,
            past,
        },
    )
}

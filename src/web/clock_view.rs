//! A round's clock as a page shows it ([`ClockView`]): "Round 4 ends at 20:45" in the
//! tournament's zone, readable without JavaScript; `static/js/hall.js` counts it down. And
//! [`hall_parts`]: the clock and the director's announcement as the hall's pages (the
//! screen, the table pages, a team's page, the director's hall view) read them.

use chrono::NaiveDateTime;

use super::page::{Ctx, with_db};
use super::{AppError, AppState};
use crate::db::hall::HallNow;
use crate::rules::Settings;
use crate::rules::round_clock::RoundClock;

/// A round's clock as a page shows it.
#[derive(Clone, Debug)]
pub(crate) struct ClockView {
    /// "Round 2 ends at 20:45" (or paused, with what is left).
    pub label: String,
    /// The end, UTC, for the countdown (`2026-12-05T12:45:00Z`); empty while paused.
    pub(crate) ends_utc: String,
    /// What is left when the page was made, `mm:ss`.
    pub left: String,
    pub paused: bool,
    /// What the countdown says at zero.
    pub(crate) over_text: String,
}

impl ClockView {
    /// The clock of round `round` for `table` (or the whole hall), as of `now`.
    pub(crate) fn of(
        t: &crate::i18n::Tr,
        settings: &Settings,
        round: i32,
        clock: &RoundClock,
        table: Option<i32>,
        now: NaiveDateTime,
    ) -> ClockView {
        let zone = crate::clock::of(settings);
        let ends = clock.ends_at(table, now);
        let left = clock.seconds_left(table, now);
        let left_text = format!("{}:{:02}", left / 60, left % 60);
        let extra = clock.extra_of(table);
        let label = if clock.paused() {
            t.args(
                "clock-paused",
                &[("round", round.into()), ("left", left_text.clone().into())],
            )
        } else if extra > 0 {
            t.args(
                "clock-ends-extra",
                &[
                    ("round", round.into()),
                    ("time", zone.hm(ends).into()),
                    ("minutes", extra.into()),
                ],
            )
        } else {
            t.args(
                "clock-ends",
                &[("round", round.into()), ("time", zone.hm(ends).into())],
            )
        };
        ClockView {
            label,
            ends_utc: if clock.paused() {
                String::new()
            } else {
                ends.format("%Y-%m-%dT%H:%M:%SZ").to_string()
            },
            left: left_text,
            paused: clock.paused(),
            over_text: t.a("clock-over", "round", round),
        }
    }
}

/// The clock and announcement of tournament `slug` as the hall shows them: the clock of
/// `round` (else of the current round) for `table`.
pub(crate) async fn hall_parts(
    ctx: &Ctx,
    state: &AppState,
    settings: &Settings,
    round: Option<i32>,
    table: Option<i32>,
) -> Result<(HallNow, Option<ClockView>, Option<String>), AppError> {
    let slug = settings.slug.clone();
    let now = with_db(state, move |conn| {
        Ok(crate::db::hall::hall_now(conn, &slug, round)?)
    })
    .await?;
    let at = crate::db::now();
    let clock = match (&now.clock, now.round) {
        (Some(c), Some(r)) => Some(ClockView::of(&ctx.t, settings, r, c, table, at)),
        _ => None,
    };
    let said = now.announcement.as_ref().map(|(body, _)| body.clone());
    Ok((now, clock, said))
}

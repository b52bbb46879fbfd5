//! What a page under `/d/{slug}/…` is about, taken from its path as an extractor: the
//! tournament with the viewer's right to it ([`Tour`]), one of its rounds ([`RoundAt`]),
//! one table of a round ([`TableAt`]), one of its teams ([`TeamAt`]). A handler names what it is about in its arguments
//! instead of looking it up again:
//!
//! ```ignore
//! async fn overview(ctx: Ctx, state: web::Data<AppState>, at: RoundAt) -> … {
//!     let sheet = at.sheet(&state).await?; // the round, or 404
//! ```
//!
//! The tournament is the one the access guard already read ([`Gate`]: id, revision,
//! publication and the viewer's access row), so naming it costs no query; its snapshot is
//! taken at that revision without asking for the revision again. A slug the guard found
//! no tournament for, or a round, table or team number that is not a number, is a 404.

use std::future::{Ready, ready};
use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpMessage, HttpRequest};

use super::live::Snapshot;
use super::{AppError, AppState};
use crate::db::RoundSheet;
use crate::db::accounts::{Access, Gate};
use crate::rules::TeamNo;

/// The tournament of the page's `{slug}`, as the guard found it.
#[derive(Clone, Debug)]
pub(crate) struct Tour {
    pub slug: String,
    /// Its id, revision and publication, read by the guard with the access check.
    pub(crate) gate: Gate,
    /// What the viewer may do in it (admins: director; a scorer account: scorer).
    pub access: Option<Access>,
}

impl Tour {
    /// Whether the viewer runs this tournament, not only scores it.
    pub(crate) fn directs(&self) -> bool {
        self.access == Some(Access::Director)
    }

    /// The tournament's snapshot at the revision the guard read, or newer: a director sees
    /// their own save. As the viewer may see it ([`Snapshot::seen_by`]): a scorer sees every
    /// result but no card of an unreleased board.
    pub(crate) async fn snapshot(&self, state: &AppState) -> Result<Arc<Snapshot>, AppError> {
        Ok(state
            .live
            .snapshot_at(self.gate.tournament, self.gate.revision, &self.slug, true)
            .await?
            .seen_by(self.access))
    }

    fn of(req: &HttpRequest) -> Result<Tour, AppError> {
        // Parsed once, at the edge: a path whose slug breaks the rule names nothing.
        let slug = String::from(super::page::path_slug(req)?);
        let gate = req
            .extensions()
            .get::<Gate>()
            .copied()
            .ok_or(AppError::NotFound)?;
        let access = super::viewer::Viewer::of(req).tour_access;
        Ok(Tour { slug, gate, access })
    }
}

/// A number of the path (`{round}`, `{table}`, `{no}`): digits only, else there is no such
/// page.
fn path_number(req: &HttpRequest, name: &str) -> Result<i32, AppError> {
    super::page::path_number(req.match_info().get(name).ok_or(AppError::NotFound)?)
}

/// Round `{round}` of the tournament. Whether the round exists is known once it is loaded
/// ([`RoundAt::sheet`]).
#[derive(Clone, Debug)]
pub(crate) struct RoundAt {
    pub tour: Tour,
    pub round: i32,
}

impl RoundAt {
    /// The round with its boards, matches and the teams, from the tournament's snapshot
    /// (no query when it is current); 404 when the round does not exist.
    pub(crate) async fn sheet(&self, state: &AppState) -> Result<RoundSheet, AppError> {
        let snap = self.tour.snapshot(state).await?;
        RoundSheet::of_event(&snap.event, self.round).ok_or(AppError::NotFound)
    }

    /// `/d/{slug}/rounds/{round}` and what follows.
    pub(crate) fn url(&self, tail: &str) -> String {
        format!("/d/{}/rounds/{}{tail}", self.tour.slug, self.round)
    }
}

/// Table `{table}` of round `{round}`.
#[derive(Clone, Debug)]
pub(crate) struct TableAt {
    pub round: RoundAt,
    pub table: i32,
}

/// Team `{no}` of the tournament. Whether the team exists is known once the tournament
/// is loaded.
#[derive(Clone, Debug)]
pub(crate) struct TeamAt {
    pub tour: Tour,
    pub team: TeamNo,
}

impl FromRequest for Tour {
    type Error = AppError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Tour::of(req))
    }
}

impl FromRequest for RoundAt {
    type Error = AppError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready((|| {
            Ok(RoundAt {
                tour: Tour::of(req)?,
                round: path_number(req, "round")?,
            })
        })())
    }
}

impl FromRequest for TeamAt {
    type Error = AppError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready((|| {
            Ok(TeamAt {
                tour: Tour::of(req)?,
                team: TeamNo(path_number(req, "no")?),
            })
        })())
    }
}

impl FromRequest for TableAt {
    type Error = AppError;
    type Future = Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready((|| {
            Ok(TableAt {
                round: RoundAt {
                    tour: Tour::of(req)?,
                    round: path_number(req, "round")?,
                },
                table: path_number(req, "table")?,
            })
        })())
    }
}

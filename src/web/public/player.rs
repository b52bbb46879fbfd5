//! A registry player's page across events, `/p/{id}` (docs/rules.md §14): shown only for a
//! player whose page is public, with their published events, the teams that name them, the
//! boards they played and their Butler per event, all read from each event's public view
//! (released boards only, docs/rules.md §5).
//!
//! Any other id — a player who is not public, an id removed, an id never issued, a text
//! that is no id — answers exactly as a page that does not exist, so that nobody learns
//! from this address which ids exist or who is registered. An id merged into a public
//! player sends the reader on to the kept one; merged into one who is not public, it is
//! not found like the rest.

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::players::events::{PlayerEvent, events_of};
use crate::db::players::{self, IdNow, Player};
use crate::rules::TeamNo;
use crate::rules::field::player_boards;
use crate::rules::player_id::PlayerId;
use crate::web::page::{Ctx, render, with_db};
use crate::web::{AppError, AppState};

/// One event on a player's page.
#[derive(Clone, Debug)]
pub(crate) struct EventLine {
    pub slug: String,
    pub name: String,
    pub published: bool,
    /// `2026-12-05 – 2026-12-06`, or empty.
    pub dates: String,
    /// The teams whose roster names the player in this event.
    pub teams: Vec<(TeamNo, String)>,
    pub boards: u32,
    /// The exact Butler sum to 2 decimals, `–` before a board.
    pub butler: String,
    /// The Butler average per board to 2 decimals, `–` before a board.
    pub per_board: String,
}

fn figure(f: Option<crate::rules::field::Fraction>) -> String {
    f.map_or_else(
        || "–".to_owned(),
        |f| crate::figures::typographic_minus(f.two_decimals()),
    )
}

/// The lines of `events` for player `id`: each from the event's public view (`public`) or
/// the directors' (every result, live). An event that cannot be read now is left out.
pub(crate) async fn event_lines(
    state: &AppState,
    id: PlayerId,
    events: &[PlayerEvent],
    public: bool,
) -> Result<Vec<EventLine>, AppError> {
    let mut lines = Vec::with_capacity(events.len());
    for e in events {
        let snap = match state.live.snapshot(&e.slug, true).await {
            Ok(snap) => snap,
            Err(crate::web::live::SnapshotError::NotFound) => continue,
            Err(other) => return Err(other.into()),
        };
        let snap = if public { snap.public() } else { snap };
        let event = &snap.event;
        let played = player_boards(event, id);
        let teams = event
            .teams
            .iter()
            .filter(|t| t.member_ids.contains(&Some(id)))
            .map(|t| (t.number, t.name.clone()))
            .collect::<Vec<_>>();
        lines.push(EventLine {
            slug: e.slug.clone(),
            name: e.name.clone(),
            published: e.published,
            dates: event.settings.occasion.dates(),
            teams: if teams.is_empty() {
                e.teams.clone()
            } else {
                teams
            },
            boards: played.boards,
            butler: figure((played.boards > 0).then_some(played.butler)),
            per_board: figure(played.per_board()),
        });
    }
    Ok(lines)
}

#[derive(Template)]
#[template(path = "public/player.html")]
struct PlayerPage {
    ctx: Ctx,
    player: Player,
    events: Vec<EventLine>,
    /// Boards over every event shown.
    boards: u32,
}

/// What `/p/{id}` answers for an id typed in the address.
enum Shown {
    Page(Player, Vec<PlayerEvent>),
    /// A merged id whose kept player is public.
    Moved(PlayerId),
    /// Not public, removed, never issued, or no id at all: one answer for them all.
    Nothing,
}

/// `GET /p/{id}`: a public player's page.
pub(crate) async fn player(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let Ok(id) = PlayerId::parse(&id) else {
        return Err(AppError::not_found());
    };
    let shown = with_db(&state, move |conn| {
        let IdNow::Player(now) = players::resolve(conn, id)? else {
            return Ok(Shown::Nothing);
        };
        let Some(player) = players::get(conn, now)?.filter(|p| p.fields.public) else {
            return Ok(Shown::Nothing);
        };
        if now != id {
            return Ok(Shown::Moved(now));
        }
        let events = events_of(conn, id)?
            .into_iter()
            .filter(|e| e.published)
            .collect();
        Ok(Shown::Page(player, events))
    })
    .await?;
    match shown {
        Shown::Nothing => Err(AppError::not_found()),
        Shown::Moved(kept) => Ok(HttpResponse::MovedPermanently()
            .insert_header((header::LOCATION, format!("/p/{kept}")))
            .finish()),
        Shown::Page(player, events) => {
            let mut events = event_lines(&state, id, &events, true).await?;
            events.reverse();
            let page = PlayerPage {
                boards: events.iter().map(|e| e.boards).sum(),
                ctx: ctx.clone(),
                player,
                events,
            };
            render(&ctx, &page)
        }
    }
}

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
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::db::players::events::{PlayerEvent, events_of};
use crate::db::players::{self, IdNow, Player};
use crate::rules::player_id::PlayerId;
use crate::web::page::{Ctx, render, with_db};
use crate::web::player_lines::{EventLine, RatingShown, event_lines};
use crate::web::validator::{Inputs, Validator};
use crate::web::{AppError, AppState};

#[derive(Template)]
#[template(path = "public/player.html")]
struct PlayerPage {
    ctx: Ctx,
    player: Player,
    events: Vec<EventLine>,
    /// Boards over every event shown.
    boards: u32,
    /// Their rating, once they played a rated board (public then, docs/rules.md §14).
    rating: Option<RatingShown>,
}

/// What `/p/{id}` answers for an id typed in the address.
enum Shown {
    Page(
        Player,
        Vec<PlayerEvent>,
        Option<Box<crate::db::ratings::PlayerRatingView>>,
    ),
    /// A merged id whose kept player is public.
    Moved(PlayerId),
    /// Not public, removed, never issued, or no id at all: one answer for them all.
    Nothing,
}

/// `GET /p/{id}`: a public player's page, with a validator made of what it shows (the
/// player's row, their published events as the public sees them, their rating): a reader
/// who has it gets `304` before the page is drawn.
pub(crate) async fn player(
    req: HttpRequest,
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
        let rating = crate::db::ratings::of_player(conn, id)?.map(Box::new);
        Ok(Shown::Page(player, events, rating))
    })
    .await?;
    match shown {
        Shown::Nothing => Err(AppError::not_found()),
        Shown::Moved(kept) => Ok(HttpResponse::MovedPermanently()
            .insert_header((header::LOCATION, format!("/p/{kept}")))
            .finish()),
        Shown::Page(player, events, rating) => {
            let mut events = event_lines(&state, id, &events, true).await?;
            events.reverse();
            let mut inputs = Inputs::default();
            inputs.add_debug(&player).add_debug(&rating);
            for e in &events {
                inputs.add_debug(&e);
            }
            let validator = Validator::of(&req, &state, "player", ctx.lang.code(), inputs);
            if let Some(response) = validator.not_modified(&req) {
                return Ok(response);
            }
            let page = PlayerPage {
                rating: rating.map(|r| RatingShown::of(&ctx.t, (id, &player.fields.name), &r)),
                boards: events.iter().map(|e| e.boards).sum(),
                ctx: ctx.clone(),
                player,
                events,
            };
            Ok(validator.headed(render(&ctx, &page)?))
        }
    }
}

//! A player's events as their pages show them (docs/rules.md §14): for each tournament that
//! names them, the teams, the boards they played and their Butler, read from that
//! tournament's public view (released boards only) or its directors' view.
//!
//! A player's page spans several tournaments, so it reads each one's snapshot here rather
//! than through the page cache's extractor, which serves the one tournament of a path
//! (`/t/{slug}/…`) with the validator that names its revision.

use crate::db::players::events::PlayerEvent;
use crate::rules::TeamNo;
use crate::rules::field::player_boards;
use crate::rules::player_id::PlayerId;
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

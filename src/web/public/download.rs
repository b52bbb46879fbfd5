//! A CSV file of the archive, `/t/{slug}/{file}.csv`, as `fushi export` writes it.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::archive;
use crate::web::AppError;
use crate::web::page::PageSnapshot;

/// `GET /t/{slug}/{file}.csv`: the file as `fushi export` writes it.
pub(super) async fn download(
    snap: PageSnapshot,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let file = &path.1;
    let export = archive::Export::public(file).ok_or_else(AppError::not_found)?;
    // A registry id is a key across events: the public files name players as the event's
    // pages do, by name (docs/rules.md §14); the director's download keeps the links.
    let unlinked;
    let event = if snap.is_public_view() && snap.event.teams.iter().any(|t| t.has_links()) {
        unlinked = without_player_ids(&snap.event);
        &unlinked
    } else {
        &snap.event
    };
    let body = export
        .write(&archive::Exporting {
            event,
            report: &snap.report,
            championship: match export.when {
                archive::When::Stages => snap.championship(),
                _ => None,
            },
            // Rooms waiting for the director's approval are marked in the computed `result`.
            provisional: &|round, table, room| snap.play.awaits_approval(round, table, room),
        })
        .ok_or_else(AppError::not_found)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/csv; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"{}-{file}.csv\"",
                event.settings.slug
            ),
        ))
        .body(crate::archive::files::file_bytes(
            &format!("{file}.csv"),
            &body,
        )))
}

/// `event` with every link to the player registry taken out of its rosters and line-ups.
fn without_player_ids(event: &crate::rules::Event) -> crate::rules::Event {
    let mut event = event.clone();
    for team in event.teams.iter_mut() {
        team.member_ids.clear();
    }
    for lineup in event.lineups.iter_mut() {
        lineup.player_ids = [None, None];
    }
    event
}

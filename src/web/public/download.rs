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
    let event = &snap.event;
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

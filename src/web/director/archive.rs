//! The tournament archive of docs/rules.md §9 on the web: download and upload.
//!
//! - `GET /d/{slug}/archive`: the page with the downloads
//! - `GET /d/{slug}/archive.zip`: the whole tournament, a folder named after the slug
//!   holding the eight files, as `fushi export` writes them, and `audit.csv`, the audit
//!   trail (in the zip only; import never reads it)
//! - `GET /d/{slug}/files/{name}`: one file of that archive on its own
//! - `GET/POST /d/import`: create a tournament from an uploaded .zip, all or nothing
//!
//! Every file comes from the archive's own writers ([`transfer::export`]); nothing here
//! formats CSV.

use std::io::Cursor;

use actix_multipart::form::MultipartForm;
use actix_multipart::form::tempfile::TempFile;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, web};
use askama::Template;

use super::super::page::{
    Ctx, TourHead, load_event, redirect_with, render, render_status, with_db,
};
use super::super::{AppError, AppState};
use crate::archive::{ArchiveFiles, EXPORTS, Export};
use crate::db;
use crate::db::accounts::Access;
use crate::transfer;
use crate::web::routes::{Need, Routes};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d/import", Need::Create, import_form)
        .post("/d/import", Need::Create, import)
        .get("/d/{slug}/archive", Need::Director, page)
        .get("/d/{slug}/archive.zip", Need::Director, download_zip)
        .get("/d/{slug}/files/{name}", Need::Director, download_file);
}

#[derive(Template)]
#[template(path = "director/archive_page.html")]
struct ArchivePage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    /// (file name, what it holds)
    files: Vec<(&'static str, String)>,
    /// How many files the .zip holds: the export's, and `audit.csv`.
    in_zip: usize,
}

async fn page(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let snap = load_event(&state, &path).await?;
    let event = &snap.event;
    let page = ArchivePage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "archive",
        in_zip: transfer::export_event(event).names().count() + 1,
        files: EXPORTS
            .iter()
            .filter(|e| e.is_of(event))
            .map(|e| {
                (
                    e.name,
                    ctx.t
                        .t(&format!("archive-file-{}", e.name.replace('.', "-"))),
                )
            })
            .collect(),
    };
    render(&ctx, &page)
}

/// Every archive file of the tournament `slug`, or 404.
async fn export(state: &AppState, slug: &str) -> Result<ArchiveFiles, AppError> {
    let slug = slug.to_owned();
    with_db(state, move |conn| {
        if !db::slug_exists(conn, &slug)? {
            return Err(AppError::not_found());
        }
        transfer::export(conn, &slug).map_err(|problems| {
            AppError::internal(
                problems
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            )
        })
    })
    .await
}

fn attachment(content_type: &str, file_name: &str, body: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{file_name}\""),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body)
}

/// `GET /d/{slug}/archive.zip`: a folder named after the slug with every file.
async fn download_zip(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let slug = path.into_inner();
    let mut files = export(&state, &slug).await?;
    // The audit trail travels in the zip only, and is never read back on import.
    let key = slug.clone();
    let (trail, settings) = with_db(&state, move |conn| {
        let trail = db::audit::full_trail(conn, &key)?.ok_or_else(AppError::not_found)?;
        let settings = db::load_settings(conn, &key)?.ok_or_else(AppError::not_found)?;
        Ok((trail, settings))
    })
    .await?;
    let clock = crate::clock::of(&settings);
    files.insert("audit.csv", db::audit::audit_csv(&trail, &clock));
    let zip = files
        .write_zip(Cursor::new(Vec::new()), &slug)
        .map_err(AppError::internal)?
        .into_inner();
    // A slug is [a-z0-9-], so it needs no quoting in the header.
    Ok(attachment("application/zip", &format!("{slug}.zip"), zip))
}

/// `GET /d/{slug}/files/{name}`: one file of the archive, exactly as the .zip holds it.
async fn download_file(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    let (slug, name) = path.into_inner();
    let Some(name) = Export::named(&name).map(|e| e.name) else {
        return Err(AppError::not_found());
    };
    let files = export(&state, &slug).await?;
    let bytes = files.bytes(name).ok_or_else(AppError::not_found)?;
    let content_type = if name.ends_with(".csv") {
        "text/csv; charset=utf-8"
    } else {
        "application/toml; charset=utf-8"
    };
    Ok(attachment(content_type, name, bytes))
}

#[derive(Template)]
#[template(path = "director/archive_import.html")]
struct ImportPage {
    ctx: Ctx,
    problems: Vec<String>,
}

async fn import_form(ctx: Ctx) -> Result<HttpResponse, AppError> {
    render(
        &ctx,
        &ImportPage {
            ctx: ctx.clone(),
            problems: Vec::new(),
        },
    )
}

/// The upload: one .zip, kept in a temporary file rather than in memory.
#[derive(MultipartForm)]
struct ArchiveUpload {
    #[multipart(limit = "16MiB")]
    archive: Option<TempFile>,
}

/// `POST /d/import`: the tournament is created in one transaction, or nothing is and every
/// problem is listed as `file:line: why`.
async fn import(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: MultipartForm<ArchiveUpload>,
) -> Result<HttpResponse, AppError> {
    let upload = form.into_inner().archive.filter(|f| f.size > 0);
    let Some(upload) = upload else {
        let page = ImportPage {
            ctx: ctx.clone(),
            problems: vec![ctx.t.t("archive-import-none")],
        };
        return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page);
    };
    let shown = upload
        .file_name
        .clone()
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "archive.zip".to_owned());
    let creator = ctx.viewer.user_id();
    let who = super::audit::who(&ctx.viewer);
    let admin = ctx.viewer.is_admin();
    let outcome = with_db(&state, move |conn| {
        let file = upload.file.reopen().map_err(AppError::internal)?;
        let files = ArchiveFiles::read_zip(file).map_err(|mut problems| {
            for p in &mut problems {
                if p.file.is_empty() {
                    p.file.clone_from(&shown);
                }
            }
            problems
        });
        // An administrator's upload keeps `rated`; a director's arrives unrated.
        let imported = files.and_then(|files| {
            if admin {
                transfer::import_by(conn, &files, &who)
            } else {
                transfer::import_by_director(conn, &files, &who)
            }
        });
        // The importer runs the new tournament.
        if let (Ok(imported), Some(user_id)) = (&imported, creator) {
            crate::db::accounts::grant(conn, user_id, &imported.slug, Access::Director)
                .map_err(AppError::internal)?;
        }
        Ok(imported)
    })
    .await?;
    match outcome {
        Ok(imported) => Ok(redirect_with(
            &format!("/d/{}", imported.slug),
            if imported.gb18030.is_empty() {
                "archive-flash-imported"
            } else {
                "archive-flash-imported-gb18030"
            },
        )),
        Err(problems) => {
            let page = ImportPage {
                ctx: ctx.clone(),
                problems: problems.iter().map(|p| p.text(&ctx.t)).collect(),
            };
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

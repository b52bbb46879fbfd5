//! The director's player registry, under `/registry` (docs/rules.md §14): find players by
//! name, second name, club, federation number or id; add and edit them; the likely
//! duplicates, suggested and never merged without a click; merges, removals and
//! `players.csv` for administrators; a player's view with their events and trail.
//!
//! The registry belongs to the installation, not to one tournament, so its pages sit
//! beside `/d` rather than under a tournament's slug: every director and administrator
//! reaches them (the guard's [`crate::web::auth`] rule for `/registry`); what only an
//! administrator may do is refused by the registry itself ([`players::Actor`]).
//!
//! - `GET /registry?q=…`: the search, the add form, the likely duplicates, the trail
//! - `POST /registry`: adds a player
//! - `GET /registry/players.csv`, `POST /registry/import`: the file, for administrators
//! - `GET|POST /registry/merge`: two players side by side, then merged
//! - `GET|POST /registry/{id}`: the director's view of a player, and its edit
//! - `GET|POST /registry/{id}/remove`: the confirmation, then the removal

mod view;

use crate::web::player_lines::{RatingShown, event_lines};

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, web};

use crate::archive::Problem;
use crate::db::players::{self, Actor, PlayerFields, RegistryError, file};
use crate::input::{PlayerWhy, Why};
use crate::rules::player_id::PlayerId;
use crate::web::i18n::Tr;
use crate::web::page::{Ctx, redirect_with, render, render_status, with_db};
use crate::web::{AppError, AppState};
use view::*;

pub(crate) fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/registry", web::get().to(index))
        .route("/registry", web::post().to(add))
        .route("/registry/players.csv", web::get().to(download))
        .route("/registry/import", web::post().to(upload))
        .route("/registry/merge", web::get().to(merge_form))
        .route("/registry/merge", web::post().to(merge))
        .route("/registry/{id}", web::get().to(player))
        .route("/registry/{id}", web::post().to(edit))
        .route("/registry/{id}/remove", web::get().to(remove_form))
        .route("/registry/{id}/remove", web::post().to(remove));
}

/// How many players a search shows at most.
const SHOWN: i64 = 100;
/// How many rows of the registry's trail the index shows (newest first).
const TRAIL_SHOWN: usize = 30;

/// The player form as typed.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub(super) struct PlayerInput {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub second_name: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub federation_no: String,
    /// `on` when the box is ticked.
    #[serde(default)]
    pub public: Option<String>,
}

impl PlayerInput {
    fn of(fields: &PlayerFields) -> PlayerInput {
        PlayerInput {
            name: fields.name.clone(),
            second_name: fields.second_name.clone(),
            club: fields.club.clone(),
            federation_no: fields.federation_no.clone(),
            public: fields.public.then(|| "on".to_owned()),
        }
    }

    fn fields(&self) -> PlayerFields {
        PlayerFields {
            name: self.name.trim().to_owned(),
            second_name: self.second_name.trim().to_owned(),
            club: self.club.trim().to_owned(),
            federation_no: self.federation_no.trim().to_owned(),
            public: self.public.is_some(),
        }
    }

    pub(super) fn is_public(&self) -> bool {
        self.public.is_some()
    }
}

/// The form field a refusal of the registry belongs to.
fn field_of(why: &Why) -> &'static str {
    let column = match why {
        Why::Empty { column }
        | Why::ControlCharacter { column }
        | Why::TextTooLong { column, .. } => column.as_str(),
        Why::Player(PlayerWhy::FederationTaken { .. }) => "federation_no",
        _ => "name",
    };
    match column {
        "second_name" => "second_name",
        "club" => "club",
        "federation_no" => "federation_no",
        _ => "name",
    }
}

fn actor_name(ctx: &Ctx) -> String {
    ctx.viewer.name()
}

/// A change to the registry made as the viewer: `Ok(Err(why))` for a refusal the page
/// shows beside its form, the error page for a database failure.
async fn as_viewer<T, F>(ctx: &Ctx, state: &AppState, work: F) -> Result<Result<T, Why>, AppError>
where
    F: FnOnce(&mut crate::db::DbConnection, Actor<'_>) -> Result<T, RegistryError> + Send + 'static,
    T: Send + 'static,
{
    let who = actor_name(ctx);
    let admin = ctx.viewer.is_admin();
    with_db(state, move |conn| {
        match work(conn, Actor { name: &who, admin }) {
            Ok(done) => Ok(Ok(done)),
            Err(RegistryError::Refused(why)) => Ok(Err(why)),
            Err(RegistryError::Db(e)) => Err(e.into()),
        }
    })
    .await
}

/// A refusal for a player the path names but the registry does not hold is a 404, as
/// reading their page is.
fn missing_is_404<T>(done: Result<T, Why>) -> Result<Result<T, Why>, AppError> {
    match done {
        Err(Why::Player(PlayerWhy::NoSuchPlayer { .. })) => Err(AppError::not_found()),
        other => Ok(other),
    }
}

/// A player id from the path: anything else names no player.
fn path_id(raw: &str) -> Result<PlayerId, AppError> {
    PlayerId::parse(raw).map_err(|_| AppError::not_found())
}

/// What the index shows besides the add form.
async fn index_page(
    ctx: &Ctx,
    state: &AppState,
    query: String,
    form: PlayerForm,
    upload_problems: Vec<String>,
) -> Result<IndexPage, AppError> {
    let q = query.clone();
    let (found, duplicates, mut trail) = with_db(state, move |conn| {
        Ok((
            players::find(conn, &q, SHOWN + 1)?,
            players::likely_duplicates(conn)?,
            players::trail(conn)?,
        ))
    })
    .await?;
    trail.reverse();
    trail.truncate(TRAIL_SHOWN);
    let more = found.len() > SHOWN as usize;
    Ok(IndexPage {
        ctx: ctx.clone(),
        query,
        found: found.into_iter().take(SHOWN as usize).collect(),
        more,
        duplicates,
        form,
        upload_problems,
        trail: trail.iter().map(|e| TrailRow::of(e, &ctx.t)).collect(),
    })
}

#[derive(serde::Deserialize)]
struct Search {
    #[serde(default)]
    q: String,
}

/// `GET /registry?q=…`
async fn index(
    ctx: Ctx,
    state: web::Data<AppState>,
    search: web::Query<Search>,
) -> Result<HttpResponse, AppError> {
    let page = index_page(
        &ctx,
        &state,
        search.q.trim().to_owned(),
        PlayerForm::new("/registry".into(), PlayerInput::default()),
        Vec::new(),
    )
    .await?;
    render(&ctx, &page)
}

/// `POST /registry`: adds a player under the next id never issued, and shows them.
async fn add(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: web::Form<PlayerInput>,
) -> Result<HttpResponse, AppError> {
    let input = form.into_inner();
    let fields = input.fields();
    let added = as_viewer(&ctx, &state, move |conn, by| {
        players::add(conn, &fields, by)
    })
    .await?;
    match added {
        Ok(id) => Ok(redirect_with(
            &format!("/registry/{id}"),
            "registry-flash-added",
        )),
        Err(why) => {
            let mut form = PlayerForm::new("/registry".into(), input);
            form.errors.add(field_of(&why), why.text(&ctx.t));
            let page = index_page(&ctx, &state, String::new(), form, Vec::new()).await?;
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

/// The director's view of player `id`, with the edit form given.
async fn player_page(
    ctx: &Ctx,
    state: &AppState,
    id: PlayerId,
    form: Option<PlayerForm>,
) -> Result<PlayerPage, AppError> {
    let (player, events, trail, rating) = with_db(state, move |conn| {
        let player = players::get(conn, id)?.ok_or_else(AppError::not_found)?;
        Ok((
            player,
            players::events::events_of(conn, id)?,
            players::events::trail_of(conn, id)?,
            crate::db::ratings::of_player(conn, id)?,
        ))
    })
    .await?;
    let rating = rating.map(|r| RatingShown::of(&ctx.t, (id, &player.fields.name), &r));
    let form = form.unwrap_or_else(|| {
        PlayerForm::new(format!("/registry/{id}"), PlayerInput::of(&player.fields))
    });
    let lines = event_lines(state, id, &events, false).await?;
    Ok(PlayerPage {
        ctx: ctx.clone(),
        player,
        events,
        lines,
        rating,
        form,
        trail: trail.iter().map(|e| TrailRow::of(e, &ctx.t)).collect(),
    })
}

/// `GET /registry/{id}`: a player as the directors see them; a merged id goes to the kept
/// one, a removed or unknown id is not found.
async fn player(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path_id(&id)?;
    let now = with_db(&state, move |conn| Ok(players::resolve(conn, id)?)).await?;
    match now {
        players::IdNow::Player(kept) if kept != id => Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/registry/{kept}")))
            .finish()),
        players::IdNow::Player(_) => render(&ctx, &player_page(&ctx, &state, id, None).await?),
        _ => Err(AppError::not_found()),
    }
}

/// `POST /registry/{id}`: saves the player's fields.
async fn edit(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<String>,
    form: web::Form<PlayerInput>,
) -> Result<HttpResponse, AppError> {
    let id = path_id(&id)?;
    let input = form.into_inner();
    let fields = input.fields();
    let saved = missing_is_404(
        as_viewer(&ctx, &state, move |conn, by| {
            players::edit(conn, id, &fields, by)
        })
        .await?,
    )?;
    match saved {
        Ok(()) => Ok(redirect_with(
            &format!("/registry/{id}"),
            "registry-flash-saved",
        )),
        Err(why) => {
            let mut form = PlayerForm::new(format!("/registry/{id}"), input);
            form.errors.add(field_of(&why), why.text(&ctx.t));
            let page = player_page(&ctx, &state, id, Some(form)).await?;
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

#[derive(serde::Deserialize)]
struct Pair {
    #[serde(default)]
    a: String,
    #[serde(default)]
    b: String,
}

/// The merge page of the ids typed (`a`, `b`), with the refusal of a try.
async fn merge_page(
    ctx: &Ctx,
    state: &AppState,
    pair: &Pair,
    error: Option<String>,
) -> Result<MergePage, AppError> {
    let t = &ctx.t;
    let parse = |text: &str| PlayerId::parse(text.trim()).ok();
    let (a, b) = (parse(&pair.a), parse(&pair.b));
    let (sides, error) = match (a, b) {
        (Some(a), Some(b)) => {
            let sides = with_db(state, move |conn| {
                let mut sides = Vec::new();
                for id in [a.min(b), a.max(b)] {
                    if let Some(p) = players::get(conn, id)? {
                        let events = players::events::events_of(conn, id)?;
                        sides.push((p, events));
                    }
                }
                Ok(sides)
            })
            .await?;
            let missing = [a, b]
                .into_iter()
                .find(|id| !sides.iter().any(|(p, _)| p.id == *id));
            let error = error
                .or_else(|| missing.map(|id| Why::Player(PlayerWhy::NoSuchPlayer { id }).text(t)));
            (sides, error)
        }
        _ => (
            Vec::new(),
            error.or_else(|| Some(t.t("registry-merge-two-ids"))),
        ),
    };
    let can_merge = sides.len() == 2 && sides[0].0.id != sides[1].0.id;
    let button = match sides.as_slice() {
        [(kept, _), (other, _)] => t.args(
            "registry-merge-button",
            &[
                ("other", other.id.to_string().into()),
                ("kept", kept.id.to_string().into()),
            ],
        ),
        _ => String::new(),
    };
    Ok(MergePage {
        button,
        ctx: ctx.clone(),
        a: pair.a.trim().to_owned(),
        b: pair.b.trim().to_owned(),
        sides,
        can_merge,
        error,
    })
}

/// `GET /registry/merge?a=P3&b=P7`: the two players side by side, and (administrators) the
/// button that merges them.
async fn merge_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    pair: web::Query<Pair>,
) -> Result<HttpResponse, AppError> {
    let page = merge_page(&ctx, &state, &pair, None).await?;
    render(&ctx, &page)
}

/// `POST /registry/merge`: merges the two (administrators only): the lower id stays.
async fn merge(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: web::Form<Pair>,
) -> Result<HttpResponse, AppError> {
    let pair = form.into_inner();
    let parse = |text: &str| PlayerId::parse(text.trim()).ok();
    let (Some(a), Some(b)) = (parse(&pair.a), parse(&pair.b)) else {
        let page = merge_page(&ctx, &state, &pair, None).await?;
        return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page);
    };
    let merged = as_viewer(&ctx, &state, move |conn, by| players::merge(conn, a, b, by)).await?;
    match merged {
        Ok(kept) => Ok(redirect_with(
            &format!("/registry/{kept}"),
            "registry-flash-merged",
        )),
        Err(why) => {
            let page = merge_page(&ctx, &state, &pair, Some(why.text(&ctx.t))).await?;
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

/// `GET /registry/{id}/remove`: what a removal does, and (administrators) its button.
async fn remove_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path_id(&id)?;
    let page = player_page(&ctx, &state, id, None).await?;
    render(&ctx, &RemovePage::of(page, None))
}

/// `POST /registry/{id}/remove`: removes the player (administrators only).
async fn remove(
    ctx: Ctx,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path_id(&id)?;
    let removed = missing_is_404(
        as_viewer(&ctx, &state, move |conn, by| players::remove(conn, id, by)).await?,
    )?;
    match removed {
        Ok(()) => Ok(redirect_with("/registry", "registry-flash-removed")),
        Err(why) => {
            let page = player_page(&ctx, &state, id, None).await?;
            let page = RemovePage::of(page, Some(why.text(&ctx.t)));
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

/// `GET /registry/players.csv`: the registry's file, as `fushi players export` writes it
/// (administrators only: it joins every player, public or not).
async fn download(ctx: Ctx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    if !ctx.viewer.is_admin() {
        return Err(AppError::Forbidden);
    }
    let text = with_db(&state, move |conn| Ok(file::export(conn)?)).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/csv; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", file::PLAYERS_CSV),
        ))
        .body(crate::archive::files::file_bytes(file::PLAYERS_CSV, &text)))
}

/// The upload form: one file.
#[derive(MultipartForm)]
struct PlayersUpload {
    #[multipart(limit = "16MiB")]
    file: Option<Bytes>,
}

/// Every problem of an upload, `players.csv:LINE: why`, in the reader's language.
fn problem_texts(t: &Tr, problems: &[Problem]) -> Vec<String> {
    problems.iter().map(|p| p.text(t)).collect()
}

/// `POST /registry/import`: merges an uploaded `players.csv` into the registry, all or
/// nothing, exactly as `fushi players import` does (administrators only).
async fn upload(
    ctx: Ctx,
    state: web::Data<AppState>,
    form: MultipartForm<PlayersUpload>,
) -> Result<HttpResponse, AppError> {
    let t = ctx.t;
    let name = file::PLAYERS_CSV;
    let text = match form.file.as_ref().filter(|f| !f.data.is_empty()) {
        None => Err(vec![t.t("registry-upload-none")]),
        Some(f) => match crate::archive::files::decode_text(&f.data) {
            Some((text, _)) => Ok(text),
            None => {
                let line = crate::archive::files::first_bad_line(&f.data);
                Err(problem_texts(&t, &[Problem::at(name, line, Why::NotUtf8)]))
            }
        },
    };
    let imported = match text {
        Err(problems) => Err(problems),
        Ok(text) => {
            let who = actor_name(&ctx);
            let admin = ctx.viewer.is_admin();
            with_db(&state, move |conn| {
                let by = Actor { name: &who, admin };
                Ok(file::import(conn, name, &text, by).map_err(|p| problem_texts(&t, &p)))
            })
            .await?
        }
    };
    match imported {
        Ok(counts) => {
            let page = ImportedPage {
                ctx: ctx.clone(),
                summary: t.args(
                    "registry-imported",
                    &[
                        ("created", counts.created.into()),
                        ("updated", counts.updated.into()),
                        ("merged", counts.merged.into()),
                        ("unchanged", counts.unchanged.into()),
                    ],
                ),
            };
            render(&ctx, &page)
        }
        Err(problems) => {
            let form = PlayerForm::new("/registry".into(), PlayerInput::default());
            let page = index_page(&ctx, &state, String::new(), form, problems).await?;
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

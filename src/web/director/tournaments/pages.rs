//! The tournament pages' handlers: list, create, dashboard, settings and delete.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use super::form::{BandInput, MAX_BANDS, SettingsInput};
use super::view::*;
use super::{FieldErrors, edit_error};
use crate::db::{self, EditError};
use crate::rules::{Event, Report, RoundProgress, Settings};
use crate::web::i18n::Tr;
use crate::web::page::{self, Ctx, TourHead, redirect_with, render, render_status, with_db};
use crate::web::{AppError, AppState};

/// `GET /d`: every tournament, with a way to create one.
pub(super) async fn list(ctx: Ctx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let viewer = ctx.viewer.clone();
    let tournaments = with_db(&state, move |conn| {
        let all = db::list_tournaments(conn)?;
        Ok(crate::web::auth::visible(conn, &viewer, all, false)?)
    })
    .await?;
    render(
        &ctx,
        &ListPage {
            ctx: ctx.clone(),
            tournaments,
        },
    )
}

fn new_settings_form(t: &Tr, input: SettingsInput) -> SettingsForm {
    SettingsForm::new(t, input, "/d/new".to_owned(), "/d/new/preview".to_owned())
}

/// `GET /d/new`
pub(super) async fn new_form(ctx: Ctx) -> Result<HttpResponse, AppError> {
    let form = new_settings_form(&ctx.t, SettingsInput::new_tournament());
    render(
        &ctx,
        &NewPage {
            ctx: ctx.clone(),
            form,
        },
    )
}

/// Runs a save of settings. `Ok(Err(refusal))` is a refusal the form shows (a taken slug,
/// contradicted results); any other failure is an error page.
async fn save<F>(state: &AppState, work: F) -> Result<Result<(), EditError>, AppError>
where
    F: FnOnce(&mut db::DbConnection) -> Result<(), EditError> + Send + 'static,
{
    with_db(state, move |conn| match work(conn) {
        Ok(()) => Ok(Ok(())),
        Err(
            e @ (EditError::SlugTaken(_)
            | EditError::Conflicts(_)
            | EditError::CardsFixed(_)
            | EditError::Db(db::DbError::Refused(db::WriteRefusal::RatedStaysPublished))),
        ) => Ok(Err(e)),
        Err(e) => Err(edit_error(e)),
    })
    .await
}

/// The form shown again after a refused save: a taken slug at its field, or the results
/// the new settings contradict.
fn refused(t: &Tr, form: SettingsForm, refusal: EditError) -> Result<SettingsForm, AppError> {
    match refusal {
        EditError::SlugTaken(taken) => {
            let mut errors = FieldErrors::default();
            errors.add(
                "slug",
                t.a("director-settings-error-slug-taken", "slug", taken),
            );
            Ok(form.with_errors(errors))
        }
        EditError::Conflicts(found) => Ok(form.with_conflicts(t, &found)),
        EditError::Db(db::DbError::Refused(why)) => {
            // A rated tournament stays published: said at the box.
            let mut errors = FieldErrors::default();
            errors.add("published", why.text(t));
            Ok(form.with_errors(errors))
        }
        EditError::CardsFixed(round) => {
            let mut errors = FieldErrors::default();
            errors.add(
                "decks",
                t.a("director-settings-error-decks-cards-fixed", "round", round),
            );
            Ok(form.with_errors(errors))
        }
        other => Err(edit_error(other)),
    }
}

/// `POST /d/new`: creates the tournament and goes to its dashboard.
pub(super) async fn create(
    ctx: Ctx,
    state: web::Data<AppState>,
    posted: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let t = ctx.t;
    let mut posted = posted.into_inner();
    // A blank slug: the one made from the name (Chinese through pinyin).
    if posted.get("slug").is_none_or(|s| s.trim().is_empty()) {
        let suggested = crate::rules::settings::suggest_slug(
            posted.get("name").map(String::as_str).unwrap_or_default(),
        );
        if !suggested.is_empty() {
            posted.insert("slug".to_owned(), suggested);
        }
    }
    let page = |form: SettingsForm| NewPage {
        ctx: ctx.clone(),
        form,
    };
    let (input, settings) = match read_posted(&t, &posted, new_settings_form) {
        Posted::Show(status, form) => return render_status(&ctx, status, &page(form)),
        Posted::Save(input, settings) => (input, settings),
    };
    let slug = settings.slug.clone();
    let creator = ctx.viewer.user_id();
    let saved = save(&state, move |conn| {
        let id = db::create_tournament(conn, &settings)?;
        if let Some(user_id) = creator {
            db::accounts::grant_creator(conn, user_id, id)?;
        }
        Ok(())
    })
    .await?;
    match saved {
        Ok(()) => Ok(redirect_with(
            &format!("/d/{slug}"),
            "director-flash-created",
        )),
        Err(refusal) => {
            let form = refused(&t, new_settings_form(&t, input), refusal)?;
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page(form))
        }
    }
}

fn preview_fragment(ctx: &Ctx, query: &HashMap<String, String>) -> Result<HttpResponse, AppError> {
    let (input, _) = SettingsInput::from_form(query);
    let preview = input.preview(&ctx.t, &mut FieldErrors::default());
    render(
        ctx,
        &PreviewFragment {
            ctx: ctx.clone(),
            preview,
        },
    )
}

/// `GET /d/new/preview?…`: the band table preview alone, for settings.js.
pub(super) async fn new_preview(
    ctx: Ctx,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    preview_fragment(&ctx, &query)
}

/// `GET /d/{slug}/settings/preview?…`
pub(super) async fn settings_preview(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    query: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let slug = slug.into_inner();
    let exists = with_db(&state, move |conn| Ok(db::slug_exists(conn, &slug)?)).await?;
    if !exists {
        return Err(AppError::not_found());
    }
    preview_fragment(&ctx, &query)
}

/// The round a scorer works on: the first with matches that is not complete, else the
/// last round with matches.
fn scorers_round(event: &Event, report: &Report) -> Option<i32> {
    let with_matches: Vec<i32> = event
        .rounds
        .iter()
        .filter(|r| r.matches.iter().any(|m| !m.is_bye()))
        .map(|r| r.number)
        .collect();
    with_matches
        .iter()
        .find(|n| report.round_progress(**n) != RoundProgress::Complete)
        .or(with_matches.last())
        .copied()
}

/// `GET /d/{slug}`: the dashboard (a director's); a scorer goes to the current round.
pub(super) async fn dashboard(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let snap = page::load_for(&ctx, &state, &slug).await?;
    let (event, report) = (&snap.event, &snap.report);
    if !ctx.viewer.directs() {
        // A scorer's home: the matches of the round being played.
        let to = match scorers_round(event, report) {
            Some(n) => format!("/d/{slug}/rounds/{n}"),
            None => format!("/d/{slug}/rounds"),
        };
        return Ok(page::redirect(&to));
    }
    let page = DashboardPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "dashboard",
        glance: Glance::of(event, report),
        facts: settings_facts(&ctx.t, &event.settings),
        stages: event
            .settings
            .stages
            .iter()
            .map(|s| {
                (
                    s.name.clone(),
                    super::super::rounds_text(&ctx.t, s.first_round, s.last_round),
                    ctx.t.t(&format!(
                        "stage-format-{}",
                        s.format.code().replace('_', "-")
                    )),
                )
            })
            .collect(),
        stage_progress: super::super::progress_text(&ctx.t, event).unwrap_or_default(),
    };
    render(&ctx, &page)
}

fn tour_settings_form(slug: &str) -> impl Fn(&Tr, SettingsInput) -> SettingsForm + '_ {
    move |t, input| {
        SettingsForm::new(
            t,
            input,
            format!("/d/{slug}/settings"),
            format!("/d/{slug}/settings/preview"),
        )
    }
}

fn head_of(settings: &Settings) -> TourHead {
    TourHead::of_settings(settings)
}

pub(super) async fn stored_settings(state: &AppState, slug: &str) -> Result<Settings, AppError> {
    let slug = slug.to_owned();
    with_db(state, move |conn| {
        db::load_settings(conn, &slug)?.ok_or_else(AppError::not_found)
    })
    .await
}

/// `GET /d/{slug}/settings`
pub(super) async fn settings_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let settings = stored_settings(&state, &slug).await?;
    let form = tour_settings_form(&slug)(&ctx.t, SettingsInput::of(&settings));
    render(
        &ctx,
        &SettingsPage {
            ctx: ctx.clone(),
            tour: head_of(&settings),
            section: "settings",
            form,
            standing: StandingPanel::of(&settings, ctx.viewer.is_admin()),
        },
    )
}

/// Which of the two standing keys a post changes.
#[derive(Clone, Copy)]
enum StandingKey {
    Finished,
    Rated,
}

/// `POST /d/{slug}/settings/finished` (`finished=yes` or `no`) and
/// `POST /d/{slug}/settings/rated` (`rated=yes` or `no`): marks the tournament finished
/// (its directors) or rated (administrators); a refusal is shown at its button.
async fn save_standing(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: String,
    key: StandingKey,
    posted: HashMap<String, String>,
) -> Result<HttpResponse, AppError> {
    let name = match key {
        StandingKey::Finished => "finished",
        StandingKey::Rated => "rated",
    };
    let on = match posted.get(name).map(|v| v.trim()) {
        Some("yes") => true,
        Some("no") => false,
        _ => return Err(AppError::bad_request(ctx.t.t("director-standing-bad"))),
    };
    let who = super::super::audit::who(&ctx.viewer);
    let admin = ctx.viewer.is_admin();
    let target = slug.clone();
    let done = with_db(&state, move |conn| {
        let done = match key {
            StandingKey::Finished => db::standing::set_finished_as(conn, &target, on, &who),
            StandingKey::Rated => db::standing::set_rated_as(conn, &target, on, (&who, admin)),
        };
        match done {
            Ok(found) => Ok(Ok(found)),
            Err(db::DbError::Refused(why)) => Ok(Err(why)),
            Err(e) => Err(e.into()),
        }
    })
    .await?;
    match done {
        Ok(true) => {
            let flash = match (key, on) {
                (StandingKey::Finished, true) => "director-flash-finished",
                (StandingKey::Finished, false) => "director-flash-unfinished",
                (StandingKey::Rated, true) => "director-flash-rated",
                (StandingKey::Rated, false) => "director-flash-unrated",
            };
            Ok(redirect_with(
                &format!("/d/{slug}/settings#standing"),
                flash,
            ))
        }
        Ok(false) => Err(AppError::not_found()),
        Err(why) => {
            let settings = stored_settings(&state, &slug).await?;
            let mut standing = StandingPanel::of(&settings, admin);
            let message = Some(why.text(&ctx.t));
            match key {
                StandingKey::Finished => standing.finished_error = message,
                StandingKey::Rated => standing.rated_error = message,
            }
            let form = tour_settings_form(&slug)(&ctx.t, SettingsInput::of(&settings));
            let page = SettingsPage {
                ctx: ctx.clone(),
                tour: head_of(&settings),
                section: "settings",
                form,
                standing,
            };
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
    }
}

/// `POST /d/{slug}/settings/finished`
pub(super) async fn save_finished(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    posted: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (slug, posted) = (slug.into_inner(), posted.into_inner());
    save_standing(ctx, state, slug, StandingKey::Finished, posted).await
}

/// `POST /d/{slug}/settings/rated`
pub(super) async fn save_rated(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    posted: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (slug, posted) = (slug.into_inner(), posted.into_inner());
    save_standing(ctx, state, slug, StandingKey::Rated, posted).await
}

/// `POST /d/{slug}/settings`: saves every setting at once, or shows the form again with
/// every problem, and the results the new settings would contradict.
pub(super) async fn save_settings(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    posted: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let t = ctx.t;
    let slug = slug.into_inner();
    let stored = stored_settings(&state, &slug).await?;
    let make = tour_settings_form(&slug);
    let page = |form: SettingsForm| SettingsPage {
        ctx: ctx.clone(),
        tour: head_of(&stored),
        section: "settings",
        form,
        standing: StandingPanel::of(&stored, ctx.viewer.is_admin()),
    };
    let (input, settings) = match read_posted(&t, &posted, &make) {
        Posted::Show(status, form) => return render_status(&ctx, status, &page(form)),
        Posted::Save(input, settings) => (input, settings),
    };
    let new_slug = settings.slug.clone();
    let old_slug = slug.clone();
    let who = super::super::audit::who(&ctx.viewer);
    match save(&state, move |conn| {
        db::update_settings_as(conn, &old_slug, &settings, &who)
    })
    .await?
    {
        Ok(()) => Ok(redirect_with(
            &format!("/d/{new_slug}/settings"),
            "director-flash-settings-saved",
        )),
        Err(refusal) => {
            let form = refused(&t, make(&t, input), refusal)?;
            render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page(form))
        }
    }
}

/// `GET /d/{slug}/delete`: asks the director to type the slug.
pub(super) async fn delete_form(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let page = DeletePage::load(&ctx, &state, &slug).await?;
    render(&ctx, &page)
}

#[derive(serde::Deserialize)]
pub(super) struct DeleteForm {
    #[serde(default)]
    confirm: String,
}

/// `POST /d/{slug}/delete`: deletes the tournament when its slug was typed.
pub(super) async fn delete(
    ctx: Ctx,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    form: web::Form<DeleteForm>,
) -> Result<HttpResponse, AppError> {
    let slug = slug.into_inner();
    if form.confirm.trim() != slug {
        let mut page = DeletePage::load(&ctx, &state, &slug).await?;
        page.typed = form.confirm.clone();
        page.error = Some(ctx.t.a("director-delete-error", "slug", &slug));
        return render_status(&ctx, StatusCode::UNPROCESSABLE_ENTITY, &page);
    }
    let gone = with_db(&state, move |conn| {
        let id = db::revision::of_slug(conn, &slug)?.map(|(id, _)| id);
        Ok(db::delete_tournament(conn, &slug)?.then_some(id).flatten())
    })
    .await?;
    let Some(id) = gone else {
        return Err(AppError::not_found());
    };
    // What this server kept of it goes now: SQLite gives the next tournament its id.
    state.live.forget(id);
    Ok(redirect_with("/d", "director-flash-deleted"))
}

/// What a posted settings form asks for besides saving.
enum FormAction {
    Save,
    Preview,
    AddBand,
    RemoveBand(usize),
}

impl FormAction {
    fn of(form: &HashMap<String, String>) -> FormAction {
        match form.get("action").map(String::as_str) {
            Some("preview") => FormAction::Preview,
            Some("add-band") => FormAction::AddBand,
            Some(a) => match a.strip_prefix("remove-band-").and_then(|i| i.parse().ok()) {
                Some(i) => FormAction::RemoveBand(i),
                None => FormAction::Save,
            },
            None => FormAction::Save,
        }
    }
}

/// What a posted settings form comes to.
pub(super) enum Posted {
    /// The form to show again: redrawn by a button (200) or with problems (422).
    Show(StatusCode, SettingsForm),
    /// Settings to save, with the input to show again should the save be refused.
    Save(SettingsInput, Settings),
}

/// Reads a posted settings form: the buttons that only redraw it (preview, add or remove a
/// band row), else the settings it gives or its problems. `make` builds the form page's
/// model for the input.
pub(super) fn read_posted(
    t: &Tr,
    posted: &HashMap<String, String>,
    make: impl Fn(&Tr, SettingsInput) -> SettingsForm,
) -> Posted {
    let (mut input, indices) = SettingsInput::from_form(posted);
    let form = match FormAction::of(posted) {
        FormAction::Save => {
            return match input.parse(t) {
                Ok(settings) => Posted::Save(input, settings),
                Err(errors) => Posted::Show(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    make(t, input).with_errors(errors),
                ),
            };
        }
        FormAction::Preview => {
            let mut errors = FieldErrors::default();
            input.preview(t, &mut errors);
            make(t, input).with_errors(errors)
        }
        FormAction::AddBand => {
            if input.bands.len() < MAX_BANDS {
                input.bands.push(BandInput::default());
            }
            make(t, input)
        }
        FormAction::RemoveBand(index) => {
            if let Some(k) = indices.iter().position(|i| *i == index) {
                input.bands.remove(k);
            }
            make(t, input)
        }
    };
    let status = if form.errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    Posted::Show(status, form)
}

//! A round's boards in one grid: dealer, level and trump of every board
//! (`GET/POST /d/{slug}/rounds/{n}/boards`).

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::{self, RoundSheet};
use crate::rules::{Board, Level, Seat, Trump};
use crate::web::labels::{Choice, dealer_choices, level_choices, trump_choices};
use crate::web::page::{Ctx, TourHead, redirect_with, render_status, with_db};
use crate::web::tour::RoundAt;
use crate::web::{AppError, AppState};

#[derive(Debug)]
struct BoardLine {
    number: i32,
    dealers: Vec<Choice>,
    levels: Vec<Choice>,
    trumps: Vec<Choice>,
    error: Option<String>,
}

#[derive(Template)]
#[template(path = "director/boards_edit.html")]
struct BoardsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    boards: Vec<BoardLine>,
    has_results: bool,
    failed: bool,
}

fn boards_page(
    ctx: &Ctx,
    sheet: &RoundSheet,
    typed: Option<&HashMap<String, String>>,
    errors: &HashMap<i32, String>,
) -> Result<HttpResponse, AppError> {
    let t = &ctx.t;
    let value = |name: String, saved: &str| -> String {
        typed
            .and_then(|f| f.get(&name).cloned())
            .unwrap_or_else(|| saved.to_owned())
    };
    let boards = sheet
        .round
        .boards
        .iter()
        .map(|b| BoardLine {
            number: b.number,
            dealers: dealer_choices(t, &value(format!("dealer-{}", b.number), b.dealer.code())),
            levels: level_choices(&value(format!("level-{}", b.number), b.level.code())),
            trumps: trump_choices(
                t,
                &value(
                    format!("trump-{}", b.number),
                    b.trump.map_or("", Trump::code),
                ),
            ),
            error: errors.get(&b.number).cloned(),
        })
        .collect();
    let page = BoardsPage {
        ctx: ctx.clone(),
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        tab: "boards",
        round: sheet.round.number,
        boards,
        has_results: sheet.round.matches.iter().any(|m| !m.results.is_empty()),
        failed: !errors.is_empty(),
    };
    let status = if errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    render_status(ctx, status, &page)
}

pub(super) async fn boards(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let sheet = at.sheet(&state).await?;
    boards_page(&ctx, &sheet, None, &HashMap::new())
}

/// `POST …/boards`: every board of the round at once (`dealer-B`, `level-B`, `trump-B`).
pub(super) async fn save_boards(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let sheet = at.sheet(&state).await?;
    let round = at.round;
    let form = form.into_inner();
    let field = |name: &str, b: i32| {
        form.get(&format!("{name}-{b}"))
            .map_or("", |v| v.trim())
            .to_owned()
    };
    let mut errors = HashMap::new();
    let mut boards = Vec::with_capacity(sheet.round.boards.len());
    for b in &sheet.round.boards {
        let dealer = field("dealer", b.number).parse::<Seat>();
        let level = field("level", b.number).parse::<Level>();
        let trump = match field("trump", b.number).as_str() {
            "" => Ok(None),
            code => code.parse::<Trump>().map(Some),
        };
        match (dealer, level, trump) {
            (Ok(dealer), Ok(level), Ok(trump)) => boards.push(Board {
                number: b.number,
                dealer,
                level,
                trump,
            }),
            _ => {
                errors.insert(b.number, ctx.t.t("boards-error"));
            }
        }
    }
    if !errors.is_empty() {
        return boards_page(&ctx, &sheet, Some(&form), &errors);
    }
    let key = at.tour.slug.clone();
    let who = ctx.viewer.name();
    with_db(&state, move |conn| {
        if db::update_boards_as(conn, &key, round, &boards, &who)? {
            Ok(())
        } else {
            Err(AppError::not_found())
        }
    })
    .await?;
    // With a generated schedule an unpaired round's next step is Generate.
    let generated = matches!(
        sheet.settings.pairing,
        crate::rules::PairingMethod::Swiss | crate::rules::PairingMethod::RoundRobin
    );
    if generated && sheet.round.matches.is_empty() {
        return Ok(redirect_with(
            &at.url("/generate"),
            "boards-flash-saved-generate",
        ));
    }
    Ok(redirect_with(&at.url(""), "boards-flash-saved"))
}

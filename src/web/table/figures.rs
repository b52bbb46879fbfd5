//! `GET /table/{token}/figures?…`: the figures of the room's boards as the table types them,
//! from the same rules the save uses (the page's script sends the fields as they stand and
//! shows what comes back). JSON by board: P, result and s, or why the board cannot be scored
//! yet. Nothing is saved; a wrong token is a guess like any other ([`super::locate`]).

use std::collections::{BTreeMap, HashMap};

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use crate::figures::signed;
use crate::rules::Scorer;
use crate::web::page::Ctx;
use crate::web::{AppError, AppState};

/// One board's figures, or the first reason it has none (all empty: nothing typed yet).
#[derive(Debug, Default, Serialize)]
struct BoardFigures {
    p: String,
    result: String,
    s: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    problem: String,
}

pub(super) async fn figures(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    token: web::Path<String>,
    typed: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (_, sheet) = match super::locate(&req, &state, &token).await? {
        Ok(found) => found,
        Err(refused) => return Ok(refused),
    };
    let t = &ctx.t;
    let decks = sheet.settings.decks();
    let bands = sheet.settings.band_table();
    let scorer = Scorer::new(&sheet.settings);
    let boards: BTreeMap<i32, BoardFigures> = sheet
        .round
        .boards
        .iter()
        .map(|board| {
            let row = super::forms::typed_row(&typed.0, board.number);
            let figures = match row.parse(decks, &bands) {
                Ok(Some(entry)) => scorer
                    .table(&entry)
                    .map(|o| BoardFigures {
                        p: o.defender_total
                            .map_or_else(|| "—".to_owned(), |p| p.to_string()),
                        result: crate::sheets::result(t, &o),
                        s: signed(o.table_score.into()),
                        problem: String::new(),
                    })
                    .unwrap_or_default(),
                Ok(None) => BoardFigures::default(),
                Err(problems) => BoardFigures {
                    problem: problems
                        .first()
                        .map(|e| crate::web::labels::sheet_error_text(t, e, decks))
                        .unwrap_or_default(),
                    ..BoardFigures::default()
                },
            };
            (board.number, figures)
        })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(RoomFigures { boards }))
}

/// `{"boards": {"1": {…}, …}}`: every board of the round.
#[derive(Debug, Serialize)]
struct RoomFigures {
    boards: BTreeMap<i32, BoardFigures>,
}

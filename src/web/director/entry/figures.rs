//! `GET /d/{slug}/rounds/{n}/tables/{t}/figures?…`: the figures of a score sheet as it is
//! being typed, from the same rules the save uses (the page's script sends the grid's
//! fields as they stand and shows what comes back; no scoring is done in the browser).
//! JSON: each row's P, result and s (or why the row cannot be scored yet), each board's
//! swing for the home team, and the match's running level difference M.

use std::collections::{BTreeMap, HashMap};

use actix_web::{HttpResponse, web};
use serde::Serialize;

use super::forms::{ROOMS, field_name};
use crate::figures::signed;
use crate::input::SheetRow;
use crate::rules::{Scorer, TableResult};
use crate::web::labels::sheet_error_text;
use crate::web::page::Ctx;
use crate::web::tour::TableAt;
use crate::web::{AppError, AppState};

/// One row's figures, or the first reason it has none.
#[derive(Debug, Default, Serialize)]
struct RowFigures {
    p: String,
    result: String,
    s: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    problem: String,
}

#[derive(Debug, Serialize)]
struct SheetFigures {
    /// By `open-3`, `closed-3`: every row of the sheet.
    rows: BTreeMap<String, RowFigures>,
    /// By board: the home team's swing where both rooms are scored.
    swings: BTreeMap<i32, String>,
    /// The running M for the home team over the boards compared so far, and how many.
    home_levels: String,
    compared: u32,
    /// "Swing so far: +3 for …, over 2 boards", in the reader's language.
    running: String,
}

pub(super) async fn figures(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: TableAt,
    typed: web::Query<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let sheet = at.round.sheet(&state).await?;
    let m = sheet.table(at.table).ok_or_else(AppError::not_found)?;
    let t = &ctx.t;
    let decks = sheet.settings.decks();
    let bands = sheet.settings.band_table();
    let scorer = Scorer::new(&sheet.settings);
    let mut as_typed = m.clone();
    as_typed.results.clear();
    let mut rows = BTreeMap::new();
    for (room, key) in ROOMS {
        for board in &sheet.round.boards {
            let row = SheetRow::from_fields(|f| {
                typed
                    .get(&field_name(key, board.number, f))
                    .map(String::as_str)
            });
            let figures = match row.parse(decks, &bands) {
                Ok(Some(entry)) => {
                    let figures = scorer
                        .table(&entry)
                        .map(|o| RowFigures {
                            p: o.defender_total
                                .map_or_else(|| "—".to_owned(), |p| p.to_string()),
                            result: crate::sheets::result(t, &o),
                            s: signed(o.table_score.into()),
                            problem: String::new(),
                        })
                        .unwrap_or_default();
                    as_typed.results.push(TableResult {
                        room,
                        board: board.number,
                        entry,
                    });
                    figures
                }
                Ok(None) => RowFigures::default(),
                Err(problems) => RowFigures {
                    problem: problems
                        .first()
                        .map(|e| sheet_error_text(t, e, decks))
                        .unwrap_or_default(),
                    ..RowFigures::default()
                },
            };
            rows.insert(format!("{}-{}", room.code(), board.number), figures);
        }
    }
    let compared = scorer.compare(&sheet.round.boards, &as_typed);
    let home = crate::web::labels::team_label(&sheet, m.home);
    let body = SheetFigures {
        rows,
        swings: compared
            .boards
            .iter()
            .filter_map(|b| b.swing.map(|s| (b.board, signed(s.into()))))
            .collect(),
        home_levels: signed(compared.home_levels),
        compared: compared.compared,
        running: t.args(
            "hall-running-swing",
            &[
                ("levels", signed(compared.home_levels).into()),
                ("team", home.into()),
                ("boards", compared.compared.into()),
            ],
        ),
    };
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(body))
}

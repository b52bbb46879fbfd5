//! A round's pairings by hand: table, home and away (`GET/POST
//! /d/{slug}/rounds/{n}/pairings`), with the warnings of the schedule checks.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::{self, RoundSheet};
use crate::input::{self, PairingError, PairingProblem, PairingRow};
use crate::rules::{Match, Pairing, TeamNo};
use crate::web::i18n::Tr;
use crate::web::labels::{Choice, team_label};
use crate::web::page::{Ctx, TourHead, redirect_with, render_status, with_db};
use crate::web::tour::RoundAt;
use crate::web::{AppError, AppState};

/// Where the rows of the pairings form come from.
///
/// This is the seam for generated schedules (docs/rules.md §8, the "Schedules: round robin and
/// Swiss" issue): a generator adds a variant here that yields `Vec<Pairing>`, chosen by
/// `GET …/pairings?source=…` and offered in the page's "Generated pairings" section. Its
/// pairings fill the same form unsaved; the director edits them and saves, and
/// `POST …/pairings` checks them like typed rows ([`input::check_pairings`]), so a
/// generator never writes to the database on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PairingSource {
    /// The round's saved pairings.
    Saved,
}

impl PairingSource {
    fn from_query(code: Option<&str>) -> Result<PairingSource, AppError> {
        match code {
            None | Some("" | "saved") => Ok(PairingSource::Saved),
            Some(_) => Err(AppError::not_found()),
        }
    }

    fn pairings(self, sheet: &RoundSheet) -> Vec<Pairing> {
        match self {
            PairingSource::Saved => sheet.round.matches.iter().map(Pairing::of).collect(),
        }
    }
}

#[derive(Debug, serde::Deserialize)]
pub(super) struct PairingQuery {
    source: Option<String>,
}

#[derive(Debug)]
struct PairingField {
    name: String,
    value: String,
    /// The name of the team typed, when it is one.
    team: Option<String>,
    error: Option<String>,
}

#[derive(Debug)]
struct PairingLine {
    index: usize,
    table: PairingField,
    home: PairingField,
    away: PairingField,
    /// The match has results: shown, not editable.
    locked: Option<String>,
    error: Option<String>,
}

#[derive(Template)]
#[template(path = "director/pairings_edit.html")]
struct PairingsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    lines: Vec<PairingLine>,
    /// Teams the director can pair: not withdrawn.
    teams: Vec<Choice>,
    /// Problems that belong to no row.
    problems: Vec<String>,
    failed: bool,
    /// Rematches, double byes and same-club meetings in the saved pairings.
    warnings: Vec<String>,
}

fn pairing_problem_text(t: &Tr, p: &PairingProblem) -> String {
    match p {
        PairingProblem::BadTable => t.t("pairings-error-table"),
        PairingProblem::TableTwice(n) => t.a("pairings-error-table-twice", "table", n),
        PairingProblem::NoHome => t.t("pairings-error-no-home"),
        PairingProblem::UnknownTeam(s) => t.a("pairings-error-unknown-team", "team", s),
        PairingProblem::Withdrawn(n) => t.a("pairings-error-withdrawn", "team", n),
        PairingProblem::TeamTwice { team, table } => t.args(
            "pairings-error-team-twice",
            &[
                ("team", team.to_string().into()),
                ("table", table.to_string().into()),
            ],
        ),
        PairingProblem::SameTeam(n) => t.a("pairings-error-same-team", "team", n),
        PairingProblem::HasResults(n) => t.a("pairings-error-has-results", "table", n),
        PairingProblem::RoundLocked => t.t("pairings-error-round-locked"),
        PairingProblem::AcrossGroups { round, home, away } => input::Why::AcrossGroups {
            round: *round,
            home: *home,
            away: *away,
        }
        .text(t),
    }
}

/// The rows of `pairings` that pair two teams of different groups, when `round` belongs to
/// a groups stage.
fn across_groups(
    event: &crate::rules::Event,
    round: i32,
    rows: &[PairingRow],
    pairings: &[Pairing],
) -> Vec<PairingError> {
    let Some(stage) = event.settings.stages.iter().find(|s| s.contains(round)) else {
        return Vec::new();
    };
    if stage.groups().is_none() {
        return Vec::new();
    }
    pairings
        .iter()
        .filter_map(|p| {
            let away = p.away?;
            (stage.group_of(p.home) != stage.group_of(away)).then(|| PairingError {
                row: rows.iter().position(|r| typed_pairing(r) == Some(*p)),
                field: "away",
                problem: PairingProblem::AcrossGroups {
                    round,
                    home: p.home,
                    away,
                },
            })
        })
        .collect()
}

/// The pairing a row stands for when each of its cells reads as a number.
fn typed_pairing(row: &PairingRow) -> Option<Pairing> {
    let number = |text: &str| input::read_number(text).and_then(Result::ok);
    Some(Pairing {
        table: number(&row.table)?,
        home: TeamNo(number(&row.home)?),
        away: match row.away.trim() {
            "" => None,
            text => Some(TeamNo(number(text)?)),
        },
    })
}

/// How many blank rows the form offers below the pairings.
fn blank_rows(teams: usize, filled: usize) -> usize {
    (teams.div_ceil(2) + 1).saturating_sub(filled).max(2)
}

/// The form's rows as lines of the page: each cell with the team it names and its errors,
/// and a row whose match already has results locked, said in words.
fn pairing_lines(
    ctx: &Ctx,
    sheet: &RoundSheet,
    rows: Vec<PairingRow>,
    errors: &[PairingError],
) -> Vec<PairingLine> {
    let t = &ctx.t;
    let played: HashMap<i32, &Match> = sheet
        .round
        .matches
        .iter()
        .filter(|m| !m.results.is_empty())
        .map(|m| (m.table, m))
        .collect();
    let error_at = |i: usize, field: &str| -> Option<String> {
        let texts: Vec<String> = errors
            .iter()
            .filter(|e| e.row == Some(i) && e.field == field)
            .map(|e| pairing_problem_text(t, &e.problem))
            .collect();
        (!texts.is_empty()).then(|| texts.join(" "))
    };
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let locked = typed_pairing(&row)
                .and_then(|p| played.get(&p.table).filter(|m| Pairing::of(m) == p))
                .map(|m| locked_match(t, sheet, m));
            let field = |name: &str, value: String| PairingField {
                name: format!("{name}-{i}"),
                team: (name != "table")
                    .then(|| input::read_number(&value).and_then(Result::ok))
                    .flatten()
                    .and_then(|n| sheet.team(TeamNo(n)))
                    .map(|team| team.name.clone()),
                value,
                error: error_at(i, name),
            };
            PairingLine {
                index: i,
                table: field("table", row.table),
                home: field("home", row.home),
                away: field("away", row.away),
                locked,
                error: error_at(i, "row"),
            }
        })
        .collect()
}

/// A played match of the form, which cannot be changed: its home team and its opponent
/// (or the bye), in words.
fn locked_match(t: &Tr, sheet: &RoundSheet, m: &Match) -> String {
    let away = m
        .away
        .map_or_else(|| t.t("pairings-bye"), |a| team_label(sheet, a));
    t.args(
        "pairings-locked",
        &[
            ("home", team_label(sheet, m.home).into()),
            ("away", away.into()),
        ],
    )
}

/// The teams a director can pair, by number and name: not withdrawn.
fn pairable_teams(sheet: &RoundSheet) -> Vec<Choice> {
    sheet
        .teams
        .iter()
        .filter(|team| !team.withdrawn)
        .map(|team| Choice {
            value: team.number.to_string(),
            label: format!("{} {}", team.number, team.name),
            selected: false,
        })
        .collect()
}

fn pairings_page(
    ctx: &Ctx,
    sheet: &RoundSheet,
    rows: Vec<PairingRow>,
    errors: &[PairingError],
    warnings: Vec<String>,
) -> Result<HttpResponse, AppError> {
    let t = &ctx.t;
    let page = PairingsPage {
        ctx: ctx.clone(),
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        tab: "pairings",
        round: sheet.round.number,
        lines: pairing_lines(ctx, sheet, rows, errors),
        teams: pairable_teams(sheet),
        problems: errors
            .iter()
            .filter(|e| e.row.is_none())
            .map(|e| pairing_problem_text(t, &e.problem))
            .collect(),
        failed: !errors.is_empty(),
        warnings,
    };
    let status = if errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    render_status(ctx, status, &page)
}

pub(super) async fn pairings(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    query: web::Query<PairingQuery>,
) -> Result<HttpResponse, AppError> {
    let source = PairingSource::from_query(query.source.as_deref())?;
    let snap = at.tour.snapshot(&state).await?;
    let sheet = RoundSheet::of_event(&snap.event, at.round).ok_or_else(AppError::not_found)?;
    let mut rows: Vec<PairingRow> = source
        .pairings(&sheet)
        .into_iter()
        .map(|p| PairingRow {
            table: p.table.to_string(),
            home: p.home.to_string(),
            away: p.away.map(|a| a.to_string()).unwrap_or_default(),
        })
        .collect();
    let active = sheet.teams.iter().filter(|t| !t.withdrawn).count();
    let mut next_table = sheet
        .round
        .matches
        .iter()
        .map(|m| m.table)
        .max()
        .unwrap_or(0);
    for _ in 0..blank_rows(active, rows.len()) {
        next_table += 1;
        rows.push(PairingRow {
            table: next_table.to_string(),
            ..PairingRow::default()
        });
    }
    let warnings = super::super::schedule::saved_warnings(&ctx.t, &snap.event, at.round);
    pairings_page(&ctx, &sheet, rows, &[], warnings)
}

/// The most rows a pairings form may post (a tournament of 1,000 teams).
const MAX_PAIRING_ROWS: usize = 1000;

/// `POST …/pairings`: rows `table-I`, `home-I`, `away-I`; blank rows are skipped.
pub(super) async fn save_pairings(
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = (at.tour.slug.clone(), at.round);
    let sheet = at.sheet(&state).await?;
    let form = form.into_inner();
    let count = form
        .keys()
        .filter_map(|k| k.split_once('-'))
        .filter(|(name, _)| matches!(*name, "table" | "home" | "away"))
        .filter_map(|(_, i)| i.parse::<usize>().ok())
        .filter(|i| *i < MAX_PAIRING_ROWS)
        .max()
        .map_or(0, |i| i + 1);
    let cell = |name: &str, i: usize| {
        form.get(&format!("{name}-{i}"))
            .cloned()
            .unwrap_or_default()
    };
    let rows: Vec<PairingRow> = (0..count)
        .map(|i| PairingRow {
            table: cell("table", i),
            home: cell("home", i),
            away: cell("away", i),
        })
        .collect();
    let pairings = match input::check_pairings(&rows, &sheet.teams, &sheet.round.matches) {
        Ok(p) => p,
        Err(errors) => return pairings_page(&ctx, &sheet, rows, &errors, Vec::new()),
    };
    // A knockout round is paired from the bracket (the stages page), never by hand.
    let snap = at.tour.snapshot(&state).await?;
    // From the public bracket only: a winner goes on once the tie's boards are released.
    let public = snap.public();
    let bracket = public.championship().and_then(|c| c.bracket.as_ref());
    if !bracket.is_none_or(|b| b.allows(round, &pairings)) {
        return Ok(redirect_with(
            &format!("/d/{slug}/stages"),
            "stage-flash-by-bracket",
        ));
    }
    // A round of a groups stage pairs teams within their group.
    let across = across_groups(&snap.event, round, &rows, &pairings);
    if !across.is_empty() {
        return pairings_page(&ctx, &sheet, rows, &across, Vec::new());
    }
    // A round whose results have begun is locked against re-pairing until the director
    // unlocks it on the generate page; a save that changes nothing is harmless.
    let unchanged = pairings.len() == sheet.round.matches.len()
        && pairings
            .iter()
            .all(|p| sheet.round.matches.iter().any(|m| Pairing::of(m) == *p));
    let has_results = sheet.round.matches.iter().any(|m| !m.results.is_empty());
    if !unchanged && super::super::schedule::is_locked(&state, &slug, round, has_results).await? {
        let locked = [PairingError {
            row: None,
            field: "row",
            problem: PairingProblem::RoundLocked,
        }];
        return pairings_page(&ctx, &sheet, rows, &locked, Vec::new());
    }
    let key = slug.clone();
    let who = ctx.viewer.name();
    with_db(&state, move |conn| {
        if db::replace_pairings_as(conn, &key, round, &pairings, &who)? {
            Ok(())
        } else {
            Err(AppError::not_found())
        }
    })
    .await?;
    Ok(redirect_with(&at.url(""), "pairings-flash-saved"))
}

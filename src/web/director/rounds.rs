//! The director's rounds: the list with a form to add a round, a round's boards in one
//! grid, its pairings by hand, and the round overview with every match's progress.
//!
//! - `GET/POST /d/{slug}/rounds`: the rounds; POST adds one
//! - `GET /d/{slug}/rounds/{n}`: the round overview
//! - `GET/POST /d/{slug}/rounds/{n}/boards`: dealer, level and trump of every board
//! - `GET/POST /d/{slug}/rounds/{n}/pairings`: table, home and away by hand
//!
//! Also the small view pieces the entry page shares (labels of seats, trumps, progress).

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use super::super::i18n::Tr;
use super::super::page::{
    Ctx, TourHead, load_event, redirect_with, render, render_status, with_db,
};
use super::super::{AppError, AppState};
use crate::db::{self, RoundSheet};
use crate::rules::entry::{self, MAX_BOARDS, Pairing, PairingError, PairingProblem, PairingRow};
use crate::rules::{
    Board, Level, Match, MatchProgress, MatchStatus, RoundProgress, Scorer, Seat, Settings, Trump,
};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/d/{slug}/rounds", web::get().to(list))
        .route("/d/{slug}/rounds", web::post().to(add))
        .route("/d/{slug}/rounds/{round}", web::get().to(overview))
        .route("/d/{slug}/rounds/{round}/boards", web::get().to(boards))
        .route(
            "/d/{slug}/rounds/{round}/boards",
            web::post().to(save_boards),
        )
        .route("/d/{slug}/rounds/{round}/pairings", web::get().to(pairings))
        .route(
            "/d/{slug}/rounds/{round}/pairings",
            web::post().to(save_pairings),
        );
}

// ---------------------------------------------------------------------------------------
// Shared view pieces

/// One option of a `<select>` (or a `<datalist>`).
#[derive(Clone, Debug)]
pub(crate) struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// Options with `current` selected; a current value that is not among them (typed into a
/// crafted request) is kept as an extra option so that the form shows what was sent.
pub(crate) fn choices(options: Vec<(String, String)>, current: &str) -> Vec<Choice> {
    let current = current.trim();
    let known = options.iter().any(|(v, _)| v == current);
    let mut list: Vec<Choice> = options
        .into_iter()
        .map(|(value, label)| Choice {
            selected: value == current,
            value,
            label,
        })
        .collect();
    if !known {
        list.push(Choice {
            value: current.to_owned(),
            label: current.to_owned(),
            selected: true,
        });
    }
    list
}

pub(crate) fn seat_label(t: &Tr, seat: Seat) -> String {
    t.t(&format!("rounds-seat-{}", seat.code()))
}

pub(crate) fn trump_label(t: &Tr, trump: Option<Trump>) -> String {
    match trump {
        None => t.t("rounds-trump-at-table"),
        Some(Trump::NoTrump) => t.t("rounds-trump-nt"),
        Some(suit) => suit.symbol().to_owned(),
    }
}

pub(super) fn dealer_choices(t: &Tr, current: &str) -> Vec<Choice> {
    choices(
        Seat::ALL
            .iter()
            .map(|s| (s.code().to_owned(), seat_label(t, *s)))
            .collect(),
        current,
    )
}

pub(super) fn level_choices(current: &str) -> Vec<Choice> {
    choices(
        Level::all()
            .map(|l| (l.code().to_owned(), l.code().to_owned()))
            .collect(),
        current,
    )
}

pub(super) fn trump_choices(t: &Tr, current: &str) -> Vec<Choice> {
    let mut options = vec![(String::new(), trump_label(t, None))];
    options.extend(Trump::ALL.iter().map(|s| {
        (
            s.code().to_owned(),
            t.t(&format!("rounds-trump-option-{}", s.code())),
        )
    }));
    choices(options, current)
}

pub(super) fn match_progress_label(t: &Tr, p: MatchProgress) -> String {
    t.t(&format!("round-progress-{}", p.code()))
}

fn round_progress_label(t: &Tr, p: RoundProgress) -> String {
    t.t(&format!("round-progress-{}", p.code()))
}

/// A whole number with its sign: `+3`, `-2`, `0`.
pub(crate) fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A team as the director's pages name it: `3 Name`.
pub(crate) fn team_label(sheet: &RoundSheet, number: i32) -> String {
    match sheet.team(number) {
        Some(t) => format!("{} {}", t.number, t.name),
        None => number.to_string(),
    }
}

pub(crate) fn tour_head(settings: &Settings) -> TourHead {
    TourHead {
        slug: settings.slug.clone(),
        name: settings.name.clone(),
        published: settings.published,
    }
}

/// Loads round `round` of `slug`, or 404.
pub(super) async fn load_sheet(
    state: &AppState,
    slug: &str,
    round: i32,
) -> Result<RoundSheet, AppError> {
    let slug = slug.to_owned();
    with_db(state, move |conn| {
        db::load_round(conn, &slug, round)?.ok_or_else(AppError::not_found)
    })
    .await
}

// ---------------------------------------------------------------------------------------
// The rounds list and a new round

#[derive(Debug)]
struct RoundLine {
    number: i32,
    boards: usize,
    matches: usize,
    progress: RoundProgress,
    label: String,
}

#[derive(Debug, Default, serde::Deserialize)]
struct NewRoundForm {
    #[serde(default)]
    boards: String,
    /// Made with the page: the same form sent twice adds one round.
    #[serde(default)]
    form_token: String,
    #[serde(default)]
    level: String,
    #[serde(default)]
    trump: String,
}

#[derive(Debug, Default)]
struct NewRoundErrors {
    boards: Option<String>,
    level: Option<String>,
    trump: Option<String>,
}

impl NewRoundErrors {
    fn any(&self) -> bool {
        self.boards.is_some() || self.level.is_some() || self.trump.is_some()
    }
}

#[derive(Template)]
#[template(path = "director/rounds_list.html")]
struct RoundsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    rounds: Vec<RoundLine>,
    next: i32,
    boards: String,
    form_token: String,
    errors: NewRoundErrors,
    levels: Vec<Choice>,
    trumps: Vec<Choice>,
}

async fn rounds_page(
    ctx: &Ctx,
    state: &AppState,
    slug: &str,
    form: Option<(NewRoundForm, NewRoundErrors)>,
) -> Result<HttpResponse, AppError> {
    let snap = load_event(state, slug).await?;
    let (event, report) = (&snap.event, &snap.report);
    let t = &ctx.t;
    let rounds: Vec<RoundLine> = event
        .rounds
        .iter()
        .map(|r| {
            let progress = report.round_progress(r.number);
            RoundLine {
                number: r.number,
                boards: r.boards.len(),
                matches: r.matches.iter().filter(|m| !m.is_bye()).count(),
                progress,
                label: round_progress_label(t, progress),
            }
        })
        .collect();
    let last_count = event.rounds.last().map_or(8, |r| r.boards.len());
    let status = if form.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let (form, errors) = form.unwrap_or_else(|| {
        (
            NewRoundForm {
                boards: last_count.to_string(),
                level: "2".to_owned(),
                trump: String::new(),
                form_token: String::new(),
            },
            NewRoundErrors::default(),
        )
    });
    let page = RoundsPage {
        ctx: ctx.clone(),
        tour: TourHead::of(event),
        section: "rounds",
        next: event
            .rounds
            .last()
            .map_or(1, |r| r.number.saturating_add(1)),
        rounds,
        boards: form.boards,
        form_token: if form.form_token.is_empty() {
            crate::db::accounts::random_hex(16)
        } else {
            form.form_token
        },
        errors,
        levels: level_choices(&form.level),
        trumps: trump_choices(t, &form.trump),
    };
    render_status(ctx, status, &page)
}

async fn list(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    rounds_page(&ctx, &state, &path, None).await
}

/// `POST /d/{slug}/rounds`: a new round of N boards, dealers rotating, one level and
/// trump for all; then on to its boards.
async fn add(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<NewRoundForm>,
) -> Result<HttpResponse, AppError> {
    let slug = path.into_inner();
    let form = form.into_inner();
    let t = &ctx.t;
    let mut errors = NewRoundErrors::default();
    let count = match entry::read_number(&form.boards) {
        Some(Ok(n)) if (1..=MAX_BOARDS).contains(&n) => Some(n),
        _ => {
            errors.boards = Some(t.a("rounds-error-boards", "max", MAX_BOARDS));
            None
        }
    };
    let level = form.level.trim().parse::<Level>().ok();
    if level.is_none() {
        errors.level = Some(t.t("rounds-error-level"));
    }
    let trump = match form.trump.trim() {
        "" => Ok(None),
        code => code.parse::<Trump>().map(Some),
    };
    if trump.is_err() {
        errors.trump = Some(t.t("rounds-error-trump"));
    }
    let (Some(count), Some(level), Ok(trump)) = (count, level, trump) else {
        return rounds_page(&ctx, &state, &slug, Some((form, errors))).await;
    };
    let boards = entry::new_boards(count, level, trump);
    let key = slug.clone();
    let token = Some(form.form_token.trim().to_owned())
        .filter(|t| !t.is_empty() && crate::limits::check(t, crate::limits::CODE).is_ok());
    let number = with_db(&state, move |conn| {
        db::add_round_once(conn, &key, &boards, token.as_deref())?.ok_or_else(AppError::not_found)
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{slug}/rounds/{number}/boards"),
        "rounds-flash-added",
    ))
}

// ---------------------------------------------------------------------------------------
// A round's boards

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
        tour: tour_head(&sheet.settings),
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

async fn boards(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let sheet = load_sheet(&state, &slug, round).await?;
    boards_page(&ctx, &sheet, None, &HashMap::new())
}

/// `POST …/boards`: every board of the round at once (`dealer-B`, `level-B`, `trump-B`).
async fn save_boards(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let sheet = load_sheet(&state, &slug, round).await?;
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
    let key = slug.clone();
    let who = super::audit::who(&ctx.viewer);
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
            &format!("/d/{slug}/rounds/{round}/generate"),
            "boards-flash-saved-generate",
        ));
    }
    Ok(redirect_with(
        &format!("/d/{slug}/rounds/{round}"),
        "boards-flash-saved",
    ))
}

// ---------------------------------------------------------------------------------------
// Pairings

/// Where the rows of the pairings form come from.
///
/// This is the seam for generated schedules (docs/rules.md §8, the "Schedules: round robin and
/// Swiss" issue): a generator adds a variant here that yields `Vec<Pairing>`, chosen by
/// `GET …/pairings?source=…` and offered in the page's "Generated pairings" section. Its
/// pairings fill the same form unsaved; the director edits them and saves, and
/// `POST …/pairings` checks them like typed rows ([`entry::check_pairings`]), so a
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
struct PairingQuery {
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
    }
}

/// The pairing a row stands for when each of its cells reads as a number.
fn typed_pairing(row: &PairingRow) -> Option<Pairing> {
    let number = |text: &str| entry::read_number(text).and_then(Result::ok);
    Some(Pairing {
        table: number(&row.table)?,
        home: number(&row.home)?,
        away: match row.away.trim() {
            "" => None,
            text => Some(number(text)?),
        },
    })
}

/// How many blank rows the form offers below the pairings.
fn blank_rows(teams: usize, filled: usize) -> usize {
    (teams.div_ceil(2) + 1).saturating_sub(filled).max(2)
}

fn pairings_page(
    ctx: &Ctx,
    sheet: &RoundSheet,
    rows: Vec<PairingRow>,
    errors: &[PairingError],
    warnings: Vec<String>,
) -> Result<HttpResponse, AppError> {
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
    let lines = rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let locked = typed_pairing(&row)
                .and_then(|p| played.get(&p.table).filter(|m| Pairing::of(m) == p))
                .map(|m| {
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
                });
            let field = |name: &str, value: String| PairingField {
                name: format!("{name}-{i}"),
                team: (name != "table")
                    .then(|| entry::read_number(&value).and_then(Result::ok))
                    .flatten()
                    .and_then(|n| sheet.team(n))
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
        .collect();
    let teams = sheet
        .teams
        .iter()
        .filter(|team| !team.withdrawn)
        .map(|team| Choice {
            value: team.number.to_string(),
            label: format!("{} {}", team.number, team.name),
            selected: false,
        })
        .collect();
    let page = PairingsPage {
        ctx: ctx.clone(),
        tour: tour_head(&sheet.settings),
        section: "rounds",
        tab: "pairings",
        round: sheet.round.number,
        lines,
        teams,
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

async fn pairings(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    query: web::Query<PairingQuery>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let source = PairingSource::from_query(query.source.as_deref())?;
    let sheet = load_sheet(&state, &slug, round).await?;
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
    let snap = load_event(&state, &slug).await?;
    let event = &snap.event;
    let warnings = super::schedule::saved_warnings(&ctx.t, event, round);
    pairings_page(&ctx, &sheet, rows, &[], warnings)
}

/// The most rows a pairings form may post (a tournament of 1,000 teams).
const MAX_PAIRING_ROWS: usize = 1000;

/// `POST …/pairings`: rows `table-I`, `home-I`, `away-I`; blank rows are skipped.
async fn save_pairings(
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let sheet = load_sheet(&state, &slug, round).await?;
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
    let pairings = match entry::check_pairings(&rows, &sheet.teams, &sheet.round.matches) {
        Ok(p) => p,
        Err(errors) => return pairings_page(&ctx, &sheet, rows, &errors, Vec::new()),
    };
    // A round whose results have begun is locked against re-pairing until the director
    // unlocks it on the generate page; a save that changes nothing is harmless.
    let unchanged = pairings.len() == sheet.round.matches.len()
        && pairings
            .iter()
            .all(|p| sheet.round.matches.iter().any(|m| Pairing::of(m) == *p));
    let has_results = sheet.round.matches.iter().any(|m| !m.results.is_empty());
    if !unchanged && super::schedule::is_locked(&state, &slug, round, has_results).await? {
        let locked = [PairingError {
            row: None,
            field: "row",
            problem: PairingProblem::RoundLocked,
        }];
        return pairings_page(&ctx, &sheet, rows, &locked, Vec::new());
    }
    let key = slug.clone();
    let who = super::audit::who(&ctx.viewer);
    with_db(&state, move |conn| {
        if db::replace_pairings_as(conn, &key, round, &pairings, &who)? {
            Ok(())
        } else {
            Err(AppError::not_found())
        }
    })
    .await?;
    Ok(redirect_with(
        &format!("/d/{slug}/rounds/{round}"),
        "pairings-flash-saved",
    ))
}

// ---------------------------------------------------------------------------------------
// The round overview

#[derive(Debug)]
struct MatchLine {
    table: i32,
    home: String,
    away: Option<String>,
    progress: MatchProgress,
    label: String,
    open: usize,
    closed: usize,
    levels: String,
    score: String,
}

#[derive(Template)]
#[template(path = "director/round_overview.html")]
struct OverviewPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    tab: &'static str,
    round: i32,
    boards: usize,
    progress: String,
    matches: Vec<MatchLine>,
    board_lines: Vec<(i32, String, &'static str, String)>,
    previous: Option<i32>,
    next: Option<i32>,
    /// What the schedule pages recorded: generated, overridden, unlocked.
    notes: Vec<String>,
    /// Results of the round that look wrong.
    field: super::field::FieldExtras,
    /// Every room's table link and state, when tables enter.
    rooms: Vec<super::tables::RoomLine>,
}

async fn overview(
    req: actix_web::HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (slug, round) = path.into_inner();
    let sheet = load_sheet(&state, &slug, round).await?;
    let key = slug.clone();
    let record = with_db(&state, move |conn| {
        Ok(db::schedule::load_round_record(conn, &key, round)?)
    })
    .await?
    .unwrap_or_default();
    let t = &ctx.t;
    let scorer = Scorer::new(&sheet.settings);
    let method = sheet.settings.scoring.method;
    let boards = &sheet.round.boards;
    let mut all = Vec::new();
    let matches = sheet
        .round
        .matches
        .iter()
        .map(|m| {
            let figures = scorer.compare(boards, m);
            let progress = MatchProgress::of(&figures);
            all.push(progress);
            let entered = |room| m.results.iter().filter(|r| r.room == room).count();
            let bye = figures.status == MatchStatus::Bye;
            MatchLine {
                table: m.table,
                home: team_label(&sheet, m.home),
                away: m.away.map(|a| team_label(&sheet, a)),
                progress,
                label: match_progress_label(t, progress),
                open: entered(crate::rules::Room::Open),
                closed: entered(crate::rules::Room::Closed),
                levels: if bye {
                    String::new()
                } else if figures.unplayed() {
                    "–".to_owned()
                } else {
                    format!(
                        "{} : {}",
                        signed(figures.home_levels),
                        signed(-figures.home_levels)
                    )
                },
                score: match figures.away_score {
                    Some(_) if figures.unplayed() => "–".to_owned(),
                    Some(away) => format!(
                        "{} : {}",
                        method.format(figures.home_score),
                        method.format(away)
                    ),
                    None => method.format(figures.home_score),
                },
            }
        })
        .collect();
    let position = sheet.round_numbers.iter().position(|n| *n == round);
    // The links are the director's: a scorer reading this page does not see them.
    let directs = match ctx.viewer.user.clone() {
        Some(user) if user.role == db::accounts::Role::Admin => true,
        Some(user) => {
            let key = slug.clone();
            with_db(&state, move |conn| {
                Ok(db::accounts::gate(conn, &key, Some(user.id))?
                    .is_some_and(|g| g.access == Some(db::accounts::Access::Director)))
            })
            .await?
        }
        None => false,
    };
    let rooms = if sheet.settings.table.entry && directs {
        let (_, links) = super::tables::round_rooms(&state, &slug, round).await?;
        super::tables::room_lines(
            &ctx,
            &super::tables::site(&req),
            sheet.settings.table.approval,
            &links,
        )
    } else {
        Vec::new()
    };
    let page = OverviewPage {
        rooms,
        ctx: ctx.clone(),
        tour: tour_head(&sheet.settings),
        section: "rounds",
        tab: "overview",
        round,
        boards: boards.len(),
        progress: round_progress_label(t, RoundProgress::of(&all)),
        matches,
        board_lines: boards
            .iter()
            .map(|b| {
                (
                    b.number,
                    seat_label(t, b.dealer),
                    b.level.code(),
                    trump_label(t, b.trump),
                )
            })
            .collect(),
        previous: position
            .and_then(|p| p.checked_sub(1))
            .and_then(|p| sheet.round_numbers.get(p).copied()),
        next: position.and_then(|p| sheet.round_numbers.get(p + 1).copied()),
        notes: super::schedule::note_texts(t, &record),
        field: super::field::extras(&state, &slug, round, None, t).await?,
    };
    render(&ctx, &page)
}
